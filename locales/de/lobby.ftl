# Die Spielersuche auf der Seite jedes Spiels: Schnellpaarung und offene Herausforderungen (web/lobby.js).
lobby-title = Gegen andere spielen
lobby-text = Mit einem Tipp einen Gegner deiner Stärke finden oder eine offene Herausforderung annehmen.
lobby-online = { $count ->
    [one] { $count } Person ist gerade hier
   *[other] { $count } Personen sind gerade hier
}
lobby-quick = Schnellpaarung (gewertet, Standardregeln der Seite)
lobby-waiting-count = { $count ->
    [0] niemand wartet
    [one] { $count } wartet
   *[other] { $count } warten
}
lobby-searching = Suche einen Gegner … { $seconds } s
lobby-cancel = Abbrechen
lobby-challenges = Offene Herausforderungen
lobby-none = Gerade gibt es keine offenen Herausforderungen. Eröffne unten eine oder nutze die Schnellpaarung.
lobby-accept = Spielen
lobby-withdraw = Zurückziehen
lobby-new = Herausforderung eröffnen
lobby-open = Herausforderung eröffnen
lobby-ranked = Gewertet
lobby-casual = Ungewertet
lobby-unrated-player = noch keine Wertung
lobby-gone = Diese Herausforderung ist nicht mehr offen.
lobby-too-many = Du kannst höchstens { $max } offene Herausforderungen haben.
play-no-show = Dein Gegner ist nicht an den Tisch gekommen; es wurde keine Partie gespielt.
play-no-show-back = Zurück zur Spielersuche
# Eine Partie gegen die CPU, während man in der Schnellpaarung wartet.
lobby-cpu-offer = Spiel gegen die CPU, solange du wartest
lobby-cpu-level = Stufe
lobby-cpu-keep = Meinen Platz in der Schnellpaarung behalten
lobby-cpu-play = Gegen die CPU spielen
lobby-pool-kept = Du behältst deinen Platz in der Schnellpaarung: Sobald ein Gegner gefunden ist, endet diese ungewertete Partie und du kommst an den neuen Tisch.
lobby-pool-leave = Schnellpaarung verlassen
