## बिंदु और डिब्बे: पक्ष, स्कोर, स्थानीय नियम, घोषणाएँ और पाठ।

dots-first = पहले चलते हैं
dots-second = दूसरे चलते हैं
dots-score =
    { $boxes ->
        [0] 0 डिब्बे
        [one] { $boxes } डिब्बा
       *[other] { $boxes } डिब्बे
    }
dots-extra-turn = { $name } ने डिब्बा पूरा किया और फिर से चलेंगे।
dots-extra-turn-you = आपने डिब्बा पूरा किया: फिर से चलें!
dots-announce-line = { $name } ने एक रेखा खींची। { $line }।
dots-announce-box =
    { $count ->
        [one] { $name } ने रेखा खींची और एक डिब्बा लिया। { $line }।
       *[other] { $name } ने रेखा खींची और { $count } डिब्बे लिए। { $line }।
    }
dots-edge-h = आड़ी रेखा, पंक्ति { $row }, बिंदु { $col } से
dots-edge-v = खड़ी रेखा, स्तंभ { $col }, पंक्ति { $row } से
dots-opt-size = बोर्ड का आकार
dots-size = { $w } × { $h } डिब्बे
dots-opt-swapFirst = फिर खेलें तो पहले चलने वाला बदलें
dots-refuse-between = रेखा खींचने के लिए दो पड़ोसी बिंदुओं के बीच टैप करें।
dots-edge-closes =
    { $count ->
        [one] एक डिब्बा बंद करती है
       *[other] { $count } डिब्बे बंद करती है
    }
dots-edge-offers =
    { $count ->
        [one] एक डिब्बे की तीसरी भुजा बनाती है
       *[other] { $count } डिब्बों की तीसरी भुजा बनाती है
    }
