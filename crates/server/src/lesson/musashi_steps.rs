//! The Juroku Musashi steps of the lesson and their judges.

use rules::Mask;
use rules::musashi::{self, Role};

use super::{Verdict, hint, hint_with};

fn names(m: Mask) -> String {
    m.map(|i| musashi::Point(i).to_string()).collect::<Vec<_>>().join(", ")
}

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
    pub(super) judge: MusashiJudge,
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

pub(super) const START33: &str = "33:c3:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5:p:0";

fn trap_judge(_: &musashi::Game, after: &musashi::Game, _: &musashi::Played) -> Verdict {
    if after.outcome().is_some_and(|o| o.winner == Role::Children) {
        Verdict::Done(None)
    } else {
        hint_with("trap", "points", names(after.position().parent_exits()))
    }
}

pub(super) fn musashi_game(step: &MusashiStep) -> musashi::Game {
    let pos: musashi::Position = step.start.parse().expect("lesson positions parse");
    musashi::Game::from_position(musashi::Options::default(), pos)
}

/// The scripted Children: a move that traps the Parent if there is one, else the first legal move.
pub(super) fn musashi_reply(g: &musashi::Game) -> Option<musashi::Move> {
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

impl super::script::Script for musashi::Game {
    type Step = MusashiStep;

    fn steps() -> &'static [MusashiStep] {
        MUSASHI
    }

    fn id(step: &MusashiStep) -> &'static str {
        step.id
    }

    fn learner(step: &MusashiStep) -> rules::Side {
        step.learner.index()
    }

    fn start(step: &MusashiStep) -> musashi::Game {
        musashi_game(step)
    }

    fn replies(step: &MusashiStep) -> bool {
        step.reply
    }

    fn reply(game: &musashi::Game) -> Option<musashi::Move> {
        musashi_reply(game)
    }

    fn judge(step: &MusashiStep, before: &musashi::Game, after: &musashi::Game, ply: usize) -> Verdict {
        (step.judge)(before, after, &after.history()[ply])
    }
}
