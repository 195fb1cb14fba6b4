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

mod build;
pub mod file;
mod moves;
pub mod value;

use rules::musashi::{BoardKind, Position, Role, Target};

pub use file::{VERSION, file_name};
pub use value::Value;

use super::index::SliceIndex;

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
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables(board {}, target {}, slices {:?})", self.board, self.target, self.slice_counts())
    }
}

impl Tables {
    /// Empty tables (every lookup outside the target rule is unknown).
    pub fn empty(board: BoardKind, target: Target) -> Tables {
        Tables { board, target, slices: (0..=16).map(|_| None).collect() }
    }

    /// Children counts with a slice.
    pub fn slice_counts(&self) -> Vec<u8> {
        (0..=16u8).filter(|&k| self.slices[k as usize].is_some()).collect()
    }

    pub fn slice(&self, k: u8) -> Option<&Slice> {
        self.slices.get(k as usize)?.as_ref()
    }

    /// `true` when every position with `k` Children has a value (built, or decided by the target).
    pub fn covers_count(&self, k: u8) -> bool {
        self.decided_by_target(k) || self.slice(k).is_some()
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
        let s = self.slice(k)?;
        let i = s.index.index(pos.parent.0, pos.children.0) as usize;
        Some(Value::from_byte(match pos.turn {
            Role::Parent => s.parent[i],
            Role::Children => s.children[i],
        }))
    }

    /// Bytes held in memory.
    pub fn memory(&self) -> u64 {
        self.slices.iter().flatten().map(|s| (s.parent.len() + s.children.len()) as u64).sum()
    }
}
