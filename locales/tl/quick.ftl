# Mabilisang mensahe sa pagitan ng mga manlalaro (web/play/quick-messages.js): mga nakahandang parirala sa wika ng bumabasa.
play-quick-heading = Mabilisang mensahe
play-quick-hello = Kumusta!
play-quick-good-luck = Suwertehin ka!
play-quick-good-game = Magandang laro!
play-quick-thanks = Salamat!
play-quick-oops = Ay, mali!
play-quick-well-played = Magaling ang laro mo!
play-quick-sorry = Pasensya na!
play-quick-must-go = Kailangan ko nang umalis.
# Binabasa ng screen reader kapag may sinabing parirala ang isang manlalaro.
play-quick-said = { $name }: { $phrase }
# Isang toggle: itinatago ang mga parirala ng kabilang manlalaro sa mesang ito.
play-quick-mute = Itago ang mga mensahe
error-no-opponent = Para lang sa taong nasa kabilang upuan ang mabilisang mensahe.
