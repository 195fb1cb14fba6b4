//! The solver's fail-soft alpha-beta (see [`super::solver`] for what it prunes and why).
//!
//! Safe lines (no box gets a third side) make most of the tree, and their children need no
//! capture reduction: the parent had nothing to take and a safe line offers nothing. So a
//! node computes each safe child's canonical key from its own mirror images (one OR per
//! symmetry instead of a table lookup per byte), probes the table for every safe child
//! before searching any (an enhanced transposition cutoff at every depth), skips children
//! whose stored bound cannot raise alpha, and hands the images down to the child.

use std::sync::atomic::Ordering;

use super::board::NONE;
use super::chains::{chain_openings, follow, redundant_openings, simple_components};
use super::counts::Counts;
use super::solver::{Fork, Solver, bits};

/// A position's images: the identity at 0, board symmetry `s` at `s + 1`.
pub(super) type Images = [u64; 8];

impl Solver {
    /// Counts a node and checks the deadline now and then; `true` once aborted.
    #[inline]
    fn tick(&mut self) -> bool {
        self.stats.nodes += 1;
        if self.stats.nodes & 0x3ff == 0 {
            if let Some(d) = &self.deadline
                && d.passed()
            {
                self.aborted = true;
            }
            if let Some(stop) = &self.stop
                && stop.load(Ordering::Relaxed)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether another thread is searching the position with canonical key `key` now.
    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.busy.as_ref().is_some_and(|b| b.contains(key))
    }

    /// Marks `key` as being searched by this thread (`on`) or no longer.
    #[inline]
    fn mark(&self, share: bool, key: u64, on: bool) {
        if share && let Some(b) = &self.busy {
            if on { b.enter(key) } else { b.leave(key) }
        }
    }

    #[inline]
    fn images(&self, drawn: u64) -> Images {
        let mut im = [drawn; 8];
        if self.use_symmetry {
            for s in 0..self.board.symmetries() {
                im[s + 1] = self.board.apply(s, drawn);
            }
        }
        im
    }

    /// The canonical key of the position with images `im`, and the symmetry that gives it
    /// (`usize::MAX` for the identity).
    #[inline]
    pub(super) fn canonical(&self, im: &Images) -> (u64, usize) {
        let norm = |m: u64| if self.use_equivalence { self.board.normalise(m) } else { m };
        let mut best = (norm(im[0]), usize::MAX);
        if self.use_symmetry {
            for s in 0..self.board.symmetries() {
                let k = norm(im[s + 1]);
                if k < best.0 {
                    best = (k, s);
                }
            }
        }
        best
    }

    /// The canonical key of the position one line (`e`) on from the one with images `im`:
    /// [`Solver::canonical`] of [`Solver::child_images`] without building the images (the
    /// table cutoff asks it of every safe child).
    #[inline]
    fn child_key(&self, im: &Images, e: u8) -> u64 {
        if !(self.use_symmetry && self.use_equivalence) {
            return self.canonical(&self.child_images(im, e)).0;
        }
        let bits = &self.board.image_bits[e as usize];
        // Only the board's own images: past them `im` holds whatever the root had.
        (0..=self.board.symmetries()).map(|s| self.board.normalise(im[s] | bits[s])).min().expect("the identity")
    }

    #[inline]
    fn child_images(&self, im: &Images, e: u8) -> Images {
        let mut c = *im;
        c[0] |= 1 << e;
        if self.use_symmetry {
            for s in 0..self.board.symmetries() {
                c[s + 1] |= 1 << self.board.map_edge(s, e);
            }
        }
        c
    }

    /// Every unclaimed box has exactly two sides drawn (nothing can be taken).
    #[inline]
    fn is_simple(&self, drawn: u64) -> bool {
        let (c, every) = (self.board.counts(drawn), self.board.every_box());
        c.with(2, every) | c.with(4, every) == every
    }

    fn endgame_value(&mut self, drawn: u64) -> i32 {
        self.stats.endgames += 1;
        let comps = simple_components(&self.board, drawn).expect("checked simple");
        self.endgame.value(&comps)
    }

    /// A floor on the value of a position whose mover is offered a chain at its open end: a
    /// box with one side left whose neighbour `n` across that side has two, `f` being `n`'s
    /// other side (see [`super::solver::Fork`]).
    ///
    /// Offered two such boxes, the mover can take both and move on in the position C with
    /// both lines drawn (2 + v(C)), or draw `f` and leave the two to the opponent, whose
    /// taking them with one line is always right (-(2 + v(C))): at least |2 + v(C)|, never
    /// below 0 (1 with an odd number of boxes in C). Offered a chain of k boxes that ends
    /// without offering anything more, the mover first takes k - 2 of them; offered k boxes
    /// open at both ends, k - 4 of them, then the last four give the same choice with 4 for
    /// 2. `None` when `f` itself completes a box (then declining takes one too and the
    /// argument fails).
    pub(super) fn fork_floor(&self, drawn: u64, n: u8, f: u8, left: i32) -> Option<i32> {
        let b = &self.board;
        if b.completes(drawn, f) > 0 {
            return None;
        }
        let w = follow(b, drawn, n, f, 0);
        let k = 2 + w.steps() as i32;
        if w.end == NONE || b.sides(drawn, w.end) < 2 {
            // A clean end: k - 2 taken, then the two boxes' choice in the rest.
            Some(k - 2 + ((left - k) & 1))
        } else {
            // Open at both ends (an opened loop, or a chain cut in two): the mover takes all
            // but four, then draws the middle line of those, leaving two pairs.
            let k = k + 1;
            Some(if k >= 4 { k - 4 + ((left - k) & 1) } else { left & 1 })
        }
    }

    /// Fail-soft alpha-beta: the value of `drawn` for the player to move, exact when it lies
    /// strictly inside (alpha, beta), else a bound on the side it fell.
    pub(super) fn search(&mut self, drawn: u64, alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let r = self.reduce(drawn);
        if r.left == 0 {
            return r.gain;
        }
        if r.simple {
            return r.gain + self.endgame_value(r.drawn);
        }
        if let Some(fk) = r.fork
            && r.gain + fk.floor >= beta
        {
            // Decided before the table is asked (see `fork_floor`).
            return r.gain + fk.floor;
        }
        let im = self.images(r.drawn);
        r.gain + self.interior(r.drawn, &im, r.left, r.fork, alpha - r.gain, beta - r.gain)
    }

    /// The child of a safe line: nothing to take, the same boxes left.
    fn safe_child(&mut self, drawn: u64, im: &Images, left: i32, alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.is_simple(drawn) {
            return self.endgame_value(drawn);
        }
        self.interior(drawn, im, left, None, alpha, beta)
    }

    /// A reduced position with something to decide.
    fn interior(
        &mut self,
        drawn: u64,
        im: &Images,
        left: i32,
        fork: Option<Fork>,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        // Values lie in [-left, left]: a window outside that is already decided.
        if alpha >= left {
            return left;
        }
        if beta <= -left {
            return -left;
        }
        let (key, sym) = self.canonical(im);
        let mut tt_best = NONE;
        let (mut lo, mut hi) = (-left, left);
        if let Some(en) = self.tt.probe(key) {
            self.stats.tt_hits += 1;
            (lo, hi) = (en.lo as i32, en.hi as i32);
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if en.has_move() {
                tt_best = self.playable(drawn, self.uncanonical(sym, en.best));
            }
        }
        if let Some(fk) = fork {
            lo = lo.max(fk.floor);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (a0, b0) = (alpha, beta);
        let undrawn_n = (self.board.all & !drawn).count_ones();
        let n0 = self.stats.nodes;

        let mut best = i32::MIN;
        let mut best_move = NONE;
        if let Some(Fork { take: e, decline: f, more, .. }) = fork {
            let mut moves = [NONE; 64];
            let n = if more == 0 {
                moves[..2].copy_from_slice(&if tt_best == f { [f, e] } else { [e, f] });
                2
            } else {
                let mut n = 0;
                let lines = more | 1 << e;
                if tt_best != NONE && lines & 1 << tt_best != 0 {
                    moves[0] = tt_best;
                    n = 1;
                }
                let first = if n == 1 { 1u64 << tt_best } else { 0 };
                for m in bits(lines & !first) {
                    moves[n] = m;
                    n += 1;
                }
                n
            };
            for &m in &moves[..n] {
                let c = self.board.completes(drawn, m) as i32;
                let child = drawn | 1 << m;
                let v = if c > 0 {
                    c + self.search(child, alpha - c, beta - c)
                } else {
                    -self.search(child, -beta, -alpha)
                };
                if self.aborted {
                    return 0;
                }
                if v > best {
                    (best, best_move) = (v, m);
                    alpha = alpha.max(v);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        } else {
            let skip = if self.use_equivalence { self.board.interchangeable(drawn) } else { 0 };
            // Chain openings that another line stands for, worked out once the first
            // sacrifice is reached (most nodes end on a safe line before that).
            let mut openings_skip = None;
            let undrawn = self.board.all & !drawn & !skip;
            // Lines that give a box its third side: the sides of boxes with two drawn.
            let two = self.board.counts(drawn).with(2, self.board.every_box());
            let hot = Counts::boxes(two).fold(0u64, |h, x| h | self.board.box_edges[x as usize]);
            // Safe lines centre-out (the table's move first), then sacrifices centre-out.
            let mut safe = [0u8; 64];
            let mut ns = 0;
            let mut sac = [0u8; 64];
            let mut nc = 0;
            if tt_best != NONE && undrawn & 1 << tt_best != 0 {
                if hot & 1 << tt_best != 0 {
                    sac[0] = tt_best;
                    nc = 1;
                } else {
                    safe[0] = tt_best;
                    ns = 1;
                }
            }
            for &e in &self.board.centre_out {
                if undrawn & 1 << e == 0 || e == tt_best {
                    continue;
                }
                if hot & 1 << e != 0 {
                    sac[nc] = e;
                    nc += 1;
                } else {
                    safe[ns] = e;
                    ns += 1;
                }
            }
            // Every safe child's key and stored bounds first: one that already refutes the
            // window ends the node before anything is searched.
            let mut bounds = [(-left as i8, left as i8); 64];
            let probe_first = if undrawn_n >= self.etc_from { ns } else { 0 };
            // Their keys, for putting off children another thread is searching.
            let mut keys = [0u64; 64];
            // All the keys first, each bucket fetched as soon as its key is known, so the
            // cache misses overlap instead of coming one after another.
            for i in 0..probe_first {
                keys[i] = self.child_key(im, safe[i]);
                self.tt.prefetch(keys[i]);
            }
            for i in 0..probe_first {
                let ck = keys[i];
                if let Some(en) = self.tt.probe(ck) {
                    if -(en.hi as i32) >= beta {
                        self.stats.tt_hits += 1;
                        self.stats.nodes += 1;
                        let v = -(en.hi as i32);
                        self.tt.store(key, v, hi, self.to_canonical(sym, safe[i]), 1);
                        return v;
                    }
                    bounds[i] = (en.lo, en.hi);
                }
            }
            // The table's move first even when it is a sacrifice, then safe lines, then the
            // other sacrifices.
            let sac_first = nc > 0 && sac[0] == tt_best;
            // Move k of the order: safe[k] for k < 64, sac[k - 64] above. With several
            // threads, safe children (not the first) that another thread is searching are
            // put off: appended to the order again with DEFER set. Sacrifices are not.
            // (At most 60 lines, so at most 120 entries.)
            const SAC: u8 = 64;
            const DEFER: u8 = 128;
            let mut order = [0u8; 128];
            let mut no = 0;
            for k in (0..u8::from(sac_first))
                .map(|_| SAC)
                .chain(0..ns as u8)
                .chain((usize::from(sac_first)..nc).map(|i| SAC + i as u8))
            {
                order[no] = k;
                no += 1;
            }
            // Children are marked by their canonical keys, so that one reached by another
            // path or as a mirror image counts as the same.
            let share = self.busy.is_some() && probe_first > 0 && undrawn_n >= self.share_from;
            let mut tried = 0;
            let mut at = 0;
            while at < no {
                let k = order[at];
                at += 1;
                let is_safe = k & SAC == 0;
                let deferred = k & DEFER != 0;
                let i = usize::from(k & (SAC - 1));
                let v = if is_safe {
                    let e = safe[i];
                    // A child put off may have had its bounds stored since.
                    if deferred && let Some(en) = self.tt.probe(keys[i]) {
                        bounds[i] = (en.lo, en.hi);
                    }
                    let (clo, chi) = (bounds[i].0 as i32, bounds[i].1 as i32);
                    let v = if -clo <= alpha || clo == chi {
                        // Decided by its stored bound: an exact value, or one that cannot
                        // raise alpha (it stands as an upper bound).
                        self.stats.tt_hits += 1;
                        self.stats.nodes += 1;
                        -clo
                    } else if share && !deferred && tried > 0 && self.is_busy(keys[i]) {
                        order[no] = k | DEFER;
                        no += 1;
                        continue;
                    } else {
                        let cim = self.child_images(im, e);
                        self.mark(share, keys[i], true);
                        let v = -self.safe_child(drawn | 1 << e, &cim, left, -beta, -alpha);
                        self.mark(share, keys[i], false);
                        v
                    };
                    tried += 1;
                    (v, e)
                } else {
                    let e = sac[i];
                    let redundant = *openings_skip.get_or_insert_with(|| {
                        let r = redundant_openings(&self.board, drawn);
                        if self.use_chain_rules { r | chain_openings(&self.board, drawn, r | skip) } else { r }
                    });
                    if redundant & 1 << e != 0 {
                        continue;
                    }
                    let c = self.board.completes(drawn, e) as i32;
                    let child = drawn | 1 << e;
                    let outermost = ns > 0 && !self.in_sacrifice;
                    let n0 = self.stats.nodes;
                    self.in_sacrifice |= outermost;
                    // Not put off when busy: measured, that cost more nodes than it saved
                    // (empty 4x4: 475 M nodes against 392 M).
                    let v = if c > 0 {
                        c + self.search(child, alpha - c, beta - c)
                    } else {
                        -self.search(child, -beta, -alpha)
                    };
                    if outermost {
                        self.in_sacrifice = false;
                        self.stats.sacrifices += 1;
                        self.stats.sacrifice_nodes += self.stats.nodes - n0;
                    }
                    (v, e)
                };
                if self.aborted {
                    return 0;
                }
                if v.0 > best {
                    (best, best_move) = v;
                    alpha = alpha.max(best);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        // Store what this search proved: a lower bound on a cut, an upper bound when nothing
        // beat alpha, else the exact value.
        let (mut lo, mut hi) = (lo, hi);
        if best <= a0 {
            hi = best;
        } else if best >= b0 {
            lo = best;
        } else {
            (lo, hi) = (best, best);
        }
        // The table keeps entries that took the most nodes to prove (log2 of them).
        let work = 64 - (self.stats.nodes - n0).leading_zeros();
        self.tt.store(key, lo, hi, self.to_canonical(sym, best_move), work as u8);
        best
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::super::board::Board;
    use super::super::solver::Solver;

    /// A child's key from its parent's images is the key of the child's own images.
    #[test]
    fn child_keys_equal_the_childs_own_keys() {
        let mut rng = StdRng::seed_from_u64(7);
        for (w, h) in [(1, 1), (1, 4), (3, 2), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5)] {
            let solver = Solver::new(Board::new(w, h).unwrap(), 4);
            for _ in 0..300 {
                let p: f64 = rng.gen_range(0.0..0.8);
                let drawn = (0..solver.board().edges).filter(|_| rng.gen_bool(p)).fold(0u64, |m, e| m | 1 << e);
                // Built one line at a time, as the search hands them down.
                let mut im = solver.images(0);
                for e in super::bits(drawn) {
                    im = solver.child_images(&im, e);
                }
                for e in (0..solver.board().edges).filter(|&e| drawn & 1 << e == 0) {
                    let own = solver.canonical(&solver.images(drawn | 1 << e)).0;
                    assert_eq!(solver.child_key(&im, e), own, "{w}x{h} {drawn:#x} + {e}");
                }
            }
        }
    }

    /// The floor at an opened chain never exceeds the exact value, and is reached at least
    /// once (a floor that is always far below the value would prune nothing).
    #[test]
    fn fork_floors_lie_below_the_value() {
        let mut rng = StdRng::seed_from_u64(18);
        let (mut forks, mut tight) = (0, 0);
        for (w, h) in [(3, 2), (3, 3), (4, 2)] {
            let mut solver = Solver::new(Board::new(w, h).unwrap(), 16);
            for _ in 0..3000 {
                let p: f64 = rng.gen_range(0.3..0.9);
                let drawn = (0..solver.board().edges).filter(|_| rng.gen_bool(p)).fold(0u64, |m, e| m | 1 << e);
                let r = solver.reduce(drawn);
                // A floor of minus the boxes left is the "no floor" answer.
                let Some(floor) = r.fork.map(|fk| fk.floor).filter(|&f| f > -r.left) else { continue };
                let value = solver.value(r.drawn).unwrap();
                assert!(floor <= value, "{w}x{h} {:#x}: floor {floor} above the value {value}", r.drawn);
                forks += 1;
                tight += usize::from(floor == value);
            }
        }
        assert!(forks > 500 && tight > 50, "{forks} forks, {tight} at their floor");
    }
}
