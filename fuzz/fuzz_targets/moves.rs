//! Move and edge text as a client sends it, played in turn on every game: every text is
//! either played or refused without changing the game, and a finished game refuses all.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::{AnyGame, AnyOptions, GameKind};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(AnyOptions::default_for(kind));
        for mv in text.split(',') {
            let side = game.turn();
            // The side not to move may never move, even with a legal move.
            if let Some(m) = game.legal_moves().first() {
                let before = game.clone();
                assert!(game.play(1 - side, m).is_err(), "a move out of turn was played");
                assert_eq!(game, before);
            }
            let before = game.clone();
            let finished = game.outcome().is_some();
            match game.play(side, mv) {
                Ok(_) => {
                    assert!(!finished, "a move was played after the end");
                    assert_eq!(game.plies(), before.plies() + 1);
                }
                Err(_) => assert_eq!(game, before, "a refused move changed the game"),
            }
        }
    }
});
