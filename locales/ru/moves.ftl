# Ходы рядом с доской во время партии (web/play/move-list.js).
play-moves-heading = Ходы
play-moves-none = Ходов пока нет.
# Ход, как его читает экранный диктор: номер, сторона, сделавшая ход, сам ход.
play-moves-move = { $number }. { $side }: { $move }
# Над списком, пока на доске более ранняя позиция.
play-moves-viewing = Ход { $ply } из { $total }
play-moves-start = Начальная позиция
play-moves-back = Вернуться к партии
play-moves-keys = Стрелками можно переходить от хода к ходу; на доске видна каждая позиция, а партия идёт дальше.
