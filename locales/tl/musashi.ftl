## Juroku Musashi: mga piyesa, board, lokal na patakaran, anunsyo at aralin.

musashi-parent = Magulang
musashi-children = Mga Anak
musashi-you-parent = Ikaw ang Magulang
musashi-you-children = Ikaw ang Mga Anak
musashi-taken = Nakuhang Anak: { $taken } sa { $target }
musashi-moves = Galaw ng Mga Anak: { $n }/{ $limit }
musashi-moves-nolimit = Galaw ng Mga Anak: { $n }
musashi-danger-legend = Putol-putol na bilog: Mga Anak na maaaring kunin ng Magulang sa susunod. Numero: ilan ang makukuha roon.
musashi-announce-parent = Magulang: { $from } papuntang { $to }.
musashi-announce-children = Mga Anak: { $from } papuntang { $to }.
musashi-announce-take = Nakakuha ng { $count } Anak.
musashi-point-empty = { $point }, bakante
musashi-point-parent = { $point }, Magulang
musashi-point-child = { $point }, Anak
musashi-selected = Napili ang { $point }. Piliin kung saan pupunta.

musashi-opt-first = Unang gagalaw
musashi-opt-first-parent = Magulang
musashi-opt-first-children = Mga Anak
musashi-opt-target = Target ng Magulang
musashi-opt-target-10 = Kunin ang 10 (karaniwan)
musashi-opt-target-6 = Kunin ang 6
musashi-opt-limit = Hangganan ng galaw ng Mga Anak
musashi-opt-limit-100 = 100 galaw (karaniwan)
musashi-opt-limit-none = Walang hangganan
musashi-opt-board = Hugis ng board
musashi-opt-board-33 = 33 punto, may Setchin (karaniwan)
musashi-opt-board-25 = Parisukat na 25 punto (Edo)
musashi-opt-swapRoles = Palit-papel kapag inulit
musashi-opt-showDanger = Ipakita ang Mga Anak na nanganganib
