//! Requests to the engine and their answers, as JSON.

use std::sync::Arc;
use std::time::Duration;

use ai::Level;
use ai::clock::{CappedWork, Clock};
use ai::review::{Budget, Timed};
use rules::{AnyGame, AnyOptions, GameKind};
use serde::{Deserialize, Serialize};
use wire::review::{AnalysisRequest, AnalysisView};

/// The longest one move may take on the device whatever its work budget: a safety net for a
/// very slow phone (a budget is chosen to take under a second on a mid-range one).
pub const TIME_CAP: Duration = Duration::from_secs(10);

/// The same safety net for one analysis (its budget is chosen to take 1-2 s on a mid-range
/// phone): past it every value still being worked out is an estimate.
pub const ANALYSIS_CAP: Duration = Duration::from_secs(10);

/// One request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// `move` or `hint`.
    pub op: String,
    /// The game (`musashi`, `dots`, `bagh-chal`).
    pub kind: GameKind,
    /// The game's local rules, as in the table view (without the `game` tag).
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The moves played so far, as text.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `beginner`, `intermediate` or `expert` (for `move`).
    #[serde(default)]
    pub level: Option<String>,
    /// The move's seed as a decimal string (a u64 does not fit a JavaScript number).
    pub seed: String,
    /// Deadline reads instead of the level's budget (`ai::budget::work`): for tests.
    #[serde(default)]
    pub work: Option<u64>,
}

/// The answer to a request.
#[derive(Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Answer {
    /// The analysis board's values (`op: analyse`).
    Analysis(AnalysisView),
    Move {
        #[serde(rename = "move")]
        mv: Option<String>,
        capped: bool,
    },
    Error {
        error: String,
    },
}

/// Answers `json` with `time` as the clock of the safety cap.
pub fn handle_on(json: &str, time: Arc<dyn Clock>) -> Answer {
    match answer(json, time) {
        Ok(a) => a,
        Err(error) => Answer::Error { error },
    }
}

/// Answers `json` with no clock at all: the work budget alone ends the search.
pub fn handle(json: &str) -> Answer {
    handle_on(json, Arc::new(Stopped))
}

/// A clock that never moves, so that the cap never fires.
struct Stopped;

impl Clock for Stopped {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

fn answer(json: &str, time: Arc<dyn Clock>) -> Result<Answer, String> {
    let obj: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(json).map_err(|e| format!("bad request: {e}"))?;
    if obj.get("op").and_then(|o| o.as_str()) == Some("analyse") {
        return analyse(obj, time);
    }
    let req: Request = serde_json::from_str(json).map_err(|e| format!("bad request: {e}"))?;
    let seed: u64 = req.seed.parse().map_err(|_| format!("seed must be a decimal u64, not {:?}", req.seed))?;
    let game = game_of(req.kind, req.options, &req.moves)?;
    let level = match req.op.as_str() {
        "move" => req.level.as_deref().ok_or("a move needs a level")?.parse::<Level>()?,
        "hint" => Level::Expert,
        op => return Err(format!("unknown op {op:?}")),
    };
    let work = req.work.unwrap_or(ai::budget::work(req.kind, level));
    let choice = ai::choose_with_work(&game, level, seed, work, time, TIME_CAP);
    Ok(Answer::Move { mv: choice.mv, capped: choice.capped })
}

/// The analysis board's values for the body of `POST /api/analysis` (besides `op`, and
/// `work`: the budget's figures scaled by `work` per thousand, for tests), on the device's
/// work budget ([`crate::analysis::device_budget`]) with [`ANALYSIS_CAP`] as the safety net.
fn analyse(mut obj: serde_json::Map<String, serde_json::Value>, time: Arc<dyn Clock>) -> Result<Answer, String> {
    obj.remove("op");
    let per_mille = match obj.remove("work") {
        Some(w) => w.as_u64().ok_or("work is a whole number")?,
        None => 1_000,
    };
    let req: AnalysisRequest =
        serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| format!("bad request: {e}"))?;
    let kind = req.options.get("game").and_then(|g| g.as_str()).and_then(|g| g.parse().ok());
    let d = kind.map_or(crate::analysis::DEVICE, crate::analysis::device_budget);
    let scale = |x: Duration| Duration::from_nanos((x.as_nanos() as u64).saturating_mul(per_mille) / 1_000);
    let budget = Budget {
        search: scale(d.search),
        solve: scale(d.solve),
        slice: scale(d.slice).max(Duration::from_nanos(1)),
        ..d
    };
    let clock = CappedWork::new(time, ANALYSIS_CAP);
    let view = crate::analysis::analyse(&req, &budget, &mut Timed::new(clock)).map_err(|e| e.0)?;
    Ok(Answer::Analysis(view))
}

/// The game of `kind` under `options` after `moves`, each checked by the rules.
fn game_of(
    kind: GameKind,
    mut options: serde_json::Map<String, serde_json::Value>,
    moves: &[String],
) -> Result<AnyGame, String> {
    options.insert("game".into(), kind.as_str().into());
    let options: AnyOptions =
        serde_json::from_value(serde_json::Value::Object(options)).map_err(|e| format!("bad options: {e}"))?;
    let mut game = AnyGame::new(options);
    for (i, m) in moves.iter().enumerate() {
        let side = game.turn();
        game.play(side, m).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_a_move_the_server_would_play() {
        let game = AnyGame::new(AnyOptions::default_for(GameKind::Dots));
        let expected = ai::choose_on(&game, Level::Intermediate, 9, Arc::new(Stopped), TIME_CAP).mv;
        let got = handle(r#"{"op":"move","kind":"dots","level":"intermediate","seed":"9"}"#);
        assert_eq!(got, Answer::Move { mv: expected, capped: false });
    }

    #[test]
    fn bad_requests_get_an_error() {
        for (json, says) in [
            ("{", "bad request"),
            (r#"{"op":"move","kind":"dots","seed":"x","level":"expert"}"#, "seed"),
            (r#"{"op":"move","kind":"dots","seed":"1"}"#, "needs a level"),
            (r#"{"op":"dance","kind":"dots","seed":"1"}"#, "unknown op"),
            (r#"{"op":"move","kind":"dots","seed":"1","level":"expert","moves":["zz"]}"#, "move 1"),
        ] {
            match handle(json) {
                Answer::Error { error } => assert!(error.contains(says), "{json}: {error}"),
                a => panic!("{json}: {a:?}"),
            }
        }
    }

    #[test]
    fn plays_a_whole_game_then_has_no_move() {
        // 3x3 Dots: twenty-four lines, then the game is over.
        let mut moves: Vec<String> = Vec::new();
        loop {
            let req = serde_json::json!({"op":"move","kind":"dots","options":{"size":"3x3"},"moves":moves,"level":"beginner","seed":"1"});
            match handle(&req.to_string()) {
                Answer::Move { mv: Some(m), .. } => moves.push(m),
                Answer::Move { mv: None, .. } => break,
                a => panic!("{a:?}"),
            }
            assert!(moves.len() <= 24, "{moves:?}");
        }
        assert_eq!(moves.len(), 24);
    }

    #[test]
    fn analyses_a_position_as_the_server_does() {
        // The empty 3x3 is solved within the device's budget: -3 for the first player.
        let got = handle(r#"{"op":"analyse","options":{"game":"dots","size":"3x3"}}"#);
        let Answer::Analysis(v) = got else { panic!("{got:?}") };
        assert_eq!((v.value.text.as_str(), v.value.exact, v.turn), ("-3", true, Some(0)));
        assert_eq!(v.moves.len(), 24);
        assert!(v.moves.iter().all(|m| m.value.exact));
        for (json, says) in [
            (r#"{"op":"analyse","options":{"game":"chess"}}"#, "chess"),
            (r#"{"op":"analyse","options":{"game":"dots","size":"3x3"},"moves":["0","0"]}"#, "move 2"),
            (r#"{"op":"analyse","options":{"game":"dots"},"seed":"1"}"#, "bad request"),
        ] {
            match handle(json) {
                Answer::Error { error } => assert!(error.contains(says), "{json}: {error}"),
                a => panic!("{json}: {a:?}"),
            }
        }
    }
}
