//! The Bagh-Chal steps of the lesson and their judges.

use rules::bagh_chal::{self, Move, Role};

use super::{Verdict, hint};

type BaghChalJudge = fn(before: &bagh_chal::Game, after: &bagh_chal::Game, played: Move) -> Verdict;

/// One Bagh-Chal step: a position text (`docs/notation.md`), the learner's side and the
/// judge, which sees the game before the learner's move and after it.
#[derive(Debug)]
pub struct BaghChalStep {
    pub id: &'static str,
    pub start: &'static str,
    pub learner: Role,
    pub(super) judge: BaghChalJudge,
}

pub static BAGH_CHAL: &[BaghChalStep] = &[
    // Any placement from the start.
    BaghChalStep { id: "place", start: START, learner: Role::Goats, judge: |_, _, _| Verdict::Done(None) },
    // The goat on b2 stands between the tiger on a1 and the empty c3: a1xc3 captures it.
    BaghChalStep {
        id: "jump",
        start: "a1,a5,e1,e5:b2,d4:18:0:t",
        learner: Role::Tigers,
        judge: |_, _, m| if matches!(m, Move::Jump(..)) { Verdict::Done(None) } else { hint("no-jump") },
    },
    // The tiger on a1 can jump the goat on b1 to c1: place a goat there (or on b1's other
    // side) so that no goat can be jumped.
    BaghChalStep {
        id: "guard",
        start: "a1,a5,e1,e5:b1,e3:18:0:g",
        learner: Role::Goats,
        judge: |_, after, _| if threatened(after) { hint("guard") } else { Verdict::Done(None) },
    },
    // Every goat placed, the tigers in the corners, c3 the only empty point: a goat from
    // b3, c2, c4 or d3 steps into it and leaves a hole no tiger reaches; from a diagonal
    // neighbour of a corner it opens a way out.
    BaghChalStep {
        id: "block",
        start: "a1,a5,e1,e5:a2,a3,a4,b1,b2,b3,b4,b5,c1,c2,c4,c5,d1,d2,d3,d4,d5,e2,e3,e4:0:0:g",
        learner: Role::Goats,
        judge: |_, after, _| match after.outcome() {
            Some(o) if o.winner == Role::Goats => Verdict::Done(Some("blocked")),
            _ => hint("block"),
        },
    },
];

/// The start: four tigers on the corners, twenty goats in hand, the goats to move.
pub(super) const START: &str = "a1,a5,e1,e5::20:0:g";

/// Whether some tiger could jump a goat if the tigers moved now.
fn threatened(g: &bagh_chal::Game) -> bool {
    let mut p = *g.position();
    p.turn = Role::Tigers;
    let mut moves = bagh_chal::Moves::new();
    p.pseudo_legal_moves(&mut moves);
    moves.iter().any(|m| matches!(m, Move::Jump(..)))
}

pub(super) fn bagh_chal_game(step: &BaghChalStep) -> bagh_chal::Game {
    let pos: bagh_chal::Position = step.start.parse().expect("lesson positions parse");
    bagh_chal::Game::from_position(bagh_chal::Options::default(), pos)
}

impl super::script::Script for bagh_chal::Game {
    type Step = BaghChalStep;

    fn steps() -> &'static [BaghChalStep] {
        BAGH_CHAL
    }

    fn id(step: &BaghChalStep) -> &'static str {
        step.id
    }

    fn learner(step: &BaghChalStep) -> rules::Side {
        step.learner.index()
    }

    fn start(step: &BaghChalStep) -> bagh_chal::Game {
        bagh_chal_game(step)
    }

    /// Every step is one move: no scripted opponent.
    fn replies(_: &BaghChalStep) -> bool {
        false
    }

    fn reply(_: &bagh_chal::Game) -> Option<Move> {
        None
    }

    fn judge(step: &BaghChalStep, before: &bagh_chal::Game, after: &bagh_chal::Game, ply: usize) -> Verdict {
        (step.judge)(before, after, after.history()[ply].mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(step: &str, mv: &str) -> Verdict {
        let s = BAGH_CHAL.iter().find(|s| s.id == step).unwrap();
        let before = bagh_chal_game(s);
        let mut after = before.clone();
        after.play(mv.parse().unwrap()).unwrap();
        (s.judge)(&before, &after, mv.parse().unwrap())
    }

    #[test]
    fn each_step_has_a_right_and_a_wrong_move() {
        for s in BAGH_CHAL {
            let g = bagh_chal_game(s);
            assert!(g.outcome().is_none(), "{}", s.id);
            assert_eq!(g.turn(), s.learner, "{}", s.id);
        }
        assert_eq!(judged("jump", "a1xc3"), Verdict::Done(None));
        assert!(matches!(judged("jump", "a1-a2"), Verdict::TryAgain("no-jump", _)));
        assert_eq!(judged("guard", "c1"), Verdict::Done(None));
        assert!(matches!(judged("guard", "c3"), Verdict::TryAgain("guard", _)));
        assert!(matches!(judged("block", "b3-c3"), Verdict::Done(Some("blocked"))));
        assert!(matches!(judged("block", "b2-c3"), Verdict::TryAgain("block", _)));
    }
}
