## नियम पेज: शीर्षक, साइट डिफ़ॉल्ट की तालिका और दोनों खेलों के साझा लेबल।

rules-title = { $game }: नियम और कैसे खेलें
rules-learn = बोर्ड पर सीखें (3 मिनट)
rules-toc = इस पेज पर
rules-h-setup = सेटअप
rules-h-play = कैसे खेलें
rules-h-winning = जीत और स्कोर
rules-h-defaults = इस साइट पर डिफ़ॉल्ट
rules-h-local-rules = स्थानीय नियम
rules-h-terms = शब्दावली
rules-h-faq = आम सवाल
rules-defaults-intro = इस साइट पर खेल ऐसे चलते हैं। आपका समूह क्या बदल सकता है, यह स्थानीय नियमों की तालिका में है।
rules-col-item = विषय
rules-col-site = इस साइट पर
rules-row-players = खिलाड़ी
rules-row-players-value = दो। सबसे पहले बैठने वाले दो लोग खेलते हैं; समूह के बाक़ी लोग देखते हैं।
rules-row-turn = बारी की समय सीमा
rules-turn-none = कोई सीमा नहीं
rules-seconds = { $seconds } सेकंड
rules-row-turn-value = डिफ़ॉल्ट रूप से { $default }। मेज़बान हर चाल के लिए { $choices } रख सकता है; समय ख़त्म होने पर वह चाल CPU चलता है।
rules-row-leave = बीच में कनेक्शन टूटे
rules-row-leave-value = उसी डिवाइस पर लिंक दोबारा खोलें, आप अपनी सीट पर लौट आएँगे। कनेक्शन के बिना { $away } सेकंड बाद (पेज बंद करने पर { $reload } सेकंड बाद) CPU अनुपस्थित खिलाड़ी की जगह चाल चलता है, जब तक दूसरा खिलाड़ी मौजूद है, और उसके लौटते ही रुक जाता है।
rules-row-draws = बराबरी
rules-row-source = नियमों का स्रोत
rules-reviewed = Qdan, Inc. ने नियमों को ऊपर की तालिका में बताए गए स्रोतों से मिलाकर जाँचा है।
rules-local-intro = डिफ़ॉल्ट इन्हीं स्रोतों के अनुसार हैं। समूह का मेज़बान इन्हें समूह की सेटिंग में बदल सकता है।
rules-local-legend = डिफ़ॉल्ट: जब तक समूह कुछ और न चुने, साइट यही इस्तेमाल करती है। परिवर्तनशील: क्या समूह इसे बदल सकता है।
rules-col-name = नियम
rules-col-explanation = विवरण
rules-col-default = डिफ़ॉल्ट
rules-col-changeable = परिवर्तनशील
rules-changeable-yes = हाँ, समूह बदल सकता है
rules-changeable-no = नहीं
rules-other-choices = यह भी चुन सकते हैं: { $choices }
rules-on = चालू
rules-off = बंद
rules-play = इन नियमों से खेलें
rules-friend = दोस्त के साथ
rules-updated = अंतिम अद्यतन { $date } · Qdan, Inc. द्वारा संचालित
rules-date =
    { $day } { $month ->
        [1] जनवरी
        [2] फ़रवरी
        [3] मार्च
        [4] अप्रैल
        [5] मई
        [6] जून
        [7] जुलाई
        [8] अगस्त
        [9] सितंबर
        [10] अक्टूबर
        [11] नवंबर
       *[12] दिसंबर
    } { $year }
