//! A greedy sparring partner with hand-written endgame rules, holes included: takes every
//! box, draws random safe lines, then opens whatever gives least away; declines the last two
//! boxes of a chain when a long chain (three or more) is visible elsewhere, and never
//! declines at a loop.

use ai::dots::Board;
use rand::Rng;

use super::common::{chain_end, cheapest, lines, long_chains, pick};

/// The line the greedy player draws in `drawn` (not full).
pub fn choose(board: &Board, drawn: u64, rng: &mut impl Rng) -> u8 {
    let l = lines(board, drawn);
    if l.captures != 0 {
        let mut m = l.captures;
        while m != 0 {
            let e = m.trailing_zeros() as u8;
            m &= m - 1;
            match chain_end(board, drawn, e) {
                None => return e,
                // Rule: keep control while a long chain is left; loops (4 boxes) always taken.
                Some((decline, after, 2)) if long_chains(board, after).0 > 0 => return decline,
                Some(_) => {}
            }
        }
        return l.captures.trailing_zeros() as u8;
    }
    if l.safe != 0 {
        return pick(l.safe, rng);
    }
    pick(cheapest(board, drawn), rng)
}
