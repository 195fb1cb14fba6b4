//! Dots and Boxes CPU players and the exact solver.
//!
//! - [`board`]: edge, box and symmetry tables for any board up to 5x5.
//! - [`chains`]: chains and loops, and exact values of endgames made only of them.
//! - [`solver`]: alpha-beta / MTD(f) with a symmetric transposition table.
//! - [`table_file`]: the solver's table saved and loaded, so long solves can be resumed.
//! - [`clock`]: deadlines on the wall clock or on another clock (the arena's CPU time).
//! - [`playout`], [`mcts`]: the expert's Monte-Carlo search before the solver reaches.
//! - [`chain_play`]: how a good player plays the chains (take or decline, the cheapest sacrifice).
//! - [`levels`]: the CPU levels the site offers.

pub mod board;
pub mod chain_play;
pub mod chains;
pub mod clock;
pub mod counts;
pub mod expert;
pub mod levels;
pub mod mcts;
pub mod playout;
mod search;
pub mod solver;
pub mod table_file;
mod tt;

use std::time::Instant;

use rules::dots::{Edge, Game};

pub use board::Board;
pub use clock::{Clock, Deadline, WallClock};
pub use solver::{Solver, Stats};
pub use table_file::{TableFileError, TableSaver};

use crate::Level;

/// The edge `level` draws, or `None` when the game is over. Answers before `deadline`.
pub fn choose(game: &Game, level: Level, deadline: Instant) -> Option<Edge> {
    levels::choose(game, level, &Deadline::at_instant(deadline))
}

/// [`choose`] against a deadline on any clock (the arena budgets by thread CPU time).
pub fn choose_by(game: &Game, level: Level, deadline: &Deadline) -> Option<Edge> {
    levels::choose(game, level, deadline)
}

/// The best move the CPU knows, for a hint: exact (it keeps the solver's value) wherever the
/// solver finishes within [`crate::MOVE_BUDGET`], the expert's choice elsewhere.
pub fn best_move(game: &Game) -> Option<Edge> {
    levels::best_move(game, &Deadline::at_instant(Instant::now() + crate::MOVE_BUDGET))
}
