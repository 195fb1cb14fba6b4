//! The wire layer of each game, listed once: how a client sees the game ([`GameView`]) and
//! which values of its local rules a group may choose ([`option_choices`]). Each game's module
//! implements [`WireGame`]; adding a game is a module and a line in [`wire_games!`].

pub mod bagh_chal;
pub mod dots;
pub mod musashi;

use rules::{AnyGame, Finished, GameKind, Side};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A game's rules as the protocol carries them.
pub trait WireGame: rules::Game {
    /// The game as a client draws it: the position, the legal moves and the hints, built
    /// from the rules so the view can never disagree with them.
    type View: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned + JsonSchema;

    fn view(&self) -> Self::View;
    /// The side to move in `view`.
    fn view_turn(view: &Self::View) -> Side;
    fn view_outcome(view: &Self::View) -> Option<Finished>;
    /// The legal moves in `view`, as the protocol writes them.
    fn view_legal(view: &Self::View) -> Vec<String>;
    /// What move `ply` did besides moving: the pieces it took (point names) and the boxes it
    /// completed, as a `move` event carries them (both empty by default).
    fn effect(&self, _ply: usize) -> (Vec<String>, Vec<u8>) {
        (Vec::new(), Vec::new())
    }
    /// Every value a group may choose for each local rule, in the order the rules pages
    /// list them: `(field of the options JSON, values)`.
    fn option_choices() -> Vec<(&'static str, Vec<Value>)>;
}

macro_rules! wire_games {
    ($($Variant:ident($Rules:ty) = $key:literal,)+) => {
        /// The current game's position as a client draws it.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "game")]
        pub enum GameView {
            $(#[serde(rename = $key)] $Variant(<$Rules as WireGame>::View),)+
        }

        impl GameView {
            /// The view of `game`.
            pub fn of(game: &AnyGame) -> GameView {
                match game {
                    $(AnyGame::$Variant(g) => GameView::$Variant(g.view()),)+
                }
            }

            /// The side to move.
            pub fn turn(&self) -> Side {
                match self {
                    $(GameView::$Variant(v) => <$Rules as WireGame>::view_turn(v),)+
                }
            }

            /// The legal moves of the side to move, as the protocol writes them.
            pub fn legal(&self) -> Vec<String> {
                match self {
                    $(GameView::$Variant(v) => <$Rules as WireGame>::view_legal(v),)+
                }
            }

            pub fn outcome(&self) -> Option<Finished> {
                match self {
                    $(GameView::$Variant(v) => <$Rules as WireGame>::view_outcome(v),)+
                }
            }
        }

        /// See [`WireGame::effect`]; `None` for a ply not played.
        pub fn move_effect(game: &AnyGame, ply: usize) -> Option<(Vec<String>, Vec<u8>)> {
            match game {
                $(AnyGame::$Variant(g) => (ply < rules::Game::plies(g)).then(|| g.effect(ply)),)+
            }
        }

        /// Every value a group may choose for each local rule of `kind`.
        pub fn option_choices(kind: GameKind) -> Vec<(&'static str, Vec<Value>)> {
            match kind {
                $(GameKind::$Variant => <$Rules as WireGame>::option_choices(),)+
            }
        }
    };
}

wire_games! {
    Musashi(rules::musashi::Game) = "musashi",
    Dots(rules::dots::Game) = "dots",
    BaghChal(rules::bagh_chal::Game) = "bagh-chal",
}
