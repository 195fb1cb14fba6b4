//! The CPU player of each game, listed once: each game's AI module implements [`Cpu`], and
//! [`choose`] hands a game of any kind to its player. Adding a game is an impl and a line in
//! [`cpu_games!`].

use rand::RngCore;
use rules::{AnyGame, Game};

use crate::Level;
use crate::clock::Deadline;

/// A game's CPU player.
pub trait Cpu: Game {
    /// The move `level` plays, or `None` when the game is over; thinks until `deadline`,
    /// breaks ties and plays out with `rng`.
    fn choose(&self, level: Level, deadline: &Deadline, rng: &mut dyn RngCore) -> Option<Self::Move>;
}

macro_rules! cpu_games {
    ($($Variant:ident),+ $(,)?) => {
        /// The move `level` plays in `game`, as its text.
        pub(crate) fn choose(game: &AnyGame, level: Level, deadline: &Deadline, rng: &mut dyn RngCore) -> Option<String> {
            match game {
                $(AnyGame::$Variant(g) => Cpu::choose(g, level, deadline, rng).map(|m| m.to_string()),)+
            }
        }
    };
}

cpu_games!(Musashi, Dots, BaghChal);

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rules::{AnyGame, AnyOptions, GameKind};

    use crate::Level;
    use crate::clock::WorkClock;

    /// Deadline reads per move: small, so that the test is quick in a debug build.
    const BUDGET: u64 = 64;

    /// The first `plies` moves of `kind` with `level` on both sides (fewer if the game ends
    /// sooner), chosen as a host without a clock chooses them (a work budget, a seeded random
    /// source), and whether the game is over.
    fn play(kind: GameKind, level: Level, seed: u64, plies: usize) -> (Vec<String>, bool) {
        let mut game = AnyGame::new(AnyOptions::default_for(kind));
        let mut rng = StdRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while moves.len() < plies {
            let Some(m) = crate::choose_by(&game, level, &WorkClock::budget(BUDGET), &mut rng) else { break };
            let side = game.turn();
            game.play(side, &m).unwrap_or_else(|e| panic!("{kind:?} {level:?} played {m}: {e:?}"));
            moves.push(m);
        }
        (moves, game.outcome().is_some())
    }

    #[test]
    fn every_level_plays_the_same_moves_on_the_same_work_budget() {
        for kind in GameKind::ALL {
            for level in Level::ALL {
                let (moves, over) = play(kind, level, 7, 12);
                // A game may end sooner (a small board's), but not stop while it goes on.
                assert!(moves.len() == 12 || over, "{kind:?} {level:?}: no move after {}", moves.len());
                assert_eq!((moves, over), play(kind, level, 7, 12), "{kind:?} {level:?}: same budget and seed");
            }
        }
    }
}
