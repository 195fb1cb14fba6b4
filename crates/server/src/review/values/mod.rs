//! The review engine (`ai::review`) in the wire's terms: a game's review. The analysis
//! board's values of a position and its moves are the engine crate's
//! (`qdan_engine::analysis`), which the page runs too.

mod bagh_chal;
mod dots;
mod musashi;

use ai::review::{self, Budget, Pace};
use qdan_engine::analysis::view;
use rules::AnyOptions;
use wire::review::{ReviewView, TurningView};

/// A game's values: its review, and the tables the analysis board may want.
pub(crate) trait Valued: rules::Game {
    fn review(
        options: Self::Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError>;
    /// Whether tables a review under `options` would use are still being made.
    fn tables_pending(_options: &Self::Options) -> bool {
        false
    }
    /// Starts making tables the analysis board needs under `options`, if it has none yet.
    fn want_tables(_options: &Self::Options) {}
}

macro_rules! valued_games {
    ($($Variant:ident($Rules:ty),)+) => {
        /// Reviews a finished game.
        pub fn review_game(
            options: AnyOptions,
            moves: &[String],
            budget: &Budget,
            pace: &mut impl Pace,
        ) -> Result<ReviewView, review::ReviewError> {
            let r = match options {
                $(AnyOptions::$Variant(o) => <$Rules as Valued>::review(o, moves, budget, pace)?,)+
            };
            Ok(ReviewView {
                plies: r.plies.iter().map(|p| view(p.value, p.outlook)).collect(),
                turning: r
                    .turning
                    .into_iter()
                    .map(|t| TurningView { ply: t.ply as u32, played: t.played, best: t.best })
                    .collect(),
                busy_ms: r.busy.as_millis() as u64,
            })
        }

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
