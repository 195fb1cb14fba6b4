//! Sample positions for tests and timings: where games of each kind really go, not random
//! boards (the WebAssembly agreement tests, `examples/positions.rs`).

use rules::{AnyGame, AnyOptions, GameKind};

/// Sample `i` of `kind`: game `i / 10` between two intermediates, cut at `(i % 10) * 10` % of
/// its length, so that ten samples in a row spread over one game and the median sample is the
/// median move of a game.
pub fn game(kind: GameKind, i: u64) -> Vec<String> {
    cuts(kind, i / 10).swap_remove((i % 10) as usize)
}

/// Game `i` of `kind` between two intermediates, to its end (or 400 plies): what a review
/// gets (the review agreement test, `examples/positions.rs --review`).
pub fn game_to_end(kind: GameKind, i: u64) -> Vec<String> {
    let mut game = AnyGame::new(AnyOptions::default_for(kind));
    let mut all = Vec::new();
    while let Some(m) = ai::choose_with_work(
        &game,
        ai::Level::Intermediate,
        i * 1_000 + all.len() as u64,
        200,
        std::sync::Arc::new(ai::clock::WorkClock::new()),
        std::time::Duration::MAX,
    )
    .mv
    {
        let side = game.turn();
        game.play(side, &m).expect("the CPU plays legal moves");
        all.push(m);
        if all.len() >= 400 {
            break;
        }
    }
    all
}

/// Samples `10 * g .. 10 * g + 10` of `kind` ([`game`]), the game played once.
pub fn cuts(kind: GameKind, g: u64) -> Vec<Vec<String>> {
    let whole = game_to_end(kind, g);
    (0..10).map(|c| whole[..whole.len() * c / 10].to_vec()).collect()
}
