## Käsekästchen: Seiten, Punkte, Hausregeln, Ansagen und Lektion.

dots-first = zieht zuerst
dots-second = zieht als Zweites
dots-score =
    { $boxes ->
        [one] { $boxes } Kästchen
       *[other] { $boxes } Kästchen
    }
dots-extra-turn = { $name } hat ein Kästchen geschlossen und zieht noch einmal.
dots-extra-turn-you = Kästchen geschlossen: Du ziehst noch einmal!
dots-announce-line = { $name } hat einen Strich gezogen. { $line }.
dots-announce-box =
    { $count ->
        [one] { $name } hat einen Strich gezogen und ein Kästchen bekommen. { $line }.
       *[other] { $name } hat einen Strich gezogen und { $count } Kästchen bekommen. { $line }.
    }
dots-edge-h = Waagerechter Strich, Reihe { $row }, ab Punkt { $col }
dots-edge-v = Senkrechter Strich, Spalte { $col }, ab Reihe { $row }
dots-opt-size = Feldgröße
dots-size = { $w } × { $h } Kästchen
dots-opt-swapFirst = Bei der Revanche den Anfang tauschen
dots-refuse-between = Tippe zwischen zwei benachbarte Punkte, um einen Strich zu ziehen.
dots-edge-closes =
    { $count ->
        [one] schließt ein Kästchen
       *[other] schließt { $count } Kästchen
    }
dots-edge-offers =
    { $count ->
        [one] gibt einem Kästchen die dritte Seite
       *[other] gibt { $count } Kästchen die dritte Seite
    }
