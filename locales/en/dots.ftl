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
# $line: which line, in the words the keyboard cursor says (dots-edge-h, dots-edge-v).
dots-announce-line = { $name } drew a line. { $line }.
dots-announce-box =
    { $count ->
        [one] { $name } drew a line and took a box. { $line }.
       *[other] { $name } drew a line and took { $count } boxes. { $line }.
    }
dots-edge-h = Line across, row { $row }, from dot { $col }
dots-edge-v = Line down, column { $col }, from row { $row }
dots-opt-size = Board size
dots-size = { $w } × { $h } boxes
dots-opt-swapFirst = Swap who moves first when playing again
dots-refuse-between = Tap between two neighbouring dots to draw a line.
dots-edge-closes =
    { $count ->
        [one] takes a box
       *[other] takes { $count } boxes
    }
dots-edge-offers =
    { $count ->
        [one] gives a box its third side
       *[other] gives { $count } boxes their third side
    }
