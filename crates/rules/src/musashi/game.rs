//! A game of Juroku Musashi: a position with its options, the repetition record and the move
//! history, so every rule of the seeds (repetition included) applies and moves can be undone.

use super::board::Point;
use super::options::{Options, Role};
use super::position::{EndReason, Move, Moves, Position};
use crate::mask::Mask;

/// Why a move was refused. The game is unchanged.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that point is not on this board")]
    OffBoard,
    #[error("there is no piece of yours on that point")]
    NotYourPiece,
    #[error("those points are not joined by a line")]
    NotALine,
    #[error("that point is occupied")]
    Occupied,
    #[error("the Children may not repeat an earlier position")]
    Repetition,
}

/// How a finished game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    pub winner: Role,
    pub reason: EndReason,
}

/// One played move with what it took and whether it added to the repetition record.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Played {
    pub mv: Move,
    pub role: Role,
    pub taken: Mask,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: Options,
    position: Position,
    /// Repetition keys of the positions recorded so far, oldest first.
    record: Vec<u64>,
    history: Vec<Played>,
    resigned: Option<Role>,
}

impl Game {
    /// A new game from the start position under `options`.
    pub fn new(options: Options) -> Game {
        Game::from_position(options, Position::start(options.board, options.first))
    }

    /// A game that begins at `position` with an empty record; like the standard start it
    /// records that position when the Parent is to move. `options.board` follows the position.
    pub fn from_position(mut options: Options, position: Position) -> Game {
        options.board = position.board;
        let mut record = Vec::with_capacity(128);
        if position.turn == Role::Parent {
            record.push(position.repetition_key());
        }
        Game { options, position, record, history: Vec::with_capacity(256), resigned: None }
    }

    #[inline]
    pub fn options(&self) -> &Options {
        &self.options
    }

    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[inline]
    pub fn turn(&self) -> Role {
        self.position.turn
    }

    /// Moves played so far, oldest first.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// The repetition record (keys of recorded positions), oldest first.
    pub fn record(&self) -> &[u64] {
        &self.record
    }

    /// `true` if a Children move to `after` would repeat a recorded position. Captures only
    /// shrink the Children set, so only the records since the last capture can match: scan
    /// back while the Children count is the same.
    #[inline]
    fn repeats(&self, after: &Position) -> bool {
        let key = after.repetition_key();
        let n = after.children.count();
        for &k in self.record.iter().rev() {
            if (k & Mask::first(40).0).count_ones() != n {
                break;
            }
            if k == key {
                return true;
            }
        }
        false
    }

    #[inline]
    fn child_move_repeats(&self, m: Move) -> bool {
        let mut after = self.position;
        after.children ^= m.from.mask() | m.to.mask();
        after.turn = Role::Parent;
        self.repeats(&after)
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self, out: &mut Moves) {
        if self.outcome().is_some() {
            out.clear();
            return;
        }
        self.moves_ignoring_end(out);
    }

    /// Legal moves without first asking whether the game has ended (the caller knows it has not).
    #[inline]
    fn moves_ignoring_end(&self, out: &mut Moves) {
        self.position.pseudo_legal_moves(out);
        if self.position.turn == Role::Children {
            out.retain(|&m| !self.child_move_repeats(m));
        }
    }

    /// `true` when the Children, to move, have a legal move (repetition considered).
    fn children_can_move(&self) -> bool {
        let geo = self.position.geometry();
        let empty = self.position.empty();
        for from in self.position.children {
            for to in geo.neighbours[from as usize] & empty {
                if !self.child_move_repeats(Move::new(Point(from), Point(to))) {
                    return true;
                }
            }
        }
        false
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.resigned {
            return Some(Outcome { winner: loser.other(), reason: EndReason::Resignation });
        }
        let reason = self.position.static_outcome(self.options.target, self.options.limit).or_else(|| {
            (self.position.turn == Role::Children && !self.children_can_move()).then_some(EndReason::ChildrenNoMove)
        })?;
        Some(Outcome { winner: reason.winner(), reason })
    }

    /// Checks `m` for the side to move without playing it.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        self.check_as(self.position.turn, m)
    }

    /// Checks `m` as a move by `role`, with the most specific reason when it is illegal.
    pub fn check_as(&self, role: Role, m: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        if role != self.position.turn {
            return Err(IllegalMove::NotYourTurn);
        }
        let geo = self.position.geometry();
        if !geo.has(m.from) || !geo.has(m.to) {
            return Err(IllegalMove::OffBoard);
        }
        let mine = match role {
            Role::Parent => self.position.parent == m.from,
            Role::Children => self.position.children.contains(m.from.0),
        };
        if !mine {
            return Err(IllegalMove::NotYourPiece);
        }
        if !geo.is_line(m.from, m.to) {
            return Err(IllegalMove::NotALine);
        }
        if !self.position.empty().contains(m.to.0) {
            return Err(IllegalMove::Occupied);
        }
        if role == Role::Children && self.child_move_repeats(m) {
            return Err(IllegalMove::Repetition);
        }
        Ok(())
    }

    /// Plays `m` for the side to move; on error nothing changes.
    pub fn play(&mut self, m: Move) -> Result<Played, IllegalMove> {
        self.play_as(self.position.turn, m)
    }

    /// Plays `m` as `role`; on error nothing changes.
    pub fn play_as(&mut self, role: Role, m: Move) -> Result<Played, IllegalMove> {
        self.check_as(role, m)?;
        Ok(self.play_unchecked(m))
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Played {
        let role = self.position.turn;
        let taken = self.position.play_unchecked(m);
        if role == Role::Children {
            self.record.push(self.position.repetition_key());
        }
        let played = Played { mv: m, role, taken };
        self.history.push(played);
        played
    }

    /// Takes back the last move (and a resignation first, if there is one). Returns the move
    /// taken back, or `None` at the beginning.
    pub fn undo(&mut self) -> Option<Played> {
        if self.resigned.take().is_some() {
            return None;
        }
        let last = self.history.pop()?;
        if last.role == Role::Children {
            self.record.pop();
        }
        self.position.undo_unchecked(last.mv, last.taken);
        Some(last)
    }

    /// `role` resigns; the other side wins. Ignored once the game is over.
    pub fn resign(&mut self, role: Role) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.resigned = Some(role);
        Ok(())
    }

    /// Who resigned, if anyone.
    pub fn resigned(&self) -> Option<Role> {
        self.resigned
    }

    /// Number of leaf nodes `depth` plies below this game (repetition applied; a finished
    /// game has none). The standard move-generation check.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        let mut moves = Moves::new();
        self.moves_ignoring_end(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for &m in moves.iter() {
            self.play_unchecked(m);
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::musashi::board::BoardKind;

    #[test]
    fn first_two_plies_of_the_33_point_board() {
        let mut g = Game::new(Options::default());
        assert_eq!(g.perft(1), 8);
        assert_eq!(g.perft(2), 186);
    }

    #[test]
    fn undo_restores() {
        let mut g = Game::new(Options { board: BoardKind::Square25, ..Options::default() });
        let before = g.clone();
        let m = "c3-c4".parse().unwrap();
        g.play(m).unwrap();
        g.undo();
        assert_eq!(g, before);
    }
}
