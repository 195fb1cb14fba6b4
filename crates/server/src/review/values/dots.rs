//! Dots and Boxes' review: exact from the solver where it finishes, estimated before that.

use ai::review::{self, Budget, Pace};
use rules::dots::{Game, Options};

use super::Valued;

impl Valued for Game {
    fn review(
        options: Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError> {
        review::dots::review(options, moves, budget, pace)
    }
}
