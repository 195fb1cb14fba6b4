//! Musashi position text (`33:c3:a1,...:p:0`), as the CLI and tests take it: parsing never
//! panics, printing round-trips, and a game started there plays and undoes exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::musashi::{Game, Moves, Options, Position};

fuzz_target!(|data: &[u8]| {
    // The first line is the position, the bytes after it choose moves.
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else { return };
    let Ok(position) = text.parse::<Position>() else { return };
    let printed = position.to_string();
    assert_eq!(printed.parse::<Position>().as_ref(), Ok(&position), "{printed}");

    let mut game = Game::from_position(Options::default(), position);
    let start = game.clone();
    let mut moves = Moves::new();
    for &choice in data.get(split + 1..).unwrap_or_default() {
        if game.outcome().is_some() {
            break;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[choice as usize % moves.len()];
        game.play(m).expect("a generated move is legal");
    }
    while game.undo().is_some() {}
    assert_eq!(game, start, "undo did not restore the start");
});
