## Für alle Seiten: Rahmen, Startseite, Spielseiten, Rangliste.

site-name = qdan
site-description = Spiele Juroku Musashi und Käsekästchen im Browser mit einer befreundeten Person oder gegen die CPU. Kostenlos, ohne Anmeldung.
skip-to-content = Zum Inhalt springen
nav-label = Hauptmenü
nav-games = Spiele
nav-leaderboard = Rangliste
nav-language = Sprache
footer-text = qdan: klassische Brettspiele im Browser. Kostenlos, ohne Anmeldung, auf Handy und Computer.

home-title = Brettspiele mit Freunden oder gegen die CPU
home-heading = Klassische Brettspiele direkt im Browser
home-intro = Schick einen Link an eine befreundete Person oder spiel gegen die CPU. Ohne Anmeldung, auf Handy oder Computer.
home-play = Spielen

game-musashi = Juroku Musashi
game-musashi-summary = Ein Elternteil gegen sechzehn Kinder auf einem Brett aus Linien. Das Elternteil fängt zwei Kinder, indem es zwischen sie tritt; die Kinder gewinnen, wenn sie ihm jeden Weg versperren.
game-dots = Käsekästchen
game-dots-summary = Der Papier-und-Bleistift-Klassiker für zwei. Zieht abwechselnd Linien zwischen Punkten; wer ein Kästchen schließt, bekommt es und zieht noch einmal. Die meisten Kästchen gewinnen.
game-learn = Am Brett lernen (3 Min.)
game-learn-text = Eine kurze Lektion mit echten Zügen.
game-play-friend = Mit Freunden spielen
game-play-friend-text = Du bekommst einen Link zum Verschicken. Ohne Anmeldung.
game-play-cpu = Gegen die CPU spielen
game-play-cpu-text = Wähle eine Stufe:
game-play-cpu-start = Gegen die CPU starten
game-rules = Regeln
game-rules-text = Spielablauf, Hausregeln und Begriffe.
game-creating = Das Spiel wird geöffnet …

level-beginner = Einsteiger
level-intermediate = Fortgeschritten
level-expert = Profi

leaderboard-title = Rangliste
leaderboard-intro = Rangpartien zwischen zwei Personen, bewertet mit Glicko-2. Ein Unentschieden zählt als halber Sieg.
leaderboard-rank = Platz
leaderboard-player = Person
leaderboard-rating = Wertung
leaderboard-games = Partien
leaderboard-empty = Noch keine Rangpartien. Schalte in einer Gruppe „Rangpartie“ ein, um hier zu erscheinen.
leaderboard-error = Die Rangliste konnte nicht geladen werden.

not-found-title = Seite nicht gefunden
not-found-text = Unter dieser Adresse gibt es nichts. Vielleicht ist der Link unvollständig.

group-title = Partie { $code }
group-loading = Wird geladen …

learn-title = { $game }: am Brett lernen
learn-prev = Zurück
learn-next = Weiter
learn-back = Zurück zu { $game }
learn-step = Schritt { $step } von { $steps }
learn-good = Gut gemacht!
learn-try-again = Das ist es nicht. Versuch es noch einmal.
learn-finished = Mehr brauchst du nicht. Jetzt spiel eine Partie!
learn-play-friend = Mit Freunden spielen
learn-play-cpu = Gegen die CPU spielen
