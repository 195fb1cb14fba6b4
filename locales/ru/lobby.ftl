# Лобби на странице каждой игры: быстрый подбор и открытые вызовы (web/lobby.js).
lobby-title = Сыграть с человеком
lobby-text = Найдите соперника своего уровня одним нажатием или примите открытый вызов.
lobby-online = { $count ->
    [one] { $count } игрок в лобби
    [few] { $count } игрока в лобби
   *[many] { $count } игроков в лобби
}
lobby-quick = Быстрый подбор (рейтинговая партия, обычные правила сайта)
lobby-waiting-count = { $count ->
    [0] никто не ждёт
    [one] { $count } ждёт
    [few] { $count } ждут
   *[many] { $count } ждут
}
lobby-searching = Ищем соперника… { $seconds } с
lobby-cancel = Отменить
lobby-challenges = Открытые вызовы
lobby-none = Сейчас открытых вызовов нет. Создайте свой ниже или воспользуйтесь быстрым подбором.
lobby-accept = Играть
lobby-withdraw = Отозвать
lobby-new = Создать вызов
lobby-open = Создать вызов
lobby-ranked = Рейтинговая
lobby-casual = Без рейтинга
lobby-unrated-player = рейтинга пока нет
lobby-gone = Этот вызов уже не открыт.
lobby-too-many = Открытых вызовов может быть не больше { $max }.
play-no-show = Соперник не пришёл за стол, партия не состоялась.
play-no-show-back = Вернуться в лобби
# Партия с CPU, пока игрок ждёт в быстром подборе.
lobby-cpu-offer = Сыграйте с CPU, пока ждёте
lobby-cpu-level = Уровень
lobby-cpu-keep = Сохранить моё место в быстром подборе
lobby-cpu-play = Играть с CPU
lobby-pool-kept = Ваше место в быстром подборе сохранено: когда найдётся соперник, эта партия без рейтинга закончится и вы перейдёте за новый стол.
lobby-pool-leave = Выйти из быстрого подбора
