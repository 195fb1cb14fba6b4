//! The exact solver: fail-soft alpha-beta driven by MTD(f), over positions reduced by the
//! classical capture rules, with a transposition table keyed by the canonical drawn-edge set.
//!
//! The key is the drawn edges alone (see [`super::tt`]); the search itself is in
//! [`super::search`].
//!
//! Pruning that keeps the value exact:
//! - A box whose last side does not give a third side to a neighbour is always taken at once
//!   (taking it first dominates every other move); these captures are folded into the node.
//! - When a box can be taken only by offering its neighbour `n` (the open end of a chain or
//!   loop), every move other than taking it (`e`) or drawing `n`'s other side (`f`, the
//!   double-dealing decline that leaves the last two boxes of a chain, or four of a loop) is
//!   dominated by "take first, then play it": the search tries those two only.
//!   The mover offered such a chain gets at least 0 (1 with an odd number of boxes left),
//!   and at least k - 2 from a chain of k boxes that offers nothing beyond its end, whatever
//!   the rest of the board is worth: a window above that is decided without the table.
//! - Of a chain that runs into a junction (a box with at most one side drawn) only one line
//!   is tried ([`super::chains::chain_openings`]): a chain of two its middle line (an end line,
//!   the half-hearted handout, gives the opponent the same position after taking both and
//!   the extra choice of declining), a chain of one either line (the same position once the
//!   box is taken), a longer chain any line (opened anywhere, it gives the opponent the same
//!   two choices: take all, or all but two).
//! - Positions made only of separate chains and loops are valued by [`EndgameTable`].
//! - Edges that touch the same boxes (the two border edges of a corner box) are
//!   interchangeable (Barker and Korf, *Solving Dots-And-Boxes*, 2012): the key counts how
//!   many of each such class are drawn, not which, and only one undrawn edge of a class is
//!   tried.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{Board, NONE};
use super::chains::{EndgameTable, follow};
use super::counts::Counts;
use super::tt::{Busy, Table};
use crate::clock::Deadline;

/// What one solve cost.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub tt_hits: u64,
    pub endgames: u64,
    /// Sacrifices searched at nodes that also had a safe line (outermost ones only).
    pub sacrifices: u64,
    /// Nodes inside those sacrifices' subtrees: what refuting early sacrifices costs.
    pub sacrifice_nodes: u64,
}

impl std::ops::AddAssign for Stats {
    /// Adds another thread's counts.
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.tt_hits += o.tt_hits;
        self.endgames += o.endgames;
        self.sacrifices += o.sacrifices;
        self.sacrifice_nodes += o.sacrifice_nodes;
    }
}

/// An exact solver for one board size; reuse it for many positions to keep its table warm.
pub struct Solver {
    pub(super) board: Board,
    pub(super) tt: Arc<Table>,
    pub(super) endgame: EndgameTable,
    pub stats: Stats,
    pub(super) deadline: Option<Deadline>,
    pub(super) aborted: bool,
    pub(super) use_symmetry: bool,
    pub(super) use_equivalence: bool,
    pub(super) use_chain_rules: bool,
    /// Undrawn lines from which a node first probes the table for its safe children
    /// (enhanced transposition cutoff); 65 turns it off.
    pub etc_from: u32,
    /// Undrawn lines from which threads put off safe children another thread is searching
    /// (at or above `etc_from`, which works out the children's keys).
    pub share_from: u32,
    /// Inside the subtree of a sacrifice made beside a safe line (for [`Stats`]).
    pub(super) in_sacrifice: bool,
    /// Search threads a probe uses (see [`Solver::set_threads`]).
    threads: usize,
    /// Set when another thread has finished the probe: this one stops.
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// Positions being searched by some thread, with more than one.
    pub(super) busy: Option<Arc<Busy>>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver({:?}, {} slots)", self.board, self.tt.buckets() * 2)
    }
}

/// Boxes to take at the open end of chains: each can only be taken by offering its
/// neighbour.
#[derive(Copy, Clone, Debug)]
pub(super) struct Fork {
    /// Takes the first such box.
    pub take: u8,
    /// Draws that box's neighbour's other side: declines the last two of the chain (or four
    /// of a loop).
    pub decline: u8,
    /// With such boxes in more than one chain: the line taking the first box of each other
    /// chain. Then only taking is tried (declining one chain while another is there to take
    /// is never better than taking that one first), a first box from each chain, since the
    /// one left for last is the one whose end can still be declined.
    pub more: u64,
    /// What the mover gets at least (`Solver::fork_floor`), or minus the boxes left.
    pub floor: i32,
}

/// The position after the captures that are always right, and what they took.
pub(super) struct Reduced {
    pub drawn: u64,
    pub gain: i32,
    /// Boxes still unclaimed.
    pub left: i32,
    /// Boxes that can only be taken by offering a neighbour (the open end of a chain).
    pub fork: Option<Fork>,
    /// No box can be taken and every unclaimed box has exactly two undrawn sides.
    pub simple: bool,
    /// The first capture folded in (a right move at the position itself).
    pub first: Option<u8>,
}

impl Solver {
    /// A solver for `board` with a table of `2^(tt_bits + 1)` slots (16 bytes each).
    pub fn new(board: Board, tt_bits: u32) -> Solver {
        let tt_bits = tt_bits.clamp(4, 30);
        Solver {
            board,
            tt: Arc::new(Table::new(tt_bits)),
            endgame: EndgameTable::new(),
            stats: Stats::default(),
            deadline: None,
            aborted: false,
            use_symmetry: true,
            use_equivalence: true,
            use_chain_rules: true,
            etc_from: 10,
            share_from: 20,
            in_sacrifice: false,
            threads: 1,
            stop: None,
            busy: None,
        }
    }

    /// Search each probe with `n` threads sharing the table (at least 1). They run the same
    /// search; a thread that reaches a child another is searching puts it off and takes the
    /// next, so the children of a node are split between them (simplified ABDADA). The
    /// first to finish answers: every bound in the table is proved, whichever thread stored
    /// it, so any thread's answer is exact. Node counts add up all threads' nodes.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
        if self.threads > 1 {
            self.tt.touch(self.threads);
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board tables back, when the solver is done with.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// Stop searching (answers `None`) once `deadline` passes.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// Key positions by their drawn edges only, not their least mirror image (for measuring
    /// what the symmetry reduction is worth).
    pub fn set_symmetry(&mut self, on: bool) {
        self.use_symmetry = on;
    }

    /// Treat edges that touch the same boxes (the two border edges of a corner box) as
    /// interchangeable, in the table key and in the moves tried (for measuring what that is
    /// worth, and for testing that it changes no value). Clear the table after changing it.
    pub fn set_equivalence(&mut self, on: bool) {
        self.use_equivalence = on;
    }

    /// Try every line of chains that run into a junction, not one a chain (for measuring
    /// what that is worth, and for testing that it changes no value). The fork floor stays.
    pub fn set_chain_rules(&mut self, on: bool) {
        self.use_chain_rules = on;
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The exact value of `drawn` for the player to move: the margin of the boxes still to
    /// be claimed. `None` when the deadline passed first.
    pub fn value(&mut self, drawn: u64) -> Option<i32> {
        self.value_reporting(drawn, &mut |_, _, _| {})
    }

    /// [`Solver::value`], calling `report(beta, holds, stats)` as each of its probes "is the
    /// value at least beta" ends: a long solve says what it has proved so far.
    pub fn value_reporting(&mut self, drawn: u64, report: &mut dyn FnMut(i32, bool, &Stats)) -> Option<i32> {
        self.aborted = false;
        let left = self.board.boxes as i32 - self.board.claimed(drawn) as i32;
        // MTD(f): null-window probes converge on the value; each probe's table entries are
        // reused by the next. Values have the parity of the boxes left.
        let (mut lo, mut hi) = (-left, left);
        let mut g = if left % 2 == 0 { 0 } else { -1 };
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.probe(drawn, beta - 1, beta);
            if self.aborted {
                return None;
            }
            report(beta, g >= beta, &self.stats);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        Some(lo)
    }

    /// One null-window probe: `true` when the value of `drawn` is at least `beta` (what
    /// [`Solver::value`] asks repeatedly; for reporting progress on long solves). `None`
    /// when the deadline passed first.
    pub fn at_least(&mut self, drawn: u64, beta: i32) -> Option<bool> {
        self.aborted = false;
        let g = self.probe(drawn, beta - 1, beta);
        (!self.aborted).then_some(g >= beta)
    }

    /// [`Solver::search`] from the root, on [`Solver::set_threads`] threads.
    fn probe(&mut self, drawn: u64, alpha: i32, beta: i32) -> i32 {
        if self.threads == 1 {
            return self.search(drawn, alpha, beta);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let busy = Arc::new(Busy::new());
        let mut helpers: Vec<Solver> = (1..self.threads)
            .map(|_| Solver {
                board: self.board.clone(),
                tt: Arc::clone(&self.tt),
                endgame: EndgameTable::new(),
                stats: Stats::default(),
                deadline: None,
                aborted: false,
                use_symmetry: self.use_symmetry,
                use_equivalence: self.use_equivalence,
                use_chain_rules: self.use_chain_rules,
                etc_from: self.etc_from,
                share_from: self.share_from,
                in_sacrifice: false,
                threads: 1,
                stop: Some(Arc::clone(&stop)),
                busy: Some(Arc::clone(&busy)),
            })
            .collect();
        self.stop = Some(Arc::clone(&stop));
        self.busy = Some(busy);
        let mut answer = None;
        std::thread::scope(|s| {
            let finish = |solver: &mut Solver| {
                let g = solver.search(drawn, alpha, beta);
                let done = !solver.aborted;
                if done {
                    // The others stop at their next tick and their answers are dropped.
                    solver.stop.as_ref().expect("set").store(true, Ordering::Relaxed);
                }
                done.then_some(g)
            };
            let handles: Vec<_> = helpers.iter_mut().map(|h| s.spawn(move || finish(h))).collect();
            let mine = finish(self);
            // This thread's deadline ends the helpers too.
            stop.store(true, Ordering::Relaxed);
            answer = mine;
            for h in handles {
                let theirs = h.join().expect("search threads do not panic");
                answer = answer.or(theirs);
            }
        });
        for h in &helpers {
            self.stats += h.stats;
        }
        self.stop = None;
        self.busy = None;
        // Aborted only when the deadline passed before any thread finished.
        self.aborted = answer.is_none();
        answer.unwrap_or(0)
    }

    /// A move that keeps the exact value, with that value. `None` when the board is full or
    /// the deadline passed.
    pub fn best_move(&mut self, drawn: u64) -> Option<(u8, i32)> {
        let undrawn = self.board.all & !drawn;
        if undrawn == 0 {
            return None;
        }
        let v = self.value(drawn)?;
        if let Some(e) = self.reduce(drawn).first {
            // A capture that is always right.
            return Some((e, v));
        }
        for e in self.root_order(drawn) {
            if self.child_at_least(drawn, e, v)? {
                return Some((e, v));
            }
        }
        unreachable!("some move reaches the value of the position")
    }

    /// The exact value of each legal move (the margin for the mover, from before the move).
    pub fn move_values(&mut self, drawn: u64) -> Option<Vec<(u8, i32)>> {
        let mut out = Vec::new();
        for e in bits(self.board.all & !drawn) {
            let c = self.board.completes(drawn, e) as i32;
            let child = self.value(drawn | 1 << e)?;
            out.push((e, if c > 0 { c + child } else { -child }));
        }
        Some(out)
    }

    /// Moves at the root, most promising first.
    fn root_order(&mut self, drawn: u64) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(b) = self.probe_best(drawn) {
            out.push(b);
        }
        for &e in &self.board.centre_out {
            if drawn & 1 << e == 0 && !out.contains(&e) {
                out.push(e);
            }
        }
        // Captures, then safe moves, then sacrifices.
        out.sort_by_key(|&e| {
            if self.board.completes(drawn, e) > 0 {
                0
            } else if self.board.offers(drawn, e) {
                2
            } else {
                1
            }
        });
        out
    }

    /// `true` when drawing `e` keeps at least `v` for the mover.
    fn child_at_least(&mut self, drawn: u64, e: u8, v: i32) -> Option<bool> {
        let c = self.board.completes(drawn, e) as i32;
        let child = drawn | 1 << e;
        let ok =
            if c > 0 { c + self.search(child, v - c - 1, v - c) >= v } else { -self.search(child, -v, -v + 1) >= v };
        (!self.aborted).then_some(ok)
    }

    fn probe_best(&self, drawn: u64) -> Option<u8> {
        let (key, sym) = self.key(drawn);
        let entry = self.tt.probe(key)?;
        if !entry.has_move() {
            return None;
        }
        let e = self.playable(drawn, self.uncanonical(sym, entry.best));
        (e != NONE).then_some(e)
    }

    /// A table move made playable in `drawn`: the key merges positions that differ only in
    /// which edges of a class of interchangeable edges are drawn, so the stored move may be
    /// drawn here while an equivalent one is not. Answers the lowest undrawn edge of its
    /// class (the one the move generator keeps), or `NONE`.
    #[inline]
    pub(super) fn playable(&self, drawn: u64, e: u8) -> u8 {
        if e == NONE {
            return NONE;
        }
        let class = if self.use_equivalence { self.board.class_of[e as usize] } else { 1u64 << e };
        let u = class & !drawn;
        if u == 0 { NONE } else { u.trailing_zeros() as u8 }
    }

    pub(super) fn reduce(&self, mut drawn: u64) -> Reduced {
        let b = &self.board;
        let every = b.every_box();
        let mut gain = 0;
        let mut first = None;
        let mut counts = b.counts(drawn);
        loop {
            // Boxes with three sides, in order, as the captures before them leave them.
            let mut changed = false;
            let mut at = 0u32;
            loop {
                let three = counts.with(3, every) & (u128::MAX << at);
                let Some(x) = Counts::boxes(three).next() else { break };
                at = 4 * x as u32 + 4;
                let e = (b.box_edges[x as usize] & !drawn).trailing_zeros() as u8;
                let n = b.across(e, x);
                if n == NONE || counts.of(n) != 2 {
                    gain += b.completes(drawn, e) as i32;
                    drawn |= 1 << e;
                    counts = Counts(counts.0 + b.edge_count[e as usize]);
                    first = first.or(Some(e));
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            // Nothing more to take: every box with three sides offers its neighbour.
            let three = counts.with(3, every);
            let left = (every & !counts.with(4, every)).count_ones() as i32;
            let fork = Counts::boxes(three).next().map(|x| {
                let e = (b.box_edges[x as usize] & !drawn).trailing_zeros() as u8;
                let n = b.across(e, x);
                let f = (b.box_edges[n as usize] & !drawn & !(1u64 << e)).trailing_zeros() as u8;
                let floor = self.fork_floor(drawn, n, f, left).unwrap_or(-left);
                let more = if three & (three - 1) != 0 {
                    let fork_boxes = Counts::boxes(three).fold(0u64, |m, y| m | 1 << y);
                    self.other_openings(drawn, fork_boxes)
                } else {
                    0
                };
                Fork { take: e, decline: f, more, floor }
            });
            // Simple: every unclaimed box has exactly two sides.
            let simple = fork.is_none() && counts.with(2, every) | counts.with(4, every) == every;
            return Reduced { drawn, gain, left, fork, simple, first };
        }
    }

    /// With boxes to take in more than one opened chain (`fork_boxes`: each box that can only
    /// be taken by offering its neighbour): the line that takes the first box of each chain
    /// after the first one's. A chain open at both ends counts once.
    fn other_openings(&self, drawn: u64, fork_boxes: u64) -> u64 {
        let b = &self.board;
        let mut seen = 0u64;
        let mut out = 0u64;
        for x in bits(fork_boxes) {
            if seen & 1 << x != 0 {
                continue;
            }
            seen |= 1 << x;
            let e = (b.box_edges[x as usize] & !drawn).trailing_zeros() as u8;
            if x != fork_boxes.trailing_zeros() as u8 {
                out |= 1 << e;
            }
            // Walk the chain to its far end: another such box is the same chain.
            let end = follow(b, drawn, x, e, fork_boxes).end;
            if end != NONE && fork_boxes & 1 << end != 0 {
                seen |= 1 << end;
            }
        }
        out
    }

    #[inline]
    pub(super) fn key(&self, drawn: u64) -> (u64, usize) {
        let norm = |m: u64| if self.use_equivalence { self.board.normalise(m) } else { m };
        let mut best = (norm(drawn), usize::MAX);
        if !self.use_symmetry {
            return best;
        }
        for s in 0..self.board.symmetries() {
            let img = norm(self.board.apply(s, drawn));
            if img < best.0 {
                best = (img, s);
            }
        }
        best
    }

    pub(super) fn to_canonical(&self, sym: usize, e: u8) -> u8 {
        if sym == usize::MAX { e } else { self.board.map_edge(sym, e) }
    }

    pub(super) fn uncanonical(&self, sym: usize, e: u8) -> u8 {
        if sym == usize::MAX {
            return e;
        }
        self.board.unmap_edge(sym, e)
    }
}

pub(super) fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            i
        })
    })
}
