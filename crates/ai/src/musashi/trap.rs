//! A proof search for the Children: can they force a trap within `n` of their own moves?
//!
//! The plain search scores positions by its static value and so, a few moves from a trap it
//! cannot see, walks about until the move limit runs out. This search asks one exact
//! question instead and answers it deeper for the same work: an AND/OR search (every Parent
//! move must lose) deepened one Children move at a time, with a table of what it has proved
//! and refuted, the Parent's most promising replies tried first, and the last Children move
//! decided without playing it (the Parent has one empty neighbour left and a Child outside
//! its neighbours can step there).
//!
//! The table is keyed by the pieces alone. The repetition record and the move limit also
//! shape what the Children may do, and another path to the same pieces can differ in both:
//! the graph-history approximation every game-playing table accepts. The root's moves are
//! legal ones and the deepening stops at the moves left, so a wrong entry can only make the
//! Children play a move whose trap fails later; the search after it then starts afresh.

use rules::musashi::{Game, Move, Moves, Position, Role};

use super::expert_search::mix;
use crate::clock::Deadline;

/// How often the deadline is read: once every this many nodes, as the other searches do.
const READ_EVERY: u64 = 256;
/// Entries in the table of what is known (16 bytes each: 1 MiB, allocated once a search).
const TABLE_BITS: u32 = 16;

/// What is known of a Children-to-move position.
#[derive(Clone, Copy, Default)]
struct Known {
    key: u64,
    /// The fewest Children moves to a trap that have been proved (0: none proved).
    proved: u8,
    /// The most Children moves within which a trap has been refuted.
    refuted: u8,
}

/// A trap proof search with its own budget.
pub struct TrapSearch {
    deadline: Deadline,
    pub nodes: u64,
    /// The most Children moves within which every root move has been refuted.
    pub refuted: u32,
    stopped: bool,
    known: Vec<Known>,
}

impl TrapSearch {
    pub fn until(deadline: Deadline) -> TrapSearch {
        TrapSearch { deadline, nodes: 0, refuted: 0, stopped: false, known: vec![Known::default(); 1 << TABLE_BITS] }
    }

    /// The Children's move that forces a trap in the fewest of their moves, at most `max`,
    /// with that number; `None` when no trap is proved before the deadline or the Children
    /// are not to move.
    pub fn find(&mut self, game: &Game, max: u32) -> Option<(Move, u32)> {
        if game.turn() != Role::Children || game.outcome().is_some() {
            return None;
        }
        let mut g = game.clone();
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        let (order, len) = children_order(g.position(), &moves);
        for n in 1..=max.min(u32::from(u8::MAX)) {
            for &m in &order[..len] {
                g.play_unchecked(m);
                let won = self.parent_to_move(&mut g, n - 1);
                g.undo();
                if self.stopped {
                    return None;
                }
                if won {
                    return Some((m, n));
                }
            }
            self.refuted = n;
        }
        None
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(READ_EVERY) && self.deadline.passed() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the Children, to move, trap within `n` moves.
    fn children_to_move(&mut self, g: &mut Game, n: u32) -> bool {
        if self.tick() {
            return false;
        }
        let pos = *g.position();
        let opts = g.options();
        // With the Children to move every end the position decides is the Parent's.
        if n == 0 || pos.static_outcome(opts.target, opts.limit).is_some() {
            return false;
        }
        if n == 1 {
            return traps_now(&pos);
        }
        let key = mix(pos.repetition_key());
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let known = self.known[slot];
        if known.key == key {
            if known.proved != 0 && u32::from(known.proved) <= n {
                return true;
            }
            if u32::from(known.refuted) >= n {
                return false;
            }
        }
        let mut moves = Moves::new();
        // Empty when the record leaves the Children no move: the Parent has won.
        g.legal_moves(&mut moves);
        let (order, len) = children_order(&pos, &moves);
        let mut won = false;
        for &m in &order[..len] {
            g.play_unchecked(m);
            won = self.parent_to_move(g, n - 1);
            g.undo();
            if won || self.stopped {
                break;
            }
        }
        if self.stopped {
            return false;
        }
        let e = &mut self.known[slot];
        if e.key != key {
            *e = Known { key, ..Known::default() };
        }
        if won {
            if e.proved == 0 || u32::from(e.proved) > n {
                e.proved = n as u8;
            }
        } else {
            e.refuted = e.refuted.max(n as u8);
        }
        won
    }

    /// Whether every Parent move lets the Children trap within `n` more of their moves.
    fn parent_to_move(&mut self, g: &mut Game, n: u32) -> bool {
        if self.tick() {
            return false;
        }
        let pos = *g.position();
        let opts = g.options();
        if let Some(end) = pos.static_outcome(opts.target, opts.limit) {
            return end.winner() == Role::Children;
        }
        if n == 0 {
            return false;
        }
        let geo = pos.geometry();
        // The replies most likely to escape first: captures, then the most room after the step.
        let mut order = [(Move::default(), 0u32); 8];
        let mut len = 0;
        for to in pos.parent_exits() {
            let m = Move::new(pos.parent, rules::musashi::Point(to));
            let mut after = pos;
            let taken = after.play_unchecked(m).count();
            let room = taken * 16 + (geo.neighbours[to as usize] & after.empty()).count();
            order[len] = (m, room * 8 + (7 - len as u32));
            len += 1;
        }
        insertion_sort(&mut order[..len], |a, b| a.1 > b.1);
        for &(m, _) in &order[..len] {
            g.play_unchecked(m);
            let won = self.children_to_move(g, n);
            g.undo();
            if !won || self.stopped {
                return false;
            }
        }
        true
    }
}

/// Whether one Children move traps the Parent now: it has a single empty neighbour, and a
/// Child that is not itself a neighbour (whose step would open its own point) can step there.
/// Such a move never repeats a position: a trapped Parent ends the game, so none was recorded.
fn traps_now(pos: &Position) -> bool {
    let geo = pos.geometry();
    let around = geo.neighbours[pos.parent.index()];
    let exits = around & pos.empty();
    if exits.count() != 1 {
        return false;
    }
    let Some(e) = exits.first_index() else { return false };
    (geo.neighbours[e as usize] & pos.children & !around).any()
}

/// Sorts `items` so that `before(a, b)` holds of each earlier `a` and later `b` where it
/// holds at all. A few dozen items at most: the library's sorts would add kilobytes to the
/// WebAssembly module for nothing.
fn insertion_sort<T: Copy>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let x = items[i];
        let mut j = i;
        while j > 0 && before(&x, &items[j - 1]) {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}

/// The Children's moves, those leaving the Parent fewest exits first (stable: the board's
/// order among equals, so the search depends on nothing but the position).
fn children_order(pos: &Position, moves: &Moves) -> ([Move; 128], usize) {
    let mut keyed = [(Move::default(), 0u32); 128];
    for (i, (k, &m)) in keyed.iter_mut().zip(moves.iter()).enumerate() {
        let mut after = *pos;
        after.play_unchecked(m);
        // The index breaks ties: an unstable sort (no allocation) in a fixed order.
        *k = (m, after.parent_exits().count() * 128 + i as u32);
    }
    insertion_sort(&mut keyed[..moves.len()], |a, b| a.1 < b.1);
    let mut order = [Move::default(); 128];
    for (o, &(m, _)) in order.iter_mut().zip(&keyed[..moves.len()]) {
        *o = m;
    }
    (order, moves.len())
}

#[cfg(test)]
mod tests {
    use rules::musashi::{Options, Target};

    use super::*;
    use crate::clock::WorkClock;
    use crate::musashi::search::exhaustive_value;
    use crate::musashi::tablebase::Value;

    /// The proof search agrees with the plain exhaustive search on the fewest Children moves
    /// to a trap, within 3, on positions from random games (no target: the exhaustive search
    /// knows none; repetition cannot matter within 3 moves of a fresh game record).
    #[test]
    fn agrees_with_the_exhaustive_search() {
        use rand::{Rng, SeedableRng};
        let options = Options { target: Target::NONE, ..Options::default() };
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut found_by_n = [0; 4];
        for _ in 0..3_000 {
            let mut g = Game::new(options);
            let plies = rng.gen_range(10..120);
            for _ in 0..plies {
                let mut moves = Moves::new();
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                g.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            }
            if g.outcome().is_some() || g.turn() != Role::Children {
                continue;
            }
            let fresh = Game::from_position(options, *g.position());
            let found = TrapSearch::until(WorkClock::budget(u64::MAX)).find(&fresh, 3).map(|(_, n)| n);
            let exact = exhaustive_value(g.position(), Target::NONE, 3).map(|v| match v {
                Value::ChildrenWin(d) => u32::from(d),
                Value::ParentWin => unreachable!(),
            });
            assert_eq!(found, exact, "{}", g.position());
            found_by_n[found.unwrap_or(0) as usize] += 1;
        }
        assert!(found_by_n.iter().all(|&k| k >= 5), "positions by moves to a trap (0: none): {found_by_n:?}");
    }

    #[test]
    fn the_move_it_finds_traps_in_one() {
        // The Parent on a1 with b1 and b2 filled: a Child steps from a3 to a2 (the others
        // keep the Children above the target).
        let pos: Position = "33:a1:a3,b1,b2,c3,d1,d5,e1,e5,g1,g3,g5:c:0".parse().unwrap();
        let g = Game::from_position(Options::default(), pos);
        let (m, n) = TrapSearch::until(WorkClock::budget(1_000)).find(&g, 4).unwrap();
        assert_eq!((m.to_string(), n), ("a3-a2".to_string(), 1));
    }
}
