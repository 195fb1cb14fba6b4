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
