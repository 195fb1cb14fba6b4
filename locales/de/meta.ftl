## Was Suchmaschinen und Linkvorschauen lesen: Seitenbeschreibungen und Vorschaukarten.
## Nur der Server setzt diese Texte ein; der Browser lädt diese Datei nie.

meta-learn-description = Lerne { $game } in drei Minuten mit echten Zügen am Brett und spiel danach deine erste Partie gegen die CPU.
meta-leaderboard-description = Die Besten in { game-musashi }, { game-dots } und { game-bagh-chal } auf qdan, bewertet mit Glicko-2 aus Rangpartien zwischen zwei Personen.
meta-invite-title = Eine Partie { $game }: Platz nehmen oder zuschauen
meta-invite-description = Öffne den Link, um { $game } im Browser zu spielen. Die ersten zwei, die Platz nehmen, spielen; alle anderen schauen zu. Kostenlos, ohne Anmeldung.
meta-invite-any-title = Eine Partie auf qdan: Platz nehmen oder zuschauen
meta-invite-any-description = Öffne den Link, um im Browser mitzuspielen. Die ersten zwei, die Platz nehmen, spielen; alle anderen schauen zu. Kostenlos, ohne Anmeldung.
meta-image-musashi = Das Brett von { game-musashi } zu Beginn: der Vater in der Mitte, sechzehn Kinder am Rand.
meta-image-dots = Ein Brett für { game-dots }: Punkte, einige gezogene Linien und ein gewonnenes Kästchen.
meta-image-bagh-chal = Das Brett von { game-bagh-chal } zu Beginn: ein Tiger auf jeder Ecke, zwanzig Ziegen in der Hand.
meta-image-site = Die Bretter von { game-musashi }, { game-dots } und { game-bagh-chal }.
