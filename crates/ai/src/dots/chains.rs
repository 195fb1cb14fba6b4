//! Chains and loops: the structure that decides a Dots and Boxes endgame.
//!
//! A position is *simple* when no box can be taken and every unclaimed box has exactly two
//! undrawn sides: the board is then a set of disjoint chains (paths from the border to the
//! border) and loops. Every move opens one of them, and the classical analysis (Berlekamp,
//! *The Dots and Boxes Game*) says which replies need looking at: the opponent takes the
//! whole component, or takes all but the last two boxes of a chain (all but four of a loop)
//! and declines those with a double-dealing move, keeping control. A chain of two is best
//! opened in the middle, which leaves no such choice. [`EndgameTable`] evaluates simple
//! positions exactly with that recursion, memoised on the multiset of components.

use std::collections::HashMap;

use super::board::{Board, NONE};

/// A component of a simple position, packed in a byte: the length (1..=25) with bit 6 set
/// for a loop. Sorted descending, a list of these is the position's canonical form.
pub type Component = u8;

pub const LOOP: u8 = 0x40;

/// The chains and loops of `drawn` when it is simple (see the module notes), else `None`.
pub fn simple_components(board: &Board, drawn: u64) -> Option<Vec<Component>> {
    let mut open = 0u32; // unclaimed boxes
    for b in 0..board.boxes {
        match (board.box_edges[b as usize] & !drawn).count_ones() {
            0 => {}
            2 => open |= 1 << b,
            _ => return None,
        }
    }
    let mut out = Vec::new();
    let mut seen = 0u32;
    let undrawn_of = |b: u8| board.box_edges[b as usize] & !drawn;
    let other = |e: u8, b: u8| {
        let [x, y] = board.edge_boxes[e as usize];
        if x == b { y } else { x }
    };
    // Chains: start at each box with a border edge and walk to the other border.
    for start in 0..board.boxes {
        if open & 1 << start == 0 || seen & 1 << start != 0 {
            continue;
        }
        let ends = undrawn_of(start);
        let Some(ground) = bits(ends).find(|&e| other(e, start) == NONE) else { continue };
        let (mut cur, mut came) = (start, ground);
        let mut len = 0u8;
        loop {
            seen |= 1 << cur;
            len += 1;
            let next = (undrawn_of(cur) & !(1u64 << came)).trailing_zeros() as u8;
            let nb = other(next, cur);
            if nb == NONE {
                break;
            }
            came = next;
            cur = nb;
        }
        out.push(len);
    }
    // What is left is loops.
    for start in 0..board.boxes {
        if open & 1 << start == 0 || seen & 1 << start != 0 {
            continue;
        }
        let (mut cur, mut came) = (start, undrawn_of(start).trailing_zeros() as u8);
        let mut len = 0u8;
        while seen & 1 << cur == 0 {
            seen |= 1 << cur;
            len += 1;
            let next = (undrawn_of(cur) & !(1u64 << came)).trailing_zeros() as u8;
            came = next;
            cur = other(next, cur);
        }
        out.push(LOOP | len);
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    Some(out)
}

/// Lines whose drawing is worth the same as drawing a line kept in their place, so a search
/// need not try them: within a chain or loop that touches nothing else (every box in it has
/// exactly two undrawn sides), every opening gives the opponent the same choices (take all,
/// or all but two / four), except that a chain of two is best opened in the middle; and two
/// such components of the same kind and length are interchangeable. One line is kept for
/// each kind of component.
pub fn redundant_openings(board: &Board, drawn: u64) -> u64 {
    let undrawn_of = |b: u8| board.box_edges[b as usize] & !drawn;
    let mut visited = 0u32;
    let mut seen_kind = [false; 128];
    let mut skip = 0u64;
    let mut stack = [0u8; 32];
    for start in 0..board.boxes {
        if visited & 1 << start != 0 || undrawn_of(start).count_ones() != 2 {
            continue;
        }
        visited |= 1 << start;
        stack[0] = start;
        let mut top = 1;
        let (mut len, mut edges, mut pure, mut ground) = (0u8, 0u64, true, false);
        while top > 0 {
            top -= 1;
            let b = stack[top];
            len += 1;
            let u = undrawn_of(b);
            pure &= u.count_ones() == 2;
            edges |= u;
            for e in bits(u) {
                let [x, y] = board.edge_boxes[e as usize];
                let o = if x == b { y } else { x };
                if o == NONE {
                    ground = true;
                } else if visited & 1 << o == 0 {
                    visited |= 1 << o;
                    stack[top] = o;
                    top += 1;
                }
            }
        }
        if !pure {
            continue;
        }
        let kind = if ground { len } else { LOOP | len };
        if seen_kind[kind as usize] {
            skip |= edges;
            continue;
        }
        seen_kind[kind as usize] = true;
        let keep = if ground && len == 2 {
            bits(edges).find(|&e| !board.edge_boxes[e as usize].contains(&NONE)).expect("a middle line")
        } else {
            edges.trailing_zeros() as u8
        };
        skip |= edges & !(1u64 << keep);
    }
    skip
}

/// Among `hot` (lines that give a box its third side), the half-hearted handouts: an end line
/// of a chain of exactly two boxes whose far sides give nothing away (ground, or a box with
/// at most one side drawn). Drawing the middle line instead (the hard-hearted handout) is at
/// least as good: either way the opponent can take both and move on in the same position C,
/// worth 2 + v(C) to them, and after the half-hearted one they may also decline with the
/// last line, so they get at least that (see `Solver::fork_floor`).
pub fn half_hearted(board: &Board, drawn: u64, hot: u64) -> u64 {
    let other = |e: u8, b: u8| {
        let [x, y] = board.edge_boxes[e as usize];
        if x == b { y } else { x }
    };
    let gives_nothing = |b: u8| b == NONE || board.sides(drawn, b) <= 1;
    let two_sided = |b: u8| b != NONE && board.sides(drawn, b) == 2;
    let mut out = 0;
    for e in bits(hot) {
        let [p, q] = board.edge_boxes[e as usize];
        let x = if two_sided(p) { p } else { q };
        if !two_sided(x) || !gives_nothing(other(e, x)) {
            continue;
        }
        let m = (board.box_edges[x as usize] & !drawn & !(1u64 << e)).trailing_zeros() as u8;
        let n = other(m, x);
        if !two_sided(n) {
            continue;
        }
        let f = (board.box_edges[n as usize] & !drawn & !(1u64 << m)).trailing_zeros() as u8;
        if gives_nothing(other(f, n)) {
            out |= 1 << e;
        }
    }
    out
}

fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            i
        })
    })
}

/// What the opponent makes of component `c` once it is opened, given the value `rest` of
/// the other components for whoever moves in them next.
#[inline]
pub fn opened(c: Component, rest: i32) -> i32 {
    let k = (c & !LOOP) as i32;
    if c & LOOP != 0 {
        // Take all k and move on, or take k-4 and hand back two pairs to keep control.
        (k + rest).max(k - 8 - rest)
    } else if k <= 2 {
        // One box, or two opened in the middle: both simply taken.
        k + rest
    } else {
        // Take all, or take k-2 and decline the last two.
        (k + rest).max(k - 4 - rest)
    }
}

/// Exact values of simple positions, memoised by their sorted component lists.
#[derive(Debug, Default)]
pub struct EndgameTable {
    memo: HashMap<Vec<Component>, i8>,
}

impl EndgameTable {
    pub fn new() -> EndgameTable {
        EndgameTable::default()
    }

    /// The value, for the player to move, of a simple position with these components
    /// (sorted descending, as [`simple_components`] gives them).
    pub fn value(&mut self, comps: &[Component]) -> i32 {
        if comps.is_empty() {
            return 0;
        }
        if let Some(&v) = self.memo.get(comps) {
            return v as i32;
        }
        let mut best = i32::MIN;
        let mut rest = Vec::with_capacity(comps.len() - 1);
        for i in 0..comps.len() {
            if i > 0 && comps[i] == comps[i - 1] {
                continue; // same component, same outcome
            }
            rest.clear();
            rest.extend_from_slice(&comps[..i]);
            rest.extend_from_slice(&comps[i + 1..]);
            let r = self.value(&rest);
            best = best.max(-opened(comps[i], r));
        }
        self.memo.insert(comps.to_vec(), best as i8);
        best
    }

    /// The component whose opening is best for the player to move (an index into `comps`).
    pub fn best_opening(&mut self, comps: &[Component]) -> Option<usize> {
        let mut best: Option<(i32, usize)> = None;
        let mut rest = Vec::with_capacity(comps.len());
        for i in 0..comps.len() {
            rest.clear();
            rest.extend_from_slice(&comps[..i]);
            rest.extend_from_slice(&comps[i + 1..]);
            let v = -opened(comps[i], self.value(&rest));
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(list: &[u8]) -> u64 {
        list.iter().fold(0, |m, &e| m | 1 << e)
    }

    #[test]
    fn finds_chains_and_loops() {
        // 3x3 with every horizontal line drawn: each row is a chain of three, border to border.
        let b = Board::new(3, 3).unwrap();
        assert_eq!(simple_components(&b, edges(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])), Some(vec![3, 3, 3]));
        // Half the rows drawn: not simple.
        assert_eq!(simple_components(&b, edges(&[3, 4, 5, 6, 7, 8])), None);
        // 2x2 with all border lines drawn: a loop of four.
        let b = Board::new(2, 2).unwrap();
        let border = edges(&[0, 1, 4, 5, 6, 8, 9, 11]);
        assert_eq!(simple_components(&b, border), Some(vec![LOOP | 4]));
        // Empty 1x1: a box with four undrawn sides is not simple.
        assert_eq!(simple_components(&Board::new(1, 1).unwrap(), 0), None);
    }

    #[test]
    fn half_hearted_handouts_are_the_end_lines_of_a_chain_of_two() {
        // 3x1: top lines 0-2, bottom lines 3-5, upright lines 6-9 from left to right.
        let b = Board::new(3, 1).unwrap();
        assert!(b.edge_boxes[7].contains(&0) && b.edge_boxes[7].contains(&1));
        let hot = |d: u64| b.box_edges.iter().filter(|&&m| (d & m).count_ones() == 2).fold(0, |h, m| h | m) & !d;
        // Boxes 0 and 1 make a chain of two from the border to box 2, which has no side drawn:
        // both end lines are half-hearted, the middle one is the hard-hearted handout.
        let d = edges(&[0, 1, 3, 4]);
        assert_eq!(half_hearted(&b, d, hot(d)), edges(&[6, 8]));
        // A chain of three: no line of it is.
        let d = edges(&[0, 1, 2, 3, 4, 5]);
        assert_eq!(half_hearted(&b, d, hot(d)), 0);
        // Box 2 with two sides drawn (top and right): line 8 hands out boxes 1 and 2 at once,
        // so it is no half-hearted handout of the chain 0-1, and the chain 0-1-2 is of three.
        let d = edges(&[0, 1, 2, 3, 4, 9]);
        assert_eq!(half_hearted(&b, d, hot(d)), 0);
    }

    #[test]
    fn endgame_values() {
        let mut t = EndgameTable::new();
        assert_eq!(t.value(&[]), 0);
        assert_eq!(t.value(&[1]), -1);
        assert_eq!(t.value(&[3]), -3);
        // Two 3-chains: the opponent takes one box of the first, declines two, takes all three of
        // the second: 4 to 2.
        assert_eq!(t.value(&[3, 3]), -2);
        // A loop of four alone: the opponent takes all four.
        assert_eq!(t.value(&[LOOP | 4]), -4);
    }
}
