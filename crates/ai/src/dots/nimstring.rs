//! Nimstring: Dots and Boxes with the winner decided by who is forced to open the first long
//! chain (Berlekamp, *The Dots and Boxes Game*, ch. 6). The game is played by the same lines,
//! a player who completes a box moves again, and the player who completes the last box (who
//! must then move and cannot) loses. Winning it is winning control of the chain endgame.
//!
//! A position without a box to take is a sum of independent parts (boxes joined by undrawn
//! lines between them; the border joins nothing), so its value is the nim-sum of the parts'
//! nimbers, each worked out once and remembered. A move that leaves the opponent a box whose
//! capture offers the next one (an opened chain of two or more, or a loop) is *loony*: the
//! opponent can take all and move on, or leave the last two (four of a loop) and make the
//! mover move on, so whichever of the two wins is theirs. Loony moves are never winning
//! moves and do not count in the mex.

use std::collections::HashMap;

use super::board::{Board, NONE};
use super::solver::bits;
use crate::clock::Deadline;

/// Parts worked out a read of the deadline: 0.6-0.7 ms natively, near the 32 playouts of the
/// Monte-Carlo search's read (at most 0.8 ms), so that the nimstring question's share of a
/// move costs no more time than the playouts it replaces (`crate::budget`).
const NODES_A_READ: u64 = 512;

/// Why no answer came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknown {
    /// The node budget ran out.
    Budget,
    /// A position the rules below do not cover (an opened chain whose decline line itself
    /// completes a box); rare, and left to the caller.
    Odd,
}

/// A nimber, or loony: a win for the player to move whatever the rest is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Nimber(u8),
    Loony,
}

impl Value {
    /// The player to move wins the nimstring game.
    pub fn mover_wins(self) -> bool {
        self != Value::Nimber(0)
    }
}

/// Nimbers of the parts seen so far, with a node budget per question.
pub struct Nimstring<'b> {
    board: &'b Board,
    /// A part's undrawn lines (its boxes' sides are the board's lines less these), least of
    /// its mirror images, to its nimber.
    memo: HashMap<u64, u8>,
    /// The same key to whether the part alone is a loss for the player to move (asked when
    /// nothing else is on the board: a first winning line ends the question).
    zero: HashMap<u64, bool>,
    pub nodes: u64,
    limit: u64,
    deadline: Option<Deadline>,
}

impl<'b> Nimstring<'b> {
    pub fn new(board: &'b Board) -> Nimstring<'b> {
        Nimstring { board, memo: HashMap::new(), zero: HashMap::new(), nodes: 0, limit: u64::MAX, deadline: None }
    }

    /// Each later question may visit at most `nodes` more parts.
    pub fn set_budget(&mut self, nodes: u64) {
        self.limit = self.nodes.saturating_add(nodes);
    }

    /// Questions end (`Unknown::Budget`) once `deadline` passes.
    pub fn set_deadline(&mut self, deadline: Option<Deadline>) {
        self.deadline = deadline;
    }

    /// The value of `drawn` for the player to move (who first takes what is always right).
    pub fn value(&mut self, drawn: u64) -> Result<Value, Unknown> {
        let Some(drawn) = self.reduce(drawn)? else { return Ok(Value::Loony) };
        let mut x = 0;
        for part in self.parts(drawn) {
            x ^= self.nimber(part)?;
        }
        Ok(Value::Nimber(x))
    }

    /// Those of `among` (lines that take nothing) after which the opponent loses the
    /// nimstring game: none when the mover loses it.
    pub fn winning_lines(&mut self, drawn: u64, among: u64) -> Result<u64, Unknown> {
        let mut out = 0;
        for e in bits(among & !drawn) {
            debug_assert_eq!(self.board.completes(drawn, e), 0, "a line that takes nothing");
            if self.loses(drawn | 1 << e)? {
                out |= 1 << e;
            }
        }
        Ok(out)
    }

    /// Whether the player to move in `drawn` loses: [`Nimstring::value`] is 0, found
    /// without the whole mex where the board is one part.
    pub fn loses(&mut self, drawn: u64) -> Result<bool, Unknown> {
        let Some(drawn) = self.reduce(drawn)? else { return Ok(false) };
        let mut parts = self.parts(drawn);
        let Some(first) = parts.next() else { return Ok(true) };
        let Some(second) = parts.next() else { return self.part_loses(first) };
        let mut x = self.nimber(first)? ^ self.nimber(second)?;
        for part in parts {
            x ^= self.nimber(part)?;
        }
        Ok(x == 0)
    }

    /// Whether a part alone loses for the player to move (every line from it loony or to a
    /// win).
    fn part_loses(&mut self, part: u64) -> Result<bool, Unknown> {
        let key = self.board.canonical(part);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v == 0);
        }
        if let Some(&z) = self.zero.get(&key) {
            return Ok(z);
        }
        self.tick()?;
        let drawn = self.board.all & !part;
        let skip = self.board.interchangeable(drawn);
        let mut loses = true;
        for e in bits(part & !skip) {
            if self.loses(drawn | 1 << e)? {
                loses = false;
                break;
            }
        }
        self.zero.insert(key, loses);
        Ok(loses)
    }

    /// Counts a part worked out; `Err` once the budget or the deadline is spent.
    #[inline]
    fn tick(&mut self) -> Result<(), Unknown> {
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(NODES_A_READ) && self.deadline.as_ref().is_some_and(Deadline::passed))
        {
            return Err(Unknown::Budget);
        }
        Ok(())
    }

    /// Takes every box whose capture offers nothing more (always right, in nimstring as in
    /// the score game). `None` when a box is then still on offer: the mover wins (loony).
    fn reduce(&self, mut drawn: u64) -> Result<Option<u64>, Unknown> {
        let b = self.board;
        loop {
            let mut changed = false;
            let mut fork = None;
            for x in 0..b.boxes {
                let open = b.box_edges[x as usize] & !drawn;
                if open.count_ones() != 1 {
                    continue;
                }
                let e = open.trailing_zeros() as u8;
                let n = b.across(e, x);
                if n == NONE || b.sides(drawn, n) != 2 {
                    drawn |= 1 << e;
                    changed = true;
                } else {
                    fork = Some((e, n));
                }
            }
            if changed {
                continue;
            }
            let Some((e, n)) = fork else { return Ok(Some(drawn)) };
            // Declining draws n's other side: it must not complete a box itself.
            let f = (b.box_edges[n as usize] & !drawn & !(1u64 << e)).trailing_zeros() as u8;
            return if b.completes(drawn, f) > 0 { Err(Unknown::Odd) } else { Ok(None) };
        }
    }

    /// The independent parts of a position with nothing to take: each part's undrawn lines.
    fn parts(&self, drawn: u64) -> impl Iterator<Item = u64> + use<'b> {
        let b = self.board;
        let mut left = b.all & !drawn;
        std::iter::from_fn(move || {
            let first = left.trailing_zeros();
            if first >= 64 {
                return None;
            }
            // Grow through boxes: a box's undrawn lines all belong to its part.
            let mut part = 1u64 << first;
            let mut frontier = part;
            while frontier != 0 {
                let mut next = 0u64;
                for e in bits(frontier) {
                    for x in b.edge_boxes[e as usize] {
                        if x != NONE {
                            next |= b.box_edges[x as usize] & !drawn;
                        }
                    }
                }
                frontier = next & !part;
                part |= next;
            }
            left &= !part;
            Some(part)
        })
    }

    /// The nimber of one part (its undrawn lines; nothing in it to take).
    fn nimber(&mut self, part: u64) -> Result<u8, Unknown> {
        let key = self.board.canonical(part);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        self.tick()?;
        let drawn = self.board.all & !part;
        let mut seen = 0u64;
        let skip = self.board.interchangeable(drawn);
        for e in bits(part & !skip) {
            // Nothing in the part can be taken, so the line takes nothing: the turn passes.
            match self.value(drawn | 1 << e)? {
                Value::Loony => {}
                Value::Nimber(v) => seen |= 1 << v.min(63),
            }
        }
        let v = (!seen).trailing_zeros() as u8;
        self.memo.insert(key, v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The nimstring game by its definition: every line, captures optional, the player who
    /// must move with no line left loses.
    fn wins(b: &Board, drawn: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if let Some(&w) = memo.get(&drawn) {
            return w;
        }
        let w = bits(b.all & !drawn).any(|e| {
            let child = drawn | 1 << e;
            if b.completes(drawn, e) > 0 { wins(b, child, memo) } else { !wins(b, child, memo) }
        });
        memo.insert(drawn, w);
        w
    }

    #[test]
    fn agrees_with_the_definition_on_small_boards() {
        let mut rng = StdRng::seed_from_u64(5);
        for (w, h) in [(1, 1), (2, 1), (2, 2), (3, 2), (2, 3), (3, 3)] {
            let b = Board::new(w, h).unwrap();
            let mut memo = HashMap::new();
            let mut ns = Nimstring::new(&b);
            let (mut checked, mut odd) = (0, 0);
            for _ in 0..400 {
                let p: f64 = rng.gen_range(0.0..0.9);
                let drawn = (0..b.edges).filter(|_| rng.gen_bool(p)).fold(0u64, |m, e| m | 1 << e);
                if (b.all & !drawn).count_ones() > 20 {
                    continue;
                }
                match ns.value(drawn) {
                    Ok(v) => {
                        assert_eq!(v.mover_wins(), wins(&b, drawn, &mut memo), "{w}x{h} {drawn:#x}");
                        let mut fresh = Nimstring::new(&b);
                        assert_eq!(fresh.loses(drawn), Ok(!v.mover_wins()), "{w}x{h} {drawn:#x}");
                        checked += 1;
                    }
                    Err(Unknown::Odd) => odd += 1,
                    Err(Unknown::Budget) => unreachable!("no budget set"),
                }
            }
            assert!(checked > 100 && odd < 40, "{w}x{h}: {checked} checked, {odd} odd");
        }
    }
}
