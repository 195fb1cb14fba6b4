//! Requests to the engine and their answers, as JSON.

use std::sync::Arc;
use std::time::Duration;

use ai::Level;
use ai::clock::{CappedWork, Clock};
use ai::review::{Budget, Timed};
use rules::{AnyGame, AnyOptions, GameKind};
use serde::{Deserialize, Serialize};
use wire::review::{AnalysisRequest, AnalysisView, KnownValue, ReviewView};

/// The longest one move may take on the device whatever its work budget: a safety net for a
/// very slow phone (a budget is chosen to take under a second on a mid-range one).
pub const TIME_CAP: Duration = Duration::from_secs(10);

/// The same safety net for one analysis (its budget is chosen to take 1-2 s on a mid-range
/// phone): past it every value still being worked out is an estimate.
pub const ANALYSIS_CAP: Duration = Duration::from_secs(10);

/// The same safety net for a whole game's review (its budget is chosen to take at most about
/// 3 s on a mid-range phone): past it every position still to be valued is estimated.
pub const REVIEW_CAP: Duration = Duration::from_secs(20);

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
    /// Deadline reads instead of the level's budget (`ai::budget::work`): for tests, and for the
    /// page's warm-up search (web/engine/worker.js), which runs a short one so that the first
    /// real search runs in optimised code. Such a request always searches: the Dots expert's
    /// opening book answers only at the level's own budget (`ai::choose_on`).
    #[serde(default)]
    pub work: Option<u64>,
}

/// The answer to a request.
#[derive(Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Answer {
    /// The analysis board's values (`op: analyse`).
    Analysis(AnalysisView),
    /// A finished game's review (`op: review`).
    Review(ReviewView),
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
    if obj.get("op").and_then(|o| o.as_str()) == Some("review") {
        return review(obj, time);
    }
    let req: Request = serde_json::from_str(json).map_err(|e| format!("bad request: {e}"))?;
    let seed: u64 = req.seed.parse().map_err(|_| format!("seed must be a decimal u64, not {:?}", req.seed))?;
    let game = game_of(req.kind, req.options, &req.moves)?;
    let level = match req.op.as_str() {
        "move" => req.level.as_deref().ok_or("a move needs a level")?.parse::<Level>()?,
        "hint" => Level::Expert,
        op => return Err(format!("unknown op {op:?}")),
    };
    // The level's own move (the Dots expert's opening book first), or a search of the work
    // asked for: a test's, or the page's warm-up, which must search to warm the module.
    let choice = match req.work {
        None => ai::choose_on(&game, level, seed, time, TIME_CAP),
        Some(work) => ai::choose_with_work(&game, level, seed, work, time, TIME_CAP),
    };
    Ok(Answer::Move { mv: choice.mv, capped: choice.capped })
}

/// The analysis board's values for the body of `POST /api/analysis` (besides `op`, and
/// `work`: the budget's figures scaled by `work` per thousand, for tests), on the device's
/// work budget ([`crate::analysis::device_budget`]) with [`ANALYSIS_CAP`] as the safety net.
fn analyse(mut obj: serde_json::Map<String, serde_json::Value>, time: Arc<dyn Clock>) -> Result<Answer, String> {
    obj.remove("op");
    let per_mille = per_mille(&mut obj)?;
    let req: AnalysisRequest =
        serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| format!("bad request: {e}"))?;
    let kind = req.options.get("game").and_then(|g| g.as_str()).and_then(|g| g.parse().ok());
    let budget = scaled(kind.map_or(crate::analysis::DEVICE, crate::analysis::device_budget), per_mille);
    let clock = CappedWork::new(time, ANALYSIS_CAP);
    let view = crate::analysis::analyse(&req, &budget, &mut Timed::new(clock)).map_err(|e| e.0)?;
    Ok(Answer::Analysis(view))
}

/// Budget figures scaled by `per_mille` thousandths (tests ask for small budgets); a slice
/// stays at least one read.
fn scaled(b: Budget, per_mille: u64) -> Budget {
    let scale = |x: Duration| Duration::from_nanos((x.as_nanos() as u64).saturating_mul(per_mille) / 1_000);
    Budget { search: scale(b.search), solve: scale(b.solve), slice: scale(b.slice).max(Duration::from_nanos(1)), ..b }
}

/// `work` of a request: thousandths of the device's budget, 1,000 when not given.
fn per_mille(obj: &mut serde_json::Map<String, serde_json::Value>) -> Result<u64, String> {
    match obj.remove("work") {
        Some(w) => Ok(w.as_u64().ok_or("work is a whole number")?),
        None => Ok(1_000),
    }
}

/// A finished game's review, `{"op":"review","options":{"game":..,..},"moves":[..]}` (and
/// `work`, per thousand of the budget, for tests; and for Musashi `known`, the answer of `POST
/// /api/musashi/values`: one entry or `null` per position): the `ReviewView` the server stores, on the
/// device's review budget ([`crate::review::device_budget`]) with [`REVIEW_CAP`] as the
/// safety net. `busyMs` is the time the review took on `time`.
fn review(mut obj: serde_json::Map<String, serde_json::Value>, time: Arc<dyn Clock>) -> Result<Answer, String> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ReviewRequest {
        options: AnyOptions,
        moves: Vec<String>,
        /// Musashi: the server's table values, one per position (`POST /api/musashi/values`).
        #[serde(default)]
        known: Option<Vec<Option<KnownValue>>>,
    }
    obj.remove("op");
    let per_mille = per_mille(&mut obj)?;
    let req: ReviewRequest =
        serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| format!("bad request: {e}"))?;
    let known = req.known.unwrap_or_default();
    if !known.is_empty() && req.options.kind() != GameKind::Musashi {
        return Err("known values are for Juroku Musashi only".into());
    }
    if !known.is_empty() && known.len() != req.moves.len() + 1 {
        return Err(format!("known has {} values for {} positions", known.len(), req.moves.len() + 1));
    }
    let budget = scaled(crate::review::device_budget(req.options.kind()), per_mille);
    let start = time.now();
    let clock = CappedWork::new(time.clone(), REVIEW_CAP);
    let mut view = crate::review::review_known(req.options, &req.moves, &known, &budget, &mut Timed::new(clock))
        .map_err(|e| e.to_string())?;
    view.busy_ms = time.now().saturating_sub(start).as_millis() as u64;
    Ok(Answer::Review(view))
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

    #[test]
    fn reviews_a_whole_3x3_game_exactly() {
        // A whole 3x3 game: the beginner against itself, then its review, every ply solved.
        let mut moves: Vec<String> = Vec::new();
        while let Answer::Move { mv: Some(m), .. } = handle(
            &serde_json::json!({"op":"move","kind":"dots","options":{"size":"3x3"},"moves":moves,"level":"beginner","seed":"3"})
                .to_string(),
        ) {
            moves.push(m);
        }
        let req = serde_json::json!({"op":"review","options":{"game":"dots","size":"3x3"},"moves":moves});
        let got = handle(&req.to_string());
        let Answer::Review(v) = got else { panic!("{got:?}") };
        assert_eq!(v.plies.len(), moves.len() + 1);
        assert!(v.plies.iter().all(|p| p.exact), "{:?}", v.plies);
        // The empty 3x3 is worth -3 to the first player; the last position is the final margin.
        assert_eq!(v.plies[0].text, "-3");
        assert_eq!(v.plies.last().map(|p| p.text.as_str()), Some("0"));
        // Turning points are the plies whose move changed the proven result, and name it.
        for t in &v.turning {
            let (before, after) = (&v.plies[t.ply as usize - 1], &v.plies[t.ply as usize]);
            assert_ne!(before.result, after.result, "{t:?}");
            assert_eq!(t.played, moves[t.ply as usize - 1]);
        }
        // The same JSON the server stores, and the same answer every time.
        let json = serde_json::to_value(handle(&req.to_string())).expect("JSON");
        assert_eq!(json["plies"].as_array().map(Vec::len), Some(moves.len() + 1));
        assert_eq!(json["busyMs"], 0, "no clock, no time counted");
        assert_eq!(json, serde_json::to_value(Answer::Review(v)).expect("JSON"));
    }

    #[test]
    fn bad_review_requests_get_an_error() {
        for (json, says) in [
            (r#"{"op":"review","options":{"game":"chess"},"moves":[]}"#, "bad request"),
            (r#"{"op":"review","options":{"size":"3x3"},"moves":[]}"#, "bad request"),
            (r#"{"op":"review","options":{"game":"dots"}}"#, "moves"),
            (r#"{"op":"review","options":{"game":"dots","size":"3x3"},"moves":["0","0"]}"#, "move 2"),
            (r#"{"op":"review","options":{"game":"dots","size":"3x3"},"moves":["zz"]}"#, "move 1"),
            (r#"{"op":"review","options":{"game":"musashi"},"moves":["a1-a2"]}"#, "move 1"),
            (r#"{"op":"review","options":{"game":"dots"},"moves":[],"seed":"1"}"#, "bad request"),
            (r#"{"op":"review","options":{"game":"dots"},"moves":[],"work":"x"}"#, "work"),
            (r#"{"op":"review","options":{"game":"dots"},"moves":[],"known":[null]}"#, "Musashi only"),
            (r#"{"op":"review","options":{"game":"musashi"},"moves":[],"known":[null,null]}"#, "2 values for 1"),
        ] {
            match handle(json) {
                Answer::Error { error } => assert!(error.contains(says), "{json}: {error}"),
                a => panic!("{json}: {a:?}"),
            }
        }
    }
}
