# The moves beside the board during a game (web/play/move-list.js).
play-moves-heading = Moves
play-moves-none = No moves yet.
# A move's button as a screen reader says it: its turn number, the side that played it, the move.
play-moves-move = { $number }. { $side }: { $move }
# A move whose words differ from what the button shows (Dots): what it shows first, so that the
# name said by voice control matches the button, then the words.
play-moves-written = { $notation } ({ $move })
# Above the list while an earlier position is on the board.
play-moves-viewing = Move { $ply } of { $total }
play-moves-start = Start position
play-moves-back = Back to the game
play-moves-keys = The arrow keys step through the moves; the board shows each position, and the game goes on.
