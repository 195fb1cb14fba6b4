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

/// The values of the position `req` describes and of each of its legal moves, the work cut
/// and counted by `busy`.
pub fn analyse(req: &AnalysisRequest, budget: &Budget, busy: &mut impl Slices) -> Result<AnalysisView, BadPosition> {
    let kind = match req.options.get("game").and_then(|g| g.as_str()) {
        Some(g) => g.parse::<rules::GameKind>().map_err(BadPosition)?,
        None => return Err(BadPosition("options.game names the game (musashi, dots, bagh-chal)".into())),
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
