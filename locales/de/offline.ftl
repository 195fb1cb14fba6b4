# Partien gegen die CPU ohne Netz (web/offline/): auf dem Gerät gespeichert, später hochgeladen.
offline-offer-title = Offline gegen die CPU spielen
offline-offer-text = Keine Verbindung: Die CPU spielt auf diesem Gerät, in der oben gewählten Stufe. Die Partie wird hier gespeichert und zu deinen Partien hinzugefügt, sobald du wieder online bist.
offline-offer-start = Offline starten
offline-seat-name = Spieler
offline-note-playing = Offline-Partie: Jeder Zug wird auf diesem Gerät gespeichert.
offline-note-over = Auf diesem Gerät gespeichert. Sobald du wieder online bist, kommt sie mit dem Nachspielen zu deinen Partien.
offline-my-games = Deine Partien
offline-cpu-failed = Die CPU konnte auf diesem Gerät nicht ziehen. Lade die Seite neu, um es noch einmal zu versuchen.
offline-status-waiting = Offline gespielt, noch nicht hochgeladen
offline-status-playing = Offline-Partie läuft
offline-continue = Weiterspielen
offline-show = Ansehen
offline-refused-illegal-move = Vom Server abgelehnt: Zug { $move } ist nicht erlaubt.
offline-refused-not-over = Vom Server abgelehnt: Die Partie war nicht zu Ende.
offline-refused-too-large = Vom Server abgelehnt: Die Partie ist zu groß zum Hochladen.
offline-refused-bad-field = Vom Server abgelehnt: Die Partie konnte nicht gelesen werden.
offline-refused-other = Vom Server abgelehnt.
