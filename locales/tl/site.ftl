## Para sa lahat ng pahina: balangkas, home, mga pahina ng laro, leaderboard.

site-name = qdan
site-description = Laruin ang Juroku Musashi, Mga Tuldok at Square, at Bagh-Chal sa browser, kasama ang kaibigan o laban sa CPU. Libre at walang rehistrasyon.
skip-to-content = Lumaktaw sa nilalaman
nav-label = Pangunahing menu
nav-games = Mga laro
nav-leaderboard = Leaderboard
nav-language = Wika
footer-text = qdan: mga klasikong board game sa browser. Libre, walang rehistrasyon, sa phone o computer.

home-title = Mga board game kasama ang kaibigan o laban sa CPU
home-heading = Mga klasikong board game, diretso sa browser mo
home-intro = Magpadala ng link sa kaibigan, humanap ng ibang manlalaro sa pahina ng isang laro, o lumaban sa CPU. Walang rehistrasyon, sa phone o computer.
home-play = Maglaro

game-musashi = Juroku Musashi
game-musashi-summary = Isang Magulang laban sa labing-anim na Anak sa board na may mga linya. Kinukuha ng Magulang ang dalawang Anak kapag pumasok siya sa pagitan nila; nananalo ang Mga Anak kapag naisara nila ang lahat ng labasan niya.
game-dots = Mga Tuldok at Square
game-dots-summary = Klasikong larong papel at lapis para sa dalawa. Magsalitan sa pagguhit ng linya sa pagitan ng mga tuldok; ang nakasara ng square ang kukuha nito at guguhit muli. Panalo ang may pinakamaraming square.
game-bagh-chal = Bagh-Chal
game-bagh-chal-summary = Mga Tigre at Kambing, ang pambansang laro ng Nepal. Apat na tigre ang humahabol sa dalawampung kambing: tumatalon ang tigre para manghuli, at panalo ang mga kambing kapag wala nang tigreng makagalaw.
game-learn = Matuto sa board (3 min)
game-learn-text = Maikling aralin na may totoong mga galaw.
game-play-friend = Kasama ang kaibigan
game-play-friend-text = May makukuha kang link na ipapadala. Walang rehistrasyon.
game-play-cpu = Laban sa CPU
game-play-cpu-text = Pumili ng antas:
game-play-cpu-start = Simulan ang laro laban sa CPU
game-rules = Patakaran
game-rules-text = Paano maglaro, mga lokal na patakaran at mga termino.
game-creating = Binubuksan ang laro…

level-beginner = Baguhan
level-intermediate = Katamtaman
level-expert = Eksperto

leaderboard-title = Leaderboard
leaderboard-intro = Mga ranked na laro ng dalawang tao, may rating ayon sa Glicko-2. Kalahating panalo ang tabla.
leaderboard-how = Kailan may rating ang ranked na laro
leaderboard-rank = Puwesto
leaderboard-player = Manlalaro
leaderboard-rating = Rating
leaderboard-games = Mga laro
leaderboard-empty = Wala pang ranked na laro. I-on ang “Ranked na laro” sa isang grupo para lumabas dito.
leaderboard-error = Hindi ma-load ang leaderboard.
leaderboard-tag = Pantukoy sa mga manlalarong magkapareho ang pangalan

not-found-title = Hindi makita ang pahina
not-found-text = Walang laman ang address na ito. Baka kulang ang link.
group-missing-title = Walang laro sa link na ito
group-missing-text = Baka mali ang pagkakatipa o putol ang link ng imbitasyon. Hilingin ulit ang link, o magsimula ng bagong laro rito:

group-title = Laro { $code }
group-loading = Naglo-load…
player-default-name = Manlalaro { $number }

learn-title = { $game }: matuto sa board
learn-prev = Bumalik
learn-next = Susunod
learn-back = Bumalik sa { $game }
learn-step = Hakbang { $step } sa { $steps }
learn-good = Magaling!
learn-try-again = Hindi iyan. Subukan muli.
learn-finished = Iyan lang ang kailangan mo. Maglaro na!
learn-play-friend = Kasama ang kaibigan
learn-play-cpu = Laban sa CPU
