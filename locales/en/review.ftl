## After the game: the review chart, replays, your games, a player's games, the analysis board.

review-nav-my-games = Your games

review-heading = Review
review-pending = The review is being worked out…
review-unavailable = There is no review for this game.
review-chart-label = The value of the game after every move: up is good for the side named above the chart.
review-chart-side = Up is good for { $name }.
review-all-exact = Every value is exact.
review-none-exact = Every value is an estimate (dashed).
review-exact-from = Exact from move { $ply } on; dashed before that: estimates.
review-turning-none = No move changed the result.
review-turning-none-estimated = No move is known to have changed the result: some values are estimates.
review-turn-move = Move { $ply }
review-turn-you-lost-win = here your win slipped away
review-turn-you-lost-draw = here your draw slipped away
review-turn-gave-win = here { $name } gave you the win
review-turn-gave-draw = here { $name } gave you a draw
review-turn-lost-win = here { $name } let the win slip away
review-turn-lost-draw = here { $name } let the draw slip away
review-turn-changed = here the result changed
review-played = Played: { $move } (marked)
review-best = Better: { $move } (dashed)
review-best-none = No better move was found in time.
review-open-replay = Open the replay

# In review-win … review-estimate-by, $name is a side's role (Parent, Children, First player,
# Second player) and $side says which: children, parent, first or second (the verb agrees).
review-win =
    { $side ->
        [children] { $name } win
       *[other] { $name } wins
    }
review-won =
    { $side ->
        [children] { $name } have won
       *[other] { $name } has won
    }
review-win-in =
    { $side ->
        [children]
            { $moves ->
                [one] { $name } win in { $moves } move
               *[other] { $name } win in { $moves } moves
            }
       *[other]
            { $moves ->
                [one] { $name } wins in { $moves } move
               *[other] { $name } wins in { $moves } moves
            }
    }
review-win-by =
    { $boxes ->
        [one] { $name } wins by { $boxes } box
       *[other] { $name } wins by { $boxes } boxes
    }
review-draw = Draw
review-estimate-ahead =
    { $side ->
        [children] { $name } are ahead (estimate)
       *[other] { $name } is ahead (estimate)
    }
review-estimate-by =
    { $boxes ->
        [one] { $name } is ahead by about { $boxes } box (estimate)
       *[other] { $name } is ahead by about { $boxes } boxes (estimate)
    }
review-estimate-even = Even (estimate)

review-replay-title = Replay of game { $number }
review-replay-heading = { $game }, game { $number }
review-replay-players = { $first } against { $second }
review-replay-missing = This game does not exist or is not finished yet.
review-steps-label = Move by move
review-step-first = To the start
review-step-prev = One move back
review-step-next = One move forward
review-step-last = To the end
review-step-ply = Move { $ply } of { $total }
review-step-start = Start ({ $total } moves)
review-analyse-here = Analyse from here
review-download = Download the record
review-back-to-group = To the group

review-col-game = Game
review-col-opponent = Opponent
review-col-result = Result
review-col-date = Date
review-col-replay = Replay
review-result-won = Won
review-result-lost = Lost
review-result-draw = Draw
review-replay-link = Replay
review-my-games-title = Your games
review-my-games-intro = The finished games played on this device, the latest first.
review-my-games-empty = No finished games on this device yet.
review-player-title = Ranked games
review-player-heading = { $name }: ranked games
review-player-intro = A player's ranked games are public, like the leaderboard.
review-player-empty = No ranked games yet.
review-list-error = The games could not be loaded.

review-analysis-title = { $game }: analysis board
review-analysis-value = The position
review-analysis-moves = Every move
review-analysis-thinking = Working it out…
review-analysis-error = The position could not be valued. Try again.
review-analysis-to-move = { $name } to move
review-analysis-over = The game is over.
review-analysis-exact = exact
review-analysis-setup = Set up
review-analysis-play = Play
review-analysis-start = Start position
review-analysis-clear = Clear the board
review-analysis-turn = Side to move
review-analysis-undo = Take back
review-analysis-from = From move { $ply } of game { $number }
review-target-none = No target: only trapping wins
review-import = Import a record
review-import-label = Paste a game record, as a replay page downloads it, or choose a file.
review-import-go = Open
review-import-bad = This record cannot be read: { $why }

musashi-review-setup-hint = Tap a point to cycle it: empty, Child, Parent.
musashi-review-moves-made = Children moves made
dots-review-setup-hint = Tap a line to draw or erase it.
bagh-chal-review-setup-hint = Tap a point to cycle it: empty, goat, tiger. The goats not on the board are in hand.
dots-review-first-player = First player
dots-review-second-player = Second player

## What search results and link previews show under the title of these pages.
meta-replay-description = A finished game on qdan, move by move, with a review of every move.
meta-games-description = Finished games on qdan: opponent, result, date, and a replay of each.
meta-analysis-description = Set up any position of { $game } and see the exact value of every legal move.
replay-board-label = Board at the move shown. Arrow keys move the cursor over it; nothing is played here.
