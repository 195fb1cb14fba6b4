//! The streaming generator: slices too large for one byte per position in memory, built
//! one at a time into slice files, resumable.
//!
//! It computes the same values as the in-memory generator (`build.rs`), level by level:
//! at level `d` it first takes every Children-to-move position won in `d` (those of this
//! slice, found by a scan of its marks, and those of the lower slices, read from their level
//! lists) and counts one successor class down for each Parent-to-move predecessor (a Parent
//! un-move inside the slice, or an un-capture from a lower slice); a Parent-to-move
//! position whose count reaches zero is lost in `d`. Then it takes those losses and marks
//! their undecided Children-to-move predecessors as won in `d + 1`.
//!
//! Per position it keeps 4 bits on the Parent-to-move side (the count of successor classes
//! not yet won, or a code) and 2 bits on the Children-to-move side (undecided, won at the
//! current or the next level, done): 0.75 bytes a position instead of 3. The distances go to
//! disk as sorted level lists ([`lists`]); when the slice is done they are merged into its
//! slice file. A checkpoint (the two arrays and a small state file) is written every so
//! often; a stopped build continues from the last one.

pub(crate) mod bits;
mod builder;
mod checkpoint;
pub(crate) mod lists;
mod steps;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rules::musashi::{BoardKind, Target};

use self::builder::Builder;
use self::lists::{Side, levels_in, list_path};
use super::slice_file::{SliceFile, slice_file_name, write_from_lists};
use super::{SliceStats, TableError};
use crate::musashi::index::SliceIndex;

/// Parent-to-move codes (4 bits). 1..=8: successor classes not yet won.
const P_DONE: u8 = 0;
const P_ESCAPE: u8 = 14;
const P_LOST: u8 = 15;
/// Children-to-move codes (2 bits): undecided, won at an even or odd level, done.
const C_OPEN: u8 = 0;
const C_DONE: u8 = 3;

/// The mark of Children-to-move positions won at level `d`.
#[inline]
fn mark(d: usize) -> u8 {
    1 + (d & 1) as u8
}

/// Predecessors gathered before they are settled.
const BATCH: usize = 512;

/// Threads a level uses by default at most (they mostly wait on memory).
const MAX_THREADS: usize = 4;

/// How the streaming generator runs.
#[derive(Clone, Debug)]
pub struct StreamOptions {
    /// Least time between two checkpoints.
    pub checkpoint_every: Duration,
    /// When set, the build writes a checkpoint and stops with [`TableError::Stopped`] at the
    /// first Parent class or level that ends after this moment (a time-boxed run).
    pub stop_at: Option<Instant>,
    /// Threads for each level (the bytes do not depend on it).
    pub threads: usize,
}

impl Default for StreamOptions {
    fn default() -> StreamOptions {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS);
        StreamOptions { checkpoint_every: Duration::from_secs(20 * 60), stop_at: None, threads }
    }
}

/// What the generator reports while it works.
#[derive(Clone, Debug)]
pub enum Progress {
    /// Continuing a stopped build.
    Resumed { k: u8, from: String },
    /// Parent classes initialised (of `slots`).
    Init { k: u8, slots_done: usize, slots: usize, seconds: f64 },
    /// Level `d` done.
    Level { k: u8, d: usize, children_won: u64, parent_lost: u64, decided: u64, positions: u64, seconds: f64 },
    /// A checkpoint written.
    Checkpoint { k: u8, bytes: u64, seconds: f64 },
    /// Merging the level lists into the slice file.
    Writing { k: u8 },
}

/// Where the files of slice `k` go in the table directory `dir`.
pub struct SlicePaths {
    /// The finished slice.
    pub file: PathBuf,
    /// Its level lists (the Children-to-move ones stay for the slices above).
    pub lists: PathBuf,
    /// The checkpoint.
    pub work: PathBuf,
}

impl SlicePaths {
    pub fn new(dir: &Path, board: BoardKind, target: Target, k: u8) -> SlicePaths {
        let name = slice_file_name(board, target, k);
        let stem = name.trim_end_matches(".qts");
        SlicePaths {
            file: dir.join(&name),
            lists: dir.join(format!("{stem}.lists")),
            work: dir.join(format!("{stem}.work")),
        }
    }
}

/// Marker file: the Children-to-move lists of a finished slice are all there.
const COMPLETE: &str = "complete";

/// Builds slice `k` of `(board, target)` into `dir` (or finds it there), continuing from a
/// checkpoint when there is one. The lower slices a capture reaches must be finished in
/// `dir` first.
pub fn build_slice(
    board: BoardKind,
    target: Target,
    k: u8,
    dir: &Path,
    opts: &StreamOptions,
    mut progress: impl FnMut(&Progress),
) -> Result<SliceStats, TableError> {
    let paths = SlicePaths::new(dir, board, target, k);
    if paths.file.exists() {
        let f = SliceFile::open(&paths.file, board, target, k)?;
        ensure_lists(&f, &paths.lists)?;
        return Ok(f.stats);
    }
    let lower = lower_slices(board, target, k, dir)?;
    let mut b = Builder::start(board, target, k, &paths, lower, &mut progress)?;
    b.run(opts, &mut progress)?;
    progress(&Progress::Writing { k });
    let stats = SliceStats {
        k,
        positions: b.positions,
        seconds: b.seconds + b.clock.elapsed().as_secs_f64(),
        ..SliceStats::default()
    };
    let index = b.index;
    drop(b);
    let stats = write_from_lists(&paths.file, index, target, &paths.lists, stats)?;
    for d in levels_in(&paths.lists, Side::Parent)? {
        std::fs::remove_file(list_path(&paths.lists, Side::Parent, d))?;
    }
    std::fs::write(paths.lists.join(COMPLETE), b"")?;
    std::fs::remove_dir_all(&paths.work)?;
    Ok(stats)
}

/// Makes sure a finished slice's Children-to-move lists are there.
fn ensure_lists(f: &SliceFile, dir: &Path) -> Result<(), TableError> {
    if !dir.join(COMPLETE).exists() {
        if dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
        f.write_children_lists(dir)?;
        std::fs::write(dir.join(COMPLETE), b"")?;
    }
    Ok(())
}

/// A lower slice a capture from slice `k` lands in.
struct Lower {
    index: SliceIndex,
    lists: PathBuf,
    /// Pairs a capture into it takes.
    pairs: usize,
}

fn lower_slices(board: BoardKind, target: Target, k: u8, dir: &Path) -> Result<Vec<Lower>, TableError> {
    let mut out = Vec::new();
    for pairs in 1..=4u8 {
        let Some(j) = k.checked_sub(2 * pairs) else { break };
        if target.children_left_to_win().is_some_and(|l| j <= l) {
            continue;
        }
        let paths = SlicePaths::new(dir, board, target, j);
        if !paths.file.exists() {
            return Err(TableError::MissingSlice { k, needs: j });
        }
        // Checked in full (one read) before anything is built on it.
        ensure_lists(&SliceFile::open(&paths.file, board, target, j)?, &paths.lists)?;
        out.push(Lower { index: SliceIndex::new(board, j), lists: paths.lists, pairs: pairs as usize });
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
