## समूह का पन्ना: सीटें, बारी, घड़ी, बटन, न्योता, नियम, नतीजे, घोषणाएँ।

play-you = आप
play-host = मेज़बान
play-join = खेल में शामिल हों
play-seat-empty = खिलाड़ी का इंतज़ार…
play-seat-away = मौजूद नहीं: अभी उनकी जगह CPU खेल रहा है
play-seat-offline = फिर से जुड़ रहा है…
play-seat-gone = मेज़ पर नहीं हैं
play-cpu-name = CPU ({ $level })
play-rating = रेटिंग { $rating }
play-turn-you = आपकी बारी
play-turn-other = { $name } की बारी
play-waiting = दूसरे खिलाड़ी का इंतज़ार है। न्योते का लिंक भेजें।
play-watching = आप यह खेल देख रहे हैं।
play-invited = { $name } आपको खेलने के लिए बुला रहे हैं।
play-spectators =
    { $count ->
        [one] { $count } दर्शक
       *[other] { $count } दर्शक
    }
play-clock-label = इस चाल के लिए बचा समय
play-clock = { $seconds } सेकंड
play-game-number = खेल { $n }
play-ranked-badge = रैंक वाला

play-resign = हार मानें
play-resign-confirm = इस खेल में हार मान लें?
play-resign-yes = हाँ, हार मानें
play-cancel = रद्द करें
play-undo = चाल वापस लें
play-undo-request = चाल वापसी माँगें
play-undo-asked = { $name } आख़िरी चाल वापस लेना चाहते हैं।
play-undo-accept = मंज़ूर करें
play-undo-decline = मना करें
play-undo-waiting = { $name } के जवाब का इंतज़ार…
play-undo-declined = { $name } ने चाल वापस लेने से मना कर दिया। { $wait } सेकंड बाद फिर पूछ सकते हैं।
play-hint = संकेत
play-hint-thinking = सोच रहा है…
play-cpu-thinking = CPU सोच रहा है…
play-cpu-failed = CPU इस डिवाइस पर अपनी चाल तय नहीं कर सका। थोड़ी देर में सर्वर यह चाल चलेगा।
play-cpu-retry = फिर से कोशिश करें
play-hint-shown = सुझाई गई चाल: { $move }
play-hint-none = इस स्थिति के लिए कोई सुझाव नहीं है।
play-rematch = फिर खेलें
play-new-opponent = नया प्रतिद्वंद्वी
play-rematch-waiting = { $name } के फिर खेलने का इंतज़ार…
play-rematch-asked = { $name } फिर खेलना चाहते हैं।
play-sound = चाल की आवाज़

play-result-you-won = आप जीते!
play-result-you-lost = आप हारे
play-result-won = { $name } जीते
play-result-draw = बराबरी
play-reason-trapped = बच्चों ने जनक को घेर लिया: उसके पास जाने को कोई ख़ाली बिंदु नहीं।
play-reason-target-reached = जनक ने { $target } बच्चे ले लिए।
play-reason-children-no-move = बच्चों के पास कोई वैध चाल नहीं बची।
play-reason-move-limit = बच्चों ने { $limit } चालें चलीं, पर जनक को नहीं घेर पाए।
play-reason-resignation = { $name } ने हार मान ली।
play-reason-boxes = सभी डिब्बे ले लिए गए: { $score0 } बनाम { $score1 }।
play-reason-tigers-blocked = बकरियों ने बाघों को घेर लिया: कोई बाघ चल नहीं सकता।
play-reason-goats-blocked = बकरियों के पास कोई वैध चाल नहीं बची।
play-rating-heading = रैंक वाला खेल: नई रेटिंग
play-rating-change = { $name }: { $before } → { $after } ({ $change })
play-unrated = रेटिंग नहीं बदली: रैंक वाला खेल तभी गिना जाता है जब दोनों खिलाड़ी एक चाल चल चुके हों, जीत या ड्रॉ तभी गिना जाता है जब CPU ने जीतने वाले की जगह (ड्रॉ में किसी भी खिलाड़ी की जगह) कभी चाल न चली हो, और एक ही दो खिलाड़ियों के बीच दिन में ज़्यादा से ज़्यादा 3 खेल गिने जाते हैं।

play-invite-heading = दोस्त को बुलाएँ
play-invite-text = यह लिंक भेजें। पहले बैठने वाले दो लोग खेलते हैं; बाक़ी देखते हैं।
play-invite-copy = लिंक कॉपी करें
play-invite-copied = लिंक कॉपी हो गया।

play-settings-heading = अगले खेल के नियम
play-settings-host = आप मेज़बान हैं: बदलाव अगले खेल से लागू होंगे, समय सीमा तुरंत।
play-settings-readonly = इन्हें केवल मेज़बान बदल सकता है।
play-settings-save = नियम सहेजें
play-settings-saved = सहेजा गया। अगला खेल इन नियमों से होगा।
play-turn-limit = हर चाल का समय
play-turn-limit-none = कोई सीमा नहीं
play-turn-limit-seconds = { $seconds } सेकंड
play-ranked = रैंक वाला खेल
play-ranked-hint = Glicko-2 से रेटिंग, केवल दो लोगों के बीच।
play-on = चालू
play-off = बंद

play-name-label = आपका नाम
play-name-save = नाम सहेजें
play-name-refused = यह नाम नहीं रखा जा सकता: इसमें कम से कम एक दिखने वाला अक्षर चाहिए, और कोई अदृश्य या लिखने की दिशा बदलने वाला चिह्न नहीं।

play-conn-lost = कनेक्शन टूट गया। फिर से जुड़ रहे हैं…
play-conn-back = फिर से जुड़ गए।
play-not-found = यह खेल मौजूद नहीं है। लिंक जाँचें।
play-board-label = खेल का बोर्ड। तीर कुंजियाँ कर्सर चलाती हैं, Enter या Space से चुनें, Escape से रद्द करें।
play-by-cpu-away = अनुपस्थित खिलाड़ी की जगह CPU ने चाल चली
play-by-timeout = समय ख़त्म हुआ, CPU ने चाल चली

announce-joined = { $name } बैठ गए।
announce-away = { $name } मौजूद नहीं हैं; अभी उनकी जगह CPU खेल रहा है।
announce-back = { $name } वापस आ गए।
announce-undo =
    { $plies ->
        [one] एक चाल वापस ली गई।
       *[other] { $plies } चालें वापस ली गईं।
    }
announce-new-game = नया खेल शुरू हुआ।
announce-settings = मेज़बान ने अगले खेल के नियम बदले।
announce-your-turn = आपकी बारी।

error-bad-json = संदेश पढ़ा नहीं जा सका।
error-unknown-type = सर्वर अनुरोध नहीं समझ सका।
error-bad-field = अनुरोध में कोई मान मान्य नहीं है।
error-hello-first = कनेक्शन अभी तैयार नहीं है।
error-bad-token = आपका डिवाइस पहचाना नहीं गया। पन्ना फिर से लोड करें।
error-not-found = यह खेल मौजूद नहीं है।
error-not-seated = आप इस खेल में नहीं खेल रहे हैं।
error-seat-taken = यह सीट पहले से ली गई है।
error-table-full = दोनों सीटें भरी हैं; आप देख सकते हैं।
error-not-host = यह केवल मेज़बान कर सकता है।
error-stale-ply = इस बीच खेल आगे बढ़ गया। फिर से देखें।
error-game-over = खेल ख़त्म हो चुका है।
error-game-in-progress = खेल अभी चल रहा है। यह ख़त्म होने पर अगला खेल माँगें।
error-not-your-turn = अभी आपकी बारी नहीं है।
error-off-board = यह बिंदु बोर्ड पर नहीं है।
error-not-your-piece = यह आपका मोहरा नहीं है।
error-not-a-line = मोहरे रेखा पर एक कदम चलते हैं।
error-occupied = यह बिंदु भरा है।
error-repetition = बच्चे कोई स्थिति दोहरा नहीं सकते।
error-already-drawn = यह रेखा पहले से खींची गई है।
error-must-place = अभी बकरियाँ हाथ में हैं: एक को किसी खाली बिंदु पर रखें।
error-cannot-place = केवल बकरियाँ रखी जाती हैं, और तभी जब कुछ हाथ में बची हों।
error-no-jump = बाघ एक बकरी के ऊपर से उसके ठीक पीछे वाले खाली बिंदु पर कूदता है।
error-bad-move = यह चाल संभव नहीं है।
error-no-undo = वापस लेने को कोई चाल नहीं है।
error-undo-wait = फिर पूछने से पहले { $wait } सेकंड रुकें।
error-undo-pending = चाल वापसी का एक अनुरोध पहले से खुला है।
error-not-vs-cpu = केवल CPU के ख़िलाफ़।
error-rate-limited = बहुत तेज़। थोड़ा रुकें।
error-too-many-groups = आपके { $max } खेल पहले से खेले जाने की प्रतीक्षा में हैं। उनमें से एक खेलें, या बाद में नया खेल खोलें।
error-too-many-sockets = आपके नेटवर्क से बहुत अधिक कनेक्शन हैं ({ $max })। एक टैब बंद करें, फिर से कोशिश करें।
error-too-large = संदेश बहुत बड़ा था।
error-internal = सर्वर पर कुछ गड़बड़ हुई। फिर से कोशिश करें।
error-table-moved = यह खेल दूसरे सर्वर पर चला गया है। फिर से जुड़कर आपकी चाल दोबारा भेजी जा रही है…
error-disconnected = अभी कनेक्शन नहीं है। थोड़ी देर में फिर कोशिश करें।
error-network = सर्वर तक नहीं पहुँच सके। फिर से कोशिश करें।
