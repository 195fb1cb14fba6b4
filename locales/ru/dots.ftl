## Точки и квадраты: стороны, счёт, местные правила, объявления и урок.

dots-first = ходит первым
dots-second = ходит вторым
dots-score =
    { $boxes ->
        [one] { $boxes } квадрат
        [few] { $boxes } квадрата
       *[many] { $boxes } квадратов
    }
dots-extra-turn = { $name } закрывает квадрат и ходит ещё раз.
dots-extra-turn-you = Квадрат ваш: ходите ещё раз!
dots-announce-line = { $name } проводит линию. { $line }.
dots-announce-box =
    { $count ->
        [one] { $name } проводит линию и забирает { $count } квадрат. { $line }.
        [few] { $name } проводит линию и забирает { $count } квадрата. { $line }.
       *[many] { $name } проводит линию и забирает { $count } квадратов. { $line }.
    }
dots-edge-h = Горизонтальная линия, ряд { $row }, от точки { $col }
dots-edge-v = Вертикальная линия, столбец { $col }, от ряда { $row }
dots-opt-size = Размер поля
dots-size = Поле { $w } × { $h }
dots-opt-swapFirst = Менять первого игрока при повторной игре
dots-refuse-between = Нажмите между двумя соседними точками, чтобы провести линию.
dots-edge-closes =
    { $count ->
        [one] закрывает квадрат
       *[other] закрывает { $count } квадрата
    }
dots-edge-offers =
    { $count ->
        [one] даёт квадрату третью сторону
       *[other] даёт { $count } квадратам третью сторону
    }
