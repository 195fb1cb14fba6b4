//! Retrograde tables: for every position (Parent point, Children set, side to move) of the
//! slices built, whether the Children can force a trap and in how many Children moves.
//!
//! Values are rule data for one (board, target): the move limit is not in the table. A
//! distance `d` becomes a result through the limit: the Children win exactly when `d` fits in
//! the Children moves they have left. Repetition is a rule about history and is applied by
//! the players (see `levels.rs`), not here.
//!
//! * [`value`]: a position's [`Value`] and its one-byte encoding.
//! * [`file`]: the table file (header, checksum, read and write).
//! * `build`: the in-memory generator, one slice after another.
//! * [`stream`]: the streaming generator for slices too large for memory, one slice file
//!   each ([`slice_file`]), resumable.
//!
//! The lookup and the table file (read from a path) build everywhere; the generators and the
//! slice files need the `native` feature (zstd, threads, the clock for the build figures).

#[cfg(feature = "native")]
mod build;
pub mod file;
#[cfg(feature = "native")]
mod moves;
#[cfg(feature = "native")]
pub mod slice_file;
#[cfg(feature = "native")]
pub mod stream;
pub mod value;

use rules::musashi::{BoardKind, Position, Role, Target};

pub use file::{VERSION, file_name};
#[cfg(feature = "native")]
pub use slice_file::{SliceFile, slice_file_name};
pub use value::Value;

#[cfg(feature = "native")]
use std::path::Path;

use super::index::SliceIndex;

/// Slices with at most this many entries per side are read into memory when they come from a
/// slice file (the 33-point slice with 8 Children: 210 M); larger ones are read from the
/// file position by position.
pub const MEMORY_ENTRIES: u64 = 1 << 29;

/// Why tables could not be built, read or written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("table I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Musashi table file")]
    Magic,
    #[error("table file version {0}, this program reads {VERSION}")]
    Version(u32),
    #[error("table file is for another board, target or rules fingerprint")]
    Stale,
    #[error("table file is damaged: {0}")]
    Corrupt(&'static str),
    #[error("slice with {0} Children has more positions than a 32-bit index can hold")]
    TooLarge(u8),
    #[error("a distance over 253 Children moves does not fit the table format")]
    DistanceOverflow,
    #[error("slice with {k} Children needs the slice with {needs} Children first")]
    MissingSlice { k: u8, needs: u8 },
    #[error("the build of the slice with {k} Children stopped at its time limit (checkpoint written)")]
    Stopped { k: u8 },
}

/// The values of one Children count.
pub struct Slice {
    pub index: SliceIndex,
    /// Parent to move.
    pub parent: Vec<u8>,
    /// Children to move.
    pub children: Vec<u8>,
}

impl std::fmt::Debug for Slice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Slice({:?})", self.index)
    }
}

/// Figures for one slice build.
#[derive(Clone, Debug, Default)]
pub struct SliceStats {
    pub k: u8,
    /// Entries per side (canonical or not).
    pub entries: u64,
    /// Canonical positions (both sides).
    pub positions: u64,
    /// Positions won by the Children (both sides).
    pub children_wins: u64,
    /// Largest distance (Children moves).
    pub max_distance: u16,
    pub seconds: f64,
}

/// The tables of one (board, target): slices by Children count.
pub struct Tables {
    pub board: BoardKind,
    pub target: Target,
    slices: Vec<Option<Slice>>,
    /// Slices read from their files on demand (too large for memory).
    #[cfg(feature = "native")]
    files: Vec<Option<SliceFile>>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tables(board {}, target {}, slices {:?}, on disk {:?})",
            self.board,
            self.target,
            self.slice_counts(),
            self.file_counts()
        )
    }
}

impl Tables {
    /// Empty tables (every lookup outside the target rule is unknown).
    pub fn empty(board: BoardKind, target: Target) -> Tables {
        Tables {
            board,
            target,
            slices: (0..=16).map(|_| None).collect(),
            #[cfg(feature = "native")]
            files: (0..=16).map(|_| None).collect(),
        }
    }

    /// Children counts with a slice in memory.
    pub fn slice_counts(&self) -> Vec<u8> {
        (0..=16u8).filter(|&k| self.slices[k as usize].is_some()).collect()
    }

    /// Children counts with a slice read from its file on demand.
    pub fn file_counts(&self) -> Vec<u8> {
        (0..=16u8).filter(|&k| self.on_file(k)).collect()
    }

    /// `true` when the slice with `k` Children is read from its file on demand.
    #[cfg(feature = "native")]
    fn on_file(&self, k: u8) -> bool {
        self.files.get(k as usize).is_some_and(Option::is_some)
    }

    #[cfg(not(feature = "native"))]
    fn on_file(&self, _k: u8) -> bool {
        false
    }

    /// Adds a slice file: read into memory when it has at most [`MEMORY_ENTRIES`] entries per
    /// side, else looked up in the file. A slice already in memory is kept.
    #[cfg(feature = "native")]
    pub fn attach(&mut self, f: SliceFile) -> Result<(), TableError> {
        let k = f.index.k as usize;
        if self.slices[k].is_some() {
            return Ok(());
        }
        if f.index.len() <= MEMORY_ENTRIES {
            self.slices[k] = Some(f.to_slice()?);
        } else {
            self.files[k] = Some(f);
        }
        Ok(())
    }

    /// Opens every slice file of this board and target in `dir` (checking each in full) and
    /// attaches it; returns what happened per Children count found.
    #[cfg(feature = "native")]
    pub fn attach_dir(&mut self, dir: &Path) -> Vec<(u8, Result<(), TableError>)> {
        let mut done = Vec::new();
        for k in 0..=16u8 {
            let path = dir.join(slice_file_name(self.board, self.target, k));
            if self.slices[k as usize].is_some() || !path.exists() {
                continue;
            }
            let r = SliceFile::open(&path, self.board, self.target, k).and_then(|f| self.attach(f));
            done.push((k, r));
        }
        done
    }

    pub fn slice(&self, k: u8) -> Option<&Slice> {
        self.slices.get(k as usize)?.as_ref()
    }

    /// `true` when every position with `k` Children has a value (built, or decided by the target).
    pub fn covers_count(&self, k: u8) -> bool {
        self.decided_by_target(k) || self.slice(k).is_some() || self.on_file(k)
    }

    /// `true` when `k` Children left means the Parent has reached its target.
    #[inline]
    fn decided_by_target(&self, k: u8) -> bool {
        self.target.children_left_to_win().is_some_and(|l| k <= l)
    }

    /// The value of `pos` (move limit not applied), or `None` when its slice is missing or
    /// the position is on another board.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if pos.board != self.board {
            return None;
        }
        if pos.turn == Role::Parent && pos.parent_exits().is_empty() {
            return Some(Value::ChildrenWin(0));
        }
        let k = pos.children.count() as u8;
        if self.decided_by_target(k) {
            return Some(Value::ParentWin);
        }
        if let Some(s) = self.slice(k) {
            let i = s.index.index(pos.parent.0, pos.children.0) as usize;
            return Some(Value::from_byte(match pos.turn {
                Role::Parent => s.parent[i],
                Role::Children => s.children[i],
            }));
        }
        self.value_on_file(pos, k)
    }

    #[cfg(feature = "native")]
    fn value_on_file(&self, pos: &Position, k: u8) -> Option<Value> {
        let f = self.files.get(k as usize)?.as_ref()?;
        f.value_at(pos.turn, f.index.index(pos.parent.0, pos.children.0)).ok()
    }

    #[cfg(not(feature = "native"))]
    fn value_on_file(&self, _pos: &Position, _k: u8) -> Option<Value> {
        None
    }

    /// [`Tables::value`] from the slices in memory only (no file reads): for searches, which
    /// look up far too many positions for a read each.
    pub fn value_in_memory(&self, pos: &Position) -> Option<Value> {
        let k = pos.children.count() as u8;
        if pos.board == self.board && self.on_file(k) {
            return None;
        }
        self.value(pos)
    }

    /// Bytes held in memory.
    pub fn memory(&self) -> u64 {
        self.slices.iter().flatten().map(|s| (s.parent.len() + s.children.len()) as u64).sum()
    }
}
