## Mga Tuldok at Square: mga panig, puntos, lokal na patakaran, anunsyo at aralin.

dots-first = unang gagalaw
dots-second = ikalawang gagalaw
dots-score = { $boxes } square
dots-extra-turn = Nakasara ng square si { $name } at guguhit muli.
dots-extra-turn-you = Nakasara ka ng square: gumuhit muli!
dots-announce-line = Gumuhit ng linya si { $name }.
dots-announce-box =
    { $count ->
        [one] Gumuhit ng linya si { $name } at nakakuha ng isang square.
       *[other] Gumuhit ng linya si { $name } at nakakuha ng { $count } square.
    }
dots-edge-h = Pahalang na linya, hilera { $row }, mula sa tuldok { $col }
dots-edge-v = Patayong linya, hanay { $col }, mula sa hilera { $row }
dots-opt-size = Laki ng board
dots-size = Lapad { $w } × taas { $h }
dots-opt-swapFirst = Palitan ang mauuna kapag muling naglaro

learn-dots-1-title = Pagguhit ng linya
learn-dots-1-text = Magsalitan sa pagguhit ng isang linya sa pagitan ng magkatabing tuldok. I-tap ang pagitan ng dalawang tuldok para gumuhit.
learn-dots-2-title = Pagsara ng square
learn-dots-2-text = Sa gumuhit ng ikaapat na gilid mapupunta ang square: lalabas ang icon mo at guguhit ka muli. Isara ang square na may tatlong gilid na.
learn-dots-3-title = Ang ikatlong gilid
learn-dots-3-text = Kapag iginuhit mo ang ikatlong gilid ng square, naibibigay mo ito sa kalaban. Gumuhit ng linyang hindi gumagawa ng ikatlong gilid.
learn-dots-4-title = Mga kadena
learn-dots-4-text = Ang magkakadugtong na square sa pamamagitan ng mga ikatlong gilid ay bumubuo ng kadena. Kunin ang buong kadena: gumuhit lang habang may naisasarang square.
