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
use axum::extract::rejection::JsonRejection;
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::musashi;
use rules::{AnyGame, AnyOptions, GameKind, dots};
use serde::Deserialize;
use serde_json::{Value, json};
use wire::ErrorCode;

use crate::error::ApiError;
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

mod dots_steps;
mod musashi_steps;

pub use dots_steps::{DOTS, DotsStep};
use dots_steps::{dots_game, dots_reply};
pub use musashi_steps::{MUSASHI, MusashiStep};
use musashi_steps::{musashi_game, musashi_reply};

// ---------------------------------------------------------------------------------------------
// Playing a step

/// A step replayed up to the learner's turn, with the replies the opponent made.
enum Lesson {
    Musashi(&'static MusashiStep, musashi::Game),
    Dots(&'static DotsStep, dots::Game),
}

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
            LessonError::Illegal(m) => ApiError::BadRequest(ErrorCode::IllegalMove, m),
            LessonError::BadHistory => ApiError::BadRequest(
                ErrorCode::BadHistory,
                "the earlier moves of this step do not follow its lesson".into(),
            ),
        }
    }
}

impl Lesson {
    fn start(game: &str, step: usize) -> Result<Lesson, LessonError> {
        match game {
            "musashi" => MUSASHI.get(step).map(|s| Lesson::Musashi(s, musashi_game(s))),
            "dots" => DOTS.get(step).map(|s| Lesson::Dots(s, dots_game(s))),
            _ => None,
        }
        .ok_or(LessonError::UnknownStep)
    }

    fn view(&self) -> Value {
        match self {
            Lesson::Musashi(_, g) => {
                serde_json::to_value(wire::GameView::of(&AnyGame::Musashi(g.clone()))).expect("views serialise")
            }
            Lesson::Dots(s, g) => {
                let mut v =
                    serde_json::to_value(wire::GameView::of(&AnyGame::Dots(g.clone()))).expect("views serialise");
                // Lines drawn before the step began: shown in the opponent's colour, first.
                let mut lines: Vec<Value> =
                    s.drawn.iter().map(|&e| json!({"edge": e, "player": 1, "completed": []})).collect();
                if let Some(Value::Array(played)) = v.get_mut("lines") {
                    lines.append(played);
                }
                v["lines"] = Value::Array(lines);
                v
            }
        }
    }

    fn learner(&self) -> u8 {
        match self {
            Lesson::Musashi(s, _) => s.learner.index(),
            Lesson::Dots(..) => 0,
        }
    }

    /// Plays the learner's move, then (unless refused) the opponent's replies; on `TryAgain`
    /// the lesson is left as it was.
    fn play(&mut self, mv: &str) -> Result<Answer, LessonError> {
        let mut replies = Vec::new();
        let verdict = match self {
            Lesson::Musashi(step, g) => {
                let m: musashi::Move =
                    mv.parse().map_err(|e: musashi::ParseMoveError| LessonError::BadMove(e.to_string()))?;
                let before = g.clone();
                let mut after = g.clone();
                let played = after.play_as(step.learner, m).map_err(|e| LessonError::Illegal(e.to_string()))?;
                if step.reply
                    && after.outcome().is_none()
                    && after.turn() != step.learner
                    && let Some(r) = musashi_reply(&after)
                {
                    after.play(r).expect("replies are legal");
                    replies.push(r.to_string());
                }
                let v = (step.judge)(&before, &after, &played);
                if !matches!(v, Verdict::TryAgain(..)) {
                    *g = after;
                }
                v
            }
            Lesson::Dots(step, g) => {
                let e: dots::Edge =
                    mv.parse().map_err(|e: dots::ParseEdgeError| LessonError::BadMove(e.to_string()))?;
                let before = g.clone();
                let mut after = g.clone();
                let played = after.play_as(0, e).map_err(|e| LessonError::Illegal(e.to_string()))?;
                if step.reply {
                    while after.outcome().is_none() && after.turn() == 1 {
                        let r = dots_reply(&after).expect("an unfinished game has a line left");
                        after.play(r).expect("replies are legal");
                        replies.push(r.to_string());
                    }
                }
                let v = (step.judge)(&before, &after, &played);
                if !matches!(v, Verdict::TryAgain(..)) {
                    *g = after;
                }
                v
            }
        };
        if matches!(verdict, Verdict::TryAgain(..)) {
            replies.clear();
        }
        Ok(Answer { verdict, replies })
    }
}

/// Replays `moves` (each must have earned `continue`), then judges `mv`. Returns the answer,
/// the view to show and the accepted moves of the step so far.
pub fn judge(game: &str, step: usize, moves: &[String], mv: &str) -> Result<(Answer, Value, Vec<String>), LessonError> {
    let mut lesson = Lesson::start(game, step)?;
    if moves.len() > 64 {
        return Err(LessonError::BadHistory);
    }
    for m in moves {
        match lesson.play(m) {
            Ok(Answer { verdict: Verdict::Continue(_), .. }) => {}
            _ => return Err(LessonError::BadHistory),
        }
    }
    let answer = lesson.play(mv)?;
    let mut accepted = moves.to_vec();
    if !matches!(answer.verdict, Verdict::TryAgain(..)) {
        accepted.push(mv.to_string());
    }
    Ok((answer, lesson.view(), accepted))
}

/// Every step of `game` (`{id, side, view}`, the start position), as `GET /api/lesson/{game}`
/// answers them; `None` for a game without a lesson.
pub fn steps(game: &str) -> Option<Value> {
    let mut steps = Vec::new();
    for i in 0.. {
        let Ok(lesson) = Lesson::start(game, i) else { break };
        let id = match &lesson {
            Lesson::Musashi(s, _) => s.id,
            Lesson::Dots(s, _) => s.id,
        };
        steps.push(json!({"id": id, "side": lesson.learner(), "view": lesson.view()}));
    }
    (!steps.is_empty()).then(|| json!({"game": game, "steps": steps}))
}

/// The first step of `game`'s lesson: its id and the options of its board.
pub fn first_step(game: GameKind) -> Option<(&'static str, AnyOptions)> {
    match Lesson::start(game.as_str(), 0).ok()? {
        Lesson::Musashi(s, g) => Some((s.id, AnyOptions::Musashi(*g.options()))),
        Lesson::Dots(s, g) => Some((s.id, AnyOptions::Dots(*g.options()))),
    }
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
    b: Result<Json<MoveBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let step: usize = step.parse().map_err(|_| ApiError::NotFound)?;
    let b = b.map(|Json(b)| b).map_err(|e| ApiError::BadRequest(ErrorCode::BadJson, e.body_text()))?;
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
