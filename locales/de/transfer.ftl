# Auf einem anderen Gerät weiterspielen (web/transfer.js), auf „Meine Partien“: ein Link für einmal, der den Spieler dieses Browsers in einen anderen mitnimmt.
transfer-heading = Auf einem anderen Gerät weiterspielen
transfer-text = Nimm deinen Spieler mit deinen Partien, Plätzen und deiner Wertung in einen anderen Browser mit, ganz ohne Anmeldung. Der Link gilt einmal und 10 Minuten lang; dieser Browser beginnt danach neu als Gast.
transfer-make = Link erstellen
transfer-again = Neuen Link erstellen
transfer-qr-alt = Der Link als Bild für die Kamera des Handys
transfer-valid = Gilt { $minutes } Minuten lang und nur einmal. Wer ihn öffnet, übernimmt deinen Spieler: Zeige ihn nur deinem eigenen Gerät.
transfer-moved = Dein Spieler ist auf ein anderes Gerät umgezogen. Dieser Browser beginnt neu als Gast.
transfer-question = Als { $name } auf diesem Gerät weiterspielen?
transfer-claim-text = Die Partien, Plätze und die Wertung kommen in diesen Browser; das andere Gerät verliert sie.
transfer-replaces = Die Partien, Plätze und die Wertung kommen in diesen Browser; das andere Gerät verliert sie. Der Spieler, den dieser Browser jetzt hat, bleibt zurück.
transfer-confirm = Hier weiterspielen
transfer-cancel = Abbrechen
transfer-gone = Dieser Link ist unbekannt, schon benutzt oder abgelaufen. Erstelle auf dem anderen Gerät einen neuen.
