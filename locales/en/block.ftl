# Blocking a player (web/play/block.js at the table, web/blocked-list.js on "Your games").
block-button = Block { $name }
block-confirm = Block { $name }? Quick pairing will never pair you two, and neither of you will see the other's open challenges. This game goes on.
block-yes = Block
block-cancel = Cancel
block-done = { $name } is blocked.
block-unblock = Unblock
block-error = That did not work. Try again.
blocks-heading = Blocked players
blocks-intro = Quick pairing never pairs you with a player you blocked, and neither of you sees the other's open challenges.
blocks-empty = You have not blocked anyone.
