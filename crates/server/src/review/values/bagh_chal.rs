//! Bagh-Chal's review: exact from the movement-phase tables (when the server has them) and
//! the search where they reach, estimates elsewhere.

use ai::review::{self, Budget, Pace};
use rules::bagh_chal::{Game, Options};

use super::Valued;

impl Valued for Game {
    fn review(
        options: Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError> {
        review::bagh_chal::review(options, moves, budget, pace)
    }
}
