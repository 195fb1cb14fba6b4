## What search engines and link previews read: page descriptions and share cards.
## Only the server renders these; the browser client never loads this file.

meta-learn-description = Learn { $game } in three minutes with real moves on the board, then play your first game against the CPU.
meta-leaderboard-description = The best players of { game-musashi }, { game-dots } and { game-bagh-chal } on qdan, rated with Glicko-2 from ranked games between two people.
# A shared invite link: the title and text of its preview card.
meta-invite-title = A game of { $game }: take a seat or watch
meta-invite-description = Open the link to play { $game } in your browser. The first two to take a seat play; everyone else watches. Free, no registration.
# The same card when the game cannot be named (an unknown or mistyped code).
meta-invite-any-title = A game on qdan: take a seat or watch
meta-invite-any-description = Open the link to play in your browser. The first two to take a seat play; everyone else watches. Free, no registration.
# The preview pictures, described for people who cannot see them.
meta-image-musashi = The { game-musashi } board at the start: the Parent in the centre, sixteen Children around the edge.
meta-image-dots = A { game-dots } board: dots, a few lines drawn and one box taken.
meta-image-bagh-chal = The { game-bagh-chal } board at the start: a tiger on each corner, twenty goats in hand.
meta-image-site = The boards of { game-musashi }, { game-dots } and { game-bagh-chal }.
