//! Dots and Boxes CPU players and the exact solver.
//!
//! - [`board`]: edge, box and symmetry tables for any board up to 5x5.
//! - [`chains`]: chains and loops, and exact values of endgames made only of them.
//! - [`solver`]: alpha-beta / MTD(f) with a symmetric transposition table.
//! - [`table_file`]: the solver's table saved and loaded, so long solves can be resumed.
//! - [`playout`], [`mcts`]: the expert's Monte-Carlo search before the solver reaches.
//! - [`chain_play`]: how a good player plays the chains (take or decline, the cheapest sacrifice).
//! - [`levels`]: the CPU levels the site offers.
//! - [`book`]: the expert's opening book, built into the crate.

pub mod board;
pub mod book;
pub mod chain_play;
pub mod chains;
pub mod counts;
pub mod expert;
pub mod levels;
pub mod mcts;
pub mod playout;
mod search;
pub mod solver;
pub mod table_file;
mod tt;

#[cfg(feature = "native")]
use std::time::Instant;

use rand::Rng;
use rules::dots::{Edge, Game};

#[cfg(feature = "native")]
pub use crate::clock::WallClock;
pub use crate::clock::{Clock, Deadline};
pub use board::Board;
pub use solver::{Solver, Stats};
pub use table_file::{TableFileError, TableSaver};

use crate::Level;

/// The edge `level` draws, or `None` when the game is over. Answers before `deadline`.
#[cfg(feature = "native")]
pub fn choose(game: &Game, level: Level, deadline: Instant) -> Option<Edge> {
    levels::choose(game, level, &Deadline::at_instant(deadline))
}

/// [`choose`] against a deadline on any clock (the arena budgets by thread CPU time).
#[cfg(feature = "native")]
pub fn choose_by(game: &Game, level: Level, deadline: &Deadline) -> Option<Edge> {
    levels::choose(game, level, deadline)
}

/// [`choose_by`] with a given random source: what plays without an operating system.
pub fn choose_with(game: &Game, level: Level, deadline: &Deadline, rng: &mut impl Rng) -> Option<Edge> {
    levels::choose_with(game, level, deadline, rng)
}

/// The best move the CPU knows, for a hint: exact (it keeps the solver's value) wherever the
/// solver finishes within [`crate::MOVE_BUDGET`], the expert's choice elsewhere.
#[cfg(feature = "native")]
pub fn best_move(game: &Game) -> Option<Edge> {
    levels::best_move(game, &Deadline::at_instant(Instant::now() + crate::MOVE_BUDGET))
}

impl crate::players::Cpu for Game {
    fn choose(&self, level: Level, deadline: &Deadline, mut rng: &mut dyn rand::RngCore) -> Option<Edge> {
        // `&mut dyn RngCore` is itself a sized random source, which the generic levels take.
        choose_with(self, level, deadline, &mut rng)
    }
}
