## Дзюроку мусаси: фишки, доска, местные правила, объявления и урок.

musashi-parent = Родитель
musashi-children = Дети
musashi-you-parent = Вы играете Родителем
musashi-you-children = Вы играете Детьми
musashi-taken = Взято Детей: { $taken } из { $target }
musashi-moves = Ходы Детей: { $n }/{ $limit }
musashi-moves-nolimit = Ходы Детей: { $n }
musashi-legend-rings = Пунктирные кольца: Дети, которых Родитель может взять следующим ходом.
musashi-legend-counts = Числа: сколько Детей возьмёт Родитель, если встанет на эту точку.
musashi-announce-parent = Родитель: { $from } — { $to }.
musashi-announce-children = Дети: { $from } — { $to }.
musashi-announce-take = Взято Детей: { $count }.
musashi-point-empty = { $point }, пусто
musashi-point-parent = { $point }, Родитель
musashi-point-child = { $point }, Ребёнок
musashi-point-target = { $point }, пусто: сюда можно пойти
musashi-point-target-take =
    { $count ->
        [one] { $point }, пусто: ход сюда берёт { $count } Ребёнка
       *[other] { $point }, пусто: ход сюда берёт { $count } Детей
    }
musashi-point-parent-movable = { $point }, Родитель: может ходить
musashi-point-child-movable = { $point }, Ребёнок: может ходить
musashi-selected = Выбрано: { $point }. Теперь выберите, куда идти.
musashi-refuse-parent = Вы играете Родителем: выберите Родителя.
musashi-refuse-children = Вы играете Детьми: выберите одного из своих Детей.
musashi-refuse-stuck = Ребёнку на { $point } некуда ходить: все соседние точки заняты.
musashi-refuse-target = С { $from } на { $to } не попасть одним шагом по линии.

musashi-opt-first = Первый ход
musashi-opt-first-parent = Родитель
musashi-opt-first-children = Дети
musashi-opt-target = Цель Родителя
musashi-opt-target-10 = Взять 10 (стандарт)
musashi-opt-target-6 = Взять 6
musashi-opt-limit = Лимит ходов Детей
musashi-opt-limit-100 = 100 ходов (стандарт)
musashi-opt-limit-none = Без лимита
musashi-opt-board = Форма доски
musashi-opt-board-33 = 33 точки с Сэттином (стандарт)
musashi-opt-board-25 = Квадрат из 25 точек (Эдо)
musashi-opt-swapRoles = Менять роли при повторной игре
musashi-opt-showDanger = Показывать Детей под угрозой
