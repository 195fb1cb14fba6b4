//! The review engine (`ai::review`) in the wire's terms: a game's review, and the analysis
//! board's values of a position and its moves.

use ai::review::{self, Budget, Outlook, Pace, Value};
use rules::AnyOptions;
use rules::musashi::{Game as MusashiGame, Position as MusashiPosition};
use wire::review::{AnalysisView, MoveValue, ReviewView, TurningView, ValueView};

/// Why an analysis request cannot be answered (the message names the problem).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadPosition(pub String);

fn view(value: Value, o: Outlook) -> ValueView {
    ValueView {
        exact: value.is_exact(),
        text: value.text(),
        score: o.score,
        result: o.result,
        plies: match value {
            Value::ChildrenWinIn(n) => Some(n),
            _ => None,
        },
        margin: o.margin,
    }
}

/// Reviews a finished game.
pub fn review_game(
    options: AnyOptions,
    moves: &[String],
    budget: &Budget,
    pace: &mut impl Pace,
) -> Result<ReviewView, review::ReviewError> {
    let r = match options {
        AnyOptions::Musashi(o) => review::musashi::review(o, moves, &mut review::musashi::Installed, budget, pace)?,
        AnyOptions::Dots(o) => review::dots::review(o, moves, budget, pace)?,
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

/// Best first for `side`: by side 0's score, turned for side 1; proven values before
/// estimates of the same score.
fn sort_for(side: u8, moves: &mut [MoveValue]) {
    let key = |m: &MoveValue| {
        let s = if side == 0 { m.value.score } else { -m.value.score };
        // Among wins the quicker trap, among losses the slower one, for the Children.
        let plies = m.value.plies.map_or(0.0, |p| p as f32 / 10_000.0);
        let plies = if side == 1 { -plies } else { plies };
        (-(s - plies), !m.value.exact)
    };
    moves.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
}

/// The values of the position `req` describes and of each of its legal moves.
pub fn analyse(
    req: &wire::review::AnalysisRequest,
    budget: &Budget,
    pace: &mut impl Pace,
) -> Result<AnalysisView, BadPosition> {
    let kind = match req.options.get("game").and_then(|g| g.as_str()) {
        Some(g) => g.parse::<rules::GameKind>().map_err(BadPosition)?,
        None => return Err(BadPosition("options.game is musashi or dots".into())),
    };
    // Any rule the games know, the analysis-only ones too (target `none`, any move limit).
    let mut obj = req.options.as_object().cloned().ok_or_else(|| BadPosition("options must be an object".into()))?;
    obj.insert("game".into(), kind.as_str().into());
    let options: AnyOptions =
        serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| BadPosition(format!("options: {e}")))?;
    let bad_move = |i: usize, m: &str, e: String| BadPosition(format!("move {} ({m:?}) is not legal: {e}", i + 1));
    match options {
        AnyOptions::Musashi(o) => {
            if req.drawn.is_some() || req.turn.is_some() {
                return Err(BadPosition("drawn and turn are for Dots".into()));
            }
            let mut game = match &req.position {
                Some(text) => {
                    let pos: MusashiPosition = text.parse().map_err(|e| BadPosition(format!("position: {e}")))?;
                    MusashiGame::from_position(o, pos)
                }
                None => MusashiGame::new(o),
            };
            for (i, m) in req.moves.iter().enumerate() {
                let mv = m.trim().parse().map_err(|e: rules::musashi::ParseMoveError| bad_move(i, m, e.to_string()))?;
                game.play(mv).map_err(|e| bad_move(i, m, e.to_string()))?;
            }
            let (here, each) = review::musashi::analyse(&game, &mut review::musashi::Installed, budget, pace);
            let o = |v: Value| review::musashi::outlook(v);
            let mut moves: Vec<MoveValue> = each
                .into_iter()
                .map(|(m, v)| MoveValue { mv: m.to_string(), value: view(v.value, o(v.value)) })
                .collect();
            let turn = game.outcome().is_none().then(|| game.turn().index());
            sort_for(game.turn().index(), &mut moves);
            Ok(AnalysisView { turn, value: view(here.value, o(here.value)), moves })
        }
        AnyOptions::Dots(o) => {
            if req.position.is_some() {
                return Err(BadPosition("position is for Musashi; a Dots position is drawn and turn".into()));
            }
            let mut pos = rules::dots::Position::empty(o.size);
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
            let mut game = rules::dots::Game::from_position(o, pos);
            for (i, m) in req.moves.iter().enumerate() {
                let e = m.trim().parse().map_err(|e: rules::dots::ParseEdgeError| bad_move(i, m, e.to_string()))?;
                game.play(e).map_err(|e| bad_move(i, m, e.to_string()))?;
            }
            let pos = *game.position();
            let (here, each) = review::dots::analyse(&pos, budget, pace);
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
                    MoveValue {
                        mv: e.to_string(),
                        value: view(child_value, review::dots::outlook(&child, child_value)),
                    }
                })
                .collect();
            sort_for(pos.turn, &mut moves);
            let turn = game.outcome().is_none().then_some(pos.turn);
            Ok(AnalysisView { turn, value: view(here, review::dots::outlook(&pos, here)), moves })
        }
    }
}
