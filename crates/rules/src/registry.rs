//! The games qdan hosts, listed once. [`games!`] turns the list into the key of each game
//! ([`GameKind`]), the local rules of any game ([`AnyOptions`], tagged by the key on the
//! wire) and a game of any kind ([`AnyGame`]), each method of which hands on to the game's
//! [`Game`] implementation. Adding a game is one line here.

use serde::{Deserialize, Serialize};

use crate::any::{Finished, PlayError, Side};
use crate::game::Game;
use crate::{bagh_chal, dots, musashi};

macro_rules! games {
    ($($Variant:ident($Rules:ty) = $key:literal,)+) => {
        /// Which game.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
        pub enum GameKind {
            $(#[serde(rename = $key)] $Variant,)+
        }

        const COUNT: usize = [$($key),+].len();

        impl GameKind {
            pub const ALL: [GameKind; COUNT] = [$(GameKind::$Variant),+];

            /// The names of the record tags that carry this game's rules.
            pub fn rule_tags(self) -> &'static [&'static str] {
                match self {
                    $(GameKind::$Variant => <$Rules as Game>::RULE_TAGS,)+
                }
            }

            /// The key: in URLs, records, the protocol and the store.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(GameKind::$Variant => $key,)+
                }
            }
        }

        /// The local rules of any game.
        #[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game")]
        pub enum AnyOptions {
            $(#[serde(rename = $key)] $Variant(<$Rules as Game>::Options),)+
        }

        impl AnyOptions {
            /// The site defaults of `kind`.
            pub fn default_for(kind: GameKind) -> AnyOptions {
                match kind {
                    $(GameKind::$Variant => AnyOptions::$Variant(Default::default()),)+
                }
            }

            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyOptions::$Variant(_) => GameKind::$Variant,)+
                }
            }

            /// `kind`'s options from a record's rule tags; on error, the tag and why.
            pub fn from_rule_tags(kind: GameKind, tags: &[(String, String)]) -> Result<AnyOptions, (&'static str, String)> {
                match kind {
                    $(GameKind::$Variant => <$Rules as Game>::options_from_tags(tags).map(AnyOptions::$Variant),)+
                }
            }

            /// The record's rule tags, in the order written.
            pub fn rule_tags(&self) -> Vec<(&'static str, String)> {
                match self {
                    $(AnyOptions::$Variant(o) => <$Rules as Game>::rule_tags(o),)+
                }
            }

            /// These options with the group-only settings at their defaults.
            pub fn game_rules(self) -> AnyOptions {
                match self {
                    $(AnyOptions::$Variant(o) => AnyOptions::$Variant(<$Rules as Game>::game_rules(o)),)+
                }
            }

            /// The move with text `text` as a record writes it (`None`: not a move).
            pub fn record_move(&self, text: &str) -> Option<String> {
                match self {
                    $(AnyOptions::$Variant(o) => {
                        <$Rules as Game>::parse_move(text).ok().map(|m| <$Rules as Game>::record_move(o, m))
                    })+
                }
            }

            /// The text of a move written `word` in a record another way than its text.
            pub fn read_record_move(&self, word: &str) -> Option<String> {
                match self {
                    $(AnyOptions::$Variant(o) => <$Rules as Game>::read_record_move(o, word).map(|m| m.to_string()),)+
                }
            }

            /// See [`Game::starts_turn`].
            pub fn starts_turn(&self, ply: usize, side: Side, last: Option<Side>) -> bool {
                match self {
                    $(AnyOptions::$Variant(_) => <$Rules as Game>::starts_turn(ply, side, last),)+
                }
            }

            /// The names of side 0 and side 1 ([`Game::SIDES`]).
            pub fn sides(&self) -> [&'static str; 2] {
                match self {
                    $(AnyOptions::$Variant(_) => <$Rules as Game>::SIDES,)+
                }
            }

            /// Whether a rematch swaps sides (roles in Musashi, first mover in Dots).
            pub fn swap_on_rematch(&self) -> bool {
                match self {
                    $(AnyOptions::$Variant(o) => <$Rules as Game>::swap_on_rematch(o),)+
                }
            }
        }

        /// A game of any kind.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyGame {
            $($Variant($Rules),)+
        }

        impl AnyGame {
            pub fn new(options: AnyOptions) -> AnyGame {
                match options {
                    $(AnyOptions::$Variant(o) => AnyGame::$Variant(Game::new(o)),)+
                }
            }

            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$Variant(_) => GameKind::$Variant,)+
                }
            }

            pub fn options(&self) -> AnyOptions {
                match self {
                    $(AnyGame::$Variant(g) => AnyOptions::$Variant(Game::options(g)),)+
                }
            }

            /// The side to move.
            pub fn turn(&self) -> Side {
                match self {
                    $(AnyGame::$Variant(g) => Game::turn(g),)+
                }
            }

            /// Moves played so far.
            pub fn plies(&self) -> usize {
                match self {
                    $(AnyGame::$Variant(g) => Game::plies(g),)+
                }
            }

            /// The moves played so far, as text, oldest first.
            pub fn moves(&self) -> Vec<String> {
                match self {
                    $(AnyGame::$Variant(g) => (0..g.plies()).map(|i| Game::played(g, i).1.to_string()).collect(),)+
                }
            }

            /// The side that played each move so far, oldest first.
            pub fn movers(&self) -> Vec<Side> {
                match self {
                    $(AnyGame::$Variant(g) => (0..g.plies()).map(|i| Game::played(g, i).0).collect(),)+
                }
            }

            /// Legal moves of the side to move, as text.
            pub fn legal_moves(&self) -> Vec<String> {
                match self {
                    $(AnyGame::$Variant(g) => {
                        let mut m = <<$Rules as Game>::Moves>::default();
                        Game::legal_moves(g, &mut m);
                        m.iter().map(|m| m.to_string()).collect()
                    })+
                }
            }

            /// Plays the move written `mv` for `side`; on error nothing changes. Returns the
            /// move's canonical text.
            pub fn play(&mut self, side: Side, mv: &str) -> Result<String, PlayError> {
                match self {
                    $(AnyGame::$Variant(g) => play_text(g, side, mv, false),)+
                }
            }

            /// [`AnyGame::play`] of a move as the wire writes it: its canonical text only
            /// (`c3-d4`, `17`, `a1xc3`; no spaces, signs or leading zeros), any other text
            /// being `bad-move` (`docs/protocol.md`). Records and the command line read
            /// moves more freely ([`AnyGame::play`]).
            pub fn play_exact(&mut self, side: Side, mv: &str) -> Result<String, PlayError> {
                match self {
                    $(AnyGame::$Variant(g) => play_text(g, side, mv, true),)+
                }
            }

            /// Takes back the last move (or a resignation). `false` when there is nothing to
            /// take back.
            pub fn undo(&mut self) -> bool {
                match self {
                    $(AnyGame::$Variant(g) => Game::undo(g),)+
                }
            }

            pub fn resign(&mut self, side: Side) -> Result<(), PlayError> {
                match self {
                    $(AnyGame::$Variant(g) => Game::resign(g, side).map_err(PlayError::refused),)+
                }
            }

            pub fn outcome(&self) -> Option<Finished> {
                match self {
                    $(AnyGame::$Variant(g) => Game::outcome(g),)+
                }
            }

            /// See [`Game::state_hash`].
            pub fn state_hash(&self) -> u64 {
                match self {
                    $(AnyGame::$Variant(g) => Game::state_hash(g),)+
                }
            }

            /// See [`Game::perft`].
            pub fn perft(&mut self, depth: u32) -> u64 {
                match self {
                    $(AnyGame::$Variant(g) => Game::perft(g, depth),)+
                }
            }
        }
    };
}

games! {
    Musashi(musashi::Game) = "musashi",
    Dots(dots::Game) = "dots",
    BaghChal(bagh_chal::Game) = "bagh-chal",
}

impl std::str::FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<GameKind, String> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| format!("no game called {:?}", s.chars().take(16).collect::<String>()))
    }
}

/// Plays the move written `text` for `side` in `game`: parsed once here, at the edge.
fn play_text<G: Game>(game: &mut G, side: Side, text: &str, exact: bool) -> Result<String, PlayError> {
    if side > 1 {
        return Err(PlayError::BadText(format!("no side {side}")));
    }
    let mv = G::parse_move(text).map_err(PlayError::BadText)?;
    if exact && mv.to_string() != text {
        return Err(PlayError::BadText(format!("write the move as {mv}")));
    }
    game.play_as(side, mv).map_err(PlayError::refused)?;
    Ok(mv.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_tag_the_options() {
        for kind in GameKind::ALL {
            assert_eq!(kind.as_str().parse::<GameKind>(), Ok(kind));
            let o = AnyOptions::default_for(kind);
            assert_eq!(o.kind(), kind);
            let json = serde_json::to_value(o).unwrap();
            assert_eq!(json["game"], kind.as_str());
            assert_eq!(serde_json::from_value::<AnyOptions>(json).unwrap(), o);
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
            assert_eq!(AnyGame::new(o).kind(), kind);
        }
        assert!("chess".parse::<GameKind>().is_err());
    }

    #[test]
    fn the_wire_takes_only_a_moves_canonical_text() {
        for (kind, good, loose) in [
            (GameKind::Musashi, "c3-d4", &[" c3-d4", "c3 - d4", "\nc3-d4", "c3-d4 "][..]),
            (GameKind::Dots, "5", &[" 5", "05", "\t5\n"][..]),
            (GameKind::BaghChal, "c3", &[" c3", "c3 "][..]),
        ] {
            let mut g = AnyGame::new(AnyOptions::default_for(kind));
            let side = g.turn();
            for &text in loose {
                assert!(matches!(g.play_exact(side, text), Err(PlayError::BadText(_))), "{kind:?} {text:?}");
                assert_eq!(g.clone().play(side, text).as_deref(), Ok(good), "records read {text:?}");
            }
            assert_eq!(g.play_exact(side, good).as_deref(), Ok(good));
        }
        // A signed number is no move anywhere (docs/notation.md: digits only).
        let mut g = AnyGame::new(AnyOptions::default_for(GameKind::Dots));
        assert!(g.clone().play(0, "+5").is_err());
        assert!(g.play_exact(0, "+5").is_err());
    }
}
