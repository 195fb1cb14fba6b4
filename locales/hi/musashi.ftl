## जुरोकु मुसाशी: मोहरे, बोर्ड, स्थानीय नियम, घोषणाएँ और पाठ।

musashi-parent = जनक
musashi-children = बच्चे
musashi-you-parent = आप जनक चला रहे हैं
musashi-you-children = आप बच्चे चला रहे हैं
musashi-taken = लिए गए बच्चे: { $taken } / { $target }
musashi-moves = बच्चों की चालें: { $n }/{ $limit }
musashi-moves-nolimit = बच्चों की चालें: { $n }
musashi-danger-legend = टूटी रेखा के घेरे: वे बच्चे जिन्हें जनक अगली चाल में ले सकता है। संख्या: वहाँ से कितने लेगा।
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
musashi-selected = { $point } चुना। अब चुनें कहाँ जाना है।

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

learn-musashi-1-title = चलना
learn-musashi-1-text = मोहरे बिंदुओं पर रहते हैं और रेखा पर एक कदम खाली पड़ोसी बिंदु तक चलते हैं। जनक बीच से शुरू करता है। जनक पर टैप करें, फिर किसी चमकते बिंदु पर।
learn-musashi-2-title = जोड़ा लेना
learn-musashi-2-text = जनक एक सीधी रेखा पर दो बच्चों के बीच जाए तो दोनों को ले लेता है। वह चाल ढूँढें जो जोड़ा लेती है।
learn-musashi-3-title = खतरा
learn-musashi-3-text = टूटी रेखा के घेरे उन बच्चों पर हैं जिन्हें जनक अगली चाल में ले सकता है। किसी बच्चे को ऐसे चलाएँ कि कोई घेरा न बचे।
learn-musashi-4-title = घेरना
learn-musashi-4-text = जनक के पास कोई खाली पड़ोसी बिंदु न रहे तो बच्चे तुरंत जीतते हैं। उसका एक रास्ता बचा है: उसे बंद करें।
learn-musashi-5-title = सेच्चिन
learn-musashi-5-text = दाईं ओर का त्रिकोण सेच्चिन है: आठ और बिंदु जहाँ जनक पीछे हट सकता है। जनक को उसमें ले जाएँ। एदो के 25 बिंदुओं वाले बोर्ड में सेच्चिन नहीं होता।
