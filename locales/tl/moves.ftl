# Ang mga galaw sa tabi ng board habang naglalaro (web/play/move-list.js).
play-moves-heading = Mga galaw
play-moves-none = Wala pang galaw.
# Isang galaw ayon sa screen reader: ang numero, ang panig na gumalaw, at ang galaw.
play-moves-move = { $number }. { $side }: { $move }
# Isang tira na iba ang salita sa nakasulat sa button (Dots): una ang nakasulat, para mahanap
# ng voice control ang button sa nakikitang pangalan, saka ang mga salita.
play-moves-written = { $notation } ({ $move })
# Sa itaas ng listahan habang nasa board ang naunang ayos.
play-moves-viewing = Galaw { $ply } sa { $total }
play-moves-start = Simulang ayos
play-moves-back = Bumalik sa laro
play-moves-keys = Gamitin ang mga arrow key para lumipat sa bawat galaw; ipinapakita ng board ang bawat ayos, at tuloy ang laro.
