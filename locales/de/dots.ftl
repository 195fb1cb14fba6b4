## Käsekästchen: Seiten, Punkte, Hausregeln, Ansagen und Lektion.

dots-first = zieht zuerst
dots-second = zieht als Zweites
dots-score =
    { $boxes ->
        [one] { $boxes } Kästchen
       *[other] { $boxes } Kästchen
    }
dots-extra-turn = { $name } hat ein Kästchen geschlossen und zieht noch einmal.
dots-extra-turn-you = Kästchen geschlossen: du ziehst noch einmal!
dots-announce-line = { $name } hat eine Linie gezogen.
dots-announce-box =
    { $count ->
        [one] { $name } hat eine Linie gezogen und ein Kästchen bekommen.
       *[other] { $name } hat eine Linie gezogen und { $count } Kästchen bekommen.
    }
dots-edge-h = Waagerechte Linie, Reihe { $row }, ab Punkt { $col }
dots-edge-v = Senkrechte Linie, Spalte { $col }, ab Reihe { $row }
dots-opt-size = Brettgröße
dots-size = { $w } × { $h } Kästchen
dots-opt-swapFirst = Bei Revanche wechseln, wer beginnt

learn-dots-1-title = Eine Linie ziehen
learn-dots-1-text = Zieht abwechselnd eine Linie zwischen zwei benachbarten Punkten. Tippe zwischen zwei Punkte, um zu zeichnen.
learn-dots-2-title = Ein Kästchen schließen
learn-dots-2-text = Wer die vierte Seite eines Kästchens zieht, bekommt es: dein Zeichen erscheint, und du ziehst noch einmal. Schließ das Kästchen mit drei Seiten.
learn-dots-3-title = Die dritte Seite
learn-dots-3-text = Wer die dritte Seite eines Kästchens zieht, schenkt es dem Gegenüber. Zieh eine Linie, die keine dritte Seite bildet.
learn-dots-4-title = Ketten
learn-dots-4-text = Kästchen, die über dritte Seiten verbunden sind, bilden eine Kette. Nimm die ganze Kette: zieh weiter, solange du Kästchen schließt.
