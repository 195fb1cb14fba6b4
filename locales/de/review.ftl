## Nach der Partie: die Auswertung, Wiederholungen, deine Partien, die Partien einer Spielerin oder eines Spielers, das Analysebrett.

review-nav-my-games = Deine Partien

review-heading = Auswertung
review-pending = Die Auswertung wird berechnet…
review-unavailable = Für diese Partie gibt es keine Auswertung.
review-chart-label = Der Wert der Partie nach jedem Zug: oben ist gut für die Seite, die über dem Diagramm steht.
review-chart-side = Oben ist gut für { $name }.
review-all-exact = Jeder Wert ist genau berechnet.
review-none-exact = Jeder Wert ist geschätzt (gestrichelt).
review-exact-from = Genau ab Zug { $ply }; davor gestrichelt: Schätzungen.
review-turning-none = Kein Zug hat das Ergebnis geändert.
review-turning-none-estimated = Von keinem Zug ist bekannt, dass er das Ergebnis geändert hat: Manche Werte sind geschätzt.
review-turn-move = Zug { $ply }
review-turn-you-lost-win = hier hast du den Sieg verspielt
review-turn-you-lost-draw = hier hast du das Unentschieden verspielt
review-turn-gave-win = hier hat dir { $name } den Sieg geschenkt
review-turn-gave-draw = hier hat dir { $name } ein Unentschieden geschenkt
review-turn-lost-win = hier hat { $name } den Sieg verspielt
review-turn-lost-draw = hier hat { $name } das Unentschieden verspielt
review-turn-changed = hier hat sich das Ergebnis geändert
review-played = Gespielt: { $move } (markiert)
review-best = Besser: { $move } (gestrichelt)
review-best-none = In der verfügbaren Zeit wurde kein besserer Zug gefunden.
review-open-replay = Partie nachspielen

review-win =
    { $side ->
        [children] { $name } gewinnen
       *[other] { $name } gewinnt
    }
review-won =
    { $side ->
        [children] { $name } haben gewonnen
       *[other] { $name } hat gewonnen
    }
review-win-in =
    { $side ->
        [children]
            { $moves ->
                [one] { $name } gewinnen in { $moves } Zug
               *[other] { $name } gewinnen in { $moves } Zügen
            }
       *[other]
            { $moves ->
                [one] { $name } gewinnt in { $moves } Zug
               *[other] { $name } gewinnt in { $moves } Zügen
            }
    }
review-win-by =
    { $boxes ->
        [one] { $name } gewinnt mit { $boxes } Kästchen Vorsprung
       *[other] { $name } gewinnt mit { $boxes } Kästchen Vorsprung
    }
review-draw = Unentschieden
review-estimate-ahead =
    { $side ->
        [children] { $name } liegen vorn (geschätzt)
       *[other] { $name } liegt vorn (geschätzt)
    }
review-estimate-by =
    { $boxes ->
        [one] { $name } liegt etwa { $boxes } Kästchen vorn (geschätzt)
       *[other] { $name } liegt etwa { $boxes } Kästchen vorn (geschätzt)
    }
review-estimate-even = Ausgeglichen (geschätzt)

review-replay-title = Partie { $number } nachspielen
review-replay-heading = { $game }, Partie { $number }
review-replay-players = { $first } gegen { $second }
review-replay-missing = Diese Partie gibt es nicht, oder sie ist noch nicht zu Ende.
review-steps-label = Zug für Zug
review-step-first = Zum Anfang
review-step-prev = Einen Zug zurück
review-step-next = Einen Zug vor
review-step-last = Zum Ende
review-step-ply = Zug { $ply } von { $total }
review-step-start = Anfang ({ $total } Züge)
review-analyse-here = Auf dem Analysebrett öffnen
review-download = Partie herunterladen
review-back-to-group = Zur Gruppe

review-col-game = Spiel
review-col-opponent = Gegner
review-col-result = Ergebnis
review-col-date = Datum
review-col-replay = Nachspielen
review-result-won = Gewonnen
review-result-lost = Verloren
review-result-draw = Unentschieden
review-replay-link = Nachspielen
review-my-games-title = Deine Partien
review-my-games-intro = Die beendeten Partien auf diesem Gerät, die neueste zuerst.
review-my-games-empty = Auf diesem Gerät gibt es noch keine beendete Partie.
review-player-title = Rangpartien
review-player-heading = { $name }: Rangpartien
review-player-intro = Rangpartien sind öffentlich, wie die Rangliste.
review-player-empty = Noch keine Rangpartien.
review-list-error = Die Partien konnten nicht geladen werden.

review-analysis-title = { $game }: Analysebrett
review-analysis-value = Die Stellung
review-analysis-moves = Jeder mögliche Zug
review-analysis-thinking = Wird berechnet…
review-analysis-error = Diese Stellung konnte nicht bewertet werden. Versuche es noch einmal.
review-analysis-to-move = { $name } ist am Zug
review-analysis-over = Die Partie ist zu Ende.
review-analysis-exact = genau
review-analysis-setup = Aufstellen
review-analysis-play = Spielen
review-analysis-start = Anfangsstellung
review-analysis-clear = Alles leeren
review-analysis-turn = Am Zug
review-analysis-undo = Zug zurücknehmen
review-analysis-from = Ab Zug { $ply } aus Partie { $number }
review-target-none = Kein Ziel: nur Einsperren gewinnt
review-import = Partie einlesen
review-import-label = Füge die Aufzeichnung einer Partie ein, so wie eine Seite zum Nachspielen sie herunterlädt, oder wähle eine Datei.
review-import-go = Öffnen
review-import-bad = Diese Aufzeichnung lässt sich nicht lesen: { $why }

musashi-review-setup-hint = Tippe auf einen Punkt, um ihn zu wechseln: leer, Kind, Vater.
musashi-review-moves-made = Bisherige Züge der Kinder
dots-review-setup-hint = Tippe auf einen Strich, um ihn zu ziehen oder zu löschen.
bagh-chal-review-setup-hint = Tippe auf einen Punkt, um zu wechseln: frei, Ziege, Tiger. Ziegen, die nicht auf dem Brett stehen, sind in der Hand.
dots-review-first-player = Wer zuerst zieht
dots-review-second-player = Wer als Zweites zieht

## What search results and link previews show under the title of these pages.
meta-replay-description = Eine beendete Partie auf qdan, Zug für Zug, mit einer Auswertung jedes Zugs.
meta-games-description = Beendete Partien auf qdan: Gegner, Ergebnis, Datum und jede zum Nachspielen.
meta-analysis-description = Stelle eine beliebige Stellung in { $game } auf und sieh den genauen Wert jedes erlaubten Zugs.
replay-board-label = Spielfeld beim gezeigten Zug. Die Pfeiltasten bewegen die Markierung darüber; gespielt wird hier nicht.
