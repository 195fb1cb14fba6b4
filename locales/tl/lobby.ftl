# Ang tambayan sa pahina ng bawat laro: mabilis na pagpapares at mga hamong naghihintay (web/lobby.js).
lobby-title = Makipaglaro sa iba
lobby-text = Sa isang pindot, makahanap ng kalarong kapantay mo, o tanggapin ang hamon ng iba.
lobby-online = { $count ->
    [one] { $count } manlalaro ang narito ngayon
   *[other] { $count } na manlalaro ang narito ngayon
}
lobby-quick = Mabilis na pagpapares (ranked na laro, karaniwang patakaran ng site)
lobby-waiting-count = { $count ->
    [0] walang naghihintay
    [one] { $count } ang naghihintay
   *[other] { $count } ang naghihintay
}
lobby-searching = Naghahanap ng kalaban… { $seconds } s
lobby-cancel = Kanselahin
lobby-challenges = Mga hamong naghihintay
lobby-none = Walang hamong naghihintay ngayon. Gumawa ng isa sa ibaba, o gamitin ang mabilis na pagpapares.
lobby-accept = Laruin
lobby-withdraw = Bawiin
lobby-new = Magbukas ng hamon
lobby-open = Buksan ang hamon
lobby-ranked = Ranked na laro
lobby-casual = Walang rating
lobby-unrated-player = wala pang rating
lobby-gone = Hindi na matatanggap ang hamong iyon.
lobby-too-many = Hanggang { $max } hamon lang ang puwedeng maghintay nang sabay.
play-no-show = Hindi dumating sa mesa ang kalaban mo, kaya walang larong naitala.
play-no-show-back = Bumalik sa paghahanap ng kalaro
# Laro laban sa CPU habang naghihintay sa mabilis na pagpapares.
lobby-cpu-offer = Makipaglaro sa CPU habang naghihintay
lobby-cpu-level = Antas
lobby-cpu-keep = Panatilihin ang puwesto ko sa mabilis na pagpapares
lobby-cpu-play = Laruin ang CPU
lobby-pool-kept = Nakalaan pa rin ang puwesto mo sa mabilis na pagpapares: kapag may nakitang kalaban, matatapos ang larong ito na walang rating at lilipat ka sa bagong mesa.
lobby-pool-leave = Umalis sa mabilis na pagpapares
