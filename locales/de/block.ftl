# Einen Spieler blockieren (web/play/block.js am Tisch, web/blocked-list.js unter „Deine Partien“).
block-button = { $name } blockieren
block-confirm = { $name } blockieren? Die Schnellpaarung bringt euch beide nie mehr zusammen, und keiner von euch sieht die offenen Herausforderungen des anderen. Diese Partie geht weiter.
block-yes = Blockieren
block-cancel = Abbrechen
block-done = { $name } ist blockiert.
block-unblock = Blockierung aufheben
block-error = Das hat nicht geklappt. Versuch es noch einmal.
blocks-heading = Blockierte Spieler
blocks-intro = Die Schnellpaarung bringt dich nie mit jemandem zusammen, den du blockiert hast, und keiner von euch sieht die offenen Herausforderungen des anderen.
blocks-empty = Du hast niemanden blockiert.
