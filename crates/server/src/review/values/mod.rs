//! What the server adds to the review engine: the tables a review or an analysis wants. A
//! game's review and the analysis board's values are the engine crate's
//! (`qdan_engine::review`, `qdan_engine::analysis`), which the page runs too.

mod bagh_chal;
mod dots;
mod musashi;

use rules::AnyOptions;

/// A game's tables, as reviews and the analysis board want them.
pub(crate) trait Valued: rules::Game {
    /// Whether tables a review under `options` would use are still being made.
    fn tables_pending(_options: &Self::Options) -> bool {
        false
    }
    /// Starts making tables the analysis board needs under `options`, if it has none yet.
    fn want_tables(_options: &Self::Options) {}
}

macro_rules! valued_games {
    ($($Variant:ident($Rules:ty),)+) => {
        /// See [`Valued::tables_pending`].
        pub fn tables_pending(options: &AnyOptions) -> bool {
            match options {
                $(AnyOptions::$Variant(o) => <$Rules as Valued>::tables_pending(o),)+
            }
        }

        /// See [`Valued::want_tables`].
        pub fn want_tables(options: &AnyOptions) {
            match options {
                $(AnyOptions::$Variant(o) => <$Rules as Valued>::want_tables(o),)+
            }
        }
    };
}

valued_games! {
    Musashi(rules::musashi::Game),
    Dots(rules::dots::Game),
    BaghChal(rules::bagh_chal::Game),
}
