//! Dots and Boxes' values: exact from the solver where it finishes, estimated before that.

use ai::review::{self, Budget, Slices, Value};
use rules::dots::{Game, Options, Position};
use wire::review::{AnalysisRequest, AnalysisView, MoveValue};

use super::{BadPosition, bad_move, sort_for, view, written};

pub(super) fn analyse(
    o: Options,
    req: &AnalysisRequest,
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<AnalysisView, BadPosition> {
    if req.position.is_some() {
        return Err(BadPosition("position is for Musashi; a Dots position is drawn and turn".into()));
    }
    let mut pos = Position::empty(o.size);
    let edges = o.size.edges();
    for &e in req.drawn.iter().flatten() {
        if e >= edges || pos.drawn.contains(e) {
            return Err(BadPosition(format!("drawn: line {e} is not an undrawn line of a {} board", o.size)));
        }
        pos.drawn = pos.drawn.with(e);
    }
    pos.turn = req.turn.unwrap_or(0);
    if pos.turn > 1 {
        return Err(BadPosition("turn is 0 or 1".into()));
    }
    let mut game = Game::from_position(o, pos);
    for (i, m) in req.moves.iter().enumerate() {
        let e: rules::dots::Edge = written(i, m)?;
        game.play(e).map_err(|e| bad_move(i, m, e.to_string()))?;
    }
    let pos = *game.position();
    let (here, each) = review::dots::analyse_with(&pos, budget, busy);
    let mut moves: Vec<MoveValue> = each
        .into_iter()
        .map(|(e, v)| {
            let mut child = pos;
            let done = child.play_unchecked(e);
            // The child's value for its own player to move.
            let child_value = match (v, done.any()) {
                (Value::Margin(m), true) => Value::Margin(m - done.count() as i32),
                (Value::Margin(m), false) => Value::Margin(-m),
                (Value::MarginEstimate(m), true) => Value::MarginEstimate(m - done.count() as f32),
                (Value::MarginEstimate(m), false) => Value::MarginEstimate(-m),
                (other, _) => other,
            };
            MoveValue { mv: e.to_string(), value: view(child_value, review::dots::outlook(&child, child_value)) }
        })
        .collect();
    sort_for(pos.turn, &mut moves);
    let turn = game.outcome().is_none().then_some(pos.turn);
    Ok(AnalysisView { turn, value: view(here, review::dots::outlook(&pos, here)), moves })
}
