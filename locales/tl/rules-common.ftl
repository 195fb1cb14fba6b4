## Ang mga pahina ng patakaran: mga heading, ang talahanayan ng default sa site at mga label na pareho sa dalawang laro.

rules-title = { $game }: Patakaran at Paraan ng Paglalaro
rules-learn = Matuto sa board (3 min)
rules-toc = Sa pahinang ito
rules-h-setup = Setup
rules-h-play = Paano maglaro
rules-h-winning = Panalo at puntos
rules-h-ratings = Ranked na laro at rating
rules-h-defaults = Default sa site
rules-h-local-rules = Mga lokal na patakaran
rules-h-terms = Mga termino
rules-h-faq = Mga tanong
# The ranked-games section: when a ranked game is rated (the server’s rules, issue 40).
rules-ratings-intro = Kapag naka-on ang “Ranked na laro” sa isang grupo, binabago ng laro ng dalawang tao ang rating ng parehong manlalaro (ayon sa Glicko-2, makikita sa leaderboard). Hindi kailanman nagkakaroon ng rating ang laro laban sa CPU.
rules-ratings-moved = May rating lang ang ranked na laro kapag nakagawa na ang bawat isa sa dalawang manlalaro ng kahit isang sariling galaw. Kung may isang hindi gumalaw kailanman, halimbawa dahil sumuko o umalis siya bago ang una niyang galaw, matatapos ang laro nang walang rating, gaya ng larong hindi itinuloy. Hindi binibilang ang mga galaw na ginagawa ng CPU para sa manlalarong wala.
rules-ratings-stand-in = Kung gumalaw ang CPU para sa isang manlalaro, dahil wala siya o naubos ang oras niya, walang rating ang panalo o tabla ng manlalarong iyon. May rating pa rin ang talo: hindi naililigtas ng pag-alis sa laro ang rating.
rules-ratings-pair = Sa loob ng anumang 24 na oras, hanggang { $games } ranked na laro lang sa pagitan ng parehong dalawang manlalaro ang may rating, pinagsama ang lahat ng laro. Nilalaro pa rin gaya ng dati ang mga susunod nilang laro, pero hindi na nito binabago ang rating.
rules-ratings-why = Kapag natapos nang walang rating ang isang ranked na laro, sinasabi ito sa dulo ng laro; may bisa pa rin ang resulta nito.
rules-defaults-intro = Ganito tumatakbo ang mga laro sa site na ito. Nasa talahanayan ng lokal na patakaran ang puwedeng baguhin ng grupo ninyo.
rules-col-item = Paksa
rules-col-site = Sa site na ito
rules-row-players = Mga manlalaro
rules-row-players-value = Dalawa. Ang unang dalawang uupo ang maglalaro; nanonood ang iba pang kasapi ng grupo.
rules-row-turn = Limitasyon ng oras sa turno
rules-turn-none = wala
rules-seconds = { $seconds } segundo
rules-row-turn-value = Sa simula ay { $default }. Puwedeng itakda ng host ang { $choices } bawat galaw; kapag naubos ang oras, CPU ang gagawa ng galaw na iyon.
rules-row-leave = Kung may umalis sa gitna
rules-row-leave-value = Buksan muli ang link sa parehong device at babalik ka sa upuan mo. Pagkaraan ng { $away } segundong walang koneksyon ({ $reload } segundo kapag isinara ang pahina), CPU ang gagalaw para sa manlalarong wala habang naroon pa ang kalaban, at titigil ito pagbalik ng manlalaro.
rules-row-draws = Mga tabla
rules-row-source = Pinagmulan ng patakaran
rules-reviewed = Sinuri ng Qdan, Inc. ang patakaran ayon sa mga sangguniang nakasaad sa talahanayan sa itaas.
rules-local-intro = Sumusunod ang default sa mga sangguniang iyon. Mababago ito ng host sa mga setting ng grupo.
rules-local-legend = Default: ang gamit ng site hangga't walang ibang pinipili ang grupo. Mababago: kung puwede itong baguhin ng grupo.
rules-col-name = Pangalan
rules-col-explanation = Paliwanag
rules-col-default = Default
rules-col-changeable = Mababago
rules-changeable-yes = Puwedeng baguhin ng grupo
rules-changeable-no = Hindi
rules-other-choices = Puwede rin: { $choices }
rules-on = Naka-on
rules-off = Naka-off
rules-play = Maglaro sa mga patakarang ito
rules-friend = Kasama ang kaibigan
rules-updated = Huling update { $date } · Pinatatakbo ng Qdan, Inc.
rules-date =
    { $month ->
        [1] Enero
        [2] Pebrero
        [3] Marso
        [4] Abril
        [5] Mayo
        [6] Hunyo
        [7] Hulyo
        [8] Agosto
        [9] Setyembre
        [10] Oktubre
        [11] Nobyembre
       *[12] Disyembre
    } { $day }, { $year }
