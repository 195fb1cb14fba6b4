## The group page: seats, turn, clock, actions, invite, settings, results, announcements.

play-you = you
play-host = host
play-join = Join the game
play-seat-empty = Waiting for a player…
play-seat-away = Away: the CPU plays for now
play-seat-offline = Reconnecting…
play-seat-gone = Not at the table
play-cpu-name = CPU ({ $level })
play-rating = Rating { $rating }
play-turn-you = Your move
play-turn-other = { $name } to move
play-waiting = Waiting for a second player. Send the invite link.
play-watching = You are watching this game.
play-invited = { $name } invites you to a game.
play-spectators =
    { $count ->
        [one] { $count } spectator
       *[other] { $count } spectators
    }
play-clock-label = Time left for this move
play-clock = { $seconds } s
play-game-number = Game { $n }
play-ranked-badge = Ranked

play-resign = Resign
play-resign-confirm = Resign this game?
play-resign-yes = Yes, resign
play-cancel = Cancel
play-undo = Take back
play-undo-request = Ask to take back
play-undo-asked = { $name } asks to take back the last move.
play-undo-accept = Allow
play-undo-decline = Decline
play-undo-waiting = Waiting for { $name } to answer…
play-undo-declined = { $name } declined the take-back. You can ask again in { $wait } s.
play-hint = Hint
play-hint-thinking = Thinking…
play-cpu-thinking = The CPU is thinking…
play-cpu-failed = The CPU could not work out its move on this device. The server will play it in a moment.
play-cpu-retry = Try again
play-hint-shown = Suggested move: { $move }
play-hint-none = No suggestion for this position.
play-rematch = Play again
play-new-opponent = New opponent
play-rematch-waiting = Waiting for { $name } to play again…
play-rematch-asked = { $name } wants to play again.
play-sound = Move sound

play-result-you-won = You won!
play-result-you-lost = You lost
play-result-won = { $name } won
play-result-draw = Draw
play-reason-trapped = The Children trapped the Parent: it has no empty point to step to.
play-reason-target-reached = The Parent took { $target } Children.
play-reason-children-no-move = The Children had no legal move left.
play-reason-move-limit = The Children made { $limit } moves without trapping the Parent.
play-reason-resignation = { $name } resigned.
play-reason-boxes = All boxes are taken: { $score0 } to { $score1 }.
play-reason-tigers-blocked = The goats blocked the tigers: no tiger can move.
play-reason-goats-blocked = The goats had no legal move left.
play-rating-heading = Ranked game: new ratings
play-rating-change = { $name }: { $before } → { $after } ({ $change })
play-unrated = Not rated: a ranked game counts once both players have made a move, a win or a draw counts only if the CPU never moved for the winner (or, in a draw, for either player), and at most 3 games a day between the same two players count.

play-invite-heading = Invite a friend
play-invite-text = Send this link. The first two to sit down play; everyone else watches.
play-invite-copy = Copy link
play-invite-copied = Link copied.

play-settings-heading = Rules for the next game
play-settings-host = You are the host: changes apply from the next game, the time limit at once.
play-settings-readonly = Only the host can change these.
play-settings-save = Save rules
play-settings-saved = Saved. The next game uses these rules.
play-turn-limit = Time per move
play-turn-limit-none = No limit
play-turn-limit-seconds = { $seconds } seconds
play-ranked = Ranked game
play-ranked-hint = Rated with Glicko-2, only between two people.
play-on = On
play-off = Off

play-name-label = Your name
play-name-save = Save name
play-name-refused = This name cannot be used: it needs a character that shows, and no invisible or text-direction characters.

play-conn-lost = Connection lost. Reconnecting…
play-conn-back = Connected again.
play-not-found = This game does not exist. Check the link.
play-board-label = Game board. Arrow keys move the cursor, Enter or Space chooses, Escape cancels.
play-by-cpu-away = played by the CPU for an absent player
play-by-timeout = time ran out, the CPU moved

announce-joined = { $name } sat down.
announce-away = { $name } is away; the CPU plays for now.
announce-back = { $name } is back.
announce-undo =
    { $plies ->
        [one] One move was taken back.
       *[other] { $plies } moves were taken back.
    }
announce-new-game = A new game began.
announce-settings = The host changed the rules for the next game.
announce-your-turn = Your move.

error-bad-json = The message could not be read.
error-unknown-type = The server did not understand the request.
error-bad-field = A value in the request is not valid.
error-hello-first = The connection is not ready yet.
error-bad-token = Your device is not recognised. Reload the page.
error-not-found = This game does not exist.
error-not-seated = You are not playing in this game.
error-seat-taken = That seat is already taken.
error-table-full = Both seats are taken; you can watch.
error-not-host = Only the host can do that.
error-stale-ply = The board changed in the meantime. Look again.
error-game-over = The game is over.
error-game-in-progress = A game is in progress. Ask for the next one when it is over.
error-not-your-turn = It is not your turn.
error-off-board = That point is not on the board.
error-not-your-piece = That is not your piece.
error-not-a-line = Pieces move one step along a line.
error-occupied = That point is taken.
error-repetition = The Children may not repeat a position.
error-already-drawn = That line is already drawn.
error-must-place = Goats are still in hand: place one on an empty point.
error-cannot-place = Only the goats place, and only while some are in hand.
error-no-jump = A tiger jumps over one goat to the empty point just beyond it.
error-bad-move = That move is not possible.
error-no-undo = There is no move to take back.
error-undo-wait = Wait { $wait } s before asking again.
error-undo-pending = A take-back request is already open.
error-not-vs-cpu = Only against the CPU.
error-rate-limited = Too fast. Wait a moment.
error-too-many-groups = { $max ->
    [one] You already have a game waiting to be played. Play it, or open a new one later.
   *[other] You already have { $max } games waiting to be played. Play one of them, or open a new one later.
}
error-too-many-sockets = Too many connections from your network ({ $max }). Close a tab, then try again.
error-too-large = The message was too large.
error-internal = Something went wrong on the server. Try again.
error-table-moved = This game moved to another server. Reconnecting and sending your move again…
error-disconnected = No connection right now. Try again in a moment.
error-network = The server could not be reached. Try again.
