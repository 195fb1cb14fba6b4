## Juroku Musashi: Steine, Brett, Hausregeln, Ansagen und Lektion.

musashi-parent = Vater
musashi-children = Kinder
musashi-you-parent = Du führst den Vater
musashi-you-children = Du führst die Kinder
musashi-taken = Gefangene Kinder: { $taken } von { $target }
musashi-moves = Kinderzüge: { $n }/{ $limit }
musashi-moves-nolimit = Kinderzüge: { $n }
musashi-legend-rings = Gestrichelte Ringe: Kinder, die der Vater im nächsten Zug fangen kann.
musashi-legend-counts = Zahlen: wie viele Kinder der Vater fängt, wenn er dorthin zieht.
musashi-announce-parent = Vater: { $from } nach { $to }.
musashi-announce-children = Kinder: { $from } nach { $to }.
musashi-announce-take =
    { $count ->
        [one] Fängt { $count } Kind.
       *[other] Fängt { $count } Kinder.
    }
musashi-point-empty = { $point }, frei
musashi-point-parent = { $point }, Vater
musashi-point-child = { $point }, Kind
musashi-point-target = { $point }, frei: Hierhin kannst du ziehen
musashi-point-target-take =
    { $count ->
        [one] { $point }, frei: Hier fängst du { $count } Kind
       *[other] { $point }, frei: Hier fängst du { $count } Kinder
    }
musashi-point-parent-movable = { $point }, Vater: kann ziehen
musashi-point-child-movable = { $point }, Kind: kann ziehen
musashi-selected = { $point } gewählt. Wähle jetzt das Ziel.
musashi-refuse-parent = Du führst den Vater: Wähle den Vater.
musashi-refuse-children = Du führst die Kinder: Wähle eines deiner Kinder.
musashi-refuse-stuck = Das Kind auf { $point } kann nicht ziehen: Alle Nachbarpunkte sind besetzt.
musashi-refuse-target = Von { $from } nach { $to } ist es kein Schritt entlang einer Linie.

musashi-opt-first = Erster Zug
musashi-opt-first-parent = Vater
musashi-opt-first-children = Kinder
musashi-opt-target = Siegesziel des Vaters
musashi-opt-target-10 = 10 fangen (Standard)
musashi-opt-target-6 = 6 fangen
musashi-opt-limit = Zuggrenze der Kinder
musashi-opt-limit-100 = 100 Züge (Standard)
musashi-opt-limit-none = Keine Grenze
musashi-opt-board = Brettform
musashi-opt-board-33 = 33 Punkte mit Setchin (Standard)
musashi-opt-board-25 = Quadrat mit 25 Punkten (Edo)
musashi-opt-swapRoles = Rollen bei der Revanche tauschen
musashi-opt-showDanger = Bedrohte Kinder zeigen
