# Schnellnachrichten zwischen den Spielern (web/play/quick-messages.js): feste Sätze in der Sprache des Lesers.
play-quick-heading = Schnellnachrichten
play-quick-hello = Hallo!
play-quick-good-luck = Viel Glück!
play-quick-good-game = Gutes Spiel!
play-quick-thanks = Danke!
play-quick-oops = Hoppla!
play-quick-well-played = Gut gespielt!
play-quick-sorry = Entschuldigung!
play-quick-must-go = Ich muss los.
# Wird einem Screenreader vorgelesen, wenn ein Spieler einen Satz sagt.
play-quick-said = { $name }: { $phrase }
# Ein Schalter: blendet die Sätze des anderen Spielers an diesem Tisch aus.
play-quick-mute = Nachrichten stummschalten
error-no-opponent = Schnellnachrichten gehen nur an einen Menschen auf dem anderen Platz.
