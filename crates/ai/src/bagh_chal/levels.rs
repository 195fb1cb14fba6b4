//! The three CPU levels of Bagh-Chal. Each is a budget of work (search nodes), not of time,
//! so a level plays alike on every machine; the deadline only cuts a search short. Every
//! level picks among [`Game::legal_moves`], so the repetition rule always holds.

use rand::Rng;
use rules::bagh_chal::{Game, Move, Moves};

use super::search::{CAPTURE, PROVEN, Search};
use super::tables::Tables;
use crate::Level;
use crate::clock::Deadline;

/// Nodes and plies each level searches.
pub const fn budget(level: Level) -> (u64, u32) {
    match level {
        Level::Beginner => (2_000, 2),
        Level::Intermediate => (40_000, 4),
        Level::Expert => (1_500_000, 64),
    }
}

/// The move `level` plays, or `None` when the game is over. The expert uses `tables` where
/// they cover the positions it reaches (exact there: see [`super::tables`] on repetition).
pub fn choose<R: Rng + ?Sized>(
    game: &Game,
    level: Level,
    tables: Option<&Tables>,
    deadline: Deadline,
    rng: &mut R,
) -> Option<Move> {
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    match moves.len() {
        0 => return None,
        1 => return Some(moves[0]),
        _ => {}
    }
    let (nodes, depth) = budget(level);
    let tables = if level == Level::Expert { tables } else { None };
    let mut s = Search::new(tables, deadline, nodes);
    let (scored, _) = s.root(game, depth);
    let best = scored.first()?.1;
    // The beginner plays any move that loses less than half a goat against the best it sees,
    // unless a win is proven: it misses long plans but not a goat left hanging.
    let slack = if level == Level::Beginner && best.abs() < PROVEN { CAPTURE / 2 } else { 0 };
    let top: Vec<Move> = scored.iter().filter(|&&(_, s)| s >= best - slack).map(|&(m, _)| m).collect();
    // Drawn as a u32, not a usize: the same draw on 32-bit WebAssembly as on 64-bit hosts.
    Some(top[rng.gen_range(0..top.len() as u32) as usize])
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rules::bagh_chal::{Options, Position, Target};

    use super::*;
    use crate::clock::WorkClock;

    fn game(text: &str, target: Target) -> Game {
        Game::from_position(Options { target, ..Options::default() }, text.parse::<Position>().unwrap())
    }

    /// Whether some tiger could jump a goat if the tigers moved in `g`'s position.
    fn tigers_can_jump(g: &Game) -> bool {
        let mut p = *g.position();
        p.turn = rules::bagh_chal::Role::Tigers;
        let mut m = Moves::new();
        p.pseudo_legal_moves(&mut m);
        m.iter().any(|m| matches!(m, Move::Jump(..)))
    }

    #[test]
    fn every_level_takes_the_winning_goat_and_the_stronger_ones_guard_their_goats() {
        // Three of four captured: the jump a1xc1 wins at once.
        let win = game("a1,a5,e1,e5:b1,c3:15:3:t", Target::FOUR);
        // The goat on b1 hangs (a1xc1); placing on c1 saves it, and nothing else leaves no jump.
        let guard = game("a1,a5,e1,e5:b1,e3:18:0:g", Target::FIVE);
        for level in Level::ALL {
            for seed in 0..4 {
                let mut rng = StdRng::seed_from_u64(seed);
                let m = choose(&win, level, None, WorkClock::budget(1 << 20), &mut rng).unwrap();
                assert_eq!(m.to_string(), "a1xc1", "{level:?}");
                if level == Level::Beginner {
                    continue;
                }
                let m = choose(&guard, level, None, WorkClock::budget(1 << 20), &mut rng).unwrap();
                let mut after = guard.clone();
                after.play(m).unwrap();
                assert!(!tigers_can_jump(&after), "{level:?} played {m}");
            }
        }
    }
}
