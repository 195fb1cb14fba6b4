//! Glicko-2 ratings per game (skillratings): a win counts 1, a draw half, a loss 0.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

pub use crate::store::RatingRow;

/// Rated games a day between the same two players; further ones that day are not rated, so
/// two accounts cannot trade a rating up by playing each other over and over.
pub const PAIR_GAMES_PER_DAY: i64 = 3;

/// The day of [`PAIR_GAMES_PER_DAY`], in milliseconds: the 24 hours before a game's end.
pub const PAIR_WINDOW_MS: i64 = 24 * 3600 * 1000;

/// A rating change recorded with a finished ranked game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rated {
    pub seat: wire::Seat,
    pub before: f64,
    pub after: f64,
}

/// The rating of a player who has not played this game yet.
pub fn initial() -> RatingRow {
    let r = Glicko2Rating::new();
    RatingRow { rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: 0 }
}

/// New ratings of two players after one game; `score_a` is 1.0 (a won), 0.5 or 0.0.
pub fn update(a: RatingRow, b: RatingRow, score_a: f64) -> (RatingRow, RatingRow) {
    let to = |r: RatingRow| Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
    let outcome = if score_a > 0.75 {
        Outcomes::WIN
    } else if score_a < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (na, nb) = glicko2(&to(a), &to(b), &outcome, &Glicko2Config::new());
    (
        RatingRow { rating: na.rating, deviation: na.deviation, volatility: na.volatility, games: a.games + 1 },
        RatingRow { rating: nb.rating, deviation: nb.deviation, volatility: nb.volatility, games: b.games + 1 },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_draw_loss() {
        let (a, b) = update(initial(), initial(), 1.0);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!((a.rating - 1500.0 + (b.rating - 1500.0)).abs() < 1e-6);
        let (a, b) = update(initial(), initial(), 0.5);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(a.deviation < 350.0);
        assert_eq!(a.games, 1);
    }
}
