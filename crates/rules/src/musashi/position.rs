//! A Juroku Musashi position, its moves and the board-level rules: stepping, pair captures and
//! the end conditions that do not depend on history.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, BoardKind, ParsePointError, Point};
use super::options::{Limit, Role, Target};
use crate::mask::Mask;
use crate::movelist::MoveList;

/// One step of one piece along a line: `from-to`, e.g. `c3-d4`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

impl Move {
    pub const fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move text did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("a move is written from-to, e.g. c3-d4; got {0:?}")]
    Shape(String),
    #[error(transparent)]
    Point(#[from] ParsePointError),
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (a, b) = s.split_once('-').ok_or_else(|| ParseMoveError::Shape(s.chars().take(16).collect()))?;
        Ok(Move { from: a.trim().parse()?, to: b.trim().parse()? })
    }
}

/// Moves of one position; 16 Children with at most 8 lines each bound it.
pub type Moves = MoveList<Move, 128>;

/// Pieces on the board, side to move and the Children moves made so far.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub board: BoardKind,
    pub parent: Point,
    pub children: Mask,
    pub turn: Role,
    /// Children moves made so far (what the move limit counts).
    pub children_moves: u16,
}

/// What a position's end conditions say, apart from repetition and resignation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// After a Children move the Parent has no empty neighbour: the Children win.
    Trapped,
    /// The Parent has taken its target: at most `16 - target` Children are left.
    TargetReached,
    /// The Children have no legal move (repetition counts as illegal): the Parent wins.
    ChildrenNoMove,
    /// The Children have made `limit` moves without trapping: the Parent wins.
    MoveLimit,
    /// A player resigned.
    Resignation,
}

impl EndReason {
    /// Who wins for a reason found on the board (not resignation).
    pub const fn winner(self) -> Role {
        match self {
            EndReason::Trapped => Role::Children,
            _ => Role::Parent,
        }
    }
}

impl Position {
    /// The start: Parent on c3, Children on the 16 edge points of the square.
    pub fn start(board: BoardKind, first: Role) -> Position {
        let edge = (0..25u8).filter(|&i| {
            let p = Point(i);
            p.x() == 0 || p.x() == 4 || p.y() == 0 || p.y() == 4
        });
        Position {
            board,
            parent: Point::named("c3"),
            children: edge.fold(Mask::EMPTY, |m, i| m.with(i)),
            turn: first,
            children_moves: 0,
        }
    }

    #[inline]
    pub fn geometry(&self) -> &'static Board {
        self.board.geometry()
    }

    /// Points holding no piece.
    #[inline]
    pub fn empty(&self) -> Mask {
        self.geometry().all & !self.children & !self.parent.mask()
    }

    /// Empty neighbours of the Parent: where it can step. None after a Children move means trapped.
    #[inline]
    pub fn parent_exits(&self) -> Mask {
        self.geometry().neighbours[self.parent.index()] & self.empty()
    }

    /// Children the Parent would take by arriving at `to` (pairs on straight lines through it).
    #[inline]
    pub fn captures_at(&self, to: Point) -> Mask {
        let mut taken = Mask::EMPTY;
        for &pair in self.geometry().pairs_through(to) {
            if self.children.is_superset(pair) {
                taken |= pair;
            }
        }
        taken
    }

    /// Every move by the side to move that the board allows (repetition is the game's business).
    pub fn pseudo_legal_moves(&self, out: &mut Moves) {
        out.clear();
        let geo = self.geometry();
        let empty = self.empty();
        match self.turn {
            Role::Parent => {
                for to in geo.neighbours[self.parent.index()] & empty {
                    out.push(Move::new(self.parent, Point(to)));
                }
            }
            Role::Children => {
                for from in self.children {
                    for to in geo.neighbours[from as usize] & empty {
                        out.push(Move::new(Point(from), Point(to)));
                    }
                }
            }
        }
    }

    /// Number of moves the board allows, without listing them.
    pub fn count_pseudo_legal(&self) -> u32 {
        let geo = self.geometry();
        let empty = self.empty();
        match self.turn {
            Role::Parent => (geo.neighbours[self.parent.index()] & empty).count(),
            Role::Children => self.children.map(|c| (geo.neighbours[c as usize] & empty).count()).sum(),
        }
    }

    /// Plays a move the board allows (not checked); returns the Children taken.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Mask {
        match self.turn {
            Role::Parent => {
                self.parent = m.to;
                let taken = self.captures_at(m.to);
                self.children ^= taken;
                self.turn = Role::Children;
                taken
            }
            Role::Children => {
                self.children ^= m.from.mask() | m.to.mask();
                self.children_moves += 1;
                self.turn = Role::Parent;
                Mask::EMPTY
            }
        }
    }

    /// Takes back `m`, which took `taken`, restoring the position exactly.
    #[inline]
    pub fn undo_unchecked(&mut self, m: Move, taken: Mask) {
        match self.turn.other() {
            Role::Parent => {
                self.parent = m.from;
                self.children |= taken;
                self.turn = Role::Parent;
            }
            Role::Children => {
                self.children ^= m.from.mask() | m.to.mask();
                self.children_moves -= 1;
                self.turn = Role::Children;
            }
        }
    }

    /// The end conditions that the position alone decides, in the order the rules apply them.
    /// "Children have no legal move" needs the repetition record, so [`super::Game`] adds it.
    pub fn static_outcome(&self, target: Target, limit: Limit) -> Option<EndReason> {
        if self.turn == Role::Parent && self.parent_exits().is_empty() {
            return Some(EndReason::Trapped);
        }
        if let Some(left) = target.children_left_to_win()
            && self.children.count() <= left as u32
        {
            return Some(EndReason::TargetReached);
        }
        if limit.reached(self.children_moves) {
            return Some(EndReason::MoveLimit);
        }
        None
    }

    /// The key the repetition rule compares: Parent point and Children set (the record only
    /// holds positions with the Parent to move, so the side is implied).
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        self.children.0 | (self.parent.0 as u64) << 40
    }

    /// Children the Parent could take with its next move (the seeds' dashed rings), and for
    /// each point it can step to, how many it would take there.
    pub fn danger(&self) -> (Mask, MoveList<(Point, u8), 8>) {
        let mut endangered = Mask::EMPTY;
        let mut points = MoveList::new();
        for to in self.parent_exits() {
            let taken = self.captures_at(Point(to));
            if taken.any() {
                endangered |= taken;
                points.push((Point(to), taken.count() as u8));
            }
        }
        (endangered, points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let p = Position::start(BoardKind::Setchin33, Role::Parent);
        assert_eq!(p.children.count(), 16);
        assert_eq!(p.parent_exits().count(), 8);
        let mut m = Moves::new();
        p.pseudo_legal_moves(&mut m);
        assert_eq!(m.len(), 8);
    }

    #[test]
    fn move_text() {
        let m: Move = "c3-d4".parse().unwrap();
        assert_eq!(m.to_string(), "c3-d4");
        assert!("c3d4".parse::<Move>().is_err());
        assert!("c3-z9".parse::<Move>().is_err());
        assert!("".parse::<Move>().is_err());
    }
}
