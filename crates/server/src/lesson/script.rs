//! What a game's lesson is made of, for [`super`] to play any game's lesson the same way:
//! its steps, the board each starts from, who learns, the scripted opponent and the judge.
//! Each game's steps module implements [`Script`]; adding a game's lesson is such a module
//! and a line in `lessons!` (`lesson/mod.rs`).

use rules::Side;
use serde_json::Value;
use wire::games::WireGame;

use super::Verdict;

/// A game's lesson.
pub trait Script: WireGame {
    /// One step: its start, task and judge.
    type Step: 'static;
    /// The steps, in order.
    fn steps() -> &'static [Self::Step];
    /// The step's id: its messages are `learn-{game}-{id}-title|-text`.
    fn id(step: &Self::Step) -> &'static str;
    /// The side the learner plays.
    fn learner(step: &Self::Step) -> Side;
    /// The board the step starts from, the learner to move.
    fn start(step: &Self::Step) -> Self;
    /// Whether the scripted opponent replies after the learner's move.
    fn replies(step: &Self::Step) -> bool;
    /// The scripted opponent's move in `game` (its turn).
    fn reply(game: &Self) -> Option<Self::Move>;
    /// The verdict on the learner's move, seeing the game before it and after it (and after
    /// the opponent's replies); `ply` is the learner's move's index in `after`.
    fn judge(step: &Self::Step, before: &Self, after: &Self, ply: usize) -> Verdict;
    /// The view a client draws: the game's view, which a game may adjust for its lesson.
    fn lesson_view(_step: &Self::Step, game: &Self) -> Value {
        serde_json::to_value(game.view()).expect("views serialise")
    }
}

/// A step replayed up to the learner's turn.
pub(super) struct Lesson<G: Script> {
    pub step: &'static G::Step,
    pub game: G,
}

impl<G: Script> Lesson<G> {
    pub fn start(step: usize) -> Option<Lesson<G>> {
        G::steps().get(step).map(|step| Lesson { step, game: G::start(step) })
    }

    /// Plays the learner's move, then (unless refused) the opponent's replies while it is to
    /// move; on `TryAgain` the lesson is left as it was. Returns the verdict and the replies.
    pub fn play(&mut self, mv: &str) -> Result<(Verdict, Vec<String>), super::LessonError> {
        let m = G::parse_move(mv).map_err(super::LessonError::BadMove)?;
        // As on a table's socket: a move's own text only, no spaces, signs or leading zeros.
        if m.to_string() != mv {
            return Err(super::LessonError::BadMove(format!("write the move as {m}")));
        }
        let learner = G::learner(self.step);
        let before = self.game.clone();
        let mut after = self.game.clone();
        after.play_as(learner, m).map_err(|e| super::LessonError::Illegal(e.to_string()))?;
        let mut replies = Vec::new();
        if G::replies(self.step) {
            while after.outcome().is_none() && after.turn() != learner {
                let Some(r) = G::reply(&after) else { break };
                let side = after.turn();
                after.play_as(side, r).expect("replies are legal");
                replies.push(r.to_string());
            }
        }
        let verdict = G::judge(self.step, &before, &after, before.plies());
        if matches!(verdict, Verdict::TryAgain(..)) {
            replies.clear();
        } else {
            self.game = after;
        }
        Ok((verdict, replies))
    }
}
