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
use rules::musashi::{self, Role};
use rules::{AnyGame, AnyOptions, GameKind, Mask, dots};
use serde::Deserialize;
use serde_json::{Value, json};
use wire::ErrorCode;

use crate::AppState;
use crate::error::ApiError;

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

fn names(m: Mask) -> String {
    m.map(|i| musashi::Point(i).to_string()).collect::<Vec<_>>().join(", ")
}

// ---------------------------------------------------------------------------------------------
// Juroku Musashi

type MusashiJudge = fn(before: &musashi::Game, after: &musashi::Game, played: &musashi::Played) -> Verdict;

/// One Juroku Musashi step: a position text, the learner's side and the judge, which sees the
/// game before the learner's move and after it (and after the Children's scripted reply, when
/// the learner plays the Parent and `reply` is set).
#[derive(Debug)]
pub struct MusashiStep {
    pub id: &'static str,
    pub start: &'static str,
    pub learner: Role,
    pub reply: bool,
    judge: MusashiJudge,
}

pub static MUSASHI: &[MusashiStep] = &[
    // Any step of the Parent from the start.
    MusashiStep {
        id: "move",
        start: START33,
        learner: Role::Parent,
        reply: false,
        judge: |_, _, _| Verdict::Done(None),
    },
    // c3-b3 steps between b2 and b4.
    MusashiStep {
        id: "pair",
        start: "33:c3:a1,a5,b2,b4,c1,c5,d5,e1,e5:p:0",
        learner: Role::Parent,
        reply: false,
        judge: |_, _, p| if p.taken.count() >= 2 { Verdict::Done(None) } else { hint("no-pair") },
    },
    // d3-c3 takes c2+c4 and b2+d4; d3-d2 takes only c2+e2.
    MusashiStep {
        id: "two-pairs",
        start: "33:d3:a1,a2,a3,a4,a5,b2,c2,c4,d4,e1,e2,e5:p:0",
        learner: Role::Parent,
        reply: false,
        judge: |_, _, p| match p.taken.count() {
            0 => hint("no-pair"),
            2 => hint("one-pair"),
            _ => Verdict::Done(None),
        },
    },
    // b2 and b4 stand with a gap (b3) next to the Parent: close it or move one away.
    MusashiStep {
        id: "gap",
        start: "33:c3:a1,a5,b2,b4,c1,c5,e1,e5:c:0",
        learner: Role::Children,
        reply: false,
        judge: |_, after, _| {
            let (endangered, _) = after.position().danger();
            if endangered.any() { hint_with("gap", "points", names(endangered)) } else { Verdict::Done(None) }
        },
    },
    // The Parent in the corner a1 has one way out, b2; a3, c1 or c3 can close it.
    MusashiStep {
        id: "trap",
        start: "33:a1:a2,a3,a5,b1,c1,c3,e1,e5:c:0",
        learner: Role::Children,
        reply: false,
        judge: trap_judge,
    },
    // In the Setchin: the Parent on g5 has one way out, g4; only g3-g4 closes it.
    MusashiStep {
        id: "setchin",
        start: "33:g5:a1,a5,c1,c5,e1,e5,f4,g3:c:0",
        learner: Role::Children,
        reply: false,
        judge: trap_judge,
    },
    // 99 Children moves made: g3-f2 leaves three ways out, so the 100th Children move cannot
    // trap; g3-g4 walks into a trap (f3-g3 or g2-g3).
    MusashiStep {
        id: "limit",
        start: "33:g3:a1,a5,c1,c5,f3,f4,g2,g5:p:99",
        learner: Role::Parent,
        reply: true,
        judge: |_, after, _| match after.outcome() {
            Some(o) if o.winner == Role::Parent => Verdict::Done(Some("limit")),
            Some(_) => hint("limit-trapped"),
            None => Verdict::Continue(None),
        },
    },
    // Eight Children left: one more pair (c3-b3) reaches the target of ten.
    MusashiStep {
        id: "target",
        start: "33:c3:a1,a5,b2,b4,c1,c5,e1,e5:p:60",
        learner: Role::Parent,
        reply: false,
        judge: |_, after, _| match after.outcome() {
            Some(o) if o.winner == Role::Parent => Verdict::Done(Some("target")),
            _ => hint("no-pair"),
        },
    },
];

const START33: &str = "33:c3:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5:p:0";

fn trap_judge(_: &musashi::Game, after: &musashi::Game, _: &musashi::Played) -> Verdict {
    if after.outcome().is_some_and(|o| o.winner == Role::Children) {
        Verdict::Done(None)
    } else {
        hint_with("trap", "points", names(after.position().parent_exits()))
    }
}

fn musashi_game(step: &MusashiStep) -> musashi::Game {
    let pos: musashi::Position = step.start.parse().expect("lesson positions parse");
    musashi::Game::from_position(musashi::Options::default(), pos)
}

/// The scripted Children: a move that traps the Parent if there is one, else the first legal move.
fn musashi_reply(g: &musashi::Game) -> Option<musashi::Move> {
    let mut moves = musashi::Moves::new();
    g.legal_moves(&mut moves);
    let first = moves.iter().next().copied();
    moves
        .iter()
        .copied()
        .find(|&m| {
            let mut t = g.clone();
            t.play(m).is_ok() && t.outcome().is_some_and(|o| o.winner == Role::Children)
        })
        .or(first)
}

// ---------------------------------------------------------------------------------------------
// Dots and Boxes (3x3 boxes: edges 0..11 horizontal, 12..23 vertical)

type DotsJudge = fn(before: &dots::Game, after: &dots::Game, played: &dots::Played) -> Verdict;

/// One Dots and Boxes step on 3x3 boxes: the lines already drawn, the learner (player 0) to
/// move; the opponent (player 1) replies whenever the turn passes to it.
#[derive(Debug)]
pub struct DotsStep {
    pub id: &'static str,
    pub drawn: &'static [u8],
    pub reply: bool,
    judge: DotsJudge,
}

pub static DOTS: &[DotsStep] = &[
    DotsStep { id: "line", drawn: &[], reply: false, judge: |_, _, _| Verdict::Done(None) },
    // The middle box (4) has three sides: 18 closes it, then any line.
    DotsStep {
        id: "box",
        drawn: &[4, 7, 17, 0, 20],
        reply: false,
        judge: |before, _, p| {
            if before.position().owned[0].any() {
                Verdict::Done(None)
            } else if p.completed.any() {
                Verdict::Continue(Some("again"))
            } else {
                hint("no-box")
            }
        },
    },
    DotsStep {
        id: "third-side",
        drawn: &[0, 12, 4, 8, 22, 10],
        reply: false,
        judge: |_, after, _| {
            let third = third_sides(after.position());
            if third.any() { hint("third-side") } else { Verdict::Done(None) }
        },
    },
    // The top row is a chain of three; box 0 has three sides: 13, 14, 15 take it all.
    DotsStep {
        id: "chain",
        drawn: &[0, 1, 2, 3, 4, 5, 12],
        reply: false,
        judge: |before, after, p| {
            if !p.completed.any() {
                return if third_sides(before.position()).any() { hint("take-chain") } else { Verdict::Done(None) };
            }
            if after.position().owned[0].is_superset(Mask(0b111)) {
                Verdict::Done(None)
            } else {
                Verdict::Continue(Some("more"))
            }
        },
    },
    // The opponent opened the top row (a chain of three, with 12); the other six boxes form one
    // long chain. Take box 0 (13), then give the last two away with 15; the opponent takes them
    // (14) and must open the long chain: 7 to 2.
    DotsStep {
        id: "double-deal",
        drawn: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 19, 23, 12],
        reply: true,
        judge: double_deal_judge,
    },
];

/// Unclaimed boxes with exactly three sides drawn.
fn third_sides(p: &dots::Position) -> Mask {
    let geo = p.size.geometry();
    let mut out = Mask::EMPTY;
    for b in 0..p.size.boxes() {
        if !p.claimed().contains(b) && (p.drawn & geo.box_edges[b as usize]).count() == 3 {
            out = out.with(b);
        }
    }
    out
}

fn double_deal_judge(before: &dots::Game, after: &dots::Game, p: &dots::Played) -> Verdict {
    let mine = after.position().owned[0];
    if mine.contains(1) || mine.contains(2) {
        return hint("all-in");
    }
    if p.completed.any() {
        return match after.outcome() {
            Some(_) => Verdict::Done(Some("won")),
            None if !after.position().claimed().contains(1) => Verdict::Continue(Some("leave")),
            None => Verdict::Continue(Some("take")),
        };
    }
    let top_open = !before.position().claimed().contains(1);
    if top_open && before.position().owned[0].contains(0) && p.edge.0 == 15 {
        return Verdict::Continue(Some("dealt"));
    }
    if top_open && !before.position().owned[0].contains(0) {
        return hint("take-first");
    }
    if top_open { hint("opens-chain") } else { hint("take-chain") }
}

const DOTS_SIZE: dots::Size = dots::Size { w: 3, h: 3 };

fn dots_game(step: &DotsStep) -> dots::Game {
    let mut pos = dots::Position::empty(DOTS_SIZE);
    for &e in step.drawn {
        pos.drawn = pos.drawn.with(e);
    }
    dots::Game::from_position(dots::Options { size: DOTS_SIZE, swap_first: true }, pos)
}

/// The scripted opponent: takes every box it can, then draws the lowest undrawn line.
fn dots_reply(g: &dots::Game) -> Option<dots::Edge> {
    let p = g.position();
    let undrawn = p.undrawn();
    let mut it = undrawn;
    it.find(|&e| p.completes(dots::Edge(e)).any()).or(undrawn.first_index()).map(dots::Edge)
}

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
            assert!(third_sides(g.position()).count() <= 1, "{}", s.id);
        }
    }
}
