# Continue on another device (web/transfer.js), on "My games": a one-time link that moves this browser's player to another browser.
transfer-heading = Continue on another device
transfer-text = Move your player, with your games, seats and rating, to another browser without an account. The link works once and for 10 minutes; this browser then starts over as a new guest.
transfer-make = Make a link
transfer-again = Make a new link
transfer-qr-alt = QR code of the link
transfer-valid = Valid for { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  }, once. Whoever opens it takes your player: show it only to your own device.
transfer-moved = Your player has moved to another device. This browser starts over as a new guest.
# The question on the device that opened a link.
transfer-question = Continue as { $name } on this device?
transfer-claim-text = The games, seats and rating come to this browser; the other device loses them.
transfer-replaces = The games, seats and rating come to this browser; the other device loses them. The player this browser has now stays behind.
transfer-confirm = Continue here
transfer-cancel = Cancel
transfer-gone = This link is unknown, already used or expired. Make a new one on the other device.
