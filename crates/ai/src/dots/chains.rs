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
    // Chains: start at each box with a border edge and walk to the other border.
    for start in 0..board.boxes {
        if open & 1 << start == 0 || seen & 1 << start != 0 {
            continue;
        }
        let ends = undrawn_of(start);
        let Some(ground) = bits(ends).find(|&e| board.across(e, start) == NONE) else { continue };
        let (mut cur, mut came) = (start, ground);
        let mut len = 0u8;
        loop {
            seen |= 1 << cur;
            len += 1;
            let next = (undrawn_of(cur) & !(1u64 << came)).trailing_zeros() as u8;
            let nb = board.across(next, cur);
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
            cur = board.across(next, cur);
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
                let o = board.across(e, b);
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

/// Where a walk along a chain stopped ([`follow`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The box the walk could not step through: the border (`NONE`), a box without exactly
    /// two undrawn sides, or one of the `stop` boxes.
    pub end: u8,
    /// The boxes stepped through (each with two undrawn sides).
    pub boxes: u64,
    /// Their undrawn sides other than the line the walk came in by.
    pub lines: u64,
}

impl Walk {
    /// How many boxes the walk stepped through.
    pub fn steps(&self) -> u32 {
        self.boxes.count_ones()
    }
}

/// Follows a chain out of box `from` through its undrawn line `line`: steps into each box
/// with exactly two undrawn sides and leaves it by the other one, until the border, a box
/// that is not such a link (a junction, an opened box, a claimed one cannot be reached), or a
/// box in `stop`. The one walk behind the fork floor, the opened-chain openings and the
/// chain-into-junction rule.
#[inline]
pub fn follow(board: &Board, drawn: u64, from: u8, line: u8, stop: u64) -> Walk {
    let (mut cur, mut line) = (from, line);
    let (mut boxes, mut lines) = (0u64, 0u64);
    // A walk can only come back to `from`, so `boxes` steps bound it.
    for _ in 0..board.boxes {
        let m = board.across(line, cur);
        if m == NONE || stop & 1 << m != 0 || boxes & 1 << m != 0 {
            return Walk { end: m, boxes, lines };
        }
        let next = board.box_edges[m as usize] & !drawn & !(1u64 << line);
        if next.count_ones() != 1 {
            return Walk { end: m, boxes, lines };
        }
        boxes |= 1 << m;
        lines |= next;
        (cur, line) = (m, next.trailing_zeros() as u8);
    }
    Walk { end: cur, boxes, lines }
}

/// Lines of chains that run into a junction (a box with at most one side drawn) at one end
/// or both, skipped but for one line a chain: `keep_out` are lines already skipped (their
/// interchangeable twin stands for them). Boxes with two sides drawn, joined through their
/// undrawn sides, make the chain; a chain of two keeps its middle line (its end lines are the
/// half-hearted handouts), a chain of one either line (both give the same position once the
/// box is taken), a longer chain any line: opened anywhere, the opponent can take all k and
/// move on in the same position C, or all but two and leave C to the mover, and nothing
/// better (the take-or-decline rule at an opened end). Chains whose both ends are the
/// border are [`redundant_openings`]' business; chains with both ends at one box are left
/// alone.
pub fn chain_openings(board: &Board, drawn: u64, keep_out: u64) -> u64 {
    let undrawn_of = |b: u8| board.box_edges[b as usize] & !drawn;
    let two = |b: u8| b != NONE && undrawn_of(b).count_ones() == 2;
    let mut visited = 0u64;
    let mut skip = 0u64;
    for start in 0..board.boxes {
        if visited & 1 << start != 0 || !two(start) {
            continue;
        }
        visited |= 1 << start;
        let mut lines = undrawn_of(start);
        let mut ends = [NONE; 2];
        let mut k = 1;
        let mut cycle = false;
        for (dir, e0) in bits(undrawn_of(start)).enumerate() {
            let w = follow(board, drawn, start, e0, 1 << start);
            visited |= w.boxes;
            k += w.steps();
            lines |= w.lines;
            if w.end == start {
                cycle = true;
                break;
            }
            ends[dir] = w.end;
        }
        if cycle || ends == [NONE, NONE] || ends[0] == ends[1] {
            continue;
        }
        let open = lines & !keep_out;
        let keep = if k == 2 {
            // The middle line: the one both boxes share.
            bits(open).find(|&e| board.edge_boxes[e as usize].iter().all(|&b| two(b)))
        } else {
            bits(open).next()
        };
        if let Some(keep) = keep {
            skip |= lines & !(1u64 << keep);
        }
    }
    skip
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
    fn one_opening_is_kept_for_each_chain_that_runs_into_a_junction() {
        // 3x1: top lines 0-2, bottom lines 3-5, upright lines 6-9 from left to right.
        let b = Board::new(3, 1).unwrap();
        assert!(b.edge_boxes[7].contains(&0) && b.edge_boxes[7].contains(&1));
        // Boxes 0 and 1 make a chain of two from the border to box 2, which has no side
        // drawn: only the middle line 7 is kept (6 and 8 are half-hearted handouts).
        assert_eq!(chain_openings(&b, edges(&[0, 1, 3, 4]), 0), edges(&[6, 8]));
        // Box 0 alone from the border to box 1 (no side drawn): one of its two lines.
        assert_eq!(chain_openings(&b, edges(&[0, 3]), 0), edges(&[7]));
        // An already skipped line is not the one kept.
        assert_eq!(chain_openings(&b, edges(&[0, 3]), edges(&[6])), edges(&[6]));
        // A chain of three from border to border touches no junction: left to
        // `redundant_openings`.
        assert_eq!(chain_openings(&b, edges(&[0, 1, 2, 3, 4, 5]), 0), 0);
        // 4x1 with boxes 0-2 a chain of three into box 3 (nothing drawn): one line of the
        // four kept (the lowest), whichever it is.
        let b = Board::new(4, 1).unwrap();
        let d = edges(&[0, 1, 2, 4, 5, 6]);
        let skip = chain_openings(&b, d, 0);
        let chain: u64 = [0u8, 1, 2].iter().fold(0, |m, &x| m | b.box_edges[x as usize]) & !d;
        assert_eq!(chain.count_ones(), 4);
        assert_eq!(skip & !chain, 0);
        assert_eq!((chain & !skip).count_ones(), 1);
    }

    #[test]
    fn a_walk_stops_at_the_border_a_junction_or_a_stop_box() {
        // 4x1: top lines 0-3, bottom 4-7, upright lines 8-12 from left to right. Boxes 0-2
        // have top and bottom drawn; box 3 has nothing drawn (a junction).
        let b = Board::new(4, 1).unwrap();
        assert_eq!(b.across(9, 0), 1);
        assert_eq!(b.across(8, 0), NONE);
        let d = edges(&[0, 1, 2, 4, 5, 6]);
        let w = follow(&b, d, 0, 9, 0);
        assert_eq!(w, Walk { end: 3, boxes: 0b110, lines: edges(&[10, 11]) });
        assert_eq!(w.steps(), 2);
        assert_eq!(follow(&b, d, 0, 8, 0), Walk { end: NONE, boxes: 0, lines: 0 });
        // Box 2 in `stop`: the walk ends before it.
        assert_eq!(follow(&b, d, 0, 9, 1 << 2), Walk { end: 2, boxes: 0b10, lines: edges(&[10]) });
        // Box 1's right side drawn too: box 1 has one undrawn side left, the walk ends there.
        assert_eq!(follow(&b, d | 1 << 10, 0, 9, 0).end, 1);
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
