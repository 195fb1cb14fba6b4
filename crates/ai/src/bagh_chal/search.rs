//! Alpha-beta search for Bagh-Chal, on the game itself (so the repetition rule holds at
//! every node), with the movement-phase tables at the nodes they cover.
//!
//! The search counts its nodes: a level is a number of nodes ([`Search::new`]), so it plays
//! the same on any machine, and the deadline only cuts it short on a slow or busy one.

use rules::bagh_chal::board::{NEIGHBOURS, jumps_from};
use rules::bagh_chal::{Game, Move, Moves, Position, Role};

use super::tables::{Tables, Value};
use crate::clock::Deadline;

/// The score of a win now (less the plies to it), from the side to move's view.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
pub const PROVEN: i32 = WIN - 10_000;
/// One captured goat in the evaluation.
pub const CAPTURE: i32 = 1_000;

/// Nodes between two reads of the deadline.
const READ_EVERY: u64 = 256;

/// The evaluation from the tigers' view: captures first, then goats a tiger can jump next,
/// then how freely the tigers move (a tiger with no move is half way to the goats' win).
pub fn evaluate_tigers(p: &Position) -> i32 {
    let empty = p.empty();
    let mut steps = 0i32;
    let mut blocked = 0i32;
    let mut threatened = rules::Mask(0);
    for t in p.tigers {
        let mut moves = (NEIGHBOURS[t as usize] & empty).count() as i32;
        for j in jumps_from(rules::bagh_chal::Point(t)) {
            if p.goats.contains(j.over.0) && empty.contains(j.to.0) {
                threatened = threatened.with(j.over.0);
                moves += 1;
            }
        }
        steps += moves;
        blocked += (moves == 0) as i32;
    }
    i32::from(p.captured) * CAPTURE + threatened.count() as i32 * 150 + steps * 10 - blocked * 120
}

/// A search over one game; make one per move.
pub struct Search<'t> {
    tables: Option<&'t Tables>,
    deadline: Deadline,
    max_nodes: u64,
    pub nodes: u64,
    stopped: bool,
}

impl<'t> Search<'t> {
    /// A search of at most `max_nodes` nodes that stops at `deadline` if that comes first.
    pub fn new(tables: Option<&'t Tables>, deadline: Deadline, max_nodes: u64) -> Search<'t> {
        Search { tables, deadline, max_nodes, nodes: 0, stopped: false }
    }

    /// Every legal move with its score (the mover's view), best first, from the deepest
    /// iteration that finished (up to `max_depth` plies), and that depth. Moves worse than
    /// the best carry an upper bound, not their score; the best ones are exact.
    pub fn root(&mut self, game: &Game, max_depth: u32) -> (Vec<(Move, i32)>, u32) {
        let mut g = game.clone();
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        let mut order: Vec<Move> = moves.iter().copied().collect();
        order.sort_by_key(|m| !matches!(m, Move::Jump(..)));
        let mut done: Vec<(Move, i32)> = order.iter().map(|&m| (m, 0)).collect();
        let mut done_depth = 0;
        for depth in 1..=max_depth.max(1) {
            let mut scored = Vec::with_capacity(order.len());
            let mut best = -WIN - 1;
            for &m in &order {
                g.play_unchecked(m);
                // A window just below the best so far: equal moves get exact scores.
                let s = -self.negamax(&mut g, depth - 1, -WIN - 1, -(best - 1), 1);
                g.undo();
                if self.stopped {
                    break;
                }
                best = best.max(s);
                scored.push((m, s));
            }
            if self.stopped && depth > 1 {
                break;
            }
            scored.sort_by_key(|&(_, s)| -s);
            order = scored.iter().map(|&(m, _)| m).collect();
            done = scored;
            done_depth = depth;
            // A proven result does not change with depth.
            if self.stopped || done.first().is_none_or(|&(_, s)| s.abs() > PROVEN) {
                break;
            }
        }
        (done, done_depth)
    }

    fn out_of_work(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(READ_EVERY) {
            self.stopped = self.nodes >= self.max_nodes || self.deadline.passed();
        }
        self.stopped
    }

    fn negamax(&mut self, g: &mut Game, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_work() {
            return 0;
        }
        let pos = *g.position();
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            // No legal move: the game is over (a target reached, or the side to move blocked).
            return match g.outcome() {
                Some(o) if o.winner == pos.turn => WIN - ply,
                _ => -(WIN - ply),
            };
        }
        if let Some(v) = self.tables.and_then(|t| t.value(&pos)) {
            match v {
                Value::Win(d) => return WIN - ply - i32::from(d),
                Value::Loss(d) => return -(WIN - ply - i32::from(d)),
                // A draw without the repetition rule: the rule decides it, and the tables do
                // not say how; a fraction of the evaluation keeps the pressure on.
                Value::Draw => return self.eval(&pos) / 8,
            }
        }
        if depth == 0 {
            return self.eval(&pos);
        }
        let mut best = -WIN - 1;
        let jumps = moves.iter().filter(|m| matches!(m, Move::Jump(..)));
        let rest = moves.iter().filter(|m| !matches!(m, Move::Jump(..)));
        for &m in jumps.chain(rest) {
            g.play_unchecked(m);
            let s = -self.negamax(g, depth - 1, -beta, -alpha, ply + 1);
            g.undo();
            if self.stopped {
                return 0;
            }
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn eval(&self, p: &Position) -> i32 {
        let e = evaluate_tigers(p);
        if p.turn == Role::Tigers { e } else { -e }
    }
}
