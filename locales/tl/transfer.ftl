# Ituloy sa ibang kagamitan (web/transfer.js), sa "Aking mga laro": isang link na isang beses lang gumagana at naglilipat ng manlalaro ng browser na ito sa ibang browser.
transfer-heading = Ituloy sa ibang kagamitan
transfer-text = Ilipat ang iyong manlalaro, kasama ang iyong mga laro, upuan at rating, sa ibang browser nang walang rehistrasyon. Isang beses lang gumagana ang link at sa loob lang ng 10 minuto; pagkatapos, magsisimula ulit ang browser na ito bilang bagong panauhin.
transfer-make = Gumawa ng link
transfer-again = Gumawa ng bagong link
transfer-qr-alt = Larawan ng link para sa kamera ng telepono
transfer-valid = May bisa sa loob ng { $minutes } minuto, isang beses lang. Kung sino ang magbukas nito, siya ang kukuha ng iyong manlalaro: ipakita lang ito sa sarili mong kagamitan.
transfer-moved = Lumipat na ang iyong manlalaro sa ibang kagamitan. Magsisimula ulit ang browser na ito bilang bagong panauhin.
transfer-question = Ituloy bilang { $name } sa kagamitang ito?
transfer-claim-text = Mapupunta sa browser na ito ang mga laro, upuan at rating; mawawala ang mga ito sa kabilang kagamitan.
transfer-replaces = Mapupunta sa browser na ito ang mga laro, upuan at rating; mawawala ang mga ito sa kabilang kagamitan. Maiiwan ang manlalarong nasa browser na ito ngayon.
transfer-confirm = Ituloy dito
transfer-cancel = Huwag na
transfer-gone = Hindi kilala, nagamit na o lipas na ang link na ito. Gumawa ng bago sa kabilang kagamitan.
