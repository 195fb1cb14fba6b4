//! A stronger Monte-Carlo sparring partner than [`super::rollout`]: its playouts end in the
//! exact chain endgame, and it searches exactly once few safe lines are left.
//!
//! - Late (fewer than `exact_safe` safe lines, or none): qdan's exact solver
//!   ([`ai::dots::Solver::best_move`]) within a node budget; a solve that does not finish
//!   in it is dropped and the move is chosen as below.
//! - With a box on offer: take it, or decline the last two (four) by the chain-and-loop
//!   table where the rest is simple, by the long chain rule where it is not
//!   ([`ai::dots::chain_play::capture_or_decline`]).
//! - Otherwise every safe line (one of each set of mirror images), or every line when none
//!   is safe, is valued by playouts ([`ai::dots::playout::playout`]: safe lines steered by
//!   the long chain rule, then the endgame played by the table: the controlling side keeps
//!   control with all-but-two on chains and all-but-four on loops where that pays, the other
//!   opens what the table says). A fixed number of playouts a move is shared out by
//!   successive halving: each round splits its share evenly over the lines still in, then
//!   drops the worse half.
//!
//! Every move costs a fixed amount of work (playouts and solver nodes), never a time, so
//! the partner plays as strongly on a loaded machine as on an idle one, and the arena's
//! seeded rng makes a series reproducible.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use ai::dots::chain_play::{capture_or_decline, cheapest_sacrifice};
use ai::dots::chains::EndgameTable;
use ai::dots::playout::{lines, playout};
use ai::dots::{Board, Clock, Deadline, Solver};
use rand::Rng;

/// The solver reads its deadline once every this many nodes (`tick` in ai's search).
pub const NODES_PER_CHECK: u64 = 1024;

/// The chain Monte-Carlo player's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainMc {
    /// Playouts a move, shared over the candidate lines.
    pub playouts: u32,
    /// The solver is tried when fewer safe lines than this are left.
    pub exact_safe: u32,
    /// The solver's budget a move, in nodes (see [`node_deadline`]).
    pub nodes: u64,
    /// The solver's table: 2^(bits + 1) slots of 16 bytes.
    pub tt_bits: u32,
}

impl Default for ChainMc {
    fn default() -> ChainMc {
        ChainMc { playouts: 8000, exact_safe: 16, nodes: 1_000_000, tt_bits: 18 }
    }
}

/// A clock that moves one step each time it is read. The solver reads its deadline only
/// when its node count reaches a multiple of [`NODES_PER_CHECK`] in its per-node tick, so a
/// deadline `n` steps ahead stops it after `n` such checks: a budget of work, the same on
/// any machine under any load. Nodes the solver counts outside the tick (children decided
/// by the table) can step over a multiple and skip a check, so a budget of `N` nodes stops
/// the search after at least `N` nodes and, as measured, fewer than 2 N; for one position
/// always after the same number.
#[derive(Debug, Default)]
struct Checks(AtomicU64);

impl Clock for Checks {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.0.fetch_add(1, Ordering::Relaxed))
    }
}

/// A deadline for a [`Solver`] that passes after `nodes` solver nodes or somewhat more (see
/// `Checks`).
pub fn node_deadline(nodes: u64) -> Deadline {
    // `after` reads the clock once, at step 0: the deadline is the step `checks` on.
    let checks = nodes.div_ceil(NODES_PER_CHECK).max(1);
    Deadline::after(Arc::new(Checks::default()), Duration::from_nanos(checks))
}

impl ChainMc {
    /// The work a move from `P-N` (playouts, solver nodes); the rest as the default.
    pub fn parse_work(s: &str) -> Result<ChainMc, String> {
        let bad = || format!("chainmc-P-N takes playouts and solver nodes a move, not {s:?}");
        let (p, n) = s.split_once('-').ok_or_else(bad)?;
        Ok(ChainMc {
            playouts: p.parse().map_err(|_| bad())?,
            nodes: n.parse().map_err(|_| bad())?,
            ..ChainMc::default()
        })
    }

    /// The line to draw in `drawn` (not full). `lead`: boxes the player to move has claimed
    /// more than the other; `first`: whether that player moved first in the game.
    pub fn choose(&self, board: &Board, drawn: u64, lead: i32, first: bool, rng: &mut impl Rng) -> u8 {
        let l = lines(board, drawn);
        if l.safe.count_ones() < self.exact_safe
            && let Some(e) = self.solve(board, drawn)
        {
            return e;
        }
        let mut table = EndgameTable::new();
        if l.captures != 0 {
            return capture_or_decline(board, drawn, &mut table).expect("a capture is on offer");
        }
        let pool = if l.safe != 0 { l.safe } else { board.all & !drawn };
        let mut cands = distinct_children(board, drawn, pool);
        if cands.len() == 1 {
            return cands[0].edge;
        }
        if l.safe == 0 && self.playouts == 0 {
            return cheapest_sacrifice(board, drawn, &mut table);
        }
        let rounds = usize::BITS - (cands.len() - 1).leading_zeros();
        let per_round = self.playouts / rounds;
        while cands.len() > 1 {
            let each = (per_round / cands.len() as u32).max(1);
            for c in cands.iter_mut() {
                for _ in 0..each {
                    c.add(board, drawn, lead, first, &mut table, rng);
                }
            }
            cands.sort_by(|a, b| b.mean().total_cmp(&a.mean()));
            cands.truncate(cands.len().div_ceil(2));
        }
        cands[0].edge
    }

    /// The exact best line, when the solver proves it within the node budget.
    fn solve(&self, board: &Board, drawn: u64) -> Option<u8> {
        let mut solver = Solver::new(board.clone(), self.tt_bits);
        solver.set_deadline(Some(node_deadline(self.nodes)));
        solver.best_move(drawn).map(|(e, _)| e)
    }
}

/// A candidate line and what its playouts scored.
struct Candidate {
    edge: u8,
    sum: f64,
    n: u32,
}

impl Candidate {
    fn mean(&self) -> f64 {
        if self.n == 0 { f64::MIN } else { self.sum / self.n as f64 }
    }

    /// One playout after this line: 1 for a win, 0.5 for a draw, 0 for a loss, plus a
    /// hundredth of the final margin per box so that among wins (or losses) the larger
    /// margin counts a little.
    fn add(&mut self, board: &Board, drawn: u64, lead: i32, first: bool, t: &mut EndgameTable, rng: &mut impl Rng) {
        let e = self.edge;
        let c = board.completes(drawn, e) as i32;
        let after = drawn | 1 << e;
        // After a capture the mover moves again; otherwise the other player does.
        let rest = if c > 0 {
            playout(board, after, t, Some(first), rng)
        } else {
            -playout(board, after, t, Some(!first), rng)
        };
        let margin = lead + c + rest;
        let result = match margin.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        self.sum += result + 0.01 * margin as f64 / board.boxes as f64;
        self.n += 1;
    }
}

/// The lines of `pool`, one for each set of children that are mirror images of each other
/// (the empty 5x5 has 60 lines but 9 distinct first moves).
fn distinct_children(board: &Board, drawn: u64, pool: u64) -> Vec<Candidate> {
    let mut seen: Vec<u64> = Vec::new();
    let mut out = Vec::new();
    let mut m = pool;
    while m != 0 {
        let e = m.trailing_zeros() as u8;
        m &= m - 1;
        let key = board.canonical(drawn | 1 << e);
        if !seen.contains(&key) {
            seen.push(key);
            out.push(Candidate { edge: e, sum: 0.0, n: 0 });
        }
    }
    out
}
