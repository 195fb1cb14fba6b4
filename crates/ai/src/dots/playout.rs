//! Fast random games to the end, for the expert's Monte-Carlo search.
//!
//! A playout draws random safe lines (lines that give no box a third side) while there are
//! any, then plays the endgame the way a good player does: always-right captures at once,
//! at the last two boxes of a chain (four of a loop) take or decline by the chain-and-loop
//! table when the rest is only chains and loops and by the long-chain rule otherwise, and
//! when every line gives something away, open the component the table says to open (or the
//! one that gives away least). So a playout's result says mostly how the chain structure
//! left by the safe phase turns out, which is what the safe phase is about.

use rand::Rng;

use super::board::Board;
use super::chain_play::{capture_or_decline, cheapest_sacrifice};
use super::chains::EndgameTable;

/// Per-box counts of drawn sides, and the line masks the playout needs, for one position.
pub struct Lines {
    /// Undrawn lines that give no box a third side and complete none.
    pub safe: u64,
    /// Undrawn lines that complete a box.
    pub captures: u64,
}

/// The safe and capturing lines of `drawn`.
#[inline]
pub fn lines(board: &Board, drawn: u64) -> Lines {
    let mut hot = 0u64;
    let mut captures = 0u64;
    for m in &board.box_edges {
        match (drawn & m).count_ones() {
            2 => hot |= m,
            3 => captures |= m,
            _ => {}
        }
    }
    let undrawn = board.all & !drawn;
    Lines { safe: undrawn & !hot & !captures, captures: undrawn & captures }
}

/// The `k`-th set bit of `m` (`k < m.count_ones()`).
#[inline]
pub fn nth_bit(mut m: u64, k: u32) -> u8 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

/// Long chains (three boxes or more) already visible: linked boxes with two sides drawn.
pub fn long_chains(board: &Board, drawn: u64) -> u32 {
    long_chains_of(board, drawn, two_sided(board, drawn))
}

/// The boxes with exactly two sides drawn, as a mask.
#[inline]
fn two_sided(board: &Board, drawn: u64) -> u32 {
    let mut two = 0u32;
    for (b, &m) in board.box_edges.iter().enumerate() {
        if (drawn & m).count_ones() == 2 {
            two |= 1 << b;
        }
    }
    two
}

/// [`long_chains`] given the boxes with two sides drawn.
fn long_chains_of(board: &Board, drawn: u64, two: u32) -> u32 {
    let mut seen = 0u32;
    let mut count = 0;
    let mut stack = [0u8; 32];
    let mut rest = two;
    while rest != 0 {
        let start = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        if seen & 1 << start != 0 {
            continue;
        }
        seen |= 1 << start;
        stack[0] = start;
        let (mut top, mut size) = (1, 0);
        while top > 0 {
            top -= 1;
            let b = stack[top];
            size += 1;
            let mut u = board.box_edges[b as usize] & !drawn;
            while u != 0 {
                let e = u.trailing_zeros() as usize;
                u &= u - 1;
                let o = board.across(e as u8, b);
                if o != super::board::NONE && two & 1 << o != 0 && seen & 1 << o == 0 {
                    seen |= 1 << o;
                    stack[top] = o;
                    top += 1;
                }
            }
        }
        count += (size >= 3) as u32;
    }
    count
}

/// A safe line for the playout. With `steer`, the long chain rule: of a few sampled safe lines,
/// one after which the count of dots plus visible long chains has the parity the mover wants
/// (even for the game's first player), so that playouts model players who fight for control.
#[inline]
fn safe_line(board: &Board, drawn: u64, safe: u64, first: Option<bool>, rng: &mut impl Rng) -> u8 {
    let n = safe.count_ones();
    let Some(first) = first else { return nth_bit(safe, rng.gen_range(0..n)) };
    let dots = (board.w as u32 + 1) * (board.h as u32 + 1);
    // A safe line's boxes have at most one side drawn: those with one get their second, and
    // the others keep theirs, so the two-sided boxes after it need not be counted again.
    let two = two_sided(board, drawn);
    let mut e = 0;
    for _ in 0..3 {
        e = nth_bit(safe, rng.gen_range(0..n));
        let mut after = two;
        for b in board.edge_boxes[e as usize] {
            if b != super::board::NONE && board.sides(drawn, b) == 1 {
                after |= 1 << b;
            }
        }
        if (dots + long_chains_of(board, drawn | 1 << e, after)).is_multiple_of(2) == first {
            break;
        }
    }
    e
}

/// Plays `drawn` out with the policy above; the margin of the boxes still to come for the
/// player to move at `drawn`. `first`: whether that player moved first in the game, to steer
/// the safe phase by the long chain rule (`None`: random safe lines).
pub fn playout(
    board: &Board,
    mut drawn: u64,
    table: &mut EndgameTable,
    first: Option<bool>,
    rng: &mut impl Rng,
) -> i32 {
    let mut margin = 0;
    // +1 while the player to move at the start is to move.
    let mut sign = 1;
    while drawn != board.all {
        let l = lines(board, drawn);
        let e = if l.captures != 0 {
            capture_or_decline(board, drawn, table).expect("a capture is on offer")
        } else if l.safe != 0 {
            safe_line(board, drawn, l.safe, first.map(|f| f == (sign == 1)), rng)
        } else {
            cheapest_sacrifice(board, drawn, table)
        };
        let c = board.completes(drawn, e) as i32;
        drawn |= 1 << e;
        if c > 0 {
            margin += sign * c;
        } else {
            sign = -sign;
        }
    }
    margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn safe_and_capture_masks() {
        let b = Board::new(2, 2).unwrap();
        // Box 0 (top-left) has edges 0 (top), 2 (bottom), 6 (left), 7 (right).
        let drawn = 1 << 0 | 1 << 6;
        let l = lines(&b, drawn);
        assert_eq!(l.captures, 0);
        assert_eq!(l.safe & (1 << 2 | 1 << 7), 0, "box 0 has two sides: its others are unsafe");
        let drawn = drawn | 1 << 2;
        assert_eq!(lines(&b, drawn).captures, 1 << 7);
        assert_eq!(nth_bit(0b10110, 0), 1);
        assert_eq!(nth_bit(0b10110, 2), 4);
    }

    #[test]
    fn playouts_end_with_every_box_counted() {
        let b = Board::new(3, 3).unwrap();
        let mut t = EndgameTable::new();
        let mut rng = StdRng::seed_from_u64(1);
        for i in 0..200 {
            let m0 = i % 2 == 0;
            let m = playout(&b, 0, &mut t, if m0 { Some(true) } else { None }, &mut rng);
            assert!(m.abs() <= 9 && (m + 9) % 2 == 0, "margin {m}");
        }
    }
}
