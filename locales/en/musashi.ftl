## Juroku Musashi: pieces, board, local rules, announcements and the lesson.

musashi-parent = Parent
musashi-children = Children
musashi-you-parent = You play the Parent
musashi-you-children = You play the Children
musashi-taken = Children taken: { $taken } of { $target }
musashi-moves = Children moves: { $n }/{ $limit }
musashi-moves-nolimit = Children moves: { $n }
musashi-legend-rings = Dashed rings: Children the Parent can take with its next move.
musashi-legend-counts = Numbers: how many Children the Parent takes by stepping there.
musashi-announce-parent = Parent: { $from } to { $to }.
musashi-announce-children = Children: { $from } to { $to }.
musashi-announce-take =
    { $count ->
        [one] Takes { $count } Child.
       *[other] Takes { $count } Children.
    }
musashi-point-empty = { $point }, empty
musashi-point-parent = { $point }, Parent
musashi-point-child = { $point }, Child
musashi-point-target = { $point }, empty: you can move here
musashi-point-target-take =
    { $count ->
        [one] { $point }, empty: moving here takes { $count } Child
       *[other] { $point }, empty: moving here takes { $count } Children
    }
musashi-point-parent-movable = { $point }, Parent: you can move it
musashi-point-child-movable = { $point }, Child: you can move it
musashi-selected = { $point } chosen. Now choose where to go.
musashi-refuse-parent = You play the Parent: choose the Parent.
musashi-refuse-children = You play the Children: choose one of your Children.
musashi-refuse-stuck = The Child on { $point } cannot move: every point next to it is taken.
musashi-refuse-target = { $to } is not one step from { $from } along a line.

musashi-opt-first = First move
musashi-opt-first-parent = Parent
musashi-opt-first-children = Children
musashi-opt-target = Parent's target
musashi-opt-target-10 = Take 10 (standard)
musashi-opt-target-6 = Take 6
musashi-opt-limit = Children's move limit
musashi-opt-limit-100 = 100 moves (standard)
musashi-opt-limit-none = No limit
musashi-opt-board = Board
musashi-opt-board-33 = 33 points with the Setchin (standard)
musashi-opt-board-25 = 25-point square (Edo)
musashi-opt-swapRoles = Swap roles when playing again
musashi-opt-showDanger = Show Children in danger
