//! Juroku Musashi CPU players and retrograde tables.
//!
//! * [`index`]: positions of one Children count ranked combinatorially, symmetries folded.
//! * [`tablebase`]: the retrograde generator and table files ([`Tables`]).
//! * [`eval`]: the static value at a search's horizon, weighed per level.
//! * [`search`]: alpha-beta on the game with tables at the nodes they cover; an exhaustive
//!   solver that checks the tables.
//! * [`expert_search`]: the expert's search (iterative deepening, a transposition table,
//!   quiescence on captures).
//! * [`levels`]: beginner, intermediate and expert.
//!
//! # Tables for the server
//!
//! Call [`prepare_tables`] once at start-up with a cache directory (for example
//! `./tablebases`). It returns at once; a background thread then, for the 25-point board and
//! each site target (10 and 6), loads `musashi-25-t10.qtb` / `musashi-25-t6.qtb` from that
//! directory if present and valid (magic, format version, board, target, a fingerprint of
//! the board's lines and capture pairs, and a checksum over everything), and otherwise
//! builds the tables (about 17 s of CPU for target 10 and 9 s for target 6 on the reference
//! machine, about 100 MiB peak) and saves them there (written to a `.part` file and renamed).
//! The 33-point files `musashi-33-t10.qtb`, `-t6`, `-tnone` (slices up to 8 Children) and
//! the slice files `musashi-33-t10-k<K>.qts` (and `-t6-`, `-tnone-`; made with `qdan
//! tablebase build --board 33`), if present and valid, are used as well: slices up to
//! [`tablebase::MEMORY_ENTRIES`] entries are read into memory, larger ones are read from
//! their files position by position (the expert's move from the tables needs a few dozen
//! reads). 33-point tables are never built at start-up (the 8-Children slice alone takes
//! minutes and 400 MiB). Until a table is installed, [`choose`] plays by search.
//! [`tables_for`] tells whether a table is ready; [`install_tables`] puts one in directly
//! (tests, the CLI).

pub mod eval;
pub mod expert_search;
pub mod index;
pub mod levels;
pub mod search;
pub mod tablebase;
pub mod trap;

#[cfg(feature = "native")]
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
#[cfg(feature = "native")]
use std::thread::JoinHandle;
use std::time::Duration;
#[cfg(feature = "native")]
use std::time::Instant;

use rand::Rng;
use rules::musashi::{BoardKind, Game, Move, Moves, Target};

pub use crate::clock::Deadline;

pub use tablebase::{SliceStats, TableError, Tables, Value};

use crate::Level;

/// The tables ready for play, at most one per (board, target).
static REGISTRY: RwLock<Vec<Arc<Tables>>> = RwLock::new(Vec::new());

/// Makes `tables` available to [`choose`], replacing any for the same board and target.
pub fn install_tables(tables: impl Into<Arc<Tables>>) -> Arc<Tables> {
    let t: Arc<Tables> = tables.into();
    let mut reg = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    reg.retain(|x| !(x.board == t.board && x.target == t.target));
    reg.push(t.clone());
    t
}

/// The installed tables for `(board, target)`, if any.
pub fn tables_for(board: BoardKind, target: Target) -> Option<Arc<Tables>> {
    let reg = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    reg.iter().find(|t| t.board == board && t.target == target).cloned()
}

/// What [`prepare_tables`] did for one table.
#[cfg(feature = "native")]
#[derive(Debug)]
pub struct Prepared {
    pub board: BoardKind,
    pub target: Target,
    pub outcome: PrepareOutcome,
    pub seconds: f64,
}

#[cfg(feature = "native")]
#[derive(Debug)]
pub enum PrepareOutcome {
    /// Read from the cache directory.
    Loaded,
    /// Built (no usable file: the reason is given when a file was there) and saved.
    Built { replaced: Option<String>, saved: Result<(), String> },
    /// Could not be built: the CPU keeps playing by search.
    Failed(String),
}

/// Starts the background thread that loads or builds the tables (see the module docs).
/// Join the handle to learn what happened; dropping it is fine.
#[cfg(feature = "native")]
pub fn prepare_tables(cache_dir: PathBuf) -> JoinHandle<Vec<Prepared>> {
    std::thread::Builder::new()
        .name("musashi-tables".into())
        .spawn(move || prepare_now(&cache_dir))
        .expect("spawn the table thread")
}

/// What [`prepare_tables`] runs, on the calling thread.
#[cfg(feature = "native")]
pub fn prepare_now(cache_dir: &Path) -> Vec<Prepared> {
    let mut done = Vec::new();
    for target in [Target::TEN, Target::SIX] {
        done.push(load_or_build(cache_dir, BoardKind::Square25, target));
    }
    // 33-point tables are too large to build on start-up; use what someone made: the table
    // file (slices up to 8 Children) and the slice files of `qdan tablebase build --board 33`.
    for target in [Target::TEN, Target::SIX, Target::NONE] {
        let board = BoardKind::Setchin33;
        let path = cache_dir.join(tablebase::file_name(board, target));
        let any_slice = (0..=16).any(|k| cache_dir.join(tablebase::slice_file_name(board, target, k)).exists());
        if !path.exists() && !any_slice {
            continue;
        }
        let started = Instant::now();
        let mut problems = Vec::new();
        let mut t = if path.exists() {
            Tables::load(&path, board, target).unwrap_or_else(|e| {
                problems.push(format!("{}: {e}", path.display()));
                Tables::empty(board, target)
            })
        } else {
            Tables::empty(board, target)
        };
        for (k, r) in t.attach_dir(cache_dir) {
            if let Err(e) = r {
                problems.push(format!("slice file with {k} Children: {e}"));
            }
        }
        if !t.slice_counts().is_empty() || !t.file_counts().is_empty() {
            install_tables(t);
        }
        let outcome =
            if problems.is_empty() { PrepareOutcome::Loaded } else { PrepareOutcome::Failed(problems.join("; ")) };
        done.push(Prepared { board, target, outcome, seconds: started.elapsed().as_secs_f64() });
    }
    done
}

/// Loads the complete 25-point tables for `target` from `cache_dir`, or builds and saves them.
#[cfg(feature = "native")]
fn load_or_build(cache_dir: &Path, board: BoardKind, target: Target) -> Prepared {
    let started = Instant::now();
    let path = cache_dir.join(tablebase::file_name(board, target));
    let replaced = match Tables::load(&path, board, target) {
        Ok(t) if complete(&t) => {
            install_tables(t);
            return Prepared {
                board,
                target,
                outcome: PrepareOutcome::Loaded,
                seconds: started.elapsed().as_secs_f64(),
            };
        }
        Ok(_) => Some("incomplete".to_string()),
        Err(TableError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(e.to_string()),
    };
    let outcome = match Tables::build(board, target, 16, |_| {}) {
        Ok(t) => {
            let saved = std::fs::create_dir_all(cache_dir).map_err(TableError::from).and_then(|()| t.save(&path));
            install_tables(t);
            PrepareOutcome::Built { replaced, saved: saved.map_err(|e| e.to_string()) }
        }
        Err(e) => PrepareOutcome::Failed(e.to_string()),
    };
    Prepared { board, target, outcome, seconds: started.elapsed().as_secs_f64() }
}

/// `true` when the even slices a game from the start can reach are all there.
#[cfg(feature = "native")]
fn complete(t: &Tables) -> bool {
    (0..=16).step_by(2).all(|k| t.covers_count(k))
}

/// The expert's move from `tables` with ties broken the same way every time (for the CLI and
/// reproducible reports), or `None` when a move leads outside the tables.
pub fn table_move(game: &Game, tables: &Tables) -> Option<Move> {
    use rand::SeedableRng;
    levels::from_tables(game, tables, &mut rand::rngs::StdRng::seed_from_u64(0))
}

/// Time kept back from the deadline for returning the move. The search itself stops within a
/// fraction of a millisecond of its own deadline, but on a machine loaded three times over
/// (the shared 2-core one) the thread was seen to lose 20 to 80 ms to scheduling.
const MARGIN: Duration = Duration::from_millis(150);

/// The move `level` plays in `game`, or `None` when the game is over. Answers before
/// `deadline`; uses the installed tables for the game's board and target when there are any.
#[cfg(feature = "native")]
pub fn choose(game: &Game, level: Level, deadline: Instant) -> Option<Move> {
    choose_with(game, level, deadline, &mut crate::move_rng(game.history().len() as u64))
}

/// [`choose`] with a given random source (ties between equal moves are broken at random).
#[cfg(feature = "native")]
pub fn choose_with<R: Rng + ?Sized>(game: &Game, level: Level, deadline: Instant, rng: &mut R) -> Option<Move> {
    choose_within(game, level, Deadline::at_instant(deadline), rng)
}

/// The move `level` plays in `game` by `deadline`, on any clock ([`Deadline`]): wall-clock or
/// thread CPU time natively, the host's clock or a work budget in WebAssembly.
pub fn choose_within<R: Rng + ?Sized>(game: &Game, level: Level, deadline: Deadline, rng: &mut R) -> Option<Move> {
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let deadline = deadline.earlier_by(MARGIN);
    let opts = game.options();
    match level {
        Level::Beginner => levels::beginner(game, rng),
        Level::Intermediate => levels::intermediate(game, deadline, rng),
        Level::Expert => {
            let tables = tables_for(opts.board, opts.target);
            levels::expert(game, tables.as_deref(), deadline, rng)
        }
    }
    .or_else(|| moves.first().copied())
}

impl crate::players::Cpu for Game {
    fn choose(&self, level: Level, deadline: &crate::clock::Deadline, rng: &mut dyn rand::RngCore) -> Option<Move> {
        choose_within(self, level, deadline.clone(), rng)
    }
}
