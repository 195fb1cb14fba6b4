## जुरोकु मुसाशी: मोहरे, बोर्ड, स्थानीय नियम, घोषणाएँ और पाठ।

musashi-parent = जनक
musashi-children = बच्चे
musashi-you-parent = आप जनक चला रहे हैं
musashi-you-children = आप बच्चे चला रहे हैं
musashi-taken = लिए गए बच्चे: { $target } में से { $taken }
musashi-moves = बच्चों की चालें: { $n }/{ $limit }
musashi-moves-nolimit = बच्चों की चालें: { $n }
musashi-legend-rings = टूटी रेखा के घेरे: वे बच्चे जिन्हें जनक अगली चाल में ले सकता है।
musashi-legend-counts = संख्या: वहाँ जाकर जनक कितने बच्चे लेगा।
musashi-announce-parent = जनक: { $from } से { $to }।
musashi-announce-children = बच्चे: { $from } से { $to }।
musashi-announce-take =
    { $count ->
        [one] { $count } बच्चा लिया।
       *[other] { $count } बच्चे लिए।
    }
musashi-point-empty = { $point }, खाली
musashi-point-parent = { $point }, जनक
musashi-point-child = { $point }, बच्चा
musashi-point-target = { $point }, खाली: यहाँ चल सकते हैं
musashi-point-target-take =
    { $count ->
        [one] { $point }, खाली: यहाँ जाने पर { $count } बच्चा मिलेगा
       *[other] { $point }, खाली: यहाँ जाने पर { $count } बच्चे मिलेंगे
    }
musashi-point-parent-movable = { $point }, जनक: चल सकता है
musashi-point-child-movable = { $point }, बच्चा: चल सकता है
musashi-selected = { $point } चुना। अब चुनें कहाँ जाना है।
musashi-refuse-parent = आप जनक चला रहे हैं: जनक को चुनें।
musashi-refuse-children = आप बच्चे चला रहे हैं: अपना कोई बच्चा चुनें।
musashi-refuse-stuck = { $point } वाला बच्चा नहीं चल सकता: उसके पास के सभी बिंदु भरे हैं।
musashi-refuse-target = { $from } से { $to } तक रेखा पर एक कदम में नहीं जा सकते।

musashi-opt-first = पहली चाल
musashi-opt-first-parent = जनक
musashi-opt-first-children = बच्चे
musashi-opt-target = जनक का लक्ष्य
musashi-opt-target-10 = 10 लें (मानक)
musashi-opt-target-6 = 6 लें
musashi-opt-limit = बच्चों की चालों की सीमा
musashi-opt-limit-100 = 100 चालें (मानक)
musashi-opt-limit-none = कोई सीमा नहीं
musashi-opt-board = बोर्ड का आकार
musashi-opt-board-33 = 33 बिंदु, सेच्चिन सहित (मानक)
musashi-opt-board-25 = 25 बिंदुओं का चौकोर (एदो)
musashi-opt-swapRoles = फिर खेलें तो भूमिका बदलें
musashi-opt-showDanger = खतरे में बच्चे दिखाएँ
