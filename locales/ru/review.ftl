## После партии: разбор, повтор партии, ваши партии, партии игрока, доска анализа.

review-nav-my-games = Ваши партии

review-heading = Разбор партии
review-pending = Разбор ещё считается…
review-unavailable = Для этой партии разбора нет.
review-chart-label = Оценка партии после каждого хода: вверх — лучше для стороны, названной над графиком.
review-chart-side = Вверх — лучше для: { $name }.
review-all-exact = Все оценки точные.
review-none-exact = Все оценки приблизительные (пунктир).
review-exact-from = Точные оценки с хода { $ply }; раньше пунктиром — приблизительные.
review-turning-none = Ни один ход не изменил исход.
review-turning-none-estimated = Неизвестно ни одного хода, который изменил бы исход: некоторые оценки приблизительные.
review-turn-move = Ход { $ply }
review-turn-you-lost-win = здесь вы упустили победу
review-turn-you-lost-draw = здесь вы упустили ничью
review-turn-gave-win = здесь { $name } отдаёт вам победу
review-turn-gave-draw = здесь { $name } отдаёт вам ничью
review-turn-lost-win = здесь { $name } упускает победу
review-turn-lost-draw = здесь { $name } упускает ничью
review-turn-changed = здесь исход изменился
review-played = Сыграно: { $move } (отмечено)
review-best = Лучше: { $move } (пунктир)
review-best-none = За отведённое время лучший ход не найден.
review-open-replay = Открыть повтор партии

review-win = { $name }: победа
review-won = { $name }: уже победа
review-win-in =
    { $moves ->
        [one] { $name }: победа через { $moves } ход
        [few] { $name }: победа через { $moves } хода
       *[many] { $name }: победа через { $moves } ходов
    }
review-win-by =
    { $boxes ->
        [one] { $name }: победа с перевесом в { $boxes } квадрат
        [few] { $name }: победа с перевесом в { $boxes } квадрата
       *[many] { $name }: победа с перевесом в { $boxes } квадратов
    }
review-draw = Ничья
review-estimate-ahead = { $name }: перевес (приблизительно)
review-estimate-by =
    { $boxes ->
        [one] { $name }: перевес около { $boxes } квадрата (приблизительно)
        [few] { $name }: перевес около { $boxes } квадратов (приблизительно)
       *[many] { $name }: перевес около { $boxes } квадратов (приблизительно)
    }
review-estimate-even = Равенство (приблизительно)

review-replay-title = Повтор партии { $number }
review-replay-heading = { $game }, партия { $number }
review-replay-players = { $first } против { $second }
review-replay-missing = Такой партии нет, или она ещё не закончена.
review-steps-label = Ход за ходом
review-step-first = В начало
review-step-prev = На ход назад
review-step-next = На ход вперёд
review-step-last = В конец
review-step-ply = Ход { $ply } из { $total }
review-step-start = Начало (ходов: { $total })
review-analyse-here = Открыть на доске анализа
review-download = Скачать запись партии
review-back-to-group = К группе

review-col-game = Игра
review-col-opponent = Соперник
review-col-result = Итог
review-col-date = Дата
review-col-replay = Повтор
review-result-won = Победа
review-result-lost = Поражение
review-result-draw = Ничья
review-replay-link = Повтор
review-my-games-title = Ваши партии
review-my-games-intro = Законченные партии на этом устройстве, сначала последние.
review-my-games-empty = На этом устройстве пока нет законченных партий.
review-player-title = Рейтинговые партии
review-player-heading = { $name }: рейтинговые партии
review-player-intro = Рейтинговые партии видны всем, как и рейтинг.
review-player-empty = Рейтинговых партий пока нет.
review-list-error = Не удалось загрузить партии.

review-analysis-title = { $game }: доска анализа
review-analysis-value = Позиция
review-analysis-moves = Все ходы
review-analysis-thinking = Считаем…
review-analysis-error = Не удалось оценить позицию. Попробуйте ещё раз.
review-analysis-to-move = Ход: { $name }
review-analysis-over = Партия окончена.
review-analysis-exact = точно
review-analysis-setup = Расставить
review-analysis-play = Играть
review-analysis-start = Начальная позиция
review-analysis-clear = Очистить
review-analysis-turn = Чей ход
review-analysis-undo = Вернуть ход
review-analysis-from = С хода { $ply } партии { $number }
review-target-none = Без цели: только окружение
review-import = Открыть запись партии
review-import-label = Вставьте запись партии (в том виде, в каком её скачивает страница повтора) или выберите файл.
review-import-go = Открыть
review-import-bad = Эту запись не прочитать: { $why }

musashi-review-setup-hint = Нажимайте на точку, чтобы менять её: пусто, фишка Детей, Родитель.
musashi-review-moves-made = Сделано ходов Детьми
dots-review-setup-hint = Нажмите на линию, чтобы провести или стереть её.
bagh-chal-review-setup-hint = Нажимайте на пункт, чтобы менять его: свободно, коза, тигр. Козы не на доске — в запасе.
dots-review-first-player = Первый игрок
dots-review-second-player = Второй игрок

## What search results and link previews show under the title of these pages.
meta-replay-description = Законченная партия на qdan, ход за ходом, с разбором каждого хода.
meta-games-description = Законченные партии на qdan: соперник, результат, дата и повтор каждой.
meta-analysis-description = Расставьте любую позицию в «{ $game }» и узнайте точную оценку каждого допустимого хода.
replay-board-label = Поле на показанном ходу. Стрелки двигают по нему курсор; ходить здесь нельзя.
