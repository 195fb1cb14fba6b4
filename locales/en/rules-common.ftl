## The rules pages: headings, the site defaults table and the labels both games share.

rules-title = { $game }: rules and how to play
rules-learn = Learn on the board (3 min)
rules-toc = On this page
rules-h-setup = Setup
rules-h-play = How to play
rules-h-winning = Winning and scoring
rules-h-ratings = Ranked games and ratings
rules-h-defaults = Site defaults
rules-h-local-rules = Local rules
rules-h-terms = Terms
rules-h-faq = Questions
# The ranked-games section: when a ranked game is rated (the server’s rules, issue 40).
rules-ratings-intro = When a group turns on “Ranked game”, a game between two people changes both players’ ratings (Glicko-2, shown on the leaderboard). Games against the CPU are never rated.
rules-ratings-moved = A ranked game is rated only once both players have made at least one move of their own. If one of them never moves, for example because they resign or leave before their first move, the game ends unrated, like an aborted game. Moves the CPU makes for a missing player do not count.
rules-ratings-stand-in = If the CPU moved for a player, because they were away or their clock ran out, a win or a draw for that player is not rated. A loss still is: leaving a game cannot save a rating.
rules-ratings-pair = In any 24 hours, at most { $games ->
        [one] { $games } ranked game
       *[other] { $games } ranked games
    } between the same two players are rated, all games together. Further games between them are played as usual but leave the ratings as they are.
rules-ratings-why = When a ranked game ends unrated, the end of the game says so; its result still stands.
rules-defaults-intro = How games run on this site. What your group can change is listed under local rules.
rules-col-item = What
rules-col-site = On this site
rules-row-players = Players
rules-row-players-value = Two. The first two people to sit down play; anyone else in the group watches.
rules-row-turn = Turn time limit
rules-turn-none = no limit
rules-seconds = { $seconds } s
rules-row-turn-value = By default { $default }. The host can set { $choices } per move; when the time runs out, the CPU makes that move.
rules-row-leave = If someone leaves
rules-row-leave-value = Open the link again on the same device and you are back in your seat. After { $away } s without a connection ({ $reload } s after closing the page) the CPU moves for the missing player while the other one is still there, and stops as soon as they return.
rules-row-draws = Draws
rules-row-source = Rules source
rules-reviewed = Rules checked by Qdan, Inc. against the sources named in the table above.
rules-local-intro = The defaults follow those sources. The host of a group can change them in the group's settings.
rules-local-legend = Default: what this site uses unless the group chooses otherwise. Changeable: whether a group may change it.
rules-col-name = Rule
rules-col-explanation = What it does
rules-col-default = Default
rules-col-changeable = Changeable
rules-changeable-yes = Yes, by the group
rules-changeable-no = No
rules-other-choices = Also possible: { $choices }
rules-on = On
rules-off = Off
rules-play = Play with these rules
rules-friend = With a friend
rules-updated = Last updated { $date } · Run by Qdan, Inc.
rules-date =
    { $day } { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
