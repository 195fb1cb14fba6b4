//! A Monte-Carlo sparring partner, as issue 20 describes the outside one: up to `candidates`
//! lines (safe lines while there are any), each valued by one to four playouts with a
//! greedy policy; at the last two boxes of a chain (four of a loop) both the move and the
//! playouts may take them or decline them.

use ai::dots::Board;
use rand::Rng;
use rand::seq::SliceRandom;

use super::common::{chain_end, cheapest, lines, pick};

/// The rollout player's settings.
#[derive(Debug, Clone, Copy)]
pub struct Rollout {
    /// Safe lines sampled per move.
    pub candidates: usize,
    /// Playouts per candidate: a random count from 1 to this.
    pub playouts: u32,
}

impl Rollout {
    /// The line to draw in `drawn` (not full).
    pub fn choose(&self, board: &Board, drawn: u64, rng: &mut impl Rng) -> u8 {
        let l = lines(board, drawn);
        let mut cands: Vec<u8> = Vec::new();
        if l.captures != 0 {
            // Take at once unless this is the last two / four, where taking and declining
            // are both candidates.
            let mut m = l.captures;
            while m != 0 {
                let e = m.trailing_zeros() as u8;
                m &= m - 1;
                match chain_end(board, drawn, e) {
                    None => return e,
                    Some((decline, _, _)) if cands.is_empty() => {
                        cands.push(e);
                        cands.push(decline);
                    }
                    Some(_) => {}
                }
            }
        } else {
            let pool = if l.safe != 0 { l.safe } else { cheapest(board, drawn) };
            let mut all: Vec<u8> = bits(pool).collect();
            all.shuffle(rng);
            all.truncate(self.candidates);
            cands = all;
        }
        if cands.len() == 1 {
            return cands[0];
        }
        let mut best = (f64::MIN, cands[0]);
        for &e in &cands {
            let c = board.completes(drawn, e) as i32;
            let n = rng.gen_range(1..=self.playouts.max(1));
            let mut sum = 0;
            for _ in 0..n {
                let rest = greedy_playout(board, drawn | 1 << e, rng);
                sum += if c > 0 { c + rest } else { -rest };
            }
            let mean = sum as f64 / n as f64;
            if mean > best.0 {
                best = (mean, e);
            }
        }
        best.1
    }
}

/// Greedy to the end: take what is offered (at a chain's last two / four, take or decline at
/// random), else a random safe line, else a random line among those that give least away
/// (the greedy sacrifice: the smallest chain first).
/// The margin of the boxes to come for the player to move at `drawn`.
pub fn greedy_playout(board: &Board, mut drawn: u64, rng: &mut impl Rng) -> i32 {
    let (mut margin, mut sign) = (0, 1);
    while drawn != board.all {
        let l = lines(board, drawn);
        let e = if l.captures != 0 {
            let e = l.captures.trailing_zeros() as u8;
            match chain_end(board, drawn, e) {
                Some((decline, _, _)) if rng.gen_bool(0.5) => decline,
                _ => e,
            }
        } else if l.safe != 0 {
            pick(l.safe, rng)
        } else {
            pick(cheapest(board, drawn), rng)
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

fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            i
        })
    })
}
