# Quick messages between the players (web/play/quick-messages.js): preset phrases, shown in the reader's language.
play-quick-heading = Quick messages
play-quick-hello = Hello!
play-quick-good-luck = Good luck!
play-quick-good-game = Good game!
play-quick-thanks = Thanks!
play-quick-oops = Oops!
play-quick-well-played = Well played!
play-quick-sorry = Sorry!
play-quick-must-go = I must go.
# Read out to a screen reader when a player says a phrase.
play-quick-said = { $name }: { $phrase }
# A toggle: hides the other player's phrases at this table.
play-quick-mute = Mute messages
error-no-opponent = Quick messages go only to a person in the other seat.
