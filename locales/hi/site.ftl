## सभी पन्नों के लिए: ढाँचा, मुख्य पन्ना, खेल के पन्ने, लीडरबोर्ड।

site-name = qdan
site-description = जुरोकु मुसाशी, बिंदु और डिब्बे, और बाघ-चाल ब्राउज़र में किसी दोस्त के साथ या CPU के ख़िलाफ़ खेलें। मुफ़्त, बिना रजिस्ट्रेशन।
skip-to-content = सामग्री पर जाएँ
nav-label = मुख्य मेन्यू
nav-games = खेल
nav-leaderboard = लीडरबोर्ड
nav-language = भाषा
footer-text = qdan: ब्राउज़र में क्लासिक बोर्ड गेम। मुफ़्त, बिना रजिस्ट्रेशन, फ़ोन और कंप्यूटर पर।

home-title = दोस्त के साथ या CPU से बोर्ड गेम
home-heading = क्लासिक बोर्ड गेम, सीधे आपके ब्राउज़र में
home-intro = दोस्त को लिंक भेजें, किसी खेल के पेज पर दूसरा खिलाड़ी ढूँढें या CPU से खेलें। बिना रजिस्ट्रेशन, फ़ोन या कंप्यूटर पर।
home-play = खेलें

game-musashi = जुरोकु मुसाशी
game-musashi-summary = रेखाओं वाले बोर्ड पर एक जनक और सोलह बच्चे। जनक दो बच्चों के बीच जाकर दोनों को ले लेता है; बच्चे उसके सभी रास्ते बंद करके जीतते हैं।
game-dots = बिंदु और डिब्बे
game-dots-summary = दो लोगों के लिए काग़ज़-पेंसिल का क्लासिक खेल। बारी-बारी बिंदुओं के बीच रेखा खींचें; डिब्बा पूरा करने वाला उसे ले लेता है और फिर से चलता है। जिसके डिब्बे ज़्यादा, वह जीतता है।
game-bagh-chal = बाघ-चाल
game-bagh-chal-summary = बाघ और बकरियाँ, नेपाल का राष्ट्रीय खेल। चार बाघ बीस बकरियों का शिकार करते हैं: बाघ कूदकर बकरी पकड़ते हैं, और बकरियाँ तब जीतती हैं जब कोई बाघ चल न सके।
game-learn = बोर्ड पर सीखें (3 मिनट)
game-learn-text = असली चालों के साथ एक छोटा पाठ।
game-play-friend = दोस्त के साथ खेलें
game-play-friend-text = आपको भेजने के लिए एक लिंक मिलेगा। रजिस्ट्रेशन की ज़रूरत नहीं।
game-play-cpu = CPU से खेलें
game-play-cpu-text = स्तर चुनें:
game-play-cpu-start = CPU से खेल शुरू करें
game-rules = नियम
game-rules-text = कैसे खेलें, स्थानीय नियम और शब्दावली।
game-creating = खेल खुल रहा है…

level-beginner = शुरुआती
level-intermediate = मध्यम
level-expert = माहिर

leaderboard-title = लीडरबोर्ड
leaderboard-intro = दो लोगों के बीच रैंक वाले खेल, Glicko-2 से रेटिंग। बराबरी को आधी जीत गिना जाता है।
leaderboard-how = रैंक वाले खेल की रेटिंग कब होती है
leaderboard-rank = स्थान
leaderboard-player = खिलाड़ी
leaderboard-rating = रेटिंग
leaderboard-games = खेल
leaderboard-empty = अभी कोई रैंक वाला खेल नहीं हुआ। यहाँ दिखने के लिए समूह में “रैंक वाला खेल” चालू करें।
leaderboard-error = लीडरबोर्ड लोड नहीं हो सका।
leaderboard-tag = एक ही नाम वाले खिलाड़ियों को अलग पहचानने का निशान

not-found-title = पन्ना नहीं मिला
not-found-text = इस पते पर कुछ नहीं है। शायद लिंक अधूरा है।
group-missing-title = इस लिंक पर कोई खेल नहीं है
group-missing-text = हो सकता है न्योते के लिंक में कोई अक्षर ग़लत हो या वह अधूरा हो। दोस्त से लिंक दोबारा माँगें, या यहाँ नया खेल शुरू करें:

group-title = खेल { $code }
group-loading = लोड हो रहा है…
player-default-name = खिलाड़ी { $number }

learn-title = { $game }: बोर्ड पर सीखें
learn-prev = पीछे
learn-next = आगे
learn-back = { $game } पर वापस
learn-step = चरण { $step } / { $steps }
learn-good = बहुत बढ़िया!
learn-try-again = यह नहीं। फिर से कोशिश करें।
learn-finished = बस इतना ही जानना है। अब एक खेल खेलें!
learn-play-friend = दोस्त के साथ खेलें
learn-play-cpu = CPU से खेलें
