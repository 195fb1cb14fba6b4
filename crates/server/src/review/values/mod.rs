//! The review engine (`ai::review`) in the wire's terms: a game's review, and the analysis
//! board's values of a position and its moves.

mod bagh_chal;
mod dots;
mod musashi;

use ai::review::{self, Budget, Outlook, Pace, Value};
use rules::AnyOptions;
use wire::review::{AnalysisView, MoveValue, ReviewView, TurningView, ValueView};

/// Why an analysis request cannot be answered (the message names the problem).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadPosition(pub String);

pub(super) fn view(value: Value, o: Outlook) -> ValueView {
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
pub(super) fn sort_for(side: u8, moves: &mut [MoveValue]) {
    let key = |m: &MoveValue| {
        let s = if side == 0 { m.value.score } else { -m.value.score };
        // Among wins the quicker trap, among losses the slower one, for the Children.
        let plies = m.value.plies.map_or(0.0, |p| p as f32 / 10_000.0);
        let plies = if side == 1 { -plies } else { plies };
        (-(s - plies), !m.value.exact)
    };
    moves.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
}

/// A game's values: its review, and the analysis board's values of a position and its moves.
pub(crate) trait Valued: rules::Game {
    fn review(
        options: Self::Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError>;
    /// The values of the position `req` describes under `options`, and of each legal move.
    fn analyse(
        options: Self::Options,
        req: &wire::review::AnalysisRequest,
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<AnalysisView, BadPosition>;
    /// Whether tables a review under `options` would use are still being made.
    fn tables_pending(_options: &Self::Options) -> bool {
        false
    }
    /// Starts making tables the analysis board needs under `options`, if it has none yet.
    fn want_tables(_options: &Self::Options) {}
}

/// Why move `i` of an analysis request is not legal.
pub(super) fn bad_move(i: usize, m: &str, e: String) -> BadPosition {
    BadPosition(format!("move {} ({m:?}) is not legal: {e}", i + 1))
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

        /// The values of the position `req` describes and of each of its legal moves.
        pub fn analyse(
            req: &wire::review::AnalysisRequest,
            budget: &Budget,
            pace: &mut impl Pace,
        ) -> Result<AnalysisView, BadPosition> {
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
                $(AnyOptions::$Variant(o) => <$Rules as Valued>::analyse(o, req, budget, pace),)+
            }
        }
    };
}

valued_games! {
    Musashi(rules::musashi::Game),
    Dots(rules::dots::Game),
    BaghChal(rules::bagh_chal::Game),
}
