## Pahina ng grupo: mga upuan, turno, orasan, mga aksyon, imbitasyon, patakaran, resulta, anunsyo.

play-you = ikaw
play-host = host
play-join = Sumali sa laro
play-seat-empty = Naghihintay ng manlalaro…
play-seat-away = Wala: CPU muna ang gumagalaw para sa kanya
play-seat-offline = Kumokonekta muli…
play-seat-gone = Wala sa mesa
play-cpu-name = CPU ({ $level })
play-rating = Rating { $rating }
play-turn-you = Ikaw na
play-turn-other = Turno ni { $name }
play-waiting = Naghihintay ng ikalawang manlalaro. Ipadala ang link ng imbitasyon.
play-watching = Nanonood ka ng larong ito.
play-invited = Inaanyayahan ka ni { $name } na maglaro.
play-spectators = { $count } manonood
play-clock-label = Natitirang oras sa galaw na ito
play-clock = { $seconds } s
play-game-number = Laro { $n }
play-ranked-badge = Ranked

play-resign = Sumuko
play-resign-confirm = Susuko ka sa larong ito?
play-resign-yes = Oo, susuko ako
play-cancel = Kanselahin
play-undo = Bawiin
play-undo-request = Hilinging bawiin
play-undo-asked = Gustong bawiin ni { $name } ang huling galaw.
play-undo-accept = Payagan
play-undo-decline = Tanggihan
play-undo-waiting = Hinihintay ang sagot ni { $name }…
play-undo-declined = Tinanggihan ni { $name } ang pagbawi. Puwede kang humiling muli pagkalipas ng { $wait } segundo.
play-hint = Pahiwatig
play-hint-thinking = Nag-iisip…
play-cpu-thinking = Nag-iisip ang CPU…
play-cpu-failed = Hindi makalkula ng CPU ang galaw nito sa device na ito. Ang server na ang gagawa nito maya-maya.
play-cpu-retry = Subukan ulit
play-hint-shown = Mungkahing galaw: { $move }
play-hint-none = Walang mungkahi para sa ayos na ito.
play-rematch = Laruin muli
play-new-opponent = Bagong kalaban
play-rematch-waiting = Hinihintay si { $name } na maglaro muli…
play-rematch-asked = Gustong maglaro muli ni { $name }.
play-sound = Tunog ng galaw

play-result-you-won = Panalo ka!
play-result-you-lost = Talo ka
play-result-won = Panalo si { $name }
play-result-draw = Tabla
play-reason-trapped = Nakulong ng Mga Anak ang Magulang: wala na siyang bakanteng punto na mapupuntahan.
play-reason-target-reached = Nakakuha ang Magulang ng { $target } Anak.
play-reason-children-no-move = Wala nang legal na galaw ang Mga Anak.
play-reason-move-limit = Gumawa ang Mga Anak ng { $limit } galaw pero hindi nila nakulong ang Magulang.
play-reason-resignation = Sumuko si { $name }.
play-reason-boxes = Nakuha na ang lahat ng square: { $score0 } laban sa { $score1 }.
play-reason-tigers-blocked = Nakulong ng mga kambing ang mga tigre: walang tigreng makagalaw.
play-reason-goats-blocked = Wala nang legal na galaw ang mga kambing.
play-rating-heading = Ranked na laro: bagong rating
play-rating-change = { $name }: { $before } → { $after } ({ $change })
play-unrated = Hindi na-rate: binibilang lang ang ranked na laro kapag parehong nakagalaw na ang dalawang manlalaro, binibilang lang ang panalo o tabla kung hindi kailanman gumalaw ang CPU para sa nanalo (sa tabla, para sa alinman sa dalawa), at hanggang 3 laro lang bawat araw ang binibilang sa pagitan ng parehong dalawang manlalaro.

play-invite-heading = Mag-imbita ng kaibigan
play-invite-text = Ipadala ang link na ito. Ang unang dalawang uupo ang maglalaro; manonood ang iba.
play-invite-copy = Kopyahin ang link
play-invite-copied = Nakopya ang link.

play-settings-heading = Patakaran sa susunod na laro
play-settings-host = Ikaw ang host: sa susunod na laro magsisimula ang mga pagbabago, pero agad ang limitasyon ng oras.
play-settings-readonly = Ang host lang ang makakapagbago nito.
play-settings-save = I-save ang patakaran
play-settings-saved = Na-save. Ito ang patakaran sa susunod na laro.
play-turn-limit = Oras bawat galaw
play-turn-limit-none = Walang limitasyon
play-turn-limit-seconds = { $seconds } segundo
play-ranked = Ranked na laro
play-ranked-hint = May rating ayon sa Glicko-2, para lang sa laro ng dalawang tao.
play-on = Naka-on
play-off = Naka-off

play-name-label = Pangalan mo
play-name-save = I-save ang pangalan
play-name-refused = Hindi puwede ang pangalang ito: kailangan nito ng titik na nakikita, at walang di-nakikitang karakter o karakter na nagbabago ng direksiyon ng teksto.

play-conn-lost = Naputol ang koneksyon. Kumokonekta muli…
play-conn-back = Nakakonekta na muli.
play-not-found = Walang ganitong laro. Suriin ang link.
play-board-label = Board ng laro. Inililipat ng mga arrow key ang cursor, pumipili ang Enter o Space, kinakansela ng Escape.
play-by-cpu-away = CPU ang gumalaw para sa manlalarong wala
play-by-timeout = naubos ang oras, CPU ang gumalaw

announce-joined = Umupo si { $name }.
announce-away = Wala si { $name }; CPU muna ang gumagalaw para sa kanya.
announce-back = Bumalik si { $name }.
announce-undo =
    { $plies ->
        [one] Binawi ang isang galaw.
       *[other] Binawi ang { $plies } galaw.
    }
announce-new-game = Nagsimula ang bagong laro.
announce-settings = Binago ng host ang patakaran sa susunod na laro.
announce-your-turn = Ikaw na.

error-bad-json = Hindi mabasa ang mensahe.
error-unknown-type = Hindi naintindihan ng server ang hiling.
error-bad-field = May hindi wastong halaga sa hiling.
error-hello-first = Hindi pa handa ang koneksyon.
error-bad-token = Hindi nakilala ang device mo. I-reload ang pahina.
error-not-found = Walang ganitong laro.
error-not-seated = Hindi ka naglalaro sa larong ito.
error-seat-taken = May nakaupo na sa upuang iyan.
error-table-full = Puno na ang dalawang upuan; puwede kang manood.
error-not-host = Ang host lang ang makakagawa niyan.
error-stale-ply = Nagbago ang laro habang naghihintay. Tingnan muli.
error-game-over = Tapos na ang laro.
error-game-in-progress = May larong nagpapatuloy pa. Humiling ng susunod kapag tapos na ito.
error-not-your-turn = Hindi mo pa turno.
error-off-board = Wala sa board ang puntong iyan.
error-not-your-piece = Hindi mo piyesa iyan.
error-not-a-line = Isang hakbang sa linya ang galaw ng piyesa.
error-occupied = May nakalagay na sa puntong iyan.
error-repetition = Hindi maaaring ulitin ng Mga Anak ang isang ayos.
error-already-drawn = Naiguhit na ang linyang iyan.
error-must-place = May hawak pang kambing: maglagay ng isa sa bakanteng punto.
error-cannot-place = Mga kambing lang ang naglalagay, at habang may hawak pa.
error-no-jump = Tumatalon ang tigre sa isang kambing papunta sa bakanteng punto sa likod nito.
error-bad-move = Hindi posible ang galaw na iyan.
error-no-undo = Walang galaw na mababawi.
error-undo-wait = Maghintay ng { $wait } segundo bago humiling muli.
error-undo-pending = May hiling na bawiin na naghihintay pa ng sagot.
error-not-vs-cpu = Laban lang sa CPU.
error-rate-limited = Masyadong mabilis. Sandali lang.
error-too-many-groups = May { $max } laro ka nang naghihintay na malaro. Laruin ang isa sa mga iyon, o magbukas ng bago mamaya.
error-too-many-sockets = Masyadong maraming koneksyon mula sa network mo ({ $max }). Magsara ng isang tab, saka subukan muli.
error-too-large = Masyadong malaki ang mensahe.
error-internal = May nagkaproblema sa server. Subukan muli.
error-table-moved = Lumipat sa ibang server ang larong ito. Muling kumokonekta at ipinapadala ulit ang iyong galaw…
error-disconnected = Walang koneksyon ngayon. Subukan muli mamaya.
error-network = Hindi maabot ang server. Subukan muli.
