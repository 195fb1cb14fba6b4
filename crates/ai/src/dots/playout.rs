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
use super::chains::EndgameTable;
use super::levels::{capture_or_decline, cheapest_sacrifice};

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

/// Plays `drawn` out with the policy above; the margin of the boxes still to come for the
/// player to move at `drawn`.
pub fn playout(board: &Board, mut drawn: u64, table: &mut EndgameTable, rng: &mut impl Rng) -> i32 {
    let mut margin = 0;
    // +1 while the player to move at the start is to move.
    let mut sign = 1;
    while drawn != board.all {
        let l = lines(board, drawn);
        let e = if l.captures != 0 {
            capture_or_decline(board, drawn, table).expect("a capture is on offer")
        } else if l.safe != 0 {
            nth_bit(l.safe, rng.gen_range(0..l.safe.count_ones()))
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
        for _ in 0..200 {
            let m = playout(&b, 0, &mut t, &mut rng);
            assert!(m.abs() <= 9 && (m + 9) % 2 == 0, "margin {m}");
        }
    }
}
