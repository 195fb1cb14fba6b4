## Die Regelseiten: Überschriften, die Tabelle der Standardeinstellungen und gemeinsame Beschriftungen.

rules-title = { $game }: Regeln und Anleitung
rules-learn = In 3 Minuten lernen
rules-toc = Auf dieser Seite
rules-h-setup = Vorbereitung
rules-h-play = Ablauf
rules-h-winning = Sieg und Punkte
rules-h-ratings = Rangpartien und Wertung
rules-h-defaults = Standardeinstellungen
rules-h-local-rules = Hausregeln
rules-h-terms = Begriffe
rules-h-faq = Häufige Fragen
# The ranked-games section: when a ranked game is rated (the server’s rules, issue 40).
rules-ratings-intro = Ist in einer Gruppe „Rangpartie“ eingeschaltet, ändert eine Partie zwischen zwei Menschen die Wertung beider Spieler (Glicko-2, zu sehen in der Rangliste). Partien gegen die CPU werden nie gewertet.
rules-ratings-moved = Eine Rangpartie wird erst gewertet, wenn beide Spieler mindestens einen eigenen Zug gemacht haben. Zieht einer von beiden nie, etwa weil er vor seinem ersten Zug aufgibt oder geht, endet die Partie ohne Wertung, wie eine abgebrochene Partie. Züge, die die CPU für eine fehlende Person macht, zählen dabei nicht.
rules-ratings-stand-in = Hat die CPU für einen Spieler gezogen, weil er weg war oder seine Zeit abgelaufen ist, wird ein Sieg oder ein Unentschieden dieses Spielers nicht gewertet. Eine Niederlage schon: Wer eine Partie verlässt, rettet damit keine Wertung.
rules-ratings-pair = Innerhalb von 24 Stunden werden höchstens { $games ->
        [one] { $games } Rangpartie
       *[other] { $games } Rangpartien
    } zwischen denselben zwei Spielern gewertet, alle Spiele zusammen. Weitere Partien der beiden werden wie gewohnt gespielt, ändern die Wertung aber nicht.
rules-ratings-why = Endet eine Rangpartie ohne Wertung, steht das am Ende der Partie; ihr Ergebnis gilt trotzdem.
rules-defaults-intro = So laufen Partien auf dieser Seite. Was eure Gruppe ändern kann, steht bei den Hausregeln.
rules-col-item = Angabe
rules-col-site = Auf dieser Seite
rules-row-players = Teilnehmende
rules-row-players-value = Zwei. Die ersten beiden, die Platz nehmen, spielen; alle anderen in der Gruppe schauen zu.
rules-row-turn = Zeitlimit pro Zug
rules-turn-none = keines
rules-seconds = { $seconds } s
rules-row-turn-value = Standardmäßig { $default }. Der Gastgeber kann { $choices } pro Zug einstellen; läuft die Zeit ab, zieht die CPU an deiner Stelle.
# A soft hyphen in the long word: at 390 px its column left the next one too narrow for
# "Wahlmöglichkeiten", which ran out of the table.
rules-row-leave = Bei Verbindungs­abbruch
rules-row-leave-value = Öffne den Link auf demselben Gerät erneut, dann sitzt du wieder auf deinem Platz. Nach { $away } s ohne Verbindung ({ $reload } s nach dem Schließen der Seite) zieht die CPU für die fehlende Person, solange die andere noch da ist, und hört auf, sobald sie zurück ist.
rules-row-draws = Unentschieden
rules-row-source = Regelquelle
rules-reviewed = Von Qdan, Inc. anhand der oben in der Tabelle genannten Quellen geprüft.
rules-local-intro = Die Standardwerte folgen diesen Quellen. Der Gastgeber einer Gruppe kann sie in ihren Einstellungen ändern.
rules-local-legend = Standard: Das gilt auf dieser Seite, solange die Gruppe nichts anderes wählt. Änderbar: ob eine Gruppe die Regel ändern darf.
rules-col-name = Regel
rules-col-explanation = Beschreibung
rules-col-default = Standard
rules-col-changeable = Änderbar
rules-changeable-yes = Ja, von der Gruppe
rules-changeable-no = Nein
rules-other-choices = Außerdem wählbar: { $choices }
rules-on = Ein
rules-off = Aus
rules-play = Mit diesen Regeln spielen
rules-friend = Mit Freunden
rules-updated = Stand: { $date } · Betreiber: Qdan, Inc.
rules-date =
    { $day }. { $month ->
        [1] Januar
        [2] Februar
        [3] März
        [4] April
        [5] Mai
        [6] Juni
        [7] Juli
        [8] August
        [9] September
        [10] Oktober
        [11] November
       *[12] Dezember
    } { $year }
