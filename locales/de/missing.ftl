## Die 404-Seiten einer Partie oder eines Spielers, die es nicht gibt.

game-missing-title = Diese Partie gibt es in der Gruppe nicht
game-missing-text = Vielleicht ist der Link vertippt, oder die Partie wurde noch nicht gespielt. Die Gruppe zeigt ihre bisherigen Partien.
game-missing-group = Zur Gruppe
player-missing-title = Diesen Spieler gibt es nicht
player-missing-text = Zu diesem Link gehört niemand. Die Rangliste zeigt die 100 besten Spieler jedes Spiels.
