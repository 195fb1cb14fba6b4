## जारी खेल: होम पेज और "आपके खेल" पर; हर खेल आपकी ही जगह पर खुलता है।

playing-heading = जारी खेल
playing-empty = इस डिवाइस पर अभी कोई जारी खेल नहीं है।
playing-against = { $name } के ख़िलाफ़
playing-your-turn = आपकी बारी
playing-waiting = { $name } की बारी
playing-time-left = { $time } बाकी
playing-last-move = आख़िरी चाल: { $when }
playing-started = शुरू हुआ: { $when }
playing-error = जारी खेल लोड नहीं हो सके।
