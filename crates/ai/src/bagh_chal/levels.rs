//! The three CPU levels of Bagh-Chal. Each is a budget of work (search nodes), not of time,
//! so a level plays alike on every machine; the deadline only cuts a search short. Every
//! level picks among [`Game::legal_moves`], so the repetition rule always holds.

use rand::Rng;
use rules::bagh_chal::{Game, Move, Moves};

use super::search::{CAPTURE, PROVEN, Search};
use super::tables::Tables;
use crate::Level;
use crate::clock::Deadline;

/// Nodes and plies each level searches.
pub const fn budget(level: Level) -> (u64, u32) {
    match level {
        Level::Beginner => (2_000, 2),
        Level::Intermediate => (40_000, 4),
        Level::Expert => (1_500_000, 64),
    }
}

/// The move `level` plays, or `None` when the game is over. The expert uses `tables` where
/// they cover the positions it reaches (exact there: see [`super::tables`] on repetition).
pub fn choose<R: Rng + ?Sized>(
    game: &Game,
    level: Level,
    tables: Option<&Tables>,
    deadline: Deadline,
    rng: &mut R,
) -> Option<Move> {
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let (nodes, depth) = budget(level);
    let tables = if level == Level::Expert { tables } else { None };
    let mut s = Search::new(tables, deadline, nodes);
    let (scored, _) = s.root(game, depth);
    let best = scored.first()?.1;
    // The beginner plays any move that loses less than half a goat against the best it sees,
    // unless a win is proven: it misses long plans but not a goat left hanging.
    let slack = if level == Level::Beginner && best.abs() < PROVEN { CAPTURE / 2 } else { 0 };
    let top: Vec<Move> = scored.iter().filter(|&&(_, s)| s >= best - slack).map(|&(m, _)| m).collect();
    Some(top[rng.gen_range(0..top.len())])
}
