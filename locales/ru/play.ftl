## Страница группы: места, ход, часы, действия, приглашение, настройки, итоги, объявления.

play-you = вы
play-host = организатор
play-join = Присоединиться к партии
play-seat-empty = Место свободно…
play-seat-away = Нет на месте: пока за игрока ходит CPU
play-seat-offline = Переподключение…
play-seat-gone = Не за столом
play-cpu-name = CPU ({ $level })
play-rating = Рейтинг { $rating }
play-turn-you = Ваш ход
play-turn-other = Ходит { $name }
play-waiting = Ждём второго игрока. Отправьте ссылку-приглашение.
play-watching = Вы смотрите эту партию.
play-invited = { $name } приглашает вас сыграть.
play-spectators =
    { $count ->
        [one] { $count } зритель
        [few] { $count } зрителя
       *[many] { $count } зрителей
    }
play-clock-label = Осталось времени на ход
play-clock = { $seconds } с
play-game-number = Партия { $n }
play-ranked-badge = Рейтинговая

play-resign = Сдаться
play-resign-confirm = Сдаться в этой партии?
play-resign-yes = Да, сдаться
play-cancel = Отмена
play-undo = Вернуть ход
play-undo-request = Попросить вернуть ход
play-undo-asked = { $name } просит вернуть последний ход.
play-undo-accept = Разрешить
play-undo-decline = Отказать
play-undo-waiting = Ждём ответа игрока { $name }…
play-undo-declined = { $name } не разрешает вернуть ход. Попросить снова можно через { $wait } с.
play-hint = Подсказка
play-hint-thinking = Думаю…
play-cpu-thinking = CPU думает…
play-cpu-failed = CPU не смог рассчитать свой ход на этом устройстве. Скоро этот ход сделает сервер.
play-cpu-retry = Попробовать снова
play-hint-shown = Подсказка: { $move }
play-hint-none = Для этой позиции подсказки нет.
play-rematch = Сыграть ещё
play-new-opponent = Другой соперник
play-rematch-waiting = Ждём, захочет ли { $name } сыграть ещё…
play-rematch-asked = { $name } хочет сыграть ещё.
play-sound = Звук ходов

play-result-you-won = Вы победили!
play-result-you-lost = Вы проиграли
play-result-won = Победа: { $name }
play-result-draw = Ничья
play-reason-trapped = Дети окружили Родителя: ему некуда ходить.
play-reason-target-reached =
    { $target ->
        [one] Родитель взял { $target } Ребёнка.
       *[other] Родитель взял { $target } Детей.
    }
play-reason-children-no-move = У Детей не осталось допустимых ходов.
play-reason-move-limit =
    { $limit ->
        [one] Дети сделали { $limit } ход и не окружили Родителя.
        [few] Дети сделали { $limit } хода и не окружили Родителя.
       *[many] Дети сделали { $limit } ходов и не окружили Родителя.
    }
play-reason-resignation = { $name } сдаётся.
play-reason-boxes = Все квадраты заняты: { $score0 } против { $score1 }.
play-reason-tigers-blocked = Козы заперли тигров: ни один тигр не может сходить.
play-reason-goats-blocked = У коз не осталось допустимых ходов.
play-rating-heading = Рейтинговая партия: новый рейтинг
play-rating-change = { $name }: { $before } → { $after } ({ $change })
play-unrated = Без рейтинга: рейтинговая партия засчитывается, только когда оба игрока сделали ход, победа или ничья — только если CPU ни разу не ходил за победителя (при ничьей — ни за одного из игроков), и между одними и теми же двумя игроками засчитывается не больше 3 партий в день.

play-invite-heading = Пригласить друга
play-invite-text = Отправьте эту ссылку. Играют первые двое, кто займёт места; остальные смотрят.
play-invite-copy = Копировать ссылку
play-invite-copied = Ссылка скопирована.

play-settings-heading = Правила следующей партии
play-settings-host = Вы организатор группы: изменения действуют со следующей партии, время на ход — сразу.
play-settings-readonly = Менять правила может только организатор группы.
play-settings-save = Сохранить правила
play-settings-saved = Сохранено. Следующая партия пойдёт по этим правилам.
play-turn-limit = Время на ход
play-turn-limit-none = Без лимита
play-turn-limit-seconds = { $seconds } секунд
play-ranked = Рейтинговая партия
play-ranked-hint = Расчёт по Glicko-2, только между двумя людьми.
play-on = Вкл.
play-off = Выкл.

play-name-label = Ваше имя
play-name-save = Сохранить имя
play-name-refused = Это имя нельзя использовать: в нём должен быть видимый символ и не должно быть невидимых символов и символов направления текста.

play-conn-lost = Связь потеряна. Переподключаемся…
play-conn-back = Связь восстановлена.
play-not-found = Такой партии нет. Проверьте ссылку.
play-board-label = Игровое поле. Стрелки двигают курсор, Enter или пробел — выбор, Esc — отмена.
play-by-cpu-away = за отсутствующего игрока ходил CPU
play-by-timeout = время вышло, ход сделал CPU

announce-joined = { $name } занимает место.
announce-away = { $name } нет на месте; пока за игрока ходит CPU.
announce-back = { $name } снова в игре.
announce-undo =
    { $plies ->
        [one] Возвращён { $plies } ход.
        [few] Возвращено { $plies } хода.
       *[many] Возвращено { $plies } ходов.
    }
announce-new-game = Началась новая партия.
announce-settings = Организатор изменил правила следующей партии.
announce-your-turn = Ваш ход.

error-bad-json = Не удалось прочитать сообщение.
error-unknown-type = Сервер не понял запрос.
error-bad-field = В запросе недопустимое значение.
error-hello-first = Соединение ещё не готово.
error-bad-token = Устройство не распознано. Перезагрузите страницу.
error-not-found = Такой партии нет.
error-not-seated = Вы не играете в этой партии.
error-seat-taken = Это место уже занято.
error-table-full = Оба места заняты; можно смотреть.
error-not-host = Это может только организатор группы.
error-stale-ply = Позиция успела измениться. Посмотрите ещё раз.
error-game-over = Партия окончена.
error-game-in-progress = Партия ещё идёт. Попросите следующую, когда она закончится.
error-not-your-turn = Сейчас не ваш ход.
error-off-board = Этой точки нет на доске.
error-not-your-piece = Это не ваша фишка.
error-not-a-line = Фишки ходят на один шаг по линии.
error-occupied = Эта точка занята.
error-repetition = Дети не могут повторять позицию.
error-already-drawn = Эта линия уже проведена.
error-must-place = В запасе ещё есть козы: поставьте одну на свободный пункт.
error-cannot-place = Ставят только козы и только пока в запасе есть козы.
error-no-jump = Тигр прыгает через одну козу на свободный пункт сразу за ней.
error-bad-move = Такой ход невозможен.
error-no-undo = Нет хода, который можно вернуть.
error-undo-wait = Подождите { $wait } с, прежде чем просить снова.
error-undo-pending = Просьба вернуть ход уже ждёт ответа.
error-not-vs-cpu = Только в игре против CPU.
error-rate-limited = Слишком быстро. Подождите немного.
error-too-many-groups = Партий, которые ещё ждут игры: { $max }. Сыграйте одну из них или создайте новую позже.
error-too-many-sockets = Слишком много соединений из вашей сети ({ $max }). Закройте вкладку и попробуйте ещё раз.
error-too-large = Сообщение слишком большое.
error-internal = На сервере что-то пошло не так. Попробуйте ещё раз.
error-table-moved = Эта партия перешла на другой сервер. Переподключаемся и отправляем ваш ход ещё раз…
error-disconnected = Сейчас нет связи. Попробуйте через минуту.
error-network = Сервер недоступен. Попробуйте ещё раз.
