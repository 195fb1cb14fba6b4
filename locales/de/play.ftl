## Die Gruppenseite: Plätze, Zug, Uhr, Aktionen, Einladung, Regeln, Ergebnisse, Ansagen.

play-you = du
play-host = Gastgeber
play-join = Mitspielen
play-seat-empty = Noch frei …
play-seat-away = Abwesend: Die CPU zieht vorerst.
play-seat-offline = Verbindung wird wiederhergestellt …
play-seat-gone = Nicht am Tisch
play-cpu-name = CPU ({ $level })
play-rating = Wertung { $rating }
play-turn-you = Du bist am Zug
play-turn-other = { $name } ist am Zug
play-waiting = Warte auf die zweite Person. Schick ihr den Einladungslink.
play-watching = Du schaust bei dieser Partie zu.
play-invited = { $name } lädt dich zu einer Partie ein.
play-spectators =
    { $count ->
        [one] { $count } Zuschauer
       *[other] { $count } Zuschauer
    }
play-clock-label = Verbleibende Zeit für diesen Zug
play-clock = { $seconds } s
play-game-number = Partie { $n }
play-ranked-badge = Rangpartie

play-resign = Aufgeben
play-resign-confirm = Diese Partie wirklich aufgeben?
play-resign-yes = Ja, aufgeben
play-cancel = Abbrechen
play-undo = Zug zurücknehmen
play-undo-request = Zurücknahme erbitten
play-undo-asked = { $name } möchte den letzten Zug zurücknehmen.
play-undo-accept = Erlauben
play-undo-decline = Ablehnen
play-undo-waiting = Warte auf die Antwort von { $name } …
play-undo-declined = { $name } hat die Zurücknahme abgelehnt. Du kannst in { $wait } s wieder fragen.
play-hint = Tipp
play-hint-thinking = Überlege …
play-cpu-thinking = Die CPU überlegt …
play-cpu-failed = Die CPU konnte ihren Zug auf diesem Gerät nicht berechnen. Gleich spielt ihn der Server.
play-cpu-retry = Noch einmal versuchen
play-hint-shown = Vorschlag: { $move }
play-hint-none = Für diese Stellung gibt es keinen Vorschlag.
play-rematch = Revanche
play-new-opponent = Neuer Gegner
play-rematch-waiting = Warte, ob { $name } auch eine Revanche will …
play-rematch-asked = { $name } möchte eine Revanche.
play-sound = Zuggeräusch

play-result-you-won = Du hast gewonnen!
play-result-you-lost = Du hast verloren
play-result-won = { $name } hat gewonnen
play-result-draw = Unentschieden
play-reason-trapped = Die Kinder haben den Vater eingesperrt: Er hat keinen freien Punkt mehr.
play-reason-target-reached = Der Vater hat { $target } Kinder gefangen.
play-reason-children-no-move = Die Kinder hatten keinen gültigen Zug mehr.
play-reason-move-limit = Die Kinder haben den Vater in { $limit } Zügen nicht eingesperrt.
play-reason-resignation = { $name } hat aufgegeben.
play-reason-boxes = Alle Kästchen sind vergeben: { $score0 } zu { $score1 }.
play-reason-tigers-blocked = Die Ziegen haben die Tiger eingesperrt: Kein Tiger kann ziehen.
play-reason-goats-blocked = Die Ziegen hatten keinen erlaubten Zug mehr.
play-rating-heading = Rangpartie: neue Wertungen
play-rating-change = { $name }: { $before } → { $after } ({ $change })
play-unrated = Nicht gewertet: Eine Rangpartie zählt erst, wenn beide Spieler einen Zug gemacht haben, ein Sieg oder ein Unentschieden nur, wenn die CPU nie für den Sieger (bei einem Unentschieden für keinen der beiden) gezogen hat, und zwischen denselben zwei Spielern zählen höchstens 3 Partien am Tag.

play-invite-heading = Jemanden einladen
play-invite-text = Schick diesen Link. Die ersten zwei, die Platz nehmen, spielen; alle anderen schauen zu.
play-invite-copy = Link kopieren
play-invite-copied = Link kopiert.

play-settings-heading = Regeln für die nächste Partie
play-settings-host = Du bist Gastgeber: Änderungen gelten ab der nächsten Partie, das Zeitlimit sofort.
play-settings-readonly = Nur der Gastgeber kann das ändern.
play-settings-save = Regeln speichern
play-settings-saved = Gespeichert. Die nächste Partie wird nach diesen Regeln gespielt.
play-turn-limit = Zeitlimit pro Zug
play-turn-limit-none = Kein Zeitlimit
play-turn-limit-seconds = { $seconds } Sekunden
play-ranked = Rangpartie
play-ranked-hint = Gewertet mit Glicko-2, nur zwischen zwei Menschen.
play-on = Ein
play-off = Aus

play-name-label = Dein Name
play-name-save = Name speichern
play-name-refused = Dieser Name geht nicht: Er braucht ein sichtbares Zeichen und darf keine unsichtbaren Zeichen und keine Zeichen für die Schreibrichtung enthalten.

play-conn-lost = Verbindung unterbrochen. Sie wird wiederhergestellt …
play-conn-back = Wieder verbunden.
play-not-found = Diese Partie gibt es nicht. Prüf den Link.
play-board-label = Spielfeld. Die Pfeiltasten bewegen die Markierung, Eingabe- oder Leertaste wählt aus, Esc bricht ab.
play-by-cpu-away = für die abwesende Person von der CPU gezogen
play-by-timeout = Zeit abgelaufen, die CPU hat gezogen

announce-joined = { $name } hat Platz genommen.
announce-away = { $name } ist abwesend; die CPU zieht vorerst.
announce-back = { $name } ist zurück.
announce-undo =
    { $plies ->
        [one] Ein Zug wurde zurückgenommen.
       *[other] { $plies } Züge wurden zurückgenommen.
    }
announce-new-game = Eine neue Partie hat begonnen.
announce-settings = Der Gastgeber hat die Regeln für die nächste Partie geändert.
announce-your-turn = Du bist am Zug.

error-bad-json = Die Nachricht konnte nicht gelesen werden.
error-unknown-type = Der Server hat die Anfrage nicht verstanden.
error-bad-field = Ein Wert in der Anfrage ist ungültig.
error-hello-first = Die Verbindung ist noch nicht bereit.
error-bad-token = Dein Gerät wurde nicht erkannt. Lade die Seite neu.
error-not-found = Diese Partie gibt es nicht.
error-not-seated = Du spielst bei dieser Partie nicht mit.
error-seat-taken = Dieser Platz ist schon besetzt.
error-table-full = Beide Plätze sind besetzt; du kannst zuschauen.
error-not-host = Das kann nur der Gastgeber.
error-stale-ply = Die Partie ist inzwischen weitergegangen. Schau noch einmal hin.
error-game-over = Die Partie ist vorbei.
error-game-in-progress = Die Partie läuft noch. Fordere die nächste an, wenn sie vorbei ist.
error-not-your-turn = Du bist nicht am Zug.
error-off-board = Dieser Punkt liegt nicht auf dem Brett.
error-not-your-piece = Das ist nicht dein Stein.
error-not-a-line = Ein Stein zieht einen Schritt entlang einer Linie.
error-occupied = Dieser Punkt ist besetzt.
error-repetition = Die Kinder dürfen keine Stellung wiederholen.
error-already-drawn = Dieser Strich ist schon gezogen.
error-must-place = Es sind noch Ziegen in der Hand: Setze eine auf einen freien Punkt.
error-cannot-place = Nur die Ziegen setzen, und nur solange sie noch welche in der Hand haben.
error-no-jump = Ein Tiger springt über eine Ziege auf den freien Punkt direkt dahinter.
error-bad-move = Dieser Zug ist nicht möglich.
error-no-undo = Es gibt keinen Zug zum Zurücknehmen.
error-undo-wait = Warte { $wait } s, bevor du wieder fragst.
error-undo-pending = Eine Bitte um Zurücknahme ist schon offen.
error-not-vs-cpu = Nur gegen die CPU.
error-rate-limited = Zu schnell. Warte einen Moment.
error-too-many-groups = Du hast die Grenze von { $max } ungespielten Partien erreicht. Spiel eine davon oder eröffne später eine neue.
error-too-many-sockets = Zu viele Verbindungen aus deinem Netz ({ $max }). Schließ einen Tab und versuch es noch einmal.
error-too-large = Die Nachricht war zu groß.
error-internal = Auf dem Server ist etwas schiefgegangen. Versuch es noch einmal.
error-table-moved = Diese Partie ist auf einen anderen Server umgezogen. Verbinde neu und sende deinen Zug noch einmal …
error-disconnected = Gerade keine Verbindung. Versuch es gleich noch einmal.
error-network = Der Server war nicht erreichbar. Versuch es noch einmal.
