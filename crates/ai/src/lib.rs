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
pub mod budget;
mod checksum;
pub mod clock;
pub mod dots;
pub mod musashi;
pub mod players;
pub mod review;

use std::sync::Arc;
use std::time::Duration;

use rand::RngCore;
use rules::AnyGame;

pub use budget::{MoveRng, move_rng, move_seed};
use clock::{CappedWork, Clock, Deadline};

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

/// Time a review's exact solve may take per position on the server (reviews are still timed;
/// the CPU's moves are amounts of work, [`budget::work`]).
pub const MOVE_BUDGET: Duration = Duration::from_millis(900);

/// The longest one CPU move may take on the server whatever its work budget: a safety net
/// that a well-chosen budget never reaches (the server logs it when it does).
pub const TIME_CAP: Duration = Duration::from_secs(4);

/// A CPU move and whether the time cap cut its search short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move as text, or `None` when the game is over.
    pub mv: Option<String>,
    /// The search stopped at the time cap, before its work was spent: the move may differ
    /// from the one the same level plays elsewhere.
    pub capped: bool,
}

/// The move `level` plays in `game` with the random stream of `seed`: the level's work
/// budget ([`budget::work`]), with `cap` on the `time` clock as a safety net. The same game,
/// level and seed give the same move on any machine and in WebAssembly unless the cap fires.
/// In the first lines of a Dots game the expert's move comes from its opening book
/// ([`dots::book`]) when the position is there: the move a far larger search chose.
pub fn choose_on(game: &AnyGame, level: Level, seed: u64, time: Arc<dyn Clock>, cap: Duration) -> Choice {
    if let Some(mv) = book_move(game, level) {
        return Choice { mv: Some(mv), capped: false };
    }
    choose_with_work(game, level, seed, budget::work(game.kind(), level), time, cap)
}

/// The opening book's move for `level` in `game`, if it has one. The book stands for the
/// level at its own budget only ([`choose_on`]): a search asked for at another budget
/// ([`choose_with_work`]: tests, the arena's comparisons, the page's warm-up search) searches.
pub fn book_move(game: &AnyGame, level: Level) -> Option<String> {
    match (game, level) {
        (AnyGame::Dots(g), Level::Expert) if g.outcome().is_none() => {
            dots::book::book_move(g.position()).map(|e| e.to_string())
        }
        _ => None,
    }
}

/// [`choose_on`] with `work` deadline reads instead of the level's budget (tests and the
/// arena use smaller or larger ones).
pub fn choose_with_work(
    game: &AnyGame,
    level: Level,
    seed: u64,
    work: u64,
    time: Arc<dyn Clock>,
    cap: Duration,
) -> Choice {
    let clock = CappedWork::new(time, cap);
    let deadline = clock.budget(work);
    let mv = players::choose(game, level, &deadline, &mut move_rng(seed));
    Choice { mv, capped: clock.fired() }
}

/// [`choose_on`] with the wall clock and [`TIME_CAP`]: the server's CPU move.
#[cfg(feature = "native")]
pub fn choose(game: &AnyGame, level: Level, seed: u64) -> Choice {
    choose_on(game, level, seed, Arc::new(clock::WallClock::new()), TIME_CAP)
}

/// The best move the CPU knows for the side to move (the expert's): the hint offered
/// against the CPU.
#[cfg(feature = "native")]
pub fn hint(game: &AnyGame, seed: u64) -> Choice {
    choose(game, Level::Expert, seed)
}

/// The move `level` plays in `game` (as move text) by `deadline`, with ties and playouts
/// drawn from `rng`, or `None` when the game is over: [`choose`] without an operating system.
pub fn choose_by(game: &AnyGame, level: Level, deadline: &Deadline, rng: &mut dyn RngCore) -> Option<String> {
    players::choose(game, level, deadline, rng)
}
