//! The CPU player of each game, listed once: each game's AI module implements [`Cpu`], and
//! [`choose`] hands a game of any kind to its player. Adding a game is an impl and a line in
//! [`cpu_games!`].

use std::time::Instant;

use rules::{AnyGame, Game};

use crate::Level;

/// A game's CPU player.
pub trait Cpu: Game {
    /// The move `level` plays, or `None` when the game is over; thinks until `deadline`.
    fn choose(&self, level: Level, deadline: Instant) -> Option<Self::Move>;
}

impl Cpu for rules::musashi::Game {
    fn choose(&self, level: Level, deadline: Instant) -> Option<Self::Move> {
        crate::musashi::choose(self, level, deadline)
    }
}

impl Cpu for rules::dots::Game {
    fn choose(&self, level: Level, deadline: Instant) -> Option<Self::Move> {
        crate::dots::choose(self, level, deadline)
    }
}

macro_rules! cpu_games {
    ($($Variant:ident),+ $(,)?) => {
        /// The move `level` plays in `game`, as its text.
        pub(crate) fn choose(game: &AnyGame, level: Level, deadline: Instant) -> Option<String> {
            match game {
                $(AnyGame::$Variant(g) => Cpu::choose(g, level, deadline).map(|m| m.to_string()),)+
            }
        }
    };
}

cpu_games!(Musashi, Dots);
