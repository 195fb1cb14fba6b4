# Games against the CPU played with no network (web/offline/): kept on the device, uploaded later.
offline-offer-title = Play the CPU offline
offline-offer-text = No connection: the CPU plays on this device at the level chosen above. The game is saved here and added to your games once you are back online.
offline-offer-start = Start offline
offline-seat-name = Player
offline-note-playing = Offline game: every move is saved on this device.
offline-note-over = Saved on this device. It is added to your games with its replay when you are back online.
offline-my-games = Your games
offline-cpu-failed = The CPU could not move on this device. Reload the page to try again.
offline-status-waiting = Played offline, not uploaded yet
offline-status-playing = Offline game in progress
offline-continue = Continue
offline-show = Show
offline-refused-illegal-move = Refused by the server: move { $move } is not allowed.
offline-refused-not-over = Refused by the server: the game was not over.
offline-refused-too-large = Refused by the server: the game is too large to upload.
offline-refused-bad-field = Refused by the server: the game could not be read.
offline-refused-other = Refused by the server.
