## Dots and Boxes: sides, scores, local rules, announcements and the lesson.

dots-first = moves first
dots-second = moves second
dots-score =
    { $boxes ->
        [one] { $boxes } box
       *[other] { $boxes } boxes
    }
dots-extra-turn = { $name } closed a box and draws again.
dots-extra-turn-you = You closed a box: draw again!
dots-announce-line = { $name } drew a line.
dots-announce-box =
    { $count ->
        [one] { $name } drew a line and took a box.
       *[other] { $name } drew a line and took { $count } boxes.
    }
dots-edge-h = Line across, row { $row }, from dot { $col }
dots-edge-v = Line down, column { $col }, from row { $row }
dots-opt-size = Board size
dots-size = { $w } × { $h } boxes
dots-opt-swapFirst = Swap who moves first when playing again

learn-dots-1-title = Drawing a line
learn-dots-1-text = Take turns drawing one line between two neighbouring dots. Tap between two dots to draw.
learn-dots-2-title = Closing a box
learn-dots-2-text = Draw the fourth side of a box to take it: your icon appears and you draw again. Close the box that has three sides.
learn-dots-3-title = The third side
learn-dots-3-text = Drawing the third side of a box hands it to your opponent. Draw a line that adds no third side.
learn-dots-4-title = Chains
learn-dots-4-text = Boxes joined by third sides form a chain. Take the whole chain: keep drawing while you close boxes.
