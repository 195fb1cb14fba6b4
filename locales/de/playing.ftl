## Laufende Partien: auf der Startseite und unter „Deine Partien“; jede öffnet die Partie auf deinem Platz.

playing-heading = Laufende Partien
playing-empty = Auf diesem Gerät läuft gerade keine Partie.
playing-against = gegen { $name }
playing-your-turn = Du bist am Zug
playing-waiting = { $name } ist am Zug
playing-time-left = noch { $time }
playing-last-move = Letzter Zug: { $when }
playing-started = Begonnen: { $when }
playing-error = Die laufenden Partien konnten nicht geladen werden.
