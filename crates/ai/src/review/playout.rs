//! Estimates of Dots and Boxes positions the solver cannot finish: the average result of
//! playouts that draw random safe lines (lines that give no box a third side) until none is
//! left, then value the endgame exactly.
//!
//! Before the safe lines run out the game is a fight over who must open the first chain;
//! random safe lines sample how that fight can end. After it the position is usually made of
//! chains and loops only, which [`EndgameTable`] values exactly (Berlekamp's analysis); when
//! it is not, a solver with a few milliseconds finishes most of them, and a playout it does
//! not finish is left out of the average. Boxes on offer in the position itself are taken
//! first (a simplification: declining is sometimes right, which the exact values know).

use std::time::Duration;

use rand::Rng;

use crate::dots::chains::{EndgameTable, simple_components};
use crate::dots::levels::safe_moves;
use crate::dots::{Board, Deadline, Solver};

/// Solver time for one endgame that is not made of chains and loops only.
const ENDGAME_SOLVE: Duration = Duration::from_millis(5);

/// What a playout needs besides the position, kept for a whole review.
#[derive(Debug)]
pub struct Playouts {
    board: Board,
    table: EndgameTable,
    solver: Solver,
}

impl Playouts {
    /// For `w` x `h` boxes (1 to 5 a side).
    pub fn new(w: u8, h: u8) -> Playouts {
        let board = Board::new(w, h).expect("a board size the solver takes");
        // A small table: endgames after the safe lines are short.
        let solver = Solver::new(Board::new(w, h).expect("same size"), 16);
        Playouts { board, table: EndgameTable::new(), solver }
    }

    /// The average margin of the boxes still to be claimed, for the player to move in
    /// `drawn`, over up to `n` playouts that end by `end`; `None` when none finished.
    pub fn estimate(&mut self, drawn: u64, n: u32, end: &Deadline, rng: &mut impl Rng) -> Option<f32> {
        let (mut sum, mut done) = (0i64, 0u32);
        for _ in 0..n {
            if done > 0 && end.passed() {
                break;
            }
            if let Some(v) = self.playout(drawn, end, rng) {
                sum += v as i64;
                done += 1;
            }
        }
        (done > 0).then(|| sum as f32 / done as f32)
    }

    /// One playout's margin for the player to move in `drawn`.
    fn playout(&mut self, drawn: u64, end: &Deadline, rng: &mut impl Rng) -> Option<i32> {
        let b = &self.board;
        let mut d = drawn;
        let mut gain = 0i32;
        // Boxes on offer now: the mover takes them and moves again.
        while let Some(e) = bits(b.all & !d).find(|&e| b.completes(d, e) > 0) {
            gain += b.completes(d, e) as i32;
            d |= 1 << e;
        }
        // Safe lines alternate the turn: `sign` is +1 while the original mover is to move.
        let mut sign = 1;
        loop {
            let safe = safe_moves(b, d);
            if safe.is_empty() {
                break;
            }
            d |= 1 << safe[rng.gen_range(0..safe.len() as u32) as usize];
            sign = -sign;
        }
        if d == b.all {
            return Some(gain);
        }
        let rest = match simple_components(b, d) {
            Some(comps) => self.table.value(&comps),
            None => {
                self.solver.set_deadline(Some(end.at_most(ENDGAME_SOLVE)));
                self.solver.value(d)?
            }
        };
        Some(gain + sign * rest)
    }
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

#[cfg(all(test, feature = "native"))]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use std::time::Instant;

    use super::*;

    fn edges(list: &[u8]) -> u64 {
        list.iter().fold(0, |m, &e| m | 1 << e)
    }

    #[test]
    fn a_formed_endgame_is_valued_exactly() {
        // 3x3, every horizontal line drawn: three chains of three, the mover must open one:
        // the table says -3 and every playout agrees (no safe line is left).
        let mut p = Playouts::new(3, 3);
        let drawn = edges(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        let end = Deadline::at_instant(Instant::now() + Duration::from_secs(5));
        let v = p.estimate(drawn, 8, &end, &mut StdRng::seed_from_u64(1)).unwrap();
        let exact = Solver::new(Board::new(3, 3).unwrap(), 16).value(drawn).unwrap();
        assert_eq!(v, exact as f32);
    }

    #[test]
    fn estimates_stay_within_the_boxes_left() {
        let mut p = Playouts::new(5, 5);
        let end = Deadline::at_instant(Instant::now() + Duration::from_secs(5));
        let v = p.estimate(0, 16, &end, &mut StdRng::seed_from_u64(2)).unwrap();
        assert!((-25.0..=25.0).contains(&v), "{v}");
    }
}
