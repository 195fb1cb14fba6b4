//! The in-memory retrograde generator (one byte per position and side).
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

use std::time::Instant;

use rules::musashi::{BoardKind, Target};

use super::moves::BoardMoves;
use super::{Slice, SliceStats, TableError, Tables};
use crate::musashi::index::{SliceIndex, expand, next_subset};

/// Counter value of a Parent-to-move position that escapes by a capture (a Parent win).
const ESCAPE: u8 = 0xff;

/// Predecessor indices gathered before they are settled.
const BATCH: usize = 256;

impl Tables {
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

    /// Value byte of the Children-to-move position `(p, m)` with `k` Children, for a capture
    /// that lands there: `None` when its slice is missing.
    #[inline]
    fn children_byte(&self, p: u8, m: u64) -> Option<u8> {
        let k = m.count_ones() as u8;
        if self.target.children_left_to_win().is_some_and(|l| k <= l) {
            return Some(0);
        }
        let s = self.slice(k)?;
        Some(s.children[s.index.index(p, m) as usize])
    }

    /// Builds slice `k` from the slices below it.
    pub fn build_slice(&mut self, k: u8) -> Result<SliceStats, TableError> {
        let started = Instant::now();
        let index = SliceIndex::new(self.board, k);
        if index.len() > u32::MAX as u64 {
            return Err(TableError::TooLarge(k));
        }
        for lower in (k % 2..k).step_by(2).rev().take(4) {
            if !self.covers_count(lower) {
                return Err(TableError::MissingSlice { k, needs: lower });
            }
        }
        let mut w = Work::new(index);
        let positions = self.init_parent(&mut w)?;
        w.propagate()?;
        let (slice, children_wins, max_distance) = w.finish();
        let entries = slice.index.len();
        self.slices[k as usize] = Some(slice);
        Ok(SliceStats { k, entries, positions, children_wins, max_distance, seconds: started.elapsed().as_secs_f64() })
    }

    /// Sets every Parent-to-move position's counter of in-slice successor classes and its
    /// capture floor; queues the trapped ones (distance 0) and those whose every move
    /// captures. Returns the number of canonical positions (both sides).
    fn init_parent(&self, w: &mut Work) -> Result<u64, TableError> {
        let index = w.index;
        let geo = index.geo;
        let mv = BoardMoves::of(self.board);
        let k = index.k;
        let mut positions = 0u64;
        let block = index.block;
        for slot in 0..geo.slots() {
            let rep = geo.reps[slot];
            let mut c: u64 = (1u64 << k) - 1;
            for r in 0..block {
                let i = (slot as u64 * block + r) as usize;
                let c_now = c;
                let m = expand(c, rep);
                c = next_subset(c);
                if !geo.is_canonical(rep, m) {
                    continue;
                }
                positions += 2;
                let token = w.token(i as u64, slot as u32, c_now);
                let exits = mv.exits(rep, m);
                if exits == 0 {
                    w.pval[i] = 1;
                    w.pq[0].push(token);
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
                    let taken = mv.captures(e, m);
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
                if escape {
                    w.cnt[i] = ESCAPE;
                } else if moves == 0 {
                    w.pval[i] = floor + 1;
                    push(&mut w.pq, floor as usize, token);
                } else {
                    w.cnt[i] = moves as u8;
                    w.pval[i] = floor;
                }
            }
        }
        Ok(positions)
    }
}

/// The working arrays of one slice build.
struct Work {
    index: SliceIndex,
    mv: &'static BoardMoves,
    pval: Vec<u8>,
    cval: Vec<u8>,
    /// Parent to move, undecided: in-slice successor classes not yet known to be Children
    /// wins (1..=8). 0: decided (or not canonical). ESCAPE: a capture reaches a Parent win.
    cnt: Vec<u8>,
    /// Children-to-move positions already decided, one bit each: a Children-to-move
    /// position is reached from every one of its decided successors but decided once, and
    /// this bitmap (2 MiB for the largest 25-point slice) stays in cache where `cval`
    /// does not.
    cdone: Vec<u64>,
    pq: Vec<Vec<u32>>,
    cq: Vec<Vec<u32>>,
    /// Queue entries: packed positions where they fit 32 bits (no un-ranking when they are
    /// taken out), else indices.
    packed: bool,
    /// Predecessors gathered (index, queue token) before they are settled.
    batch: Vec<(u32, u32)>,
}

impl Work {
    fn new(index: SliceIndex) -> Work {
        let n = index.len() as usize;
        Work {
            index,
            mv: BoardMoves::of(index.geo.board.kind),
            pval: vec![0u8; n],
            cval: vec![0u8; n],
            cnt: vec![0u8; n],
            cdone: vec![0u64; n.div_ceil(64)],
            pq: vec![Vec::new()],
            cq: vec![Vec::new()],
            packed: index.packable(),
            batch: Vec::with_capacity(BATCH + 512),
        }
    }

    #[inline]
    fn token(&self, i: u64, slot: u32, c: u64) -> u32 {
        if self.packed { self.index.pack(slot, c) } else { i as u32 }
    }

    #[inline]
    fn position_of(&self, t: u32) -> (u8, u64) {
        if self.packed { self.index.unpack(t) } else { self.index.decode(t as u64) }
    }

    /// Works outwards by distance. Predecessor indices are gathered in batches and
    /// prefetched before they are read: the slices are far larger than the caches, and the
    /// reads are independent, so the memory system can serve many at once.
    fn propagate(&mut self) -> Result<(), TableError> {
        let mut d = 0usize;
        while d < self.pq.len() || d < self.cq.len() {
            if d + 2 > 254 {
                return Err(TableError::DistanceOverflow);
            }
            self.children_won(d);
            self.parent_lost(d);
            d += 1;
        }
        Ok(())
    }

    /// Children-to-move positions won in `d`: their Parent-to-move predecessors lose one
    /// undecided successor class.
    fn children_won(&mut self, d: usize) {
        let list = if d < self.cq.len() { std::mem::take(&mut self.cq[d]) } else { Vec::new() };
        for &t in &list {
            let (e, m) = self.position_of(t);
            if self.mv.captures(e, m) != 0 {
                // The Parent would have taken this pair on arriving: no in-slice predecessor.
                continue;
            }
            // Two un-moves can reach one class when the Children set is symmetric: count
            // each predecessor class once, as the forward count did.
            let mut seen = [u32::MAX; 8];
            let mut ns = 0;
            let mut from = self.mv.exits(e, m);
            while from != 0 {
                let p = from.trailing_zeros() as u8;
                from &= from - 1;
                let (j, slot, c) = self.index.index_form(p, m);
                let j = j as u32;
                if seen[..ns].contains(&j) {
                    continue;
                }
                seen[ns] = j;
                ns += 1;
                prefetch(&self.cnt, j as usize);
                let token = self.token(j as u64, slot, c);
                self.batch.push((j, token));
            }
            if self.batch.len() >= BATCH {
                self.settle_parent(d);
            }
        }
        self.settle_parent(d);
    }

    /// Parent-to-move positions lost in `d`: their Children-to-move predecessors win in
    /// `d + 1`.
    fn parent_lost(&mut self, d: usize) {
        let list = if d < self.pq.len() { std::mem::take(&mut self.pq[d]) } else { Vec::new() };
        for &t in &list {
            let (p, m) = self.position_of(t);
            let frame = self.index.frame(p, m);
            let mv = self.mv;
            for (c, e) in mv.child_unmoves(p, m) {
                let (j, cm) = frame.moved_form(c, e);
                let j = j as u32;
                prefetch(&self.cdone, j as usize >> 6);
                let token = self.token(j as u64, frame.slot, cm);
                self.batch.push((j, token));
            }
            if self.batch.len() >= BATCH {
                self.settle_children(d);
            }
        }
        self.settle_children(d);
    }

    /// Parent-to-move predecessors of Children wins at distance `d`: one more successor class
    /// is lost for each; when none is left the position is lost at `max(d, floor)`.
    fn settle_parent(&mut self, d: usize) {
        for &(j, t) in &self.batch {
            let j = j as usize;
            let c = self.cnt[j];
            if c != 0 && c != ESCAPE {
                self.cnt[j] = c - 1;
                if c == 1 {
                    let dist = (d as u8).max(self.pval[j]);
                    self.pval[j] = dist + 1;
                    push(&mut self.pq, dist as usize, t);
                }
            }
        }
        self.batch.clear();
    }

    /// Children-to-move predecessors of Parent losses at distance `d`: won in `d + 1` unless
    /// already won faster.
    fn settle_children(&mut self, d: usize) {
        let code = d as u8 + 2;
        for &(j, t) in &self.batch {
            let j = j as usize;
            let (w, bit) = (j >> 6, 1u64 << (j & 63));
            if self.cdone[w] & bit == 0 {
                self.cdone[w] |= bit;
                self.cval[j] = code;
                push(&mut self.cq, d + 1, t);
            }
        }
        self.batch.clear();
    }

    /// The finished slice (whatever is still counting, or escaped, is a Parent win), the
    /// Children wins on both sides and the longest distance.
    fn finish(self) -> (Slice, u64, u16) {
        let Work { index, mut pval, cval, cnt, .. } = self;
        for (v, &c) in pval.iter_mut().zip(cnt.iter()) {
            if c != 0 {
                *v = 0;
            }
        }
        drop(cnt);
        let children_wins = pval.iter().chain(cval.iter()).filter(|&&b| b != 0).count() as u64;
        let max_distance = pval.iter().chain(cval.iter()).copied().max().unwrap_or(0).saturating_sub(1) as u16;
        (Slice { index, parent: pval, children: cval }, children_wins, max_distance)
    }
}

/// Asks the memory system for `v[i]` ahead of its use (a hint; does nothing elsewhere than
/// x86-64).
#[inline]
pub(crate) fn prefetch<T>(v: &[T], i: usize) {
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
fn push(q: &mut Vec<Vec<u32>>, d: usize, i: u32) {
    if q.len() <= d {
        q.resize_with(d + 1, Vec::new);
    }
    q[d].push(i);
}
