//! Bagh-Chal (Tigers and Goats): the CPU player and the retrograde tables of the movement
//! phase.
//!
//! * [`index`]: the positions with every goat placed, up to the 8 symmetries of the square,
//!   and their count (the paper's 88,260,972).
//! * [`tables`]: the retrograde solver, one slice per goat count, without the repetition
//!   rule (see its documentation for what that means under ours).
//! * [`file`]: the table file (header, checksum, save and load).
//! * [`search`]: alpha-beta on the game with the tables at the nodes they cover.
//! * [`levels`]: beginner, intermediate and expert, each a budget of search nodes.
//!
//! # Tables for the server
//!
//! [`prepare_tables`] loads `bagh-chal-t5.qtb` (and `-t4`, for the local rule of four
//! captures) from the table directory when `qdan tablebase bagh-chal` has made them there;
//! they are never built at start-up (about a minute and 330 MiB). Until then, or without
//! them, the expert plays by search alone.

pub mod file;
pub mod index;
pub mod levels;
pub mod search;
pub mod tables;

#[cfg(feature = "native")]
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use rules::bagh_chal::{Game, Move};

pub use file::file_name;
pub use tables::{SliceStats, TableError, Tables, Value};

use crate::Level;
use crate::clock::Deadline;

/// The tables ready for play, at most one per target.
static REGISTRY: RwLock<Vec<Arc<Tables>>> = RwLock::new(Vec::new());

/// Makes `tables` available to the CPU, replacing any for the same target.
pub fn install_tables(tables: impl Into<Arc<Tables>>) -> Arc<Tables> {
    let t: Arc<Tables> = tables.into();
    let mut reg = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    reg.retain(|x| x.target != t.target);
    reg.push(t.clone());
    t
}

/// The installed tables for `target` captures, if any.
pub fn tables_for(target: u8) -> Option<Arc<Tables>> {
    let reg = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    reg.iter().find(|t| t.target == target).cloned()
}

/// The targets whose tables the server looks for: the standard five and the local four.
pub const SITE_TARGETS: [u8; 2] = [5, 4];

/// Starts a thread that loads the table files found in `cache_dir` (see the module docs);
/// the result of each file present, as `(target, error)`, when joined.
#[cfg(feature = "native")]
pub fn prepare_tables(cache_dir: PathBuf) -> std::thread::JoinHandle<Vec<(u8, Option<String>)>> {
    std::thread::Builder::new()
        .name("bagh-chal-tables".into())
        .spawn(move || load_present(&cache_dir))
        .expect("spawn the table thread")
}

/// Loads and installs the table files present in `dir`.
#[cfg(feature = "native")]
pub fn load_present(dir: &Path) -> Vec<(u8, Option<String>)> {
    let mut done = Vec::new();
    for target in SITE_TARGETS {
        let path = dir.join(file_name(target));
        if !path.exists() {
            continue;
        }
        match Tables::load(&path, target) {
            Ok(t) => {
                install_tables(t);
                done.push((target, None));
            }
            Err(e) => done.push((target, Some(format!("{}: {e}", path.display())))),
        }
    }
    done
}

/// Time kept back from a clock deadline for returning the move (as for Musashi).
const MARGIN: Duration = Duration::from_millis(150);

impl crate::players::Cpu for Game {
    fn choose(&self, level: Level, deadline: &Deadline, rng: &mut dyn rand::RngCore) -> Option<Move> {
        let tables = tables_for(self.options().target.captures());
        levels::choose(self, level, tables.as_deref(), deadline.earlier_by(MARGIN), rng)
    }
}
