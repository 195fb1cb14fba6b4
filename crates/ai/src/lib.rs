//! This crate provides qdan's CPU players and solvers: one module per game, each with levels
//! from beginner to expert, behind one entry point ([`choose`]) the server calls for any game
//! (through [`players`], which lists each game's [`players::Cpu`]).

pub mod bagh_chal;
mod checksum;
pub mod dots;
pub mod musashi;
pub mod players;
pub mod review;

use std::time::{Duration, Instant};

use rules::AnyGame;

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
pub fn choose(game: &AnyGame, level: Level) -> Option<String> {
    let deadline = Instant::now() + MOVE_BUDGET;
    players::choose(game, level, deadline)
}

/// The best move the CPU knows for the side to move: the hint offered against the CPU.
pub fn hint(game: &AnyGame) -> Option<String> {
    choose(game, Level::Expert)
}
