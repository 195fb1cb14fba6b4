# खिलाड़ियों के बीच त्वरित संदेश (web/play/quick-messages.js): तय वाक्य, पढ़ने वाले की भाषा में।
play-quick-heading = त्वरित संदेश
play-quick-hello = नमस्ते!
play-quick-good-luck = शुभकामनाएँ!
play-quick-good-game = अच्छा खेल!
play-quick-thanks = धन्यवाद!
play-quick-oops = उफ़!
play-quick-well-played = बहुत बढ़िया खेले!
play-quick-sorry = माफ़ कीजिए!
play-quick-must-go = मुझे जाना होगा।
# जब कोई खिलाड़ी वाक्य कहता है, स्क्रीन रीडर इसे पढ़ता है।
play-quick-said = { $name }: { $phrase }
# एक बटन: इस मेज़ पर दूसरे खिलाड़ी के वाक्य छिपाता है।
play-quick-mute = संदेश म्यूट करें
error-no-opponent = त्वरित संदेश केवल दूसरी सीट पर बैठे व्यक्ति को जाते हैं।
