## Ang mga pahinang 404 ng larong o manlalarong wala.

game-missing-title = Walang ganitong laro sa grupong ito
game-missing-text = Baka mali ang pagkakasulat ng link, o hindi pa nalalaro ang larong ito. Makikita sa grupo ang mga laro nito hanggang ngayon.
game-missing-group = Buksan ang grupo
player-missing-title = Walang ganitong manlalaro
player-missing-text = Walang manlalaro sa link na ito. Ipinapakita ng leaderboard ang 100 pinakamahusay na manlalaro ng bawat laro.
