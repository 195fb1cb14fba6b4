//! Bagh-Chal's values: exact from the movement-phase tables (where installed: the server's)
//! and the search where they reach, estimates elsewhere.

use ai::review::{self, Budget, Slices, Value};
use rules::bagh_chal::{Game, Options, Position};
use wire::review::{AnalysisRequest, AnalysisView, MoveValue};

use super::{BadPosition, bad_move, view, written};

pub(super) fn analyse(
    o: Options,
    req: &AnalysisRequest,
    budget: &Budget,
    busy: &mut impl Slices,
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
        let mv: rules::bagh_chal::Move = written(i, m)?;
        game.play(mv).map_err(|e| bad_move(i, m, e.to_string()))?;
    }
    let (here, each) = review::bagh_chal::analyse_with(&game, budget, busy);
    let o = |v: Value| review::bagh_chal::outlook(v);
    let mut moves: Vec<MoveValue> =
        each.into_iter().map(|(m, v)| MoveValue { mv: m.to_string(), value: view(v.value, o(v.value)) }).collect();
    let turn = game.outcome().is_none().then(|| game.turn().index());
    best_first(game.turn().index(), &mut moves);
    Ok(AnalysisView { turn, value: view(here.value, o(here.value)), moves })
}

/// Best first for the side to move `side`: its wins, quickest first; then the moves no one is
/// proven to win, by score; then its losses, slowest first. (Either side may win in
/// Bagh-Chal, so `plies` counts for whoever wins; the shared order reads them as the
/// Children's, side 1's, plies.)
fn best_first(side: u8, moves: &mut [MoveValue]) {
    let key = |m: &MoveValue| {
        let mine = if side == 0 { 1 } else { -1 };
        let score = m.value.score * mine as f32;
        let plies = m.value.plies.unwrap_or(0) as f32;
        match m.value.result.map(|r| r * mine) {
            Some(1) => (0, plies),
            Some(-1) => (2, -plies),
            _ => (1, -score),
        }
    };
    moves.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
}

#[cfg(test)]
mod tests {
    use super::*;
    use wire::review::ValueView;

    fn mv(text: &str, result: Option<i8>, plies: Option<u32>, score: f32) -> MoveValue {
        let value = ValueView { exact: result.is_some(), text: String::new(), score, result, plies, margin: None };
        MoveValue { mv: text.into(), value }
    }

    /// The analysis board of the position before the goats block the tigers listed the goats'
    /// slower wins first (the shared order), and the tigers' quickest loss first.
    #[test]
    fn quickest_wins_first_and_slowest_losses_last_for_either_side() {
        let mut goats =
            vec![mv("b2-c3", Some(-1), Some(4), -1.0), mv("x", None, None, 0.2), mv("c2-c3", Some(-1), Some(0), -1.0)];
        best_first(1, &mut goats);
        assert_eq!(goats.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(), ["c2-c3", "b2-c3", "x"]);
        let mut tigers =
            vec![mv("c3xc1", Some(-1), Some(7), -1.0), mv("a1xc1", Some(-1), Some(9), -1.0), mv("e", None, None, -0.5)];
        best_first(0, &mut tigers);
        assert_eq!(tigers.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(), ["e", "a1xc1", "c3xc1"]);
    }
}
