# Партии против CPU без сети (web/offline/): хранятся на устройстве, загружаются позже.
offline-offer-title = Играть против CPU без сети
offline-offer-text = Нет соединения: CPU играет на этом устройстве на уровне, выбранном выше. Партия сохранится здесь и появится в ваших партиях, когда связь вернётся.
offline-offer-start = Начать без сети
offline-seat-name = Игрок
offline-note-playing = Партия без сети: каждый ход сохраняется на этом устройстве.
offline-note-over = Сохранено на этом устройстве. Партия появится в ваших партиях вместе с повтором, когда связь вернётся.
offline-my-games = Ваши партии
offline-cpu-failed = CPU не смог сделать ход на этом устройстве. Перезагрузите страницу, чтобы попробовать снова.
offline-status-waiting = Сыграна без сети, ещё не загружена
offline-status-playing = Партия без сети идёт
offline-continue = Продолжить
offline-show = Посмотреть
offline-refused-illegal-move = Сервер не принял партию: ход { $move } не по правилам.
offline-refused-not-over = Сервер не принял партию: она не была закончена.
offline-refused-too-large = Сервер не принял партию: она слишком велика для загрузки.
offline-refused-bad-field = Сервер не принял партию: её не удалось прочитать.
offline-refused-other = Сервер не принял партию.
