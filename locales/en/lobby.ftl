# The lobby on each game's page: quick pairing and open challenges (web/lobby.js).
lobby-title = Play someone
lobby-text = Get paired with a player of your level in one tap, or take up an open challenge.
lobby-online = { $count ->
    [one] { $count } player in the lobby
   *[other] { $count } players in the lobby
}
lobby-quick = Quick pairing (ranked, the site's standard rules)
lobby-waiting-count = { $count ->
    [0] nobody waiting
    [one] { $count } waiting
   *[other] { $count } waiting
}
lobby-searching = Looking for an opponent… { $seconds } s
lobby-cancel = Cancel
lobby-challenges = Open challenges
lobby-none = No open challenges right now. Open one below, or use quick pairing.
lobby-accept = Play
lobby-withdraw = Withdraw
lobby-new = Open a challenge
lobby-open = Open challenge
lobby-ranked = Ranked
lobby-casual = Casual
lobby-unrated-player = no rating yet
lobby-gone = That challenge is no longer open.
lobby-too-many = You can have at most { $max } open challenges.
play-no-show = Your opponent did not come to the table, so no game was played.
play-no-show-back = Back to the lobby
# A game against the CPU while waiting in quick pairing (web/lobby-cpu-offer.js, web/play/pool-wait.js).
lobby-cpu-offer = Play the CPU while you wait
lobby-cpu-level = Level
lobby-cpu-keep = Keep my place in quick pairing
lobby-cpu-play = Play the CPU
lobby-pool-kept = You keep your place in quick pairing: when an opponent is found, this unrated game ends and you go to the new table.
lobby-pool-leave = Leave quick pairing
