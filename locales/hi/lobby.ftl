# हर खेल के पन्ने पर लॉबी: झटपट जोड़ी और खुली चुनौतियाँ (web/lobby.js)।
lobby-title = किसी के साथ खेलें
lobby-text = एक बटन से अपने स्तर का खिलाड़ी पाएँ, या कोई खुली चुनौती स्वीकार करें।
lobby-online = { $count ->
    [one] लॉबी में { $count } खिलाड़ी
   *[other] लॉबी में { $count } खिलाड़ी
}
lobby-quick = झटपट जोड़ी (रेटिंग वाला खेल, साइट के सामान्य नियम)
lobby-waiting-count = { $count ->
    [0] कोई प्रतीक्षा में नहीं
   *[other] { $count } प्रतीक्षा में
}
lobby-searching = प्रतिद्वंद्वी ढूँढ रहे हैं… { $seconds } से॰
lobby-cancel = रद्द करें
lobby-challenges = खुली चुनौतियाँ
lobby-none = अभी कोई खुली चुनौती नहीं है। नीचे अपनी चुनौती खोलें, या झटपट जोड़ी चुनें।
lobby-accept = खेलें
lobby-withdraw = वापस लें
lobby-new = चुनौती खोलें
lobby-open = चुनौती खोलें
lobby-ranked = रेटिंग वाला
lobby-casual = बिना रेटिंग
lobby-unrated-player = अभी कोई रेटिंग नहीं
lobby-gone = यह चुनौती अब खुली नहीं है।
lobby-too-many = आपकी अधिक से अधिक { $max } खुली चुनौतियाँ हो सकती हैं।
play-no-show = आपका प्रतिद्वंद्वी मेज़ पर नहीं आया, इसलिए कोई खेल नहीं हुआ।
play-no-show-back = लॉबी पर लौटें
# झटपट जोड़ी की प्रतीक्षा में CPU से खेल।
lobby-cpu-offer = प्रतीक्षा करते हुए CPU से खेलें
lobby-cpu-level = स्तर
lobby-cpu-keep = झटपट जोड़ी में मेरी जगह बनाए रखें
lobby-cpu-play = CPU से खेलें
lobby-pool-kept = झटपट जोड़ी में आपकी जगह बनी हुई है: प्रतिद्वंद्वी मिलते ही यह बिना रेटिंग वाला खेल समाप्त हो जाएगा और आप नई मेज़ पर पहुँच जाएँगे।
lobby-pool-leave = झटपट जोड़ी छोड़ें
