//! The analysis board's values in the wire's terms (`wire::review::AnalysisView`): the value
//! of a position and of each of its legal moves, from the review engine (`ai::review`). One
//! code path for the server (`POST /api/analysis`, its CPU time through a `Pace`) and the
//! page (the engine's `analyse` op, a work budget): both hand in their own [`Slices`].

mod bagh_chal;
mod dots;
mod musashi;

use std::time::Duration;

use ai::review::{Budget, Outlook, Slices, Value};
use rules::AnyOptions;
use wire::review::{AnalysisRequest, AnalysisView, MoveValue, ValueView};

/// What one analysis may spend on the device, in reads of the deadline (a `WorkClock`:
/// a duration of `n` nanoseconds is `n` reads). Chosen so that one analysis of a default
/// board takes at most about 1-2 s in Chromium with the CPU throttled four times
/// (`docs/design.md` §9.4): the Musashi search shares `search` between the position and its
/// moves (a read is 256 nodes); Dots tries the solver for `solve` reads (a read is 1,024
/// nodes), then estimates each move with `playouts` playouts within `slice` reads.
pub const DEVICE: Budget = Budget {
    search: Duration::from_nanos(6_000),
    solve: Duration::from_nanos(500),
    slice: Duration::from_nanos(60),
    playouts: 12,
};

/// The device's budget for `kind`: [`DEVICE`], with half the search for Bagh-Chal, whose
/// reads cost more time (at 6,000 its slowest analyses took over 3 s; Musashi's under 1 s).
pub fn device_budget(kind: rules::GameKind) -> Budget {
    match kind {
        rules::GameKind::BaghChal => Budget { search: DEVICE.search / 2, ..DEVICE },
        _ => DEVICE,
    }
}

/// Why an analysis request cannot be answered (the message names the problem).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadPosition(pub String);

/// A value in the wire's terms.
pub fn view(value: Value, o: Outlook) -> ValueView {
    ValueView {
        exact: value.is_exact(),
        text: value.text(),
        score: o.score,
        result: o.result,
        plies: match value {
            Value::ChildrenWinIn(n) | Value::WinIn { plies: n, .. } => Some(n),
            _ => None,
        },
        margin: o.margin,
    }
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

/// Why move `i` of an analysis request is not legal.
fn bad_move(i: usize, m: &str, e: String) -> BadPosition {
    BadPosition(format!("move {} ({m:?}) is not legal: {e}", i + 1))
}

/// Move `i` of a request read as a table's socket reads it: its written form only
/// (`docs/design.md` §4; no spaces, signs or leading zeros), so that the analysis board takes
/// exactly the moves a table and `POST /api/musashi/values` take.
fn written<M>(i: usize, m: &str) -> Result<M, BadPosition>
where
    M: std::str::FromStr + std::fmt::Display,
    M::Err: std::fmt::Display,
{
    let mv: M = m.parse().map_err(|e: M::Err| bad_move(i, m, e.to_string()))?;
    if mv.to_string() != m {
        return Err(bad_move(i, m, format!("write it as {mv}")));
    }
    Ok(mv)
}

/// The values of the position `req` describes and of each of its legal moves, the work cut
/// and counted by `busy`.
pub fn analyse(req: &AnalysisRequest, budget: &Budget, busy: &mut impl Slices) -> Result<AnalysisView, BadPosition> {
    let kind = match req.options.get("game").and_then(|g| g.as_str()) {
        Some(g) => g.parse::<rules::GameKind>().map_err(BadPosition)?,
        None => {
            let keys: Vec<&str> = rules::GameKind::ALL.iter().map(|k| k.as_str()).collect();
            return Err(BadPosition(format!("options.game names the game ({})", keys.join(", "))));
        }
    };
    // Any rule the games know, the analysis-only ones too (target `none`, any move limit).
    let mut obj = req.options.as_object().cloned().ok_or_else(|| BadPosition("options must be an object".into()))?;
    obj.insert("game".into(), kind.as_str().into());
    let options: AnyOptions =
        serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| BadPosition(format!("options: {e}")))?;
    match options {
        AnyOptions::Musashi(o) => musashi::analyse(o, req, budget, busy),
        AnyOptions::Dots(o) => dots::analyse(o, req, budget, busy),
        AnyOptions::BaghChal(o) => bagh_chal::analyse(o, req, budget, busy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The analysis of `req` (JSON) on the device's budget.
    fn ask(req: serde_json::Value) -> Result<AnalysisView, BadPosition> {
        let req: AnalysisRequest = serde_json::from_value(req).unwrap();
        let clock = std::sync::Arc::new(ai::clock::WorkClock::new());
        analyse(&req, &DEVICE, &mut ai::review::Timed::new(clock))
    }

    /// A request that names no game is told every game's key.
    #[test]
    fn a_request_without_a_game_is_told_the_keys() {
        let e = ask(serde_json::json!({"options": {}, "moves": []})).unwrap_err();
        for kind in rules::GameKind::ALL {
            assert!(e.0.contains(kind.as_str()), "{}", e.0);
        }
    }

    /// The analysis board takes a move as a table's socket does, its written form only.
    #[test]
    fn moves_are_taken_in_their_written_form_only() {
        let ask =
            |options: serde_json::Value, moves: &[&str]| ask(serde_json::json!({"options": options, "moves": moves}));
        let dots = serde_json::json!({"game": "dots", "size": "3x3"});
        let musashi = serde_json::json!({"game": "musashi"});
        let bagh_chal = serde_json::json!({"game": "bagh-chal"});
        assert!(ask(dots.clone(), &["17"]).is_ok());
        assert!(ask(musashi.clone(), &["c3-d4"]).is_ok());
        assert!(ask(bagh_chal.clone(), &["c3"]).is_ok());
        for (options, loose) in
            [(&dots, "017"), (&dots, " 17"), (&musashi, "c3 - d4"), (&musashi, " c3-d4 "), (&bagh_chal, " c3")]
        {
            let e = ask(options.clone(), &[loose]).unwrap_err();
            assert!(e.0.contains("is not legal"), "{loose:?}: {}", e.0);
        }
    }

    /// A Musashi position text names its board: options naming another are refused, options
    /// naming none take it.
    #[test]
    fn the_position_s_board_and_the_options_agree() {
        let ask = |options: serde_json::Value, position: &str| {
            ask(serde_json::json!({"options": options, "position": position}))
        };
        let on_33 = "33:c3:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5:p:0";
        let e = ask(serde_json::json!({"game": "musashi", "board": "25"}), on_33).unwrap_err();
        assert!(e.0.contains("options.board is 25"), "{}", e.0);
        let on_25 = on_33.replacen("33", "25", 1);
        assert!(ask(serde_json::json!({"game": "musashi", "board": "33"}), &on_25).is_err());
        let view = ask(serde_json::json!({"game": "musashi"}), &on_25).unwrap();
        // No Setchin on 25 points: no move of the Parent leads off the square.
        assert!(
            view.moves.iter().all(|m| !m.mv.contains('f')),
            "{:?}",
            view.moves.iter().map(|m| &m.mv).collect::<Vec<_>>()
        );
        assert!(ask(serde_json::json!({"game": "musashi", "board": "33"}), on_33).is_ok());
    }
}
