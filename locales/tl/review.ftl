## Pagkatapos ng laro: pagsusuri, pagbalik sa laro, ang mga laro mo, mga laro ng isang manlalaro, board ng pagsusuri.

review-nav-my-games = Mga laro mo

review-heading = Pagsusuri
review-pending = Kinakalkula pa ang pagsusuri…
review-unavailable = Walang pagsusuri para sa larong ito.
review-chart-label = Ang halaga ng laro pagkatapos ng bawat galaw: pataas ay mabuti para sa panig na nakasulat sa itaas ng grap.
review-chart-side = Pataas ay mabuti para kay { $name }.
review-all-exact = Eksakto ang bawat halaga.
review-none-exact = Tantiya ang bawat halaga (putol-putol).
review-exact-from = Eksakto mula sa galaw { $ply }; bago noon, putol-putol: mga tantiya.
review-turning-none = Walang galaw na nagpabago sa resulta.
review-turning-none-estimated = Walang galaw na tiyak na nagpabago sa resulta: tantiya ang ilang halaga.
review-turn-move = Galaw { $ply }
review-turn-you-lost-win = dito nawala ang panalo mo
review-turn-you-lost-draw = dito nawala ang tabla mo
review-turn-gave-win = dito ibinigay sa iyo ni { $name } ang panalo
review-turn-gave-draw = dito ibinigay sa iyo ni { $name } ang tabla
review-turn-lost-win = dito nawala kay { $name } ang panalo
review-turn-lost-draw = dito nawala kay { $name } ang tabla
review-turn-changed = dito nagbago ang resulta
review-played = Nilaro: { $move } (may marka)
review-best = Mas mabuti: { $move } (putol-putol)
review-best-none = Walang nahanap na mas mabuting galaw sa takdang oras.
review-open-replay = Balikan ang laro

review-win = Mananalo ang { $name }
review-won = Nanalo na ang { $name }
review-win-in = Mananalo ang { $name } sa loob ng { $moves } galaw
review-win-by = Mananalo ang { $name } nang lamang na { $boxes } square
review-draw = Tabla
review-estimate-ahead = Lamang ang { $name } (tantiya)
review-estimate-by = Lamang ang { $name } nang mga { $boxes } square (tantiya)
review-estimate-even = Pantay (tantiya)

review-replay-title = Balikan ang laro { $number }
review-replay-heading = { $game }, laro { $number }
review-replay-players = { $first } laban kay { $second }
review-replay-missing = Walang ganitong laro, o hindi pa ito tapos.
review-steps-label = Isa-isang galaw
review-step-first = Sa simula
review-step-prev = Isang galaw pabalik
review-step-next = Isang galaw pasulong
review-step-last = Sa dulo
review-step-ply = Galaw { $ply } sa { $total }
review-step-start = Simula ({ $total } galaw)
review-analyse-here = Buksan sa board ng pagsusuri
review-download = Kunin ang talaan ng laro
review-back-to-group = Bumalik sa grupo

review-col-game = Laro
review-col-opponent = Kalaban
review-col-result = Resulta
review-col-date = Petsa
review-col-replay = Balikan
review-result-won = Panalo
review-result-lost = Talo
review-result-draw = Tabla
review-replay-link = Balikan
review-my-games-title = Mga laro mo
review-my-games-intro = Ang mga tapos nang laro sa device na ito, pinakabago muna.
review-my-games-empty = Wala pang tapos na laro sa device na ito.
review-player-title = Mga ranked na laro
review-player-heading = { $name }: mga ranked na laro
review-player-intro = Nakikita ng lahat ang mga ranked na laro, gaya ng leaderboard.
review-player-empty = Wala pang ranked na laro.
review-list-error = Hindi ma-load ang mga laro.

review-analysis-title = { $game }: board ng pagsusuri
review-analysis-value = Ang ayos
review-analysis-moves = Bawat galaw
review-analysis-thinking = Kinakalkula…
review-analysis-error = Hindi matantiya ang ayos na ito. Subukan muli.
review-analysis-to-move = Turno: { $name }
review-analysis-over = Tapos na ang laro.
review-analysis-exact = eksakto
review-analysis-setup = Ayusin
review-analysis-play = Maglaro
review-analysis-start = Simulang ayos
review-analysis-clear = Alisin lahat
review-analysis-turn = Kaninong turno
review-analysis-undo = Bawiin
review-analysis-from = Mula sa galaw { $ply } ng laro { $number }
review-target-none = Walang target: pagkulong lang
review-import = Magbukas ng talaan
review-import-label = Idikit ang talaan ng isang laro (gaya ng kinukuha sa pahina ng pagbalik sa laro) o pumili ng talaksan.
review-import-go = Buksan
review-import-bad = Hindi mabasa ang talaang ito: { $why }

musashi-review-setup-hint = I-tap ang isang punto para palitan ito: walang laman, Anak, Magulang.
musashi-review-moves-made = Mga galaw ng Mga Anak hanggang ngayon
dots-review-setup-hint = I-tap ang isang linya para ilagay o burahin ito.
bagh-chal-review-setup-hint = I-tap ang punto para palitan: bakante, kambing, tigre. Hawak pa ang mga kambing na wala sa board.
dots-review-first-player = Unang manlalaro
dots-review-second-player = Ikalawang manlalaro

## What search results and link previews show under the title of these pages.
meta-replay-description = Isang tapos na laro sa qdan, galaw-galaw, kasama ang pagsusuri ng bawat galaw.
meta-games-description = Mga tapos na laro sa qdan: kalaban, resulta, petsa, at balikan ang bawat isa.
meta-analysis-description = Ihanda ang anumang ayos ng { $game } at tingnan ang eksaktong halaga ng bawat legal na galaw.
replay-board-label = Board sa ipinapakitang galaw. Inililipat dito ng mga arrow key ang cursor; walang nilalaro rito.
