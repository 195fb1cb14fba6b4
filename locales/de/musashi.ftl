## Juroku Musashi: Steine, Brett, Hausregeln, Ansagen und Lektion.

musashi-parent = Elternteil
musashi-children = Kinder
musashi-you-parent = Du führst das Elternteil
musashi-you-children = Du führst die Kinder
musashi-taken = Gefangene Kinder: { $taken } von { $target }
musashi-moves = Kinderzüge: { $n }/{ $limit }
musashi-moves-nolimit = Kinderzüge: { $n }
musashi-danger-legend = Gestrichelte Ringe: Kinder, die das Elternteil im nächsten Zug fangen kann. Zahlen: wie viele es dort fängt.
musashi-announce-parent = Elternteil: { $from } nach { $to }.
musashi-announce-children = Kinder: { $from } nach { $to }.
musashi-announce-take =
    { $count ->
        [one] Fängt { $count } Kind.
       *[other] Fängt { $count } Kinder.
    }
musashi-point-empty = { $point }, frei
musashi-point-parent = { $point }, Elternteil
musashi-point-child = { $point }, Kind
musashi-selected = { $point } gewählt. Wähle jetzt das Ziel.

musashi-opt-first = Erster Zug
musashi-opt-first-parent = Elternteil
musashi-opt-first-children = Kinder
musashi-opt-target = Siegesziel des Elternteils
musashi-opt-target-10 = 10 fangen (Standard)
musashi-opt-target-6 = 6 fangen
musashi-opt-limit = Zuggrenze der Kinder
musashi-opt-limit-100 = 100 Züge (Standard)
musashi-opt-limit-none = Ohne Grenze
musashi-opt-board = Brettform
musashi-opt-board-33 = 33 Punkte mit Setchin (Standard)
musashi-opt-board-25 = Quadrat mit 25 Punkten (Edo)
musashi-opt-swapRoles = Rollen bei Revanche tauschen
musashi-opt-showDanger = Bedrohte Kinder zeigen

learn-musashi-1-title = Ziehen
learn-musashi-1-text = Steine stehen auf Punkten und ziehen einen Schritt entlang einer Linie auf einen freien Nachbarpunkt. Das Elternteil beginnt in der Mitte. Tippe auf das Elternteil, dann auf einen markierten Punkt.
learn-musashi-2-title = Paarfang
learn-musashi-2-text = Tritt das Elternteil auf einer Geraden zwischen zwei Kinder, fängt es beide. Finde den Zug, der ein Paar fängt.
learn-musashi-3-title = Gefahr
learn-musashi-3-text = Gestrichelte Ringe zeigen Kinder, die das Elternteil im nächsten Zug fangen könnte. Zieh ein Kind so, dass kein Ring mehr bleibt.
learn-musashi-4-title = Einsperren
learn-musashi-4-text = Die Kinder gewinnen sofort, wenn das Elternteil keinen freien Nachbarpunkt mehr hat. Ihm bleibt ein Weg: versperre ihn.
learn-musashi-5-title = Das Setchin
learn-musashi-5-text = Das Dreieck rechts ist das Setchin: acht weitere Punkte, in die sich das Elternteil zurückziehen kann. Zieh das Elternteil hinein. Auf dem Edo-Brett mit 25 Punkten fehlt es.
