## Общее для всех страниц: рамка, главная, страницы игр, рейтинг.

site-name = qdan
site-description = Играйте в дзюроку мусаси и «Точки и квадраты» в браузере с другом или против CPU. Бесплатно и без регистрации.
skip-to-content = Перейти к содержимому
nav-label = Главное меню
nav-games = Игры
nav-leaderboard = Рейтинг
nav-language = Язык
footer-text = qdan: классические настольные игры в браузере. Бесплатно, без регистрации, на телефоне и компьютере.

home-title = Настольные игры с другом или против CPU
home-heading = Классические настольные игры прямо в браузере
home-intro = Отправьте другу ссылку или сыграйте против CPU. Без регистрации, на телефоне или компьютере.
home-play = Играть

game-musashi = Дзюроку мусаси
game-musashi-summary = Один Родитель против шестнадцати Детей на доске из линий. Родитель берёт двух Детей, вставая между ними; Дети побеждают, перекрыв ему все выходы.
game-dots = Точки и квадраты
game-dots-summary = Классика на бумаге в клетку для двоих. По очереди проводите линии между соседними точками; кто закрыл квадрат, забирает его и ходит ещё раз. Побеждает тот, у кого больше квадратов.
game-learn = Освоить за 3 минуты
game-learn-text = Короткий урок с настоящими ходами.
game-play-friend = Играть с другом
game-play-friend-text = Вы получите ссылку, которую нужно отправить другу. Без регистрации.
game-play-cpu = Играть против CPU
game-play-cpu-text = Выберите уровень:
game-play-cpu-start = Начать партию против CPU
game-rules = Правила
game-rules-text = Как играть, местные правила и термины.
game-creating = Открываем партию…

level-beginner = Новичок
level-intermediate = Любитель
level-expert = Эксперт

leaderboard-title = Рейтинг
leaderboard-intro = Рейтинговые партии между двумя людьми, расчёт по Glicko-2. Ничья считается за половину победы.
leaderboard-how = Когда рейтинговая партия идёт в рейтинг
leaderboard-rank = Место
leaderboard-player = Игрок
leaderboard-rating = Рейтинг
leaderboard-games = Партии
leaderboard-empty = Рейтинговых партий пока нет. Включите в группе «Рейтинговая партия», чтобы попасть сюда.
leaderboard-error = Не удалось загрузить рейтинг.
leaderboard-tag = Метка, по которой различаются игроки с одинаковыми именами

not-found-title = Страница не найдена
not-found-text = По этому адресу ничего нет. Возможно, ссылка неполная.
group-missing-title = По этой ссылке партии нет
group-missing-text = Возможно, в ссылке-приглашении опечатка или она обрезана. Попросите прислать её ещё раз или начните новую партию:

group-title = Партия { $code }
group-loading = Загрузка…
player-default-name = Игрок { $number }

learn-title = { $game }: обучение
learn-prev = Назад
learn-next = Далее
learn-back = Назад к игре «{ $game }»
learn-step = Шаг { $step } из { $steps }
learn-good = Отлично!
learn-try-again = Не тот ход. Попробуйте ещё раз.
learn-finished = Это всё, что нужно знать. Теперь сыграйте партию!
learn-play-friend = Играть с другом
learn-play-cpu = Играть против CPU
