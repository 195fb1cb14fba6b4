## Mga Tuldok at Square: mga panig, puntos, lokal na patakaran, anunsyo at aralin.

dots-first = unang gagalaw
dots-second = ikalawang gagalaw
dots-score = { $boxes } square
dots-extra-turn = Nakasara ng square si { $name } at guguhit muli.
dots-extra-turn-you = Nakasara ka ng square: gumuhit muli!
dots-announce-line = Gumuhit ng linya si { $name }. { $line }.
dots-announce-box =
    { $count ->
        [one] Gumuhit ng linya si { $name } at nakakuha ng isang square. { $line }.
       *[other] Gumuhit ng linya si { $name } at nakakuha ng { $count } square. { $line }.
    }
dots-edge-h = Pahalang na linya, hilera { $row }, mula sa tuldok { $col }
dots-edge-v = Patayong linya, hanay { $col }, mula sa hilera { $row }
dots-opt-size = Laki ng board
dots-size = Lapad { $w } × taas { $h }
dots-opt-swapFirst = Palitan ang mauuna kapag muling naglaro
dots-refuse-between = I-tap ang pagitan ng dalawang magkatabing tuldok para gumuhit ng linya.
dots-edge-closes =
    { $count ->
        [one] nakakasara ng isang square
       *[other] nakakasara ng { $count } square
    }
dots-edge-offers =
    { $count ->
        [one] nagbibigay ng ikatlong panig sa isang square
       *[other] nagbibigay ng ikatlong panig sa { $count } square
    }
