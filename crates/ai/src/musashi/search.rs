//! Alpha-beta search on the game itself (so repetition and the move limit apply), with table
//! values at the nodes the tables cover, and a plain exhaustive solver used to check tables.

use crate::clock::Deadline;

use rules::musashi::{Game, Move, Moves, Position, Role};

use super::eval::evaluate_children;
use super::tablebase::{Tables, Value};

/// A won game, before subtracting the plies it takes.
pub const WIN: i32 = 30_000;
/// Scores above this are proven results, not estimates.
pub const PROVEN: i32 = WIN - 2_000;
/// A Parent win taken from a table: proven, but its length is unknown; kept below any win
/// found by the search itself so a real ending is preferred.
const TABLE_PARENT_WIN: i32 = WIN - 1_000;

/// Children moves left before the limit ends the game (`None`: no limit).
#[inline]
pub fn moves_left(game: &Game, pos: &Position) -> Option<u32> {
    game.options().limit.0.map(|l| (l as u32).saturating_sub(pos.children_moves as u32))
}

/// The outcome of `game` as a score for the side to move, `ply` plies below the root, from
/// the rules or the tables; `None` when neither decides it.
pub(super) fn decided(game: &Game, tables: Option<&Tables>, ply: i32) -> Option<i32> {
    let pos = game.position();
    if let Some(o) = game.outcome() {
        let s = WIN - ply;
        return Some(if o.winner == pos.turn { s } else { -s });
    }
    if ply == 0 {
        return None;
    }
    // Memory only: a search looks up far too many positions to read each from a file.
    let v = tables?.value_in_memory(pos)?.with_limit(moves_left(game, pos));
    let children = match v.plies(pos.turn) {
        Some(n) => WIN - ply - n as i32,
        None => -(TABLE_PARENT_WIN - ply),
    };
    Some(if pos.turn == Role::Children { children } else { -children })
}

/// Iterative-deepening alpha-beta to a deadline.
pub struct Search<'t> {
    pub tables: Option<&'t Tables>,
    deadline: Deadline,
    pub nodes: u64,
    stopped: bool,
    /// Deepest iteration allowed.
    pub max_depth: u32,
}

impl<'t> Search<'t> {
    #[cfg(feature = "native")]
    pub fn new(tables: Option<&'t Tables>, deadline: std::time::Instant, max_depth: u32) -> Search<'t> {
        Search::until(tables, Deadline::at_instant(deadline), max_depth)
    }

    /// A search that stops at `deadline` (on any [`crate::clock::Clock`]).
    pub fn until(tables: Option<&'t Tables>, deadline: Deadline, max_depth: u32) -> Search<'t> {
        Search { tables, deadline, nodes: 0, stopped: false, max_depth }
    }

    /// Scores of every legal move at the deepest completed depth (side to move's view), best
    /// first, and that depth. Empty when the game is over.
    pub fn root(&mut self, game: &Game) -> (Vec<(Move, i32)>, u32) {
        let mut g = game.clone();
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        let mut scored: Vec<(Move, i32)> = moves.iter().map(|&m| (m, 0)).collect();
        if scored.len() <= 1 {
            return (scored, 0);
        }
        let mut done = 0;
        for depth in 1..=self.max_depth {
            let mut next = Vec::with_capacity(scored.len());
            let mut alpha = -WIN - 1;
            for &(m, _) in &scored {
                g.play_unchecked(m);
                let s = -self.alphabeta(&mut g, depth - 1, 1, -WIN - 1, -alpha);
                g.undo();
                if self.stopped {
                    break;
                }
                alpha = alpha.max(s);
                next.push((m, s));
            }
            if self.stopped {
                break;
            }
            // Stable sort keeps the previous order among equals (best-first from the last depth).
            next.sort_by_key(|&(_, s)| -s);
            scored = next;
            done = depth;
            // Every move proven: deeper search changes nothing.
            if scored.iter().all(|&(_, s)| s.abs() > PROVEN) {
                break;
            }
        }
        (scored, done)
    }

    fn alphabeta(&mut self, g: &mut Game, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.deadline.passed() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if let Some(s) = decided(g, self.tables, ply) {
            return s;
        }
        if depth == 0 {
            let e = evaluate_children(g.position());
            return if g.turn() == Role::Children { e } else { -e };
        }
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        let mut order: Vec<(Move, i32)> = moves.iter().map(|&m| (m, order_key(g.position(), m))).collect();
        order.sort_unstable_by_key(|&(_, k)| -k);
        let mut best = -WIN - 1;
        for (m, _) in order {
            g.play_unchecked(m);
            let s = -self.alphabeta(g, depth - 1, ply + 1, -beta, -alpha);
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

/// Move ordering: captures first for the Parent, closing exits first for the Children.
fn order_key(pos: &Position, m: Move) -> i32 {
    let mut after = *pos;
    let taken = after.play_unchecked(m).count() as i32;
    match pos.turn {
        Role::Parent => taken * 100 + after.parent_exits().count() as i32,
        Role::Children => {
            let exits = after.parent_exits().count() as i32;
            if exits == 0 { 1000 } else { -exits * 10 - after.danger().0.count() as i32 }
        }
    }
}

/// Plain exhaustive search, for checking the tables: can the Children force a trap within
/// `n` more Children moves from `pos`? Only the board rules and the target apply (no
/// repetition, no limit: the table's own terms).
pub fn children_trap_within(pos: &mut Position, target: rules::musashi::Target, n: u32) -> bool {
    if pos.turn == Role::Parent && pos.parent_exits().is_empty() {
        return true;
    }
    if target.children_left_to_win().is_some_and(|l| pos.children.count() <= l as u32) {
        return false;
    }
    let mut moves = Moves::new();
    pos.pseudo_legal_moves(&mut moves);
    match pos.turn {
        Role::Children => {
            if n == 0 {
                return false;
            }
            for &m in moves.iter() {
                let t = pos.play_unchecked(m);
                let won = children_trap_within(pos, target, n - 1);
                pos.undo_unchecked(m, t);
                if won {
                    return true;
                }
            }
            false
        }
        Role::Parent => {
            for &m in moves.iter() {
                let t = pos.play_unchecked(m);
                let won = children_trap_within(pos, target, n);
                pos.undo_unchecked(m, t);
                if !won {
                    return false;
                }
            }
            true
        }
    }
}

/// The exact value of `pos` by exhaustive search when the Children can trap within `n`
/// moves (`ChildrenWin(d)`, the least such `d`), else `None`.
pub fn exhaustive_value(pos: &Position, target: rules::musashi::Target, n: u32) -> Option<Value> {
    let mut p = *pos;
    (0..=n).find(|&d| children_trap_within(&mut p, target, d)).map(|d| Value::ChildrenWin(d as u16))
}
