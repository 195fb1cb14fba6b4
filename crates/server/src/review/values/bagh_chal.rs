//! Bagh-Chal's values: exact from the movement-phase tables (when the server has them) and
//! the search where they reach, estimates elsewhere.

use ai::review::{self, Budget, Pace, Value};
use rules::bagh_chal::{Game, Options, Position};
use wire::review::{AnalysisRequest, AnalysisView, MoveValue};

use super::{BadPosition, Valued, bad_move, sort_for, view};

impl Valued for Game {
    fn review(
        options: Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError> {
        review::bagh_chal::review(options, moves, budget, pace)
    }

    fn analyse(
        o: Options,
        req: &AnalysisRequest,
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<AnalysisView, BadPosition> {
        if req.drawn.is_some() || req.turn.is_some() {
            return Err(BadPosition("drawn and turn are for Dots".into()));
        }
        let mut game = match &req.position {
            Some(text) => {
                let pos: Position = text.parse().map_err(|e| BadPosition(format!("position: {e}")))?;
                Game::from_position(o, pos)
            }
            None => Game::new(o),
        };
        for (i, m) in req.moves.iter().enumerate() {
            let mv = m.trim().parse().map_err(|e: rules::bagh_chal::ParseMoveError| bad_move(i, m, e.to_string()))?;
            game.play(mv).map_err(|e| bad_move(i, m, e.to_string()))?;
        }
        let (here, each) = review::bagh_chal::analyse(&game, budget, pace);
        let o = |v: Value| review::bagh_chal::outlook(v);
        let mut moves: Vec<MoveValue> =
            each.into_iter().map(|(m, v)| MoveValue { mv: m.to_string(), value: view(v.value, o(v.value)) }).collect();
        let turn = game.outcome().is_none().then(|| game.turn().index());
        sort_for(game.turn().index(), &mut moves);
        Ok(AnalysisView { turn, value: view(here.value, o(here.value)), moves })
    }
}
