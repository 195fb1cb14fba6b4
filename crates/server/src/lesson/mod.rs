//! The lesson on the board (`/{lang}/games/{game}/learn`): short steps on the real board, each a
//! position and a task, judged here with the rules crate. Stateless: the client sends the step,
//! the learner's moves accepted so far in it and the new move; the server replays them from the
//! step's start (with the scripted opponent's replies) and answers with a verdict.
//!
//! - `GET /api/lesson/{game}`: every step: `{id, side, view}` (the start position).
//! - `POST /api/lesson/{game}/{step}` with `{moves, move}`: `{ok, verdict, hint, args, note,
//!   view, replies, moves}`; verdict `done` | `continue` | `try-again` (the board is unchanged
//!   and `hint` names the message that explains the mistake).
//!
//! Texts are message ids of `locales/<lang>/learn.ftl`: `learn-{game}-{id}-title|-text`,
//! `learn-{game}-hint-{hint}` and `learn-{game}-note-{note}`.

use std::collections::BTreeMap;

use axum::extract::Path;
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::{AnyOptions, GameKind};
use serde::Deserialize;
use serde_json::{Value, json};
use wire::ErrorCode;

use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::state::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/lesson/{game}", get(lesson_get)).route("/api/lesson/{game}/{step}", post(lesson_move))
}

/// What the learner's move earned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step's task is done (`note`: an optional message about the result).
    Done(Option<&'static str>),
    /// Right so far; the learner moves again (`note`: what to do next).
    Continue(Option<&'static str>),
    /// Not this move: the board stays as it was; the hint explains why.
    TryAgain(&'static str, BTreeMap<&'static str, String>),
}

fn hint(key: &'static str) -> Verdict {
    Verdict::TryAgain(key, BTreeMap::new())
}

fn hint_with(key: &'static str, name: &'static str, value: String) -> Verdict {
    Verdict::TryAgain(key, BTreeMap::from([(name, value)]))
}

mod bagh_chal_steps;
mod dots_steps;
mod musashi_steps;
mod script;

pub use bagh_chal_steps::{BAGH_CHAL, BaghChalStep};
pub use dots_steps::{DOTS, DotsStep};
pub use musashi_steps::{MUSASHI, MusashiStep};
use script::{Lesson, Script};

// ---------------------------------------------------------------------------------------------
// Playing a step

/// The answer to one learner move.
#[derive(Debug)]
pub struct Answer {
    pub verdict: Verdict,
    pub replies: Vec<String>,
}

/// Why a move could not be judged.
#[derive(Debug, PartialEq, Eq)]
pub enum LessonError {
    UnknownStep,
    BadMove(String),
    Illegal(String),
    BadHistory,
}

impl From<LessonError> for ApiError {
    fn from(e: LessonError) -> ApiError {
        match e {
            LessonError::UnknownStep => ApiError::NotFound,
            LessonError::BadMove(m) => ApiError::BadRequest(ErrorCode::BadMove, m),
            LessonError::Illegal(m) => ApiError::BadRequest(ErrorCode::IllegalMove { ply: None }, m),
            LessonError::BadHistory => ApiError::BadRequest(
                ErrorCode::BadHistory,
                "the earlier moves of this step do not follow its lesson".into(),
            ),
        }
    }
}

/// Replays `moves` of step `step` (each must have earned `continue`), then judges `mv`.
fn judge_in<G: Script>(step: usize, moves: &[String], mv: &str) -> Result<(Answer, Value), LessonError> {
    let mut lesson = Lesson::<G>::start(step).ok_or(LessonError::UnknownStep)?;
    for m in moves {
        match lesson.play(m) {
            Ok((Verdict::Continue(_), _)) => {}
            _ => return Err(LessonError::BadHistory),
        }
    }
    let (verdict, replies) = lesson.play(mv)?;
    Ok((Answer { verdict, replies }, G::lesson_view(lesson.step, &lesson.game)))
}

/// Every step of `G`'s lesson: `{id, side, view}` (the start position).
fn steps_of<G: Script>() -> Vec<Value> {
    G::steps()
        .iter()
        .map(|s| json!({"id": G::id(s), "side": G::learner(s), "view": G::lesson_view(s, &G::start(s))}))
        .collect()
}

/// The first step of `G`'s lesson: its id and the options of its board.
fn first_of<G: Script>(wrap: fn(G::Options) -> AnyOptions) -> Option<(&'static str, AnyOptions)> {
    let s = G::steps().first()?;
    Some((G::id(s), wrap(G::start(s).options())))
}

macro_rules! lessons {
    ($($Variant:ident($Rules:ty),)+) => {
        /// Replays `moves` (each must have earned `continue`), then judges `mv`. Returns the
        /// answer, the view to show and the accepted moves of the step so far.
        pub fn judge(game: &str, step: usize, moves: &[String], mv: &str) -> Result<(Answer, Value, Vec<String>), LessonError> {
            if moves.len() > 64 {
                return Err(LessonError::BadHistory);
            }
            let (answer, view) = match game.parse::<GameKind>() {
                $(Ok(GameKind::$Variant) => judge_in::<$Rules>(step, moves, mv)?,)+
                Err(_) => return Err(LessonError::UnknownStep),
            };
            let mut accepted = moves.to_vec();
            if !matches!(answer.verdict, Verdict::TryAgain(..)) {
                accepted.push(mv.to_string());
            }
            Ok((answer, view, accepted))
        }

        /// Every step of `game` (`{id, side, view}`, the start position), as
        /// `GET /api/lesson/{game}` answers them; `None` for a game without a lesson.
        pub fn steps(game: &str) -> Option<Value> {
            let steps = match game.parse::<GameKind>().ok()? {
                $(GameKind::$Variant => steps_of::<$Rules>(),)+
            };
            (!steps.is_empty()).then(|| json!({"game": game, "steps": steps}))
        }

        /// The first step of `game`'s lesson: its id and the options of its board.
        pub fn first_step(game: GameKind) -> Option<(&'static str, AnyOptions)> {
            match game {
                $(GameKind::$Variant => first_of::<$Rules>(AnyOptions::$Variant),)+
            }
        }
    };
}

lessons! {
    Musashi(rules::musashi::Game),
    Dots(rules::dots::Game),
    BaghChal(rules::bagh_chal::Game),
}

async fn lesson_get(Path(game): Path<String>) -> Result<Json<Value>, ApiError> {
    steps(&game).map(Json).ok_or(ApiError::NotFound)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(default)]
    moves: Vec<String>,
    #[serde(rename = "move")]
    mv: String,
}

async fn lesson_move(
    Path((game, step)): Path<(String, String)>,
    JsonBody(b): JsonBody<MoveBody>,
) -> Result<Json<Value>, ApiError> {
    let step: usize = step.parse().map_err(|_| ApiError::NotFound)?;
    let (answer, view, moves) = judge(&game, step, &b.moves, &b.mv)?;
    let (verdict, hint, args, note) = match answer.verdict {
        Verdict::Done(n) => ("done", None, BTreeMap::new(), n),
        Verdict::Continue(n) => ("continue", None, BTreeMap::new(), n),
        Verdict::TryAgain(h, a) => ("try-again", Some(h), a, None),
    };
    Ok(Json(json!({
        "ok": true,
        "verdict": verdict,
        "hint": hint,
        "args": args,
        "note": note,
        "view": view,
        "replies": answer.replies,
        "moves": moves,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every start position is legal and unfinished, with the learner to move.
    use dots_steps::dots_game;
    use musashi_steps::musashi_game;

    #[test]
    fn starts_are_playable() {
        for s in MUSASHI {
            let g = musashi_game(s);
            assert!(g.outcome().is_none(), "{}", s.id);
            assert_eq!(g.turn(), s.learner, "{}", s.id);
        }
        for s in DOTS {
            let g = dots_game(s);
            assert!(g.outcome().is_none(), "{}", s.id);
            assert!(dots_steps::third_sides(g.position()).count() <= 1, "{}", s.id);
        }
    }
}
