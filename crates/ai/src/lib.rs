//! This crate provides qdan's CPU players and solvers: one module per game, each with levels
//! from beginner to expert, behind one entry point ([`choose`]) the server calls for any game
//! (through [`players`], which lists each game's [`players::Cpu`]).
//!
//! The default feature `native` adds what needs an operating system: the wall clock and
//! thread CPU time, table generators and slice files (zstd), the threads that load them, a
//! random seed from the OS, and the reviews' pacing by the server's CPU time. Without it the
//! crate builds for wasm32-unknown-unknown and still plays every level of every game through
//! [`choose_by`]: the caller brings the [`clock::Deadline`] (the host's clock or a work
//! budget) and the random source, and the Musashi and Bagh-Chal experts play by search unless
//! tables were installed ([`musashi::install_tables`], [`bagh_chal::install_tables`]);
//! reviews and analysis values run on the caller's clock ([`review::Timed`] and the
//! `review_with` / `analyse_with` functions).

pub mod bagh_chal;
mod checksum;
pub mod clock;
pub mod dots;
pub mod musashi;
pub mod players;
pub mod review;

use std::time::Duration;
#[cfg(feature = "native")]
use std::time::Instant;

use rand::RngCore;
use rules::AnyGame;

use clock::Deadline;

/// How strong the CPU plays.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// Takes what is offered, avoids obvious blunders one ply ahead.
    Beginner,
    /// Searches; knows the game's main strategic rule.
    Intermediate,
    /// Perfect where a solver or table reaches, a strong search elsewhere.
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s {
            "beginner" => Ok(Level::Beginner),
            "intermediate" => Ok(Level::Intermediate),
            "expert" => Ok(Level::Expert),
            _ => Err(format!("level must be beginner, intermediate or expert, not {s:?}")),
        }
    }
}

/// Time the CPU may think for one move on the site.
pub const MOVE_BUDGET: Duration = Duration::from_millis(900);

/// The move `level` plays in `game` (as move text), or `None` when the game is over.
#[cfg(feature = "native")]
pub fn choose(game: &AnyGame, level: Level) -> Option<String> {
    let deadline = Deadline::at_instant(Instant::now() + MOVE_BUDGET);
    players::choose(game, level, &deadline, &mut rand::thread_rng())
}

/// The best move the CPU knows for the side to move: the hint offered against the CPU.
#[cfg(feature = "native")]
pub fn hint(game: &AnyGame) -> Option<String> {
    choose(game, Level::Expert)
}

/// The move `level` plays in `game` (as move text) by `deadline`, with ties and playouts
/// drawn from `rng`, or `None` when the game is over: [`choose`] without an operating system.
pub fn choose_by(game: &AnyGame, level: Level, deadline: &Deadline, rng: &mut dyn RngCore) -> Option<String> {
    players::choose(game, level, deadline, rng)
}
