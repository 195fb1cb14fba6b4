//! The Dots and Boxes steps of the lesson (3x3 boxes: edges 0..11 horizontal, 12..23
//! vertical) and their judges.

use rules::{Mask, dots};

use super::{Verdict, hint};

type DotsJudge = fn(before: &dots::Game, after: &dots::Game, played: &dots::Played) -> Verdict;

/// One Dots and Boxes step on 3x3 boxes: the lines already drawn, the learner (player 0) to
/// move; the opponent (player 1) replies whenever the turn passes to it.
#[derive(Debug)]
pub struct DotsStep {
    pub id: &'static str,
    pub drawn: &'static [u8],
    pub reply: bool,
    pub(super) judge: DotsJudge,
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
pub(super) fn third_sides(p: &dots::Position) -> Mask {
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

pub(super) const DOTS_SIZE: dots::Size = dots::Size { w: 3, h: 3 };

pub(super) fn dots_game(step: &DotsStep) -> dots::Game {
    let mut pos = dots::Position::empty(DOTS_SIZE);
    for &e in step.drawn {
        pos.drawn = pos.drawn.with(e);
    }
    dots::Game::from_position(dots::Options { size: DOTS_SIZE, swap_first: true }, pos)
}

/// The scripted opponent: takes every box it can, then draws the lowest undrawn line.
pub(super) fn dots_reply(g: &dots::Game) -> Option<dots::Edge> {
    let p = g.position();
    let undrawn = p.undrawn();
    let mut it = undrawn;
    it.find(|&e| p.completes(dots::Edge(e)).any()).or(undrawn.first_index()).map(dots::Edge)
}

impl super::script::Script for dots::Game {
    type Step = DotsStep;

    fn steps() -> &'static [DotsStep] {
        DOTS
    }

    fn id(step: &DotsStep) -> &'static str {
        step.id
    }

    /// The learner draws first (player 0); the opponent is player 1.
    fn learner(_: &DotsStep) -> rules::Side {
        0
    }

    fn start(step: &DotsStep) -> dots::Game {
        dots_game(step)
    }

    fn replies(step: &DotsStep) -> bool {
        step.reply
    }

    fn reply(game: &dots::Game) -> Option<dots::Edge> {
        dots_reply(game)
    }

    fn judge(step: &DotsStep, before: &dots::Game, after: &dots::Game, ply: usize) -> Verdict {
        (step.judge)(before, after, &after.history()[ply])
    }

    /// Lines drawn before the step began are shown in the opponent's colour, first.
    fn lesson_view(step: &DotsStep, game: &dots::Game) -> serde_json::Value {
        use wire::games::WireGame;
        let mut v = serde_json::to_value(game.view()).expect("views serialise");
        let mut lines: Vec<serde_json::Value> =
            step.drawn.iter().map(|&e| serde_json::json!({"edge": e, "player": 1, "completed": []})).collect();
        if let Some(serde_json::Value::Array(played)) = v.get_mut("lines") {
            lines.append(played);
        }
        v["lines"] = serde_json::Value::Array(lines);
        v
    }
}
