//! Bit-level helpers the partners share: what is safe, what can be taken, what a line gives
//! away, where a chain ends.

use ai::dots::Board;
use ai::dots::board::NONE;
use rand::Rng;

pub use ai::dots::chain_play::chain_end;
pub use ai::dots::playout::{lines, nth_bit};

/// A random set bit of `m` (not empty).
pub fn pick(m: u64, rng: &mut impl Rng) -> u8 {
    nth_bit(m, rng.gen_range(0..m.count_ones()))
}

/// Boxes the opponent takes at once after `e` if they take everything offered.
pub fn given_away(board: &Board, drawn: u64, e: u8) -> u32 {
    ai::dots::chain_play::given_away(board, drawn, e)
}

/// The undrawn lines that give away fewest boxes (every line gives something away).
pub fn cheapest(board: &Board, drawn: u64) -> u64 {
    let mut best = (u32::MAX, 0u64);
    let mut m = board.all & !drawn;
    while m != 0 {
        let e = m.trailing_zeros() as u8;
        m &= m - 1;
        let g = given_away(board, drawn, e);
        if g < best.0 {
            best = (g, 1 << e);
        } else if g == best.0 {
            best.1 |= 1 << e;
        }
    }
    best.1
}

/// Groups of linked boxes with exactly two sides drawn: (chains of three or more, loops).
/// A group is a loop when none of its boxes has an undrawn side on the border or to a box
/// outside the group. Counts structures already visible, not those the safe phase will make.
pub fn long_chains(board: &Board, drawn: u64) -> (u32, u32) {
    let two = |b: u8| board.sides(drawn, b) == 2;
    let mut seen = 0u32;
    let (mut chains, mut loops) = (0, 0);
    let mut stack = [0u8; 32];
    for start in 0..board.boxes {
        if seen & 1 << start != 0 || !two(start) {
            continue;
        }
        seen |= 1 << start;
        stack[0] = start;
        let mut top = 1;
        let (mut size, mut closed) = (0, true);
        while top > 0 {
            top -= 1;
            let b = stack[top];
            size += 1;
            let mut u = board.box_edges[b as usize] & !drawn;
            while u != 0 {
                let e = u.trailing_zeros() as usize;
                u &= u - 1;
                let [x, y] = board.edge_boxes[e];
                let o = if x == b { y } else { x };
                if o == NONE || !two(o) {
                    closed = false;
                } else if seen & 1 << o == 0 {
                    seen |= 1 << o;
                    stack[top] = o;
                    top += 1;
                }
            }
        }
        if closed {
            loops += 1;
        } else if size >= 3 {
            chains += 1;
        }
    }
    (chains, loops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_chains_and_loops() {
        let b = Board::new(3, 3).unwrap();
        // Every horizontal line: three chains of three.
        let rows = (0..12).fold(0u64, |m, e| m | 1 << e);
        assert_eq!(long_chains(&b, rows), (3, 0));
        // 2x2 border drawn: a loop of four.
        let b = Board::new(2, 2).unwrap();
        let border = [0, 1, 4, 5, 6, 8, 9, 11].iter().fold(0u64, |m, e| m | 1 << e);
        assert_eq!(long_chains(&b, border), (0, 1));
        assert_eq!(cheapest(&b, border).count_ones(), 4);
    }
}
