## Games in progress: on the home page and "Your games"; each opens the game in your seat.

playing-heading = Games in progress
playing-empty = No games in progress on this device.
playing-against = against { $name }
playing-your-turn = Your turn
playing-waiting = { $name } to move
playing-time-left = { $time } left
playing-last-move = Last move: { $when }
playing-started = Started: { $when }
playing-error = The games in progress could not be loaded.
