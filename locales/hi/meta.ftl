## सर्च इंजन और लिंक प्रीव्यू जो पढ़ते हैं: पेज के विवरण और शेयर कार्ड।
## ये पाठ सिर्फ़ सर्वर लगाता है; ब्राउज़र यह फ़ाइल कभी लोड नहीं करता।

meta-learn-description = तीन मिनट में { $game } सीखें: बोर्ड पर असली चालों वाला छोटा पाठ, फिर CPU के ख़िलाफ़ आपका पहला खेल।
meta-leaderboard-description = qdan पर { game-musashi }, { game-dots } और { game-bagh-chal } के सबसे अच्छे खिलाड़ी: दो लोगों के बीच रैंक वाले खेलों से Glicko-2 रेटिंग।
meta-invite-title = { $game } का खेल: सीट लें या देखें
meta-invite-description = ब्राउज़र में { $game } खेलने के लिए लिंक खोलें। पहले बैठने वाले दो लोग खेलते हैं; बाक़ी देखते हैं। मुफ़्त, बिना रजिस्ट्रेशन।
meta-invite-any-title = qdan पर एक खेल: सीट लें या देखें
meta-invite-any-description = ब्राउज़र में खेलने के लिए लिंक खोलें। पहले बैठने वाले दो लोग खेलते हैं; बाक़ी देखते हैं। मुफ़्त, बिना रजिस्ट्रेशन।
meta-image-musashi = शुरुआत में { game-musashi } का बोर्ड: बीच में जनक, किनारों पर सोलह बच्चे।
meta-image-dots = { game-dots } का बोर्ड: बिंदु, कुछ खिंची हुई रेखाएँ और एक लिया हुआ डिब्बा।
meta-image-bagh-chal = शुरुआत में { game-bagh-chal } का बोर्ड: हर कोने पर एक बाघ, बीस बकरियाँ हाथ में।
meta-image-site = { game-musashi }, { game-dots } और { game-bagh-chal } के बोर्ड।
