## खेल के बाद: समीक्षा, खेल दोबारा देखना, आपके खेल, किसी खिलाड़ी के खेल, विश्लेषण बोर्ड।

review-nav-my-games = आपके खेल

review-heading = समीक्षा
review-pending = समीक्षा तैयार हो रही है…
review-unavailable = इस खेल की कोई समीक्षा नहीं है।
review-chart-label = हर चाल के बाद खेल का मूल्य: ऊपर का मतलब है ग्राफ़ के ऊपर लिखे पक्ष के लिए अच्छा।
review-chart-side = ऊपर का मतलब है { $name } के लिए अच्छा।
review-all-exact = हर मूल्य सटीक है।
review-none-exact = हर मूल्य अनुमान है (टूटी रेखा)।
review-exact-from = चाल { $ply } से सटीक; उससे पहले टूटी रेखा: अनुमान।
review-turning-none = किसी चाल ने नतीजा नहीं बदला।
review-turning-none-estimated = किसी चाल के बारे में यह पता नहीं कि उसने नतीजा बदला: कुछ मूल्य अनुमान हैं।
review-turn-move = चाल { $ply }
review-turn-you-lost-win = यहाँ आपकी जीत हाथ से निकल गई
review-turn-you-lost-draw = यहाँ आपकी बराबरी हाथ से निकल गई
review-turn-gave-win = यहाँ { $name } ने आपको जीत दे दी
review-turn-gave-draw = यहाँ { $name } ने आपको बराबरी दे दी
review-turn-lost-win = यहाँ { $name } की जीत हाथ से निकल गई
review-turn-lost-draw = यहाँ { $name } की बराबरी हाथ से निकल गई
review-turn-changed = यहाँ नतीजा बदल गया
review-played = खेली गई: { $move } (निशान वाली)
review-best = बेहतर: { $move } (टूटी रेखा)
review-best-none = तय समय में कोई बेहतर चाल नहीं मिली।
review-open-replay = खेल दोबारा देखें

review-win = { $name } जीतते हैं
review-won = { $name } जीत चुके हैं
review-win-in =
    { $moves ->
        [one] { $name } { $moves } चाल में जीतते हैं
       *[other] { $name } { $moves } चालों में जीतते हैं
    }
review-win-by = { $name } { $boxes } डिब्बों के अंतर से जीतते हैं
review-draw = बराबरी
review-estimate-ahead = { $name } आगे हैं (अनुमान)
review-estimate-by = { $name } लगभग { $boxes } डिब्बों से आगे हैं (अनुमान)
review-estimate-even = बराबर की टक्कर (अनुमान)

review-replay-title = खेल { $number } दोबारा देखें
review-replay-heading = { $game }, खेल { $number }
review-replay-players = { $first } बनाम { $second }
review-replay-missing = यह खेल नहीं है, या अभी ख़त्म नहीं हुआ।
review-steps-label = चाल दर चाल
review-step-first = शुरुआत पर
review-step-prev = एक चाल पीछे
review-step-next = एक चाल आगे
review-step-last = अंत पर
review-step-ply = चाल { $ply } / { $total }
review-step-start = शुरुआत ({ $total } चालें)
review-analyse-here = विश्लेषण बोर्ड पर खोलें
review-download = खेल का रिकॉर्ड डाउनलोड करें
review-back-to-group = समूह पर लौटें

review-col-game = खेल
review-col-opponent = प्रतिद्वंद्वी
review-col-result = नतीजा
review-col-date = तारीख़
review-col-replay = दोबारा देखें
review-result-won = जीते
review-result-lost = हारे
review-result-draw = बराबरी
review-replay-link = दोबारा देखें
review-my-games-title = आपके खेल
review-my-games-intro = इस डिवाइस पर खेले गए पूरे खेल, सबसे नया पहले।
review-my-games-empty = इस डिवाइस पर अभी कोई पूरा खेल नहीं है।
review-player-title = रैंक वाले खेल
review-player-heading = { $name }: रैंक वाले खेल
review-player-intro = रैंक वाले खेल सबको दिखते हैं, लीडरबोर्ड की तरह।
review-player-empty = अभी कोई रैंक वाला खेल नहीं।
review-list-error = खेल लोड नहीं हो सके।

review-analysis-title = { $game }: विश्लेषण बोर्ड
review-analysis-value = स्थिति
review-analysis-moves = हर चाल
review-analysis-thinking = हिसाब लग रहा है…
review-analysis-error = इस स्थिति का मूल्य नहीं निकल सका। फिर कोशिश करें।
review-analysis-to-move = { $name } की बारी
review-analysis-over = खेल ख़त्म हो चुका है।
review-analysis-exact = सटीक
review-analysis-setup = स्थिति जमाएँ
review-analysis-play = खेलें
review-analysis-start = शुरुआती स्थिति
review-analysis-clear = सब हटाएँ
review-analysis-turn = किसकी बारी
review-analysis-undo = चाल वापस लें
review-analysis-from = खेल { $number } की चाल { $ply } से
review-target-none = कोई लक्ष्य नहीं: सिर्फ़ घेरकर जीत
review-import = रिकॉर्ड खोलें
review-import-label = किसी खेल का रिकॉर्ड चिपकाएँ (जैसा खेल दोबारा देखने वाला पन्ना डाउनलोड करता है) या फ़ाइल चुनें।
review-import-go = खोलें
review-import-bad = यह रिकॉर्ड पढ़ा नहीं जा सका: { $why }

musashi-review-setup-hint = किसी बिंदु पर टैप करें, वह बदलता जाएगा: खाली, बच्चा, जनक।
musashi-review-moves-made = बच्चों की अब तक की चालें
dots-review-setup-hint = कोई रेखा खींचने या मिटाने के लिए उस पर टैप करें।
bagh-chal-review-setup-hint = किसी बिंदु को बदलने के लिए टैप करें: खाली, बकरी, बाघ। जो बकरियाँ बोर्ड पर नहीं हैं, वे हाथ में हैं।
dots-review-first-player = पहला खिलाड़ी
dots-review-second-player = दूसरा खिलाड़ी

## What search results and link previews show under the title of these pages.
meta-replay-description = qdan पर एक पूरा हुआ खेल, चाल दर चाल, हर चाल की समीक्षा के साथ।
meta-games-description = qdan पर पूरे हुए खेल: विरोधी, नतीजा, तारीख, और हर खेल दोबारा देखने की कड़ी।
meta-analysis-description = { $game } की कोई भी स्थिति बनाइए और हर वैध चाल का सटीक मूल्य देखिए।
replay-board-label = दिखाई गई चाल पर बोर्ड। तीर कुंजियाँ उस पर कर्सर चलाती हैं; यहाँ चाल नहीं चली जाती।
