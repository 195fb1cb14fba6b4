## Shared by every page: the frame, the home page, the game pages, the leaderboard.

site-name = qdan
site-description = Play Juroku Musashi, Dots and Boxes and Bagh-Chal in your browser with a friend or against the CPU. Free, no registration.
skip-to-content = Skip to the content
nav-label = Main menu
nav-games = Games
nav-leaderboard = Leaderboard
nav-language = Language
footer-text = qdan: classic board games in the browser. Free, no registration, on phone or computer.

home-title = Board games with a friend or the CPU
home-heading = Classic board games, right in your browser
home-intro = Send a friend a link, meet another player on a game's page, or play the CPU. No registration, on your phone or your computer.
home-play = Play

game-musashi = Juroku Musashi
game-musashi-summary = One Parent against sixteen Children on a board of lines. The Parent takes two Children by stepping between them; the Children win by closing every way out.
game-dots = Dots and Boxes
game-dots-summary = The pencil-and-paper classic for two. Take turns drawing lines between dots; close a box to take it and draw again. Most boxes wins.
game-bagh-chal = Bagh-Chal
game-bagh-chal-summary = Tigers and Goats, Nepal's national game. Four tigers hunt twenty goats: the tigers capture by jumping, the goats win by leaving every tiger without a move.
game-learn = Learn on the board (3 min)
game-learn-text = A short lesson with real moves.
game-play-friend = Play with a friend
game-play-friend-text = You get a link to send. No registration.
game-play-cpu = Play the CPU
game-play-cpu-text = Choose a level:
game-play-cpu-start = Start against the CPU
game-rules = Rules
game-rules-text = How to play, local rules and terms.
game-creating = Opening the game…

level-beginner = Beginner
level-intermediate = Intermediate
level-expert = Expert

leaderboard-title = Leaderboard
leaderboard-intro = Ranked games between two people, rated with Glicko-2. A draw counts as half a win.
leaderboard-how = When a ranked game is rated
leaderboard-rank = Place
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Games
leaderboard-empty = No ranked games yet. Turn on "Ranked game" in a group to appear here.
leaderboard-error = The leaderboard could not be loaded.
leaderboard-tag = Tells apart players who share a name

not-found-title = Page not found
not-found-text = There is nothing at this address. Perhaps the link is incomplete.
group-missing-title = There is no game at this link
group-missing-text = The invite link may be mistyped or cut short. Ask for it again, or start a new game here:

group-title = Game { $code }
group-loading = Loading…
player-default-name = Player { $number }

learn-title = { $game }: learn on the board
learn-prev = Back
learn-next = Next
learn-back = Back to { $game }
learn-step = Step { $step } of { $steps }
learn-good = Well done!
learn-try-again = Not that one. Try again.
learn-finished = That is all you need. Now play a game!
learn-play-friend = Play with a friend
learn-play-cpu = Play the CPU
