//! Bagh-Chal behind the [`crate::Game`] interface the other layers host games through.

use super::game::{EndReason, Game, IllegalMove};
use super::notation::ParseMoveError;
use super::options::{Options, Role};
use super::position::{Move, Moves};
use crate::any::{self, Finished, Side};
use crate::game::{self, Refusal, fnv, read_tag};

impl From<IllegalMove> for Refusal {
    fn from(e: IllegalMove) -> Refusal {
        match e {
            IllegalMove::GameOver => Refusal::GameOver,
            IllegalMove::NotYourTurn => Refusal::NotYourTurn,
            IllegalMove::NotYourPiece => Refusal::NotYourPiece,
            IllegalMove::MustPlace => Refusal::MustPlace,
            IllegalMove::CannotPlace => Refusal::CannotPlace,
            IllegalMove::NotALine => Refusal::NotALine,
            IllegalMove::NoJump => Refusal::NoJump,
            IllegalMove::Occupied => Refusal::Occupied,
            IllegalMove::Repetition => Refusal::Repetition,
        }
    }
}

/// The common form of a Bagh-Chal outcome.
pub fn finished(o: super::Outcome) -> Finished {
    let reason = match o.reason {
        EndReason::TigersBlocked => any::EndReason::TigersBlocked,
        EndReason::TargetReached => any::EndReason::TargetReached,
        EndReason::GoatsBlocked => any::EndReason::GoatsBlocked,
        EndReason::Resignation => any::EndReason::Resignation,
    };
    Finished { winner: Some(o.winner.index()), reason }
}

impl game::Game for Game {
    const SIDES: [&'static str; 2] = ["tigers", "goats"];
    type Options = Options;
    type Move = Move;
    type Moves = Moves;
    type Illegal = IllegalMove;

    fn new(options: Options) -> Game {
        Game::new(options)
    }

    fn options(&self) -> Options {
        *Game::options(self)
    }

    fn turn(&self) -> Side {
        Game::turn(self).index()
    }

    fn plies(&self) -> usize {
        self.history().len()
    }

    fn played(&self, ply: usize) -> (Side, Move) {
        let p = self.history()[ply];
        (p.role.index(), p.mv)
    }

    fn legal_moves(&self, out: &mut Moves) {
        Game::legal_moves(self, out)
    }

    fn play_as(&mut self, side: Side, mv: Move) -> Result<(), IllegalMove> {
        Game::play_as(self, Role::from_index(side), mv).map(drop)
    }

    fn undo(&mut self) -> bool {
        self.resigned().is_some() | Game::undo(self).is_some()
    }

    fn resign(&mut self, side: Side) -> Result<(), IllegalMove> {
        Game::resign(self, Role::from_index(side))
    }

    fn outcome(&self) -> Option<Finished> {
        Game::outcome(self).map(finished)
    }

    fn parse_move(text: &str) -> Result<Move, String> {
        text.parse().map_err(|e: ParseMoveError| e.to_string())
    }

    fn swap_on_rematch(options: &Options) -> bool {
        options.swap_roles
    }

    /// The position (pieces, goats in hand and captured, side to move), the repetition
    /// record (which moves are still allowed) and a resignation.
    fn state_hash(&self) -> u64 {
        let p = self.position();
        let resigned = self.resigned().map_or(0, |r| u64::from(r.index()) + 1);
        let head = [p.repetition_key(), u64::from(p.in_hand) | u64::from(p.captured) << 8, resigned];
        fnv(head.into_iter().chain(self.record().iter().copied()))
    }

    const RULE_TAGS: &'static [&'static str] = &["FirstMove", "Target", "Repetition"];

    fn rule_tags(o: &Options) -> Vec<(&'static str, String)> {
        vec![
            ("FirstMove", o.first.to_string()),
            ("Target", o.target.to_string()),
            ("Repetition", o.repetition.to_string()),
        ]
    }

    fn options_from_tags(tags: &[(String, String)]) -> Result<Options, (&'static str, String)> {
        let mut o = Options::default();
        read_tag(tags, "FirstMove", &mut o.first)?;
        read_tag(tags, "Target", &mut o.target)?;
        read_tag(tags, "Repetition", &mut o.repetition)?;
        Ok(o)
    }

    fn game_rules(o: Options) -> Options {
        Options { swap_roles: Options::default().swap_roles, ..o }
    }

    /// A numbered turn is a pair of moves from the first mover's.
    fn starts_turn(ply: usize, _side: Side, _last: Option<Side>) -> bool {
        ply.is_multiple_of(2)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }
}
