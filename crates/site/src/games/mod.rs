//! What the site's pages know of each game beyond its messages (which are named from the
//! game's key: `game-{key}`, `game-{key}-summary`, `rules-{key}-...`): its pictures, the
//! shape of its board, when its rules page last changed. Each game's module implements
//! [`SiteGame`]; adding a game is a module and a line in [`site_games!`].

mod bagh_chal;
mod dots;
mod musashi;

use rules::{AnyOptions, GameKind};

use crate::i18n::Messages;

/// A diagram of a game's rules page: its file under `web/diagrams/`, its caption message and
/// the section it follows.
#[derive(Copy, Clone, Debug)]
pub struct Figure {
    pub file: &'static str,
    pub caption: &'static str,
    pub section: &'static str,
}

/// A game as the site's pages present it.
pub trait SiteGame: rules::Game {
    /// The picture on the game's cards, drawn by the board code into `web/diagrams/`
    /// (`scripts/diagrams.mjs`) and inlined, so the card has its final size before any script.
    const THUMB: &'static str;
    /// The diagrams of the rules page, in order.
    const FIGURES: &'static [Figure];
    /// When the text of the rules page last changed, as (year, month, day), with a
    /// fingerprint of that text in every locale (`rules_date::text_fingerprint`): the test
    /// `the_date_moves_with_the_text` fails when the words change and the date stays, and
    /// names the new fingerprint to write here beside the new date.
    const RULES_UPDATED: ((u32, u32, u32), u64);
    /// The `viewBox` of the board a game under `options` is drawn on: the same arithmetic as
    /// the game's `render.js` in `web/` (a test checks it against the diagrams they draw).
    fn board_shape(options: &Self::Options) -> BoardShape;
    /// The words for a value of local rule `id` that no fixed message names (`None`: the
    /// message `rules-{key}-val-{id}-{value}` does).
    fn value_label(_m: &Messages, _id: &str, _value: &str) -> Option<String> {
        None
    }
}

/// The board a page shows, so that the server's HTML reserves its space before the client
/// draws it (no layout shift when it arrives).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardShape {
    /// The SVG `viewBox` width and height, in the board's units.
    pub width: u32,
    pub height: u32,
}

impl BoardShape {
    /// The shape of the board a game under `options` is played on.
    pub fn of(options: &AnyOptions) -> BoardShape {
        board_shape(options)
    }
}

macro_rules! site_games {
    ($($Variant:ident($Rules:ty),)+) => {
        /// See [`SiteGame::THUMB`].
        pub fn thumb(kind: GameKind) -> &'static str {
            match kind {
                $(GameKind::$Variant => <$Rules as SiteGame>::THUMB,)+
            }
        }

        /// See [`SiteGame::FIGURES`].
        pub fn figures(kind: GameKind) -> &'static [Figure] {
            match kind {
                $(GameKind::$Variant => <$Rules as SiteGame>::FIGURES,)+
            }
        }

        /// See [`SiteGame::RULES_UPDATED`].
        pub fn rules_updated(kind: GameKind) -> ((u32, u32, u32), u64) {
            match kind {
                $(GameKind::$Variant => <$Rules as SiteGame>::RULES_UPDATED,)+
            }
        }

        /// See [`SiteGame::board_shape`].
        pub fn board_shape(options: &AnyOptions) -> BoardShape {
            match options {
                $(AnyOptions::$Variant(o) => <$Rules as SiteGame>::board_shape(o),)+
            }
        }

        /// See [`SiteGame::value_label`].
        pub fn value_label(kind: GameKind, m: &Messages, id: &str, value: &str) -> Option<String> {
            match kind {
                $(GameKind::$Variant => <$Rules as SiteGame>::value_label(m, id, value),)+
            }
        }
    };
}

site_games! {
    Musashi(rules::musashi::Game),
    Dots(rules::dots::Game),
    BaghChal(rules::bagh_chal::Game),
}
