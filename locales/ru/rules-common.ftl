## Страницы правил: заголовки, таблица настроек сайта и общие подписи обеих игр.

rules-title = { $game }: правила игры
rules-learn = Освоить за 3 минуты
rules-toc = На этой странице
rules-h-setup = Подготовка
rules-h-play = Как играть
rules-h-winning = Победа и очки
rules-h-defaults = Настройки по умолчанию
rules-h-local-rules = Местные правила
rules-h-terms = Термины
rules-h-faq = Частые вопросы
rules-defaults-intro = Так проходят партии на этом сайте. Что может изменить ваша группа, указано в таблице местных правил.
rules-col-item = Пункт
rules-col-site = На этом сайте
rules-row-players = Игроки
rules-row-players-value = Двое. Играют первые двое, кто займёт места; остальные участники группы смотрят.
rules-row-turn = Время на ход
rules-turn-none = без ограничения
rules-seconds = { $seconds } с
rules-row-turn-value = По умолчанию { $default }. Организатор группы может задать { $choices } на ход; когда время выходит, этот ход делает CPU.
rules-row-leave = Если игрок выходит
rules-row-leave-value = Откройте ссылку снова на том же устройстве, и вы вернётесь на своё место. Через { $away } с без связи ({ $reload } с после закрытия страницы) за отсутствующего ходит CPU, пока второй игрок на месте, и перестаёт, как только тот вернётся.
rules-row-draws = Ничья
rules-row-source = Источник правил
rules-reviewed = Правила проверены Qdan, Inc. по источникам, названным в таблице выше.
rules-local-intro = По умолчанию действуют правила из этих источников. Организатор группы может изменить их в настройках группы.
rules-local-legend = По умолчанию — то, что сайт использует, пока группа не выберет иное. Изменение — можно ли поменять правило в группе.
rules-col-name = Правило
rules-col-explanation = Описание
rules-col-default = По умолчанию
rules-col-changeable = Изменение
rules-changeable-yes = Можно, в группе
rules-changeable-no = Нельзя
rules-other-choices = Можно также: { $choices }
rules-on = Включено
rules-off = Выключено
rules-play = Играть по этим правилам
rules-friend = С другом
rules-updated = Обновлено { $date } · Оператор: Qdan, Inc.
rules-date =
    { $day } { $month ->
        [1] января
        [2] февраля
        [3] марта
        [4] апреля
        [5] мая
        [6] июня
        [7] июля
        [8] августа
        [9] сентября
        [10] октября
        [11] ноября
       *[12] декабря
    } { $year } г.
