# Die Züge neben dem Brett während einer Partie (web/play/move-list.js).
play-moves-heading = Züge
play-moves-none = Noch keine Züge.
# Ein Zug, wie ein Screenreader ihn vorliest: Nummer, die Seite, die ihn gespielt hat, der Zug.
play-moves-move = { $number }. { $side }: { $move }
# Ein Zug, dessen Worte anders lauten als der Text auf dem Knopf (Käsekästchen): zuerst der Text,
# damit Sprachsteuerung den Knopf beim sichtbaren Namen findet, dann die Worte.
play-moves-written = { $notation } ({ $move })
# Über der Liste, solange eine frühere Stellung zu sehen ist.
play-moves-viewing = Zug { $ply } von { $total }
play-moves-start = Anfangsstellung
play-moves-back = Zurück zur Partie
play-moves-keys = Mit den Pfeiltasten gehst du Zug für Zug durch; das Brett zeigt jede Stellung, die Partie läuft weiter.
