## Ang binabasa ng mga search engine at ng mga preview ng link: paglalarawan ng bawat pahina at share card.
## Ang server lang ang naglalagay ng mga ito; hindi kailanman nilo-load ng browser ang file na ito.

meta-learn-description = Matutunan ang { $game } sa loob ng tatlong minuto gamit ang totoong mga galaw sa board, saka laruin ang una mong laro laban sa CPU.
meta-leaderboard-description = Ang pinakamahuhusay na manlalaro ng { game-musashi }, { game-dots } at { game-bagh-chal } sa qdan, may rating ayon sa Glicko-2 mula sa mga ranked na laro ng dalawang tao.
meta-invite-title = Laro ng { $game }: umupo o manood
meta-invite-description = Buksan ang link para laruin ang { $game } sa browser. Ang unang dalawang uupo ang maglalaro; manonood ang iba. Libre, walang rehistrasyon.
meta-invite-any-title = Laro sa qdan: umupo o manood
meta-invite-any-description = Buksan ang link para maglaro sa browser. Ang unang dalawang uupo ang maglalaro; manonood ang iba. Libre, walang rehistrasyon.
meta-image-musashi = Ang board ng { game-musashi } sa simula: ang Magulang sa gitna, labing-anim na Anak sa gilid.
meta-image-dots = Board ng { game-dots }: mga tuldok, ilang iginuhit na linya at isang nakuhang square.
meta-image-bagh-chal = Ang board ng { game-bagh-chal } sa simula: isang tigre sa bawat sulok, dalawampung kambing na hawak pa.
meta-image-site = Ang mga board ng { game-musashi }, { game-dots } at { game-bagh-chal }.
