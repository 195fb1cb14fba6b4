## The 404 pages of a game or a player that does not exist.

game-missing-title = There is no such game in this group
game-missing-text = The link may be mistyped, or the game has not been played yet. The group shows its games so far.
game-missing-group = Open the group
player-missing-title = There is no such player
player-missing-text = No player has this link. The leaderboard shows the 100 best players of each game.
