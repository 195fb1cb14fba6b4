//! Retrograde tables of the movement phase: every position with all goats placed (16 to 20
//! of them on the board, 0 to 4 captured), either side to move, up to symmetry, with its
//! value under best play: a win or a loss for the side to move and in how many plies, or a
//! draw.
//!
//! # The game the tables solve
//!
//! * The tigers to move and without a move: the goats win (0 plies).
//! * The goats to move and without a move: the tigers win (0 plies), our rule
//!   (`docs/design.md` §8.4).
//! * The capture that reaches the target (the fifth by default): the tigers win. A capture
//!   before that leads into the slice with one goat fewer, which is built first.
//! * **Repetition is ignored**: a position's value depends on the position alone, and a
//!   line of play that never ends is a draw. That is the standard retrograde analysis, and
//!   as far as the paper's abstract and introduction say (the parts consulted, see
//!   `docs/design.md` §8.1) it is the game whose movement phase Lim and Nievergelt's
//!   database of 88,260,972 positions holds: values of positions, not of histories. Under
//!   our rule (`docs/design.md` §8.5: a move back to a position of the record is illegal)
//!   the tables are therefore exact for the repetition-free game (the `allowed` local rule).
//!   Under `forbidden`, the default:
//!   - a *win in d plies* (and so a *loss*) of the tables is still a win in at most `d`
//!     plies when the record since the last capture holds no position of the winning line,
//!     surely when it holds only the current position (right after the last placement or a
//!     capture): each move of the winner's shortest line brings the distance down by one,
//!     so that line never repeats a position and none of its moves is forbidden, while the
//!     rule only takes moves away from the loser (a loser left without a move loses sooner);
//!   - a *draw* of the tables is a game both sides can keep going for ever; under
//!     `forbidden` no game goes on for ever (§8.4: someone runs out of moves), so our rule
//!     decides every drawn position, and the tables do not say for whom: that needs the
//!     history, which no table of positions holds.
//!
//! # How they are built
//!
//! As the Musashi tables ([`crate::musashi::tablebase`]): one slice per goat count, one
//! byte per position and side, worked outwards from the decided positions with one queue
//! per distance. Values are stored as `d + 1` for a game that ends in `d` plies (`0` is a
//! draw); the side to move wins exactly when `d` is odd (a side without a move has lost, at
//! 0). A won position takes its shortest win, a lost one its longest loss.

use std::time::Instant;

use rules::bagh_chal::board::{NEIGHBOURS, Point, jumps_from};
use rules::bagh_chal::{GOATS, Position, Role};

use super::index::{SliceIndex, unsqueeze};

/// Captures that win by default.
pub const TARGET: u8 = 5;

/// Counter of a tigers-to-move position that a capture saves from losing (it draws or wins).
const ESCAPE: u8 = 0xff;

/// Largest distance (plies) a stored byte holds.
pub const MAX_PLIES: u16 = 254;

/// Why tables could not be built.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("the target must be 1 to 5 captures, not {0}")]
    Target(u8),
    #[error("a game longer than {MAX_PLIES} plies does not fit the table format")]
    DistanceOverflow,
    #[error("table I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Bagh-Chal table file")]
    Magic,
    /// The file's version and the one this program reads.
    #[error("table file version {0}, this program reads {1}")]
    Version(u32, u32),
    #[error("table file is for another target or rules fingerprint")]
    Stale,
    #[error("table file is damaged: {0}")]
    Corrupt(&'static str),
}

/// A position's value for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// The side to move wins in this many plies (odd).
    Win(u16),
    /// The side to move loses in this many plies (even).
    Loss(u16),
    /// Neither side can force a win: without a repetition rule the game goes on for ever.
    Draw,
}

impl Value {
    /// The value of a stored byte.
    #[inline]
    pub fn from_byte(b: u8) -> Value {
        match b {
            0 => Value::Draw,
            b if (b - 1) % 2 == 1 => Value::Win(b as u16 - 1),
            b => Value::Loss(b as u16 - 1),
        }
    }
}

/// The values of one goat count.
pub struct Slice {
    pub index: SliceIndex,
    /// Tigers to move.
    pub tigers: Vec<u8>,
    /// Goats to move.
    pub goats: Vec<u8>,
}

/// Figures for one slice build.
#[derive(Clone, Debug, Default)]
pub struct SliceStats {
    /// Goats on the board.
    pub goats: u8,
    /// Entries per side (canonical or not).
    pub entries: u64,
    /// Canonical positions, tigers to move (the same number with the goats to move).
    pub positions: u64,
    /// Tigers to move: won, lost, drawn (canonical positions).
    pub tigers_to_move: [u64; 3],
    /// Goats to move: won, lost, drawn.
    pub goats_to_move: [u64; 3],
    /// Longest win or loss, plies.
    pub max_plies: u16,
    pub seconds: f64,
}

/// The tables for one target: slices by goats on the board.
pub struct Tables {
    pub target: u8,
    slices: Vec<Option<Slice>>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built: Vec<usize> = (0..self.slices.len()).filter(|&g| self.slices[g].is_some()).collect();
        write!(f, "Tables(target {}, goats {built:?})", self.target)
    }
}

impl Tables {
    /// Builds every slice of the movement phase for `target` captures (1 to 5; fewer make
    /// small tables for tests), fewest goats first, reporting each as done.
    pub fn build(target: u8, mut report: impl FnMut(&SliceStats)) -> Result<Tables, TableError> {
        let mut t = Tables::empty(target)?;
        for g in t.min_goats()..=GOATS {
            let (slice, stats) = t.build_slice(g)?;
            report(&stats);
            t.slices[g as usize] = Some(slice);
        }
        Ok(t)
    }

    /// Tables for `target` captures (1 to 5) without any slice.
    pub(crate) fn empty(target: u8) -> Result<Tables, TableError> {
        if !(1..=TARGET).contains(&target) {
            return Err(TableError::Target(target));
        }
        Ok(Tables { target, slices: (0..=GOATS).map(|_| None).collect() })
    }

    /// Adds a slice (read from a file).
    pub(crate) fn insert(&mut self, s: Slice) {
        let g = s.index.goats as usize;
        self.slices[g] = Some(s);
    }

    /// Fewest goats on the board before the target is reached.
    #[inline]
    pub fn min_goats(&self) -> u8 {
        GOATS - self.target + 1
    }

    pub fn slice(&self, goats: u8) -> Option<&Slice> {
        self.slices.get(goats as usize)?.as_ref()
    }

    /// Bytes of values held.
    pub fn memory(&self) -> u64 {
        self.slices.iter().flatten().map(|s| (s.tigers.len() + s.goats.len()) as u64).sum()
    }

    /// The value of a movement-phase position (none in hand), or `None` outside the tables
    /// (goats in hand, counts that do not add up to twenty, or the target already reached).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        let g = pos.goats.count() as u8;
        if !pos.all_placed() || pos.tigers.count() != 4 || g + pos.captured != GOATS || g < self.min_goats() {
            return None;
        }
        Some(Value::from_byte(self.byte(pos.turn, pos.tigers.0 as u32, pos.goats.0 as u32)))
    }

    /// The stored byte of a position whose slice is built or below the target (a loss for the
    /// goats, who are then to move, at 0).
    #[inline]
    fn byte(&self, turn: Role, tigers: u32, goats: u32) -> u8 {
        let g = goats.count_ones() as u8;
        if g < self.min_goats() {
            return 1;
        }
        let s = self.slices[g as usize].as_ref().expect("slices are built fewest goats first");
        let i = s.index.index(tigers, goats) as usize;
        match turn {
            Role::Tigers => s.tigers[i],
            Role::Goats => s.goats[i],
        }
    }

    /// Builds the slice with `g` goats from the slice below.
    fn build_slice(&self, g: u8) -> Result<(Slice, SliceStats), TableError> {
        let started = Instant::now();
        let index = SliceIndex::new(g);
        let mut w = Work::new(index);
        let positions = self.init(&mut w)?;
        w.propagate()?;
        let Work { mut tval, mut gval, tcnt, gcnt, .. } = w;
        for (v, &c) in tval.iter_mut().zip(&tcnt).chain(gval.iter_mut().zip(&gcnt)) {
            if c != 0 {
                *v = 0; // never decided: a draw (the counter's floor is dropped)
            }
        }
        drop((tcnt, gcnt));
        let mut stats = SliceStats { goats: g, entries: index.len(), positions, ..SliceStats::default() };
        index.for_each_canonical(|i, _, _| {
            for (vals, out) in [(&tval, &mut stats.tigers_to_move), (&gval, &mut stats.goats_to_move)] {
                let b = vals[i as usize];
                out[match Value::from_byte(b) {
                    Value::Win(_) => 0,
                    Value::Loss(_) => 1,
                    Value::Draw => 2,
                }] += 1;
                stats.max_plies = stats.max_plies.max(b.saturating_sub(1) as u16);
            }
        });
        stats.seconds = started.elapsed().as_secs_f64();
        Ok((Slice { index, tigers: tval, goats: gval }, stats))
    }

    /// Counts each canonical position's moves, looks up the captures in the slice below and
    /// queues what is decided already. Returns the number of canonical positions (per side).
    fn init(&self, w: &mut Work) -> Result<u64, TableError> {
        let index = w.index;
        let mut positions = 0u64;
        let mut overflow = false;
        let mut succ = Vec::with_capacity(64);
        index.for_each_canonical(|i, tigers, goats| {
            positions += 1;
            let i = i as usize;
            let token = w.token(tigers, goats);
            let empty = !(tigers | goats) & ALL;

            // Tigers to move: steps stay in the slice, captures leave it.
            succ.clear();
            let (mut best_win, mut floor, mut draws) = (u16::MAX, 0u16, false);
            for from in bits(tigers) {
                for to in bits(NEIGHBOURS[from as usize].0 as u32 & empty) {
                    succ.push(index.index(tigers ^ (1 << from) ^ (1 << to), goats));
                }
                for j in jumps_from(Point(from)) {
                    if goats >> j.over.0 & 1 == 1 && empty >> j.to.0 & 1 == 1 {
                        let after_t = tigers ^ (1 << from) ^ (1 << j.to.0);
                        let b = self.byte(Role::Goats, after_t, goats ^ (1 << j.over.0));
                        match Value::from_byte(b) {
                            Value::Draw => draws = true,
                            Value::Loss(d) => best_win = best_win.min(d + 1),
                            Value::Win(d) => floor = floor.max(d + 1),
                        }
                    }
                }
            }
            let moves = distinct(&mut succ);
            if floor > MAX_PLIES || (best_win != u16::MAX && best_win > MAX_PLIES) {
                overflow = true;
            }
            if best_win != u16::MAX {
                // A capture wins: the position is won, perhaps faster in the slice.
                w.tcnt[i] = ESCAPE;
                push(&mut w.pending, best_win as usize, token);
            } else if draws {
                w.tcnt[i] = ESCAPE;
            } else if moves == 0 {
                // Every move captures into a loss (or there is no move at all: floor 0).
                w.tval[i] = floor as u8 + 1;
                push(&mut w.tq, floor as usize, token);
            } else {
                w.tcnt[i] = moves as u8;
                w.tval[i] = floor as u8;
            }

            // Goats to move: steps only.
            succ.clear();
            for from in bits(goats) {
                for to in bits(NEIGHBOURS[from as usize].0 as u32 & empty) {
                    succ.push(index.index(tigers, goats ^ (1 << from) ^ (1 << to)));
                }
            }
            let moves = distinct(&mut succ);
            if moves == 0 {
                w.gval[i] = 1;
                push(&mut w.gq, 0, token);
            } else {
                w.gcnt[i] = moves as u8;
            }
        });
        if overflow { Err(TableError::DistanceOverflow) } else { Ok(positions) }
    }
}

/// Every point.
const ALL: u32 = (1 << 25) - 1;

/// The points of a mask.
#[inline]
fn bits(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let p = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(p)
    })
}

/// Sorts and deduplicates indices of positions reached; returns how many classes remain.
/// Two moves can reach one class (mirror images of each other): it counts once, both when
/// counting moves and when counting back from the class, so the two counts agree.
#[inline]
fn distinct(v: &mut Vec<u64>) -> usize {
    v.sort_unstable();
    v.dedup();
    v.len()
}

#[inline]
fn push(q: &mut Vec<Vec<u32>>, d: usize, t: u32) {
    if q.len() <= d {
        q.resize_with(d + 1, Vec::new);
    }
    q[d].push(t);
}

/// The working arrays of one slice build.
struct Work {
    index: SliceIndex,
    /// Values (`d + 1`, 0 undecided) by side; a counting tigers-to-move entry holds its
    /// capture floor instead until it is decided.
    tval: Vec<u8>,
    gval: Vec<u8>,
    /// Undecided positions: in-slice successor classes not yet known to win for the
    /// opponent. 0: decided (or not canonical). ESCAPE: cannot lose.
    tcnt: Vec<u8>,
    gcnt: Vec<u8>,
    /// Decided positions by distance, as packed stored forms (slot and compressed goats fit
    /// 32 bits, as on Musashi's square).
    tq: Vec<Vec<u32>>,
    gq: Vec<Vec<u32>>,
    /// Tigers-to-move positions with a capture that wins in `d`: won then unless the slice
    /// wins them faster.
    pending: Vec<Vec<u32>>,
}

impl Work {
    fn new(index: SliceIndex) -> Work {
        let n = index.len() as usize;
        Work {
            index,
            tval: vec![0; n],
            gval: vec![0; n],
            tcnt: vec![0; n],
            gcnt: vec![0; n],
            tq: Vec::new(),
            gq: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// A canonical position as a queue token: slot (11 bits) and compressed goats (21 bits).
    #[inline]
    fn token(&self, tigers: u32, goats: u32) -> u32 {
        let (slot, c) = self.index.form(tigers, goats);
        slot << 21 | c
    }

    #[inline]
    fn untoken(&self, t: u32) -> (usize, u32, u32) {
        let slot = t >> 21;
        let c = t & ((1 << 21) - 1);
        let rep = self.index.geo.reps[slot as usize];
        (self.index.index_of_form(slot, c) as usize, rep, unsqueeze(c, rep))
    }

    /// Works outwards by distance until no queue is left.
    fn propagate(&mut self) -> Result<(), TableError> {
        let mut preds = Vec::with_capacity(64);
        let mut d = 0usize;
        while d < self.tq.len() || d < self.gq.len() || d < self.pending.len() {
            if d + 1 > MAX_PLIES as usize {
                return Err(TableError::DistanceOverflow);
            }
            for t in take(&mut self.pending, d) {
                let (i, _, _) = self.untoken(t);
                if self.tcnt[i] != 0 {
                    self.tcnt[i] = 0;
                    self.tval[i] = d as u8 + 1;
                    push(&mut self.tq, d, t);
                }
            }
            // Tigers to move decided at d: their goats-to-move predecessors (a goat stepped).
            for t in take(&mut self.tq, d) {
                let (_, tigers, goats) = self.untoken(t);
                let empty = !(tigers | goats) & ALL;
                preds.clear();
                for at in bits(goats) {
                    for from in bits(NEIGHBOURS[at as usize].0 as u32 & empty) {
                        preds.push(self.index.form(tigers, goats ^ (1 << at) ^ (1 << from)));
                    }
                }
                preds.sort_unstable();
                preds.dedup();
                for &(slot, c) in &preds {
                    let j = self.index.index_of_form(slot, c) as usize;
                    settle(&mut self.gcnt, &mut self.gval, &mut self.gq, false, j, d, slot << 21 | c);
                }
            }
            // Goats to move decided at d: their tigers-to-move predecessors (a tiger stepped).
            for t in take(&mut self.gq, d) {
                let (_, tigers, goats) = self.untoken(t);
                let empty = !(tigers | goats) & ALL;
                preds.clear();
                for at in bits(tigers) {
                    for from in bits(NEIGHBOURS[at as usize].0 as u32 & empty) {
                        preds.push(self.index.form(tigers ^ (1 << at) ^ (1 << from), goats));
                    }
                }
                preds.sort_unstable();
                preds.dedup();
                for &(slot, c) in &preds {
                    let j = self.index.index_of_form(slot, c) as usize;
                    settle(&mut self.tcnt, &mut self.tval, &mut self.tq, true, j, d, slot << 21 | c);
                }
            }
            d += 1;
        }
        Ok(())
    }
}

/// The queue of distance `d`, emptied.
fn take(q: &mut [Vec<u32>], d: usize) -> Vec<u32> {
    q.get_mut(d).map(std::mem::take).unwrap_or_default()
}

/// A predecessor `j` of a position decided at `d`. If that position is lost (even `d`) the
/// predecessor wins at `d + 1`, unless decided already. If it is won, the predecessor loses
/// one move; when none is left it is lost at `d + 1`, or at its capture floor if later
/// (`floored`: the value array holds one, tigers to move).
#[inline]
fn settle(cnt: &mut [u8], val: &mut [u8], q: &mut Vec<Vec<u32>>, floored: bool, j: usize, d: usize, t: u32) {
    let c = cnt[j];
    if c == 0 {
        return;
    }
    if d.is_multiple_of(2) {
        cnt[j] = 0;
        val[j] = d as u8 + 2;
        push(q, d + 1, t);
    } else if c != ESCAPE {
        cnt[j] = c - 1;
        if c == 1 {
            let dist = if floored { (d + 1).max(val[j] as usize) } else { d + 1 };
            val[j] = dist as u8 + 1;
            push(q, dist, t);
        }
    }
}
