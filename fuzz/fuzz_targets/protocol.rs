//! Any text frame a client can send: the decoder must answer it with a message or an error,
//! and whatever it accepts must then be safe to hand to the rules (options, moves).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::{AnyGame, AnyOptions, GameKind, parse_options};
use server::protocol::{ClientMsg, Intent, decode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(msg) = decode(text) else { return };
    let ClientMsg::Intent { intent, .. } = msg else { return };
    match intent {
        Intent::Settings { options: Some(value), .. } => {
            for kind in [GameKind::Musashi, GameKind::Dots] {
                if let Ok(options) = parse_options(kind, &value) {
                    // Accepted options must start a playable game.
                    let game = AnyGame::new(options);
                    assert!(game.outcome().is_none());
                    assert!(!game.legal_moves().is_empty());
                }
            }
        }
        Intent::Move { mv, .. } => {
            for kind in [GameKind::Musashi, GameKind::Dots] {
                let mut game = AnyGame::new(AnyOptions::default_for(kind));
                let before = game.clone();
                let side = game.turn();
                match game.play(side, &mv) {
                    Ok(canonical) => assert!(game.legal_moves().len() < 64 && !canonical.is_empty()),
                    Err(_) => assert_eq!(game, before, "a refused move changed the game"),
                }
            }
        }
        _ => {}
    }
});
