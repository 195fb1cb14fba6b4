//! A game of Bagh-Chal: a position with its options, the repetition record and the move
//! history, so every rule applies (repetition included) and moves can be undone.

use super::board::{Point, is_line, jump_between};
use super::options::{Options, Repetition, Role};
use super::position::{Move, Moves, Position};

/// Why a move was refused. The game is unchanged.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("there is no piece of yours on that point")]
    NotYourPiece,
    #[error("those points are not joined by a line")]
    NotALine,
    #[error("that point is occupied")]
    Occupied,
    #[error("that move would repeat an earlier position")]
    Repetition,
    #[error("the goats place all twenty before any goat moves")]
    MustPlace,
    #[error("only the goats place, and only while some are in hand")]
    CannotPlace,
    #[error("a jump goes over one goat along a straight line to the empty point beyond")]
    NoJump,
}

/// Why a finished game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The tigers, to move, have no legal move: the goats win.
    TigersBlocked,
    /// The tigers have captured the target number of goats: the tigers win.
    TargetReached,
    /// The goats, to move, have no legal move: the tigers win.
    GoatsBlocked,
    /// A player resigned.
    Resignation,
}

/// How a finished game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    pub winner: Role,
    pub reason: EndReason,
}

/// One played move and the side that played it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Played {
    pub mv: Move,
    pub role: Role,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: Options,
    position: Position,
    /// Repetition keys of the positions since every goat was placed, oldest first.
    record: Vec<u64>,
    history: Vec<Played>,
    resigned: Option<Role>,
}

impl Game {
    /// A new game from the start under `options`.
    pub fn new(options: Options) -> Game {
        Game::from_position(options, Position::start(options.first))
    }

    /// A game that begins at `position`; its record holds that position if every goat is
    /// placed in it.
    pub fn from_position(options: Options, position: Position) -> Game {
        let mut record = Vec::with_capacity(128);
        if position.all_placed() {
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

    /// The repetition record (keys of the positions since every goat was placed), oldest first.
    pub fn record(&self) -> &[u64] {
        &self.record
    }

    /// Who resigned, if anyone.
    pub fn resigned(&self) -> Option<Role> {
        self.resigned
    }

    /// `true` if `m` (legal on the board) would leave a position already in the record.
    /// Captures only remove goats and placements only add them, so only the records since
    /// the last capture can match: scan back while the goat count is the same.
    #[inline]
    fn repeats(&self, m: Move) -> bool {
        if self.options.repetition == Repetition::Allowed {
            return false;
        }
        let mut after = self.position;
        after.play_unchecked(m);
        if !after.all_placed() {
            return false;
        }
        let key = after.repetition_key();
        let n = after.goats.count();
        for &k in self.record.iter().rev() {
            if Position::goats_in_key(k) != n {
                break;
            }
            if k == key {
                return true;
            }
        }
        false
    }

    /// The legal moves of the side to move without asking first whether the game is over
    /// (the board's moves less those the repetition rule forbids).
    #[inline]
    fn moves_ignoring_end(&self, out: &mut Moves) {
        self.position.pseudo_legal_moves(out);
        if self.position.all_placed() && self.options.repetition == Repetition::Forbidden {
            out.retain(|&m| !self.repeats(m));
        }
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self, out: &mut Moves) {
        if self.resigned.is_some() || self.target_reached() {
            out.clear();
            return;
        }
        self.moves_ignoring_end(out);
    }

    #[inline]
    fn target_reached(&self) -> bool {
        self.position.captured >= self.options.target.captures()
    }

    /// How the game ended, if it has: a resignation; the target of captures; then the side
    /// to move having no legal move (repetition counted) loses.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.resigned {
            return Some(Outcome { winner: loser.other(), reason: EndReason::Resignation });
        }
        if self.target_reached() {
            return Some(Outcome { winner: Role::Tigers, reason: EndReason::TargetReached });
        }
        let mut moves = Moves::new();
        self.moves_ignoring_end(&mut moves);
        if !moves.is_empty() {
            return None;
        }
        Some(match self.position.turn {
            Role::Tigers => Outcome { winner: Role::Goats, reason: EndReason::TigersBlocked },
            Role::Goats => Outcome { winner: Role::Tigers, reason: EndReason::GoatsBlocked },
        })
    }

    /// Checks `m` as a move by `role`, with the most specific reason when it is illegal.
    pub fn check_as(&self, role: Role, m: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let p = &self.position;
        if role != p.turn {
            return Err(IllegalMove::NotYourTurn);
        }
        let empty = p.empty();
        let mine = match role {
            Role::Tigers => p.tigers,
            Role::Goats => p.goats,
        };
        match m {
            Move::Place(_) if role == Role::Tigers || p.all_placed() => return Err(IllegalMove::CannotPlace),
            Move::Place(_) => {}
            Move::Step(..) | Move::Jump(..) if role == Role::Goats && !p.all_placed() => {
                return Err(IllegalMove::MustPlace);
            }
            Move::Step(from, to) | Move::Jump(from, to) => {
                if !mine.contains(from.0) {
                    return Err(IllegalMove::NotYourPiece);
                }
                if let Move::Step(..) = m
                    && !is_line(from, to)
                {
                    return Err(IllegalMove::NotALine);
                }
                if let Move::Jump(..) = m {
                    let over = jump_between(from, to).map(|j| j.over);
                    if role == Role::Goats || !over.is_some_and(|o: Point| p.goats.contains(o.0)) {
                        return Err(IllegalMove::NoJump);
                    }
                }
            }
        }
        if !empty.contains(m.to().0) {
            return Err(IllegalMove::Occupied);
        }
        if self.repeats(m) {
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
        self.position.play_unchecked(m);
        if self.position.all_placed() {
            self.record.push(self.position.repetition_key());
        }
        let played = Played { mv: m, role };
        self.history.push(played);
        played
    }

    /// Takes back a resignation if there is one (returning `None`), or else the last move.
    /// `None` also at the beginning.
    pub fn undo(&mut self) -> Option<Played> {
        if self.resigned.take().is_some() {
            return None;
        }
        let last = self.history.pop()?;
        // Every position after a move with all goats placed was recorded.
        if self.position.all_placed() {
            self.record.pop();
        }
        self.position.undo_unchecked(last.mv);
        Some(last)
    }

    /// `role` resigns; the other side wins.
    pub fn resign(&mut self, role: Role) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.resigned = Some(role);
        Ok(())
    }

    /// Number of leaf nodes `depth` plies below this game (a finished game has none), counted
    /// in bulk at the last ply.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.resigned.is_some() || self.target_reached() {
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

    fn play(g: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            g.play(m.parse().unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn goats_place_first_and_tigers_jump_one_goat() {
        let mut g = Game::new(Options::default());
        assert_eq!(g.perft(1), 21);
        assert_eq!(g.check_as(Role::Goats, "a1-a2".parse().unwrap()), Err(IllegalMove::MustPlace));
        assert_eq!(g.check_as(Role::Tigers, "a1-a2".parse().unwrap()), Err(IllegalMove::NotYourTurn));
        play(&mut g, "b1");
        assert_eq!(g.check_as(Role::Tigers, "c3".parse().unwrap()), Err(IllegalMove::CannotPlace));
        assert_eq!(g.check_as(Role::Tigers, "a1xa3".parse().unwrap()), Err(IllegalMove::NoJump));
        assert_eq!(g.check_as(Role::Tigers, "a1-b1".parse().unwrap()), Err(IllegalMove::Occupied));
        assert_eq!(g.check_as(Role::Tigers, "a1-c1".parse().unwrap()), Err(IllegalMove::NotALine));
        assert_eq!(g.check_as(Role::Tigers, "b1-c1".parse().unwrap()), Err(IllegalMove::NotYourPiece));
        play(&mut g, "a1xc1");
        assert_eq!(g.position().captured, 1);
        let before = g.clone();
        assert_eq!(g.undo().map(|p| p.mv.to_string()), Some("a1xc1".into()));
        play(&mut g, "a1xc1");
        assert_eq!(g, before);
    }

    #[test]
    fn undo_restores_everything() {
        let mut g = Game::new(Options::default());
        let start = g.clone();
        play(&mut g, "c1 a1-a2 c5");
        while g.undo().is_some() {}
        assert_eq!(g, start);
    }
}
