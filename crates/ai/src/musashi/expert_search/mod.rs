//! The expert's search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, the table's move then killer moves first, and a quiescence step on the
//! Parent's captures at the horizon. Nothing is allocated per node (moves and their keys live
//! in fixed arrays; the table is allocated once a search).
//!
//! The table is keyed by the position and the Children moves made (the move limit). The
//! Children's legal moves also depend on the repetition record, which differs between two
//! move orders reaching the same position; a subtree in which the record took a move away (or
//! left the Children none) is not stored, so a stored value is one the record did not shape.
//! (Another path's record could still forbid a move this one allowed: the usual
//! graph-history approximation of game-playing programs, accepted for the transpositions that
//! Children moves made in another order give.)
//!
//! Like [`super::search::Search`], it reads its deadline once every 256 nodes (quiescence
//! nodes included), so a budget of reads is a fixed amount of work: the same move natively and
//! in WebAssembly. Keys are built from `u64` arithmetic only, the table's index from their top
//! bits: nothing depends on the width of `usize`.

use rules::musashi::{Game, Move, Moves, Position, Role};

use super::eval::{EXPERT_PARENT, evaluate as evaluate_with};
use super::search::{PROVEN, WIN, decided};
use super::tablebase::Tables;
use crate::clock::Deadline;

/// Entries in the transposition table (16 bytes each: 1 MiB).
const TT_BITS: u32 = 16;
/// Deepest ply a search reaches (killer slots); far beyond what a budget allows.
const MAX_PLY: usize = 128;

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: Move,
    depth: u8,
    bound: u8,
}

/// SplitMix64's finaliser: a bijection of `u64`, so distinct positions get distinct codes.
#[inline]
pub(super) const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The table key of `pos`: its pieces and side (a bijection of their code) and the Children
/// moves made.
#[inline]
fn node_key(pos: &Position) -> u64 {
    let side = if pos.turn == Role::Children { 1u64 << 48 } else { 0 };
    mix(pos.repetition_key() | side) ^ mix(0x9e37_79b9_7f4a_7c15 ^ u64::from(pos.children_moves))
}

/// Proven scores count plies from the root; the table stores them from the node.
#[inline]
fn to_table(s: i32, ply: i32) -> i32 {
    if s > PROVEN {
        s + ply
    } else if s < -PROVEN {
        s - ply
    } else {
        s
    }
}

#[inline]
fn from_table(s: i32, ply: i32) -> i32 {
    if s > PROVEN {
        s - ply
    } else if s < -PROVEN {
        s + ply
    } else {
        s
    }
}

/// The static value for the side to move, with the expert Parent's weights.
#[inline]
fn evaluate(pos: &Position) -> i32 {
    let e = evaluate_with(pos, &EXPERT_PARENT);
    if pos.turn == Role::Children { e } else { -e }
}

/// What the expert's search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub best: Move,
    /// The best move's score for the side to move.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
}

/// The expert's search to a deadline.
pub struct ExpertSearch<'t> {
    tables: Option<&'t Tables>,
    deadline: Deadline,
    pub nodes: u64,
    stopped: bool,
    /// Deepest iteration allowed.
    pub max_depth: u32,
    tt: Vec<Entry>,
    /// Set when the repetition record shaped what was searched since it was last cleared.
    record_used: bool,
    killers: [[Move; 2]; MAX_PLY],
}

impl<'t> ExpertSearch<'t> {
    pub fn until(tables: Option<&'t Tables>, deadline: Deadline, max_depth: u32) -> ExpertSearch<'t> {
        ExpertSearch {
            tables,
            deadline,
            nodes: 0,
            stopped: false,
            max_depth: max_depth.min(MAX_PLY as u32 - 8),
            tt: vec![Entry::default(); 1 << TT_BITS],
            record_used: false,
            killers: [[Move::default(); 2]; MAX_PLY],
        }
    }

    /// The best move by iterative deepening, or `None` when the game is over. When the
    /// deadline cuts an iteration short, a move that already beat the previous iteration's
    /// best in it is kept (it was searched in full); otherwise the last complete answer.
    pub fn best(&mut self, game: &Game) -> Option<Found> {
        let mut g = game.clone();
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mut order: [Move; 128] = [Move::default(); 128];
        let n = moves.len();
        order[..n].copy_from_slice(&moves);
        let mut found = Found { best: order[0], score: 0, depth: 0 };
        for depth in 1..=self.max_depth {
            let (mut alpha, beta) = (-WIN - 1, WIN + 1);
            let mut best_at = None;
            for (i, &m) in order[..n].iter().enumerate() {
                let s = self.child(&mut g, m, depth as i32 - 1, 1, alpha, beta, i == 0);
                if self.stopped {
                    break;
                }
                if best_at.is_none() || s > alpha {
                    alpha = s;
                    best_at = Some(i);
                }
            }
            if let Some(i) = best_at {
                // Best first for the next iteration, the others in their old order.
                order[..=i].rotate_right(1);
                if !self.stopped || i > 0 {
                    found =
                        Found { best: order[0], score: alpha, depth: if self.stopped { found.depth } else { depth } };
                }
            }
            if self.stopped {
                break;
            }
            // A proven result does not change with depth.
            if alpha.abs() > PROVEN {
                break;
            }
        }
        Some(found)
    }

    /// The exact value of `game` searched to `depth` plies (then quiescence), for tests.
    pub fn value_at(&mut self, game: &Game, depth: u32) -> i32 {
        let mut g = game.clone();
        let mut v = 0;
        for d in 1..=depth {
            v = self.pvs(&mut g, d as i32, 0, -WIN - 1, WIN + 1);
        }
        v
    }

    /// Plays `m`, searches the reply (a zero window first unless `full`), takes `m` back.
    #[allow(clippy::too_many_arguments)]
    fn child(&mut self, g: &mut Game, m: Move, depth: i32, ply: i32, alpha: i32, beta: i32, full: bool) -> i32 {
        g.play_unchecked(m);
        let s = if full {
            -self.pvs(g, depth, ply, -beta, -alpha)
        } else {
            let s = -self.pvs(g, depth, ply, -alpha - 1, -alpha);
            if s > alpha && s < beta && !self.stopped { -self.pvs(g, depth, ply, -beta, -alpha) } else { s }
        };
        g.undo();
        s
    }

    /// Counts a node and reads the deadline every 256 of them.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.deadline.passed() {
            self.stopped = true;
        }
        self.stopped
    }

    fn pvs(&mut self, g: &mut Game, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let pos = *g.position();
        if let Some(s) = decided(g, self.tables, ply) {
            // The Children left without a move while the board has some: the record did it.
            let opts = g.options();
            if pos.turn == Role::Children && pos.static_outcome(opts.target, opts.limit).is_none() {
                self.record_used = true;
            }
            return s;
        }
        if depth <= 0 {
            return self.quiesce(g, ply, alpha, beta);
        }
        let key = node_key(&pos);
        let slot = (key >> (64 - TT_BITS)) as usize;
        let e = self.tt[slot];
        let mut tt_move = None;
        if e.key == key && e.bound != 0 {
            tt_move = Some(e.mv);
            if i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        let n = moves.len();
        // This node's own moves, then its subtree's, decide whether its value may be stored.
        let shaped = pos.turn == Role::Children && n < pos.count_pseudo_legal() as usize;
        let used_above = std::mem::replace(&mut self.record_used, shaped);
        let mut ms = [Move::default(); 128];
        ms[..n].copy_from_slice(&moves);
        let mut keys = [0i32; 128];
        let k = self.killers[ply as usize];
        for (i, &m) in ms[..n].iter().enumerate() {
            keys[i] = if Some(m) == tt_move {
                i32::MAX
            } else if pos.turn == Role::Children && (m == k[0] || m == k[1]) {
                // Below a trap (a million) and the table's move, above every other move.
                500_000 - if m == k[0] { 0 } else { 1 }
            } else {
                order_key(&pos, m)
            };
        }
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = ms[0];
        for i in 0..n {
            // Selection: the best remaining move next, so a cutoff spares sorting the rest.
            let mut j = i;
            for t in i + 1..n {
                if keys[t] > keys[j] {
                    j = t;
                }
            }
            keys.swap(i, j);
            ms.swap(i, j);
            let m = ms[i];
            let s = self.child(g, m, depth - 1, ply + 1, alpha, beta, i == 0);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        if pos.turn == Role::Children && k[0] != m {
                            self.killers[ply as usize] = [m, k[0]];
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        if !self.record_used {
            self.tt[slot] =
                Entry { key, score: to_table(best, ply), mv: best_move, depth: depth.min(255) as u8, bound };
        }
        self.record_used |= used_above;
        best
    }

    /// At the horizon: the Parent may stand or take (each capture searched on), the Children
    /// trap when they can and otherwise stand on the static value.
    fn quiesce(&mut self, g: &mut Game, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        let pos = *g.position();
        let stand = evaluate(&pos);
        match pos.turn {
            Role::Children => {
                // A trapping move is always legal: a trapped position ends the game, so it
                // is never in the record.
                if children_can_trap(&pos) {
                    return WIN - ply - 1;
                }
                stand
            }
            Role::Parent => {
                if stand >= beta {
                    return stand;
                }
                let mut best = stand;
                alpha = alpha.max(stand);
                for to in pos.parent_exits() {
                    let to = rules::musashi::Point(to);
                    if pos.captures_at(to).is_empty() {
                        continue;
                    }
                    g.play_unchecked(Move::new(pos.parent, to));
                    let s = if self.tick() {
                        0
                    } else {
                        match decided(g, self.tables, ply + 1) {
                            Some(s) => -s,
                            None => -self.quiesce(g, ply + 1, -beta, -alpha),
                        }
                    };
                    g.undo();
                    if self.stopped {
                        return 0;
                    }
                    if s > best {
                        best = s;
                        if s > alpha {
                            alpha = s;
                            if alpha >= beta {
                                break;
                            }
                        }
                    }
                }
                best
            }
        }
    }
}

/// `true` when a Children move (Children to move) leaves the Parent no exit, found from the
/// board without playing the moves: the Parent's last exit filled by a Child from outside
/// its neighbours (one from inside would open the point it leaves), or none left already and
/// a Child outside them able to move.
fn children_can_trap(pos: &Position) -> bool {
    let geo = pos.geometry();
    let empty = pos.empty();
    let around = geo.neighbours[pos.parent.index()];
    let exits = around & empty;
    match exits.count() {
        0 => Iterator::any(&mut (pos.children & !around), |c| (geo.neighbours[c as usize] & empty).any()),
        1 => exits.first_index().is_some_and(|e| (geo.neighbours[e as usize] & pos.children & !around).any()),
        _ => false,
    }
}

/// Move ordering: captures first for the Parent, then room; for the Children a trap first,
/// then closing exits without leaving a capture.
fn order_key(pos: &Position, m: Move) -> i32 {
    let mut after = *pos;
    let taken = after.play_unchecked(m).count() as i32;
    match pos.turn {
        Role::Parent => taken * 100 + after.parent_exits().count() as i32,
        Role::Children => {
            let exits = after.parent_exits().count() as i32;
            if exits == 0 { 1_000_000 } else { -exits * 10 - after.danger().0.count() as i32 }
        }
    }
}

#[cfg(test)]
mod tests;
