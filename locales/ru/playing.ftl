## Текущие партии: на главной странице и в «Ваших партиях»; каждая открывается на вашем месте.

playing-heading = Текущие партии
playing-empty = На этом устройстве сейчас нет незаконченных партий.
playing-against = против { $name }
playing-your-turn = Ваш ход
playing-waiting = Ходит { $name }
playing-time-left = осталось { $time }
playing-last-move = Последний ход: { $when }
playing-started = Начата: { $when }
playing-error = Не удалось загрузить текущие партии.
