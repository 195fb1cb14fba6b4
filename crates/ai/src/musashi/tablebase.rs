//! Retrograde tables: for every position (Parent point, Children set, side to move) of the
//! slices built, whether the Children can force a trap and in how many Children moves.
//!
//! Values are rule data for one (board, target): the move limit is not in the table. A
//! distance `d` becomes a result through the limit: the Children win exactly when `d` fits in
//! the Children moves they have left. Repetition is a rule about history and is applied by
//! the players (see `levels.rs`), not here.
//!
//! A slice holds one Children count `k`. Children moves stay in the slice; Parent captures
//! drop into a lower slice of the same parity, which is built first. Inside a slice the
//! generator works from the decided positions outwards with one queue per distance:
//!
//! * Parent to move, trapped: distance 0.
//! * Children to move: the first time a successor at distance `d` is decided, `d + 1`
//!   (decided in increasing order, so this is the minimum).
//! * Parent to move: decided when the last of its in-slice successor classes is, at
//!   `max(d, floor)` where `floor` is the worst capture (looked up in lower slices); a
//!   capture into a Parent win or the target makes it a Parent win for good.
//!
//! Everything never decided is a Parent win (the Children cannot force a trap).

use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

use rules::musashi::{BoardKind, Position, Role, Target};

use super::index::{Geometry, SliceIndex, next_subset};

/// Format version of table files; bump when the layout or the generator's meaning changes.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"QDANMTB\0";

/// A position's value from the tables (move limit not applied).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// The Children cannot force a trap: with best play the Parent never gets trapped.
    ParentWin,
    /// The Children trap the Parent in this many more Children moves, at best for both.
    ChildrenWin(u16),
}

impl Value {
    /// Stored byte: 0 for a Parent win, `d + 1` for a Children win in `d`.
    #[inline]
    fn from_byte(b: u8) -> Value {
        if b == 0 { Value::ParentWin } else { Value::ChildrenWin(b as u16 - 1) }
    }

    /// The result once the move limit is applied: `moves_left` Children moves remain
    /// (`None`: no limit). The Children win only if their distance fits.
    pub fn with_limit(self, moves_left: Option<u32>) -> Value {
        match (self, moves_left) {
            (Value::ChildrenWin(d), Some(left)) if d as u32 > left => Value::ParentWin,
            (v, _) => v,
        }
    }

    /// Plies to the trap from a position with `turn` to move: each Children move but the
    /// first (when the Children are to move) comes after a Parent move.
    pub fn plies(self, turn: Role) -> Option<u32> {
        match self {
            Value::ParentWin => None,
            Value::ChildrenWin(0) => Some(0),
            Value::ChildrenWin(d) => Some(match turn {
                Role::Parent => 2 * d as u32,
                Role::Children => 2 * d as u32 - 1,
            }),
        }
    }
}

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

/// Children left at which the Parent has won (`None`: the target is off).
#[inline]
fn left_to_win(target: Target) -> Option<u8> {
    target.children_left_to_win()
}

/// A fingerprint of the board's rule data, so a table built for other lines or capture pairs
/// (a changed rules crate) is never trusted.
fn fingerprint(kind: BoardKind) -> u64 {
    let b = kind.geometry();
    let mut h = Hasher::new();
    h.word(b.len as u64);
    for p in 0..b.len as usize {
        h.word(b.neighbours[p].0);
        for q in 0..b.pair_count[p] as usize {
            h.word(b.pairs[p][q].0);
        }
    }
    h.finish()
}

/// A small word-at-a-time checksum (FNV-style multiply-xor; detects damage, not attacks).
struct Hasher(u64);

impl Hasher {
    fn new() -> Hasher {
        Hasher(0xcbf2_9ce4_8422_2325)
    }
    #[inline]
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(29);
    }
    fn bytes(&mut self, data: &[u8]) {
        let mut chunks = data.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
    }
    fn finish(&self) -> u64 {
        self.0
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
        left_to_win(self.target).is_some_and(|l| k <= l) || self.slice(k).is_some()
    }

    /// Builds the slices of `k`'s parity up to `max_k` (at most 16), reporting each as done.
    pub fn build(
        board: BoardKind,
        target: Target,
        max_k: u8,
        mut report: impl FnMut(&SliceStats),
    ) -> Result<Tables, TableError> {
        let mut t = Tables::empty(board, target);
        let max_k = max_k.min(16);
        let mut k = max_k % 2;
        while k <= max_k {
            if !t.covers_count(k) {
                let stats = t.build_slice(k)?;
                report(&stats);
            }
            k += 2;
        }
        Ok(t)
    }

    /// Value of the Children-to-move position `(p, m)` with `k` Children, for a capture that
    /// lands there: `None` when its slice is missing.
    #[inline]
    fn children_byte(&self, p: u8, m: u64) -> Option<u8> {
        let k = m.count_ones() as u8;
        if left_to_win(self.target).is_some_and(|l| k <= l) {
            return Some(0);
        }
        let s = self.slice(k)?;
        Some(s.children[s.index.index(p, m) as usize])
    }

    /// Builds slice `k` from the slices below it.
    pub fn build_slice(&mut self, k: u8) -> Result<SliceStats, TableError> {
        let started = Instant::now();
        let index = SliceIndex::new(self.board, k);
        let geo: &Geometry = index.geo;
        let n = index.len();
        if n > u32::MAX as u64 {
            return Err(TableError::TooLarge(k));
        }
        for lower in (k % 2..k).step_by(2).rev().take(4) {
            if !self.covers_count(lower) {
                return Err(TableError::MissingSlice { k, needs: lower });
            }
        }
        let n = n as usize;
        let all = geo.board.all.0;
        let nb: Vec<u64> = (0..geo.n as usize).map(|p| geo.board.neighbours[p].0).collect();
        let pairs: Vec<Vec<u64>> = (0..geo.n as usize)
            .map(|p| geo.board.pairs[p][..geo.board.pair_count[p] as usize].iter().map(|m| m.0).collect())
            .collect();
        let captures = |to: u8, m: u64| -> u64 {
            let mut taken = 0;
            for &pair in &pairs[to as usize] {
                if m & pair == pair {
                    taken |= pair;
                }
            }
            taken
        };

        let mut pval = vec![0u8; n];
        let mut cval = vec![0u8; n];
        // Parent to move, undecided: in-slice successor classes not yet known to be Children
        // wins (1..=8). 0: decided (or not canonical). ESCAPE: a capture reaches a Parent win.
        let mut cnt = vec![0u8; n];
        // Children-to-move positions already decided, one bit each: a Children-to-move
        // position is reached from every one of its decided successors but decided once, and
        // this bitmap (2 MiB for the largest 25-point slice) stays in cache where `cval`
        // does not.
        let mut cdone = vec![0u64; n.div_ceil(64)];
        let mut pq: Vec<Vec<u32>> = vec![Vec::new()];
        let mut cq: Vec<Vec<u32>> = vec![Vec::new()];
        let mut positions = 0u64;
        // Queue entries: packed positions where they fit 32 bits (no un-ranking when they are
        // taken out), else indices.
        let packed = index.packable();
        let token = |i: u64, slot: u32, c: u64| -> u32 { if packed { index.pack(slot, c) } else { i as u32 } };
        let position_of = |t: u32| -> (u8, u64) { if packed { index.unpack(t) } else { index.decode(t as u64) } };

        // Initialise the Parent-to-move positions.
        let block = index.block;
        for slot in 0..geo.slots() {
            let rep = geo.reps[slot];
            let mut c: u64 = (1u64 << k) - 1;
            for r in 0..block {
                let i = slot as u64 * block + r;
                let c_now = c;
                let m = super::index::expand(c, rep);
                c = next_subset(c);
                if !geo.is_canonical(rep, m) {
                    continue;
                }
                positions += 2;
                let exits = nb[rep as usize] & all & !m;
                if exits == 0 {
                    pval[i as usize] = 1;
                    pq[0].push(token(i, slot as u32, c_now));
                    continue;
                }
                let sym = geo.symmetric(m);
                let mut seen = [u64::MAX; 8];
                let mut moves = 0usize;
                let mut floor = 0u8;
                let mut escape = false;
                let mut e_it = exits;
                while e_it != 0 {
                    let e = e_it.trailing_zeros() as u8;
                    e_it &= e_it - 1;
                    let taken = captures(e, m);
                    if taken == 0 {
                        if sym {
                            let j = index.index(e, m);
                            if !seen[..moves].contains(&j) {
                                seen[moves] = j;
                                moves += 1;
                            }
                        } else {
                            moves += 1;
                        }
                    } else {
                        let lower = m & !taken;
                        let b = self
                            .children_byte(e, lower)
                            .ok_or(TableError::MissingSlice { k, needs: lower.count_ones() as u8 })?;
                        if b == 0 {
                            escape = true;
                            break;
                        }
                        floor = floor.max(b - 1);
                    }
                }
                let i = i as usize;
                if escape {
                    cnt[i] = ESCAPE;
                } else if moves == 0 {
                    pval[i] = floor + 1;
                    push(&mut pq, floor as usize, token(i as u64, slot as u32, c_now));
                } else {
                    cnt[i] = moves as u8;
                    pval[i] = floor;
                }
            }
        }

        // Work outwards by distance. Predecessor indices are gathered in batches and prefetched
        // before they are read: the slices are far larger than the caches, and the reads are
        // independent, so the memory system can serve many at once.
        let mut batch: Vec<(u32, u32)> = Vec::with_capacity(BATCH + 512);
        let mut d = 0usize;
        while d < pq.len() || d < cq.len() {
            if d + 2 > 254 {
                return Err(TableError::DistanceOverflow);
            }
            // Children-to-move positions won in d: their Parent-to-move predecessors lose one
            // undecided successor class.
            let list = if d < cq.len() { std::mem::take(&mut cq[d]) } else { Vec::new() };
            for &i in &list {
                let (e, m) = position_of(i);
                if captures(e, m) != 0 {
                    // The Parent would have taken this pair on arriving: no in-slice predecessor.
                    continue;
                }
                // Two un-moves can reach one class when the Children set is symmetric: count
                // each predecessor class once, as the forward count did.
                let mut seen = [u32::MAX; 8];
                let mut ns = 0;
                let mut from = nb[e as usize] & all & !m;
                while from != 0 {
                    let p = from.trailing_zeros() as u8;
                    from &= from - 1;
                    let (j, slot, c) = index.index_form(p, m);
                    let j = j as u32;
                    if seen[..ns].contains(&j) {
                        continue;
                    }
                    seen[ns] = j;
                    ns += 1;
                    prefetch(&cnt, j as usize);
                    batch.push((j, token(j as u64, slot, c)));
                }
                if batch.len() >= BATCH {
                    settle_parent(&mut batch, &mut cnt, &mut pval, &mut pq, d);
                }
            }
            settle_parent(&mut batch, &mut cnt, &mut pval, &mut pq, d);
            drop(list);
            // Parent-to-move positions lost in d: their Children-to-move predecessors win in d + 1.
            let list = if d < pq.len() { std::mem::take(&mut pq[d]) } else { Vec::new() };
            for &i in &list {
                let (p, m) = position_of(i);
                let empty = all & !m & !(1u64 << p);
                let frame = index.frame(p, m);
                let mut kids = m;
                while kids != 0 {
                    let c = kids.trailing_zeros() as u8;
                    kids &= kids - 1;
                    let mut to = nb[c as usize] & empty;
                    while to != 0 {
                        let e = to.trailing_zeros() as u8;
                        to &= to - 1;
                        let (j, cm) = frame.moved_form(c, e);
                        let j = j as u32;
                        prefetch_word(&cdone, j as usize >> 6);
                        batch.push((j, token(j as u64, frame.slot, cm)));
                    }
                }
                if batch.len() >= BATCH {
                    settle_children(&mut batch, &mut cdone, &mut cval, &mut cq, d);
                }
            }
            settle_children(&mut batch, &mut cdone, &mut cval, &mut cq, d);
            d += 1;
        }
        // Whatever is still counting (or escaped) is a Parent win.
        for (v, &c) in pval.iter_mut().zip(cnt.iter()) {
            if c != 0 {
                *v = 0;
            }
        }
        drop(cnt);
        drop(cdone);
        let children_wins = pval.iter().chain(cval.iter()).filter(|&&b| b != 0).count() as u64;
        let max_distance = pval.iter().chain(cval.iter()).copied().max().unwrap_or(0).saturating_sub(1) as u16;
        self.slices[k as usize] = Some(Slice { index, parent: pval, children: cval });
        Ok(SliceStats {
            k,
            entries: n as u64,
            positions,
            children_wins,
            max_distance,
            seconds: started.elapsed().as_secs_f64(),
        })
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
        if left_to_win(self.target).is_some_and(|l| k <= l) {
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

    /// Writes the tables: a header (magic, version, board, target, rules fingerprint, slices),
    /// the data, then a checksum over header and data.
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let tmp = path.with_extension("qtb.part");
        {
            let mut f = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
            let mut h = Hasher::new();
            let header = self.header();
            h.bytes(&header);
            f.write_all(&header)?;
            for s in self.slices.iter().flatten() {
                for data in [&s.parent, &s.children] {
                    h.bytes(data);
                    f.write_all(data)?;
                }
            }
            f.write_all(&h.finish().to_le_bytes())?;
            f.flush()?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        // Rename last, so a reader never sees a half-written file under the real name.
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.board.points());
        out.push(self.target.0.unwrap_or(0));
        out.extend_from_slice(&fingerprint(self.board).to_le_bytes());
        let counts = self.slice_counts();
        out.push(counts.len() as u8);
        for k in counts {
            out.push(k);
            let s = self.slice(k).expect("listed slice");
            out.extend_from_slice(&(s.parent.len() as u64).to_le_bytes());
        }
        out
    }

    /// Reads tables for `(board, target)`, refusing a file of another version, board, target or
    /// rules, a damaged file and one whose checksum does not match.
    pub fn load(path: &Path, board: BoardKind, target: Target) -> Result<Tables, TableError> {
        let mut f = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
        let mut fixed = [0u8; 8 + 4 + 1 + 1 + 8 + 1];
        f.read_exact(&mut fixed)?;
        if &fixed[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(TableError::Version(version));
        }
        let fp = u64::from_le_bytes(fixed[14..22].try_into().expect("8 bytes"));
        if fixed[12] != board.points() || fixed[13] != target.0.unwrap_or(0) || fp != fingerprint(board) {
            return Err(TableError::Stale);
        }
        let mut t = Tables::empty(board, target);
        let count = fixed[22] as usize;
        let mut list = Vec::new();
        let mut h = Hasher::new();
        let mut header = fixed.to_vec();
        for _ in 0..count {
            let mut e = [0u8; 9];
            f.read_exact(&mut e)?;
            header.extend_from_slice(&e);
            let k = e[0];
            let len = u64::from_le_bytes(e[1..9].try_into().expect("8 bytes"));
            if k > 16 || list.contains(&k) {
                return Err(TableError::Corrupt("slice list"));
            }
            let index = SliceIndex::new(board, k);
            if index.len() != len {
                return Err(TableError::Corrupt("slice length"));
            }
            list.push(k);
        }
        h.bytes(&header);
        let mut ks: Vec<u8> = list.clone();
        ks.sort_unstable();
        if ks != list {
            return Err(TableError::Corrupt("slice order"));
        }
        for &k in &list {
            let index = SliceIndex::new(board, k);
            let mut parent = vec![0u8; index.len() as usize];
            let mut children = vec![0u8; index.len() as usize];
            f.read_exact(&mut parent)?;
            f.read_exact(&mut children)?;
            h.bytes(&parent);
            h.bytes(&children);
            t.slices[k as usize] = Some(Slice { index, parent, children });
        }
        let mut sum = [0u8; 8];
        f.read_exact(&mut sum).map_err(|_| TableError::Corrupt("truncated"))?;
        if u64::from_le_bytes(sum) != h.finish() {
            return Err(TableError::Corrupt("checksum"));
        }
        if f.read(&mut [0u8; 1])? != 0 {
            return Err(TableError::Corrupt("trailing bytes"));
        }
        Ok(t)
    }
}

/// Counter value of a Parent-to-move position that escapes by a capture (a Parent win).
const ESCAPE: u8 = 0xff;

/// Predecessor indices gathered before they are settled.
const BATCH: usize = 256;

#[inline]
fn prefetch(v: &[u8], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = v[i..].as_ptr() as *const i8;
        // SAFETY: a prefetch is a hint; it never faults and `p` points into `v`.
        #[allow(unused_unsafe)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

#[inline]
fn prefetch_word(v: &[u64], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = v[i..].as_ptr() as *const i8;
        // SAFETY: a prefetch is a hint; it never faults and `p` points into `v`.
        #[allow(unused_unsafe)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

/// Parent-to-move predecessors of Children wins at distance `d`: one more successor class is
/// lost for each; when none is left the position is lost at `max(d, floor)`.
fn settle_parent(batch: &mut Vec<(u32, u32)>, cnt: &mut [u8], pval: &mut [u8], pq: &mut Vec<Vec<u32>>, d: usize) {
    for &(j, t) in batch.iter() {
        let j = j as usize;
        let c = cnt[j];
        if c != 0 && c != ESCAPE {
            cnt[j] = c - 1;
            if c == 1 {
                let dist = (d as u8).max(pval[j]);
                pval[j] = dist + 1;
                push(pq, dist as usize, t);
            }
        }
    }
    batch.clear();
}

/// Children-to-move predecessors of Parent losses at distance `d`: won in `d + 1` unless
/// already won faster.
fn settle_children(batch: &mut Vec<(u32, u32)>, cdone: &mut [u64], cval: &mut [u8], cq: &mut Vec<Vec<u32>>, d: usize) {
    let code = d as u8 + 2;
    for &(j, t) in batch.iter() {
        let j = j as usize;
        let (w, bit) = (j >> 6, 1u64 << (j & 63));
        if cdone[w] & bit == 0 {
            cdone[w] |= bit;
            cval[j] = code;
            push(cq, d + 1, t);
        }
    }
    batch.clear();
}

#[inline]
fn push(q: &mut Vec<Vec<u32>>, d: usize, i: u32) {
    if q.len() <= d {
        q.resize_with(d + 1, Vec::new);
    }
    q[d].push(i);
}

/// File name of the tables for `(board, target)` in a cache directory.
pub fn file_name(board: BoardKind, target: Target) -> String {
    format!("musashi-{}-t{}.qtb", board.points(), target)
}
