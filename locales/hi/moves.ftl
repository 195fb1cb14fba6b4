# खेल के दौरान बोर्ड के पास चालें (web/play/move-list.js)।
play-moves-heading = चालें
play-moves-none = अभी कोई चाल नहीं चली गई।
# स्क्रीन रीडर के लिए एक चाल: बारी की संख्या, चाल चलने वाला पक्ष, और चाल।
play-moves-move = { $number }. { $side }: { $move }
# सूची के ऊपर, जब तक बोर्ड पर पहले की स्थिति दिख रही हो।
play-moves-viewing = चाल { $ply } / { $total }
play-moves-start = आरंभिक स्थिति
play-moves-back = खेल पर लौटें
play-moves-keys = तीर कुंजियों से एक-एक चाल आगे-पीछे जाएँ; बोर्ड हर स्थिति दिखाता है और खेल चलता रहता है।
