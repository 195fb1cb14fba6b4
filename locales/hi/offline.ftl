# बिना नेटवर्क के CPU से खेल (web/offline/): डिवाइस पर रखे जाते हैं, बाद में अपलोड होते हैं।
offline-offer-title = ऑफ़लाइन CPU से खेलें
offline-offer-text = कनेक्शन नहीं है: CPU ऊपर चुने गए स्तर पर इसी डिवाइस पर खेलेगा। खेल यहीं सहेजा जाएगा और ऑनलाइन लौटते ही आपके खेलों में जुड़ जाएगा।
offline-offer-start = ऑफ़लाइन शुरू करें
offline-seat-name = खिलाड़ी
offline-note-playing = ऑफ़लाइन खेल: हर चाल इसी डिवाइस पर सहेजी जाती है।
offline-note-over = इस डिवाइस पर सहेजा गया। ऑनलाइन लौटते ही यह दोबारा देखने की सुविधा के साथ आपके खेलों में जुड़ जाएगा।
offline-my-games = आपके खेल
offline-cpu-failed = CPU इस डिवाइस पर चाल नहीं चल सका। फिर से कोशिश करने के लिए पेज दोबारा लोड करें।
offline-status-waiting = ऑफ़लाइन खेला गया, अभी अपलोड नहीं हुआ
offline-status-playing = ऑफ़लाइन खेल जारी है
offline-continue = जारी रखें
offline-show = देखें
offline-refused-illegal-move = सर्वर ने अस्वीकार किया: चाल { $move } नियमों के अनुसार नहीं है।
offline-refused-not-over = सर्वर ने अस्वीकार किया: खेल पूरा नहीं हुआ था।
offline-refused-too-large = सर्वर ने अस्वीकार किया: खेल अपलोड के लिए बहुत बड़ा है।
offline-refused-bad-field = सर्वर ने अस्वीकार किया: खेल पढ़ा नहीं जा सका।
offline-refused-other = सर्वर ने अस्वीकार किया।
