//! Each CPU level is an amount of work, not of time, so that it plays the same move on a
//! phone, on a loaded server, in a test and in the arena (issue 36). A budget counts reads of
//! the search's deadline ([`crate::clock::WorkClock`]): every search reads it at a steady
//! rate of its own work (the Dots control fight every 1,024 nodes, the Monte-Carlo search
//! once a playout, the solvers every so many nodes), so a read is a unit of work.
//!
//! How each figure was chosen is in `docs/design.md` ("Levels are amounts of work"): the
//! expert's is the largest whose median move in Chromium, with the CPU throttled four times
//! (a mid-range phone), stays under one second on every board.

use rand::SeedableRng;
use rules::GameKind;

use crate::Level;

/// Deadline reads one move of `level` may use in a game of `kind`.
pub const fn work(kind: GameKind, level: Level) -> u64 {
    match (kind, level) {
        // The beginner searches two plies at most (Bagh-Chal's, within its own node count) or
        // not at all: a bound it never reaches.
        (_, Level::Beginner) => 1_000,
        (GameKind::Dots, Level::Intermediate) => 2_000,
        // The Monte-Carlo search reads once every 32 playouts to the end of the game, the
        // solver once every 1,024 nodes: a read is far more work than the other games'.
        (GameKind::Dots, Level::Expert) => 700,
        (GameKind::Musashi, Level::Intermediate) => 2_000,
        (GameKind::Musashi, Level::Expert) => 5_500,
        (GameKind::BaghChal, Level::Intermediate) => 2_000,
        (GameKind::BaghChal, Level::Expert) => 4_500,
    }
}

/// The random source of a CPU move: ties and playouts are drawn from it. PCG's output for a
/// seed is fixed by its crate, on 32 and 64 bits alike.
pub type MoveRng = rand_pcg::Pcg32;

/// The random source for `seed`.
pub fn move_rng(seed: u64) -> MoveRng {
    MoveRng::seed_from_u64(seed)
}

/// The seed of the CPU's move at `ply` of game `game_no` at table `code`: FNV-1a (64 bits) of
/// `code/game_no/ply`. The page computes the same (`web/engine/seed.js`), so the move a
/// browser works out is the one the server would have played.
pub fn move_seed(code: &str, game_no: u32, ply: u32) -> u64 {
    let text = format!("{code}/{game_no}/{ply}");
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn seeds_are_fnv1a_of_the_text() {
        // FNV-1a of the empty string is the offset basis; of "a", the published 0xaf63dc4c8601ec8c.
        let fnv =
            |s: &str| s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        assert_eq!(fnv("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(move_seed("abc", 1, 2), fnv("abc/1/2"));
        assert_ne!(move_seed("abc", 1, 2), move_seed("abc", 2, 1));
    }

    #[test]
    fn the_random_stream_is_pinned() {
        // If this changes, moves recorded with a seed (and the browser's) no longer match.
        let mut rng = move_rng(42);
        let first: Vec<u32> = (0..3).map(|_| rng.next_u32()).collect();
        assert_eq!(first, vec![3_400_036_912, 3_349_765_444, 515_166_382]);
    }
}
