//! Berlekamp's long chain rule as a sparring partner. The first player wants the number of
//! dots plus the number of long chains (three boxes or more) to be even, the second wants it
//! odd: then the other side has to open the first long chain. It draws safe lines that set
//! that parity in the chains already visible, keeps control at chain ends while a long chain
//! or a loop is left, and opens the smallest thing when it has to.

use ai::dots::Board;
use rand::Rng;

use super::common::{chain_end, cheapest, lines, long_chains, pick};

/// The line the chain-rule player draws in `drawn` (not full); `first` when it moved first.
pub fn choose(board: &Board, drawn: u64, first: bool, rng: &mut impl Rng) -> u8 {
    let l = lines(board, drawn);
    if l.captures != 0 {
        let mut end = None;
        let mut m = l.captures;
        while m != 0 {
            let e = m.trailing_zeros() as u8;
            m &= m - 1;
            match chain_end(board, drawn, e) {
                None => return e,
                Some((decline, after, _)) => end = end.or(Some((e, decline, after))),
            }
        }
        let (e, decline, after) = end.expect("a capture is on offer");
        let (chains, loops) = long_chains(board, after);
        return if chains + loops > 0 { decline } else { e };
    }
    if l.safe != 0 {
        let dots = (board.w as u32 + 1) * (board.h as u32 + 1);
        let want_even = first;
        let mut good = 0u64;
        let mut m = l.safe;
        while m != 0 {
            let e = m.trailing_zeros() as u8;
            m &= m - 1;
            let (chains, _) = long_chains(board, drawn | 1 << e);
            if (dots + chains).is_multiple_of(2) == want_even {
                good |= 1 << e;
            }
        }
        return pick(if good != 0 { good } else { l.safe }, rng);
    }
    pick(cheapest(board, drawn), rng)
}
