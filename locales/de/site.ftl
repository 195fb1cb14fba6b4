## Für alle Seiten: Rahmen, Startseite, Spielseiten, Rangliste.

site-name = qdan
site-description = Spiel Juroku Musashi, Käsekästchen und Bagh-Chal im Browser, mit Freunden oder gegen die CPU. Kostenlos und ohne Anmeldung.
skip-to-content = Zum Inhalt springen
nav-label = Hauptmenü
nav-games = Spiele
nav-leaderboard = Rangliste
nav-language = Sprache
footer-text = qdan: klassische Brettspiele im Browser. Kostenlos, ohne Anmeldung, auf dem Handy und am Computer.

home-title = Brettspiele mit Freunden oder gegen die CPU
home-heading = Klassische Brettspiele direkt im Browser
home-intro = Schick Freunden einen Link, finde auf der Seite eines Spiels andere Spieler oder spiel gegen die CPU. Ohne Anmeldung, auf dem Handy oder am Computer.
home-play = Spielen

game-musashi = Juroku Musashi
game-musashi-summary = Ein Vater gegen sechzehn Kinder auf einem Brett aus Linien. Der Vater fängt zwei Kinder, indem er zwischen sie tritt; die Kinder gewinnen, wenn sie ihm alle Wege versperren.
game-dots = Käsekästchen
game-dots-summary = Der Klassiker mit Papier und Stift für zwei. Ihr zieht abwechselnd Striche zwischen Punkten; wer ein Kästchen schließt, bekommt es und zieht gleich noch einmal. Wer am Ende mehr Kästchen hat, gewinnt.
game-bagh-chal = Bagh-Chal
game-bagh-chal-summary = Tiger und Ziegen, Nepals Nationalspiel. Vier Tiger jagen zwanzig Ziegen: Die Tiger schlagen durch Überspringen, die Ziegen gewinnen, wenn sich kein Tiger mehr bewegen kann.
game-learn = In 3 Minuten lernen
game-learn-text = Eine kurze Lektion mit echten Zügen.
game-play-friend = Mit Freunden spielen
game-play-friend-text = Du bekommst einen Link zum Verschicken. Ohne Anmeldung.
game-play-cpu = Gegen die CPU spielen
game-play-cpu-text = Wähle eine Stufe:
game-play-cpu-start = Partie gegen die CPU starten
game-rules = Regeln
game-rules-text = Spielablauf, Hausregeln und Begriffe.
game-creating = Die Partie wird vorbereitet …

level-beginner = Einsteiger
level-intermediate = Fortgeschritten
level-expert = Profi

leaderboard-title = Rangliste
leaderboard-intro = Rangpartien zwischen zwei Menschen, gewertet mit Glicko-2. Ein Unentschieden zählt als halber Sieg.
leaderboard-how = Wann eine Rangpartie gewertet wird
leaderboard-rank = Platz
leaderboard-player = Name
leaderboard-rating = Wertung
leaderboard-games = Partien
leaderboard-empty = Noch keine Rangpartien. Schalte in einer Gruppe „Rangpartie“ ein, um hier zu erscheinen.
leaderboard-error = Die Rangliste konnte nicht geladen werden.
leaderboard-tag = Kennung, die gleichnamige Personen unterscheidet

not-found-title = Seite nicht gefunden
not-found-text = Unter dieser Adresse gibt es nichts. Vielleicht ist der Link unvollständig.
group-missing-title = Zu diesem Link gibt es keine Partie
group-missing-text = Vielleicht ist der Einladungslink falsch abgetippt oder abgeschnitten. Lass ihn dir noch einmal schicken oder starte hier eine neue Partie:

group-title = Partie { $code }
group-loading = Wird geladen …
player-default-name = Gast { $number }

learn-title = { $game } lernen
learn-prev = Zurück
learn-next = Weiter
learn-back = Zurück zu { $game }
learn-step = Schritt { $step } von { $steps }
learn-good = Gut gemacht!
learn-try-again = Das war es nicht. Versuch es noch einmal.
learn-finished = Mehr musst du nicht wissen. Jetzt spiel eine Partie!
learn-play-friend = Mit Freunden spielen
learn-play-cpu = Gegen die CPU spielen
