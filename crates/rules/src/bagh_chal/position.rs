//! A Bagh-Chal position and its moves: placing, stepping and jumping, with everything the
//! board alone decides. The repetition record and the end are the game's business
//! ([`super::Game`]).

use super::board::{ALL, CORNERS, NEIGHBOURS, Point, jumps_from};
use super::options::Role;
use crate::mask::Mask;
use crate::movelist::MoveList;

/// Goats a game starts with, all in hand.
pub const GOATS: u8 = 20;

/// One move. Written `c3` (a goat placed), `c3-c4` (a step along a line) and `a1xa3` (a tiger
/// jumps the goat between and captures it): see `docs/notation.md`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// A goat from the hand onto an empty point.
    Place(Point),
    /// A piece to an empty neighbour.
    Step(Point, Point),
    /// A tiger over the goat between to the empty point beyond.
    Jump(Point, Point),
}

impl Default for Move {
    fn default() -> Move {
        Move::Place(Point(0))
    }
}

impl Move {
    /// The point the moving piece arrives at.
    #[inline]
    pub const fn to(self) -> Point {
        match self {
            Move::Place(to) | Move::Step(_, to) | Move::Jump(_, to) => to,
        }
    }

    /// The point the moving piece leaves (none for a placement).
    #[inline]
    pub const fn from(self) -> Option<Point> {
        match self {
            Move::Place(_) => None,
            Move::Step(from, _) | Move::Jump(from, _) => Some(from),
        }
    }

    /// The goat a jump captures: the point halfway.
    #[inline]
    pub const fn captured(self) -> Option<Point> {
        match self {
            Move::Jump(from, to) => Some(Point((from.0 + to.0) / 2)),
            _ => None,
        }
    }
}

/// Moves of one position. Four tigers have at most eight moves each; goat steps end on an
/// empty point, each reached along at most eight lines, and there are at most 21 empty
/// points but never more empty points than goats plus one once all are placed, so at most
/// 84 goat steps.
pub type Moves = MoveList<Move, 96>;

/// The pieces on the board, the goats in hand and captured, and the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub tigers: Mask,
    pub goats: Mask,
    /// Goats not yet placed.
    pub in_hand: u8,
    /// Goats the tigers have captured.
    pub captured: u8,
    pub turn: Role,
}

impl Position {
    /// The start: a tiger on each corner, twenty goats in hand.
    pub const fn start(first: Role) -> Position {
        Position { tigers: CORNERS, goats: Mask::EMPTY, in_hand: GOATS, captured: 0, turn: first }
    }

    /// Points holding no piece.
    #[inline]
    pub fn empty(&self) -> Mask {
        ALL & !self.tigers & !self.goats
    }

    /// `true` once every goat is placed: the goats move, and the repetition rule applies.
    #[inline]
    pub const fn all_placed(&self) -> bool {
        self.in_hand == 0
    }

    /// Every move of the side to move that the board allows (repetition aside), in a fixed
    /// order: placements or goat steps by point; tiger steps, then jumps, tiger by tiger.
    pub fn pseudo_legal_moves(&self, out: &mut Moves) {
        out.clear();
        let empty = self.empty();
        match self.turn {
            Role::Goats if self.in_hand > 0 => {
                for to in empty {
                    out.push(Move::Place(Point(to)));
                }
            }
            Role::Goats => {
                for from in self.goats {
                    for to in NEIGHBOURS[from as usize] & empty {
                        out.push(Move::Step(Point(from), Point(to)));
                    }
                }
            }
            Role::Tigers => {
                for from in self.tigers {
                    for to in NEIGHBOURS[from as usize] & empty {
                        out.push(Move::Step(Point(from), Point(to)));
                    }
                    for j in jumps_from(Point(from)) {
                        if self.goats.contains(j.over.0) && empty.contains(j.to.0) {
                            out.push(Move::Jump(Point(from), j.to));
                        }
                    }
                }
            }
        }
    }

    /// Plays a move the board allows (not checked).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        match m {
            Move::Place(to) => {
                self.goats = self.goats.with(to.0);
                self.in_hand -= 1;
            }
            Move::Step(from, to) => match self.turn {
                Role::Goats => self.goats ^= from.mask() | to.mask(),
                Role::Tigers => self.tigers ^= from.mask() | to.mask(),
            },
            Move::Jump(from, to) => {
                self.tigers ^= from.mask() | to.mask();
                self.goats = self.goats.without((from.0 + to.0) / 2);
                self.captured += 1;
            }
        }
        self.turn = self.turn.other();
    }

    /// Takes back `m`, the last move played, restoring the position exactly.
    #[inline]
    pub fn undo_unchecked(&mut self, m: Move) {
        self.turn = self.turn.other();
        match m {
            Move::Place(to) => {
                self.goats = self.goats.without(to.0);
                self.in_hand += 1;
            }
            Move::Step(from, to) => match self.turn {
                Role::Goats => self.goats ^= from.mask() | to.mask(),
                Role::Tigers => self.tigers ^= from.mask() | to.mask(),
            },
            Move::Jump(from, to) => {
                self.tigers ^= from.mask() | to.mask();
                self.goats = self.goats.with((from.0 + to.0) / 2);
                self.captured -= 1;
            }
        }
    }

    /// The key the repetition rule compares: where the tigers and the goats stand and the side
    /// to move (the record only holds positions with every goat placed, so the counts in hand
    /// are zero and the captures follow from the goats on the board).
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        self.tigers.0 | self.goats.0 << 25 | u64::from(self.turn.index()) << 50
    }

    /// The number of goats on the board in a position with key `key`.
    #[inline]
    pub const fn goats_in_key(key: u64) -> u32 {
        ((key >> 25) & ALL.0).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_a_placement_on_every_empty_point() {
        let p = Position::start(Role::Goats);
        let mut m = Moves::new();
        p.pseudo_legal_moves(&mut m);
        assert_eq!(m.len(), 21);
        let t = Position::start(Role::Tigers);
        t.pseudo_legal_moves(&mut m);
        assert_eq!(m.len(), 12, "three steps from each corner");
    }

    #[test]
    fn play_and_undo_restore_the_position() {
        let mut p = Position::start(Role::Goats);
        let before = p;
        p.play_unchecked(Move::Place(Point::named("b1")));
        p.play_unchecked(Move::Jump(Point::named("a1"), Point::named("c1")));
        assert_eq!((p.captured, p.goats, p.turn), (1, Mask::EMPTY, Role::Goats));
        p.undo_unchecked(Move::Jump(Point::named("a1"), Point::named("c1")));
        p.undo_unchecked(Move::Place(Point::named("b1")));
        assert_eq!(p, before);
        assert_eq!(Move::Jump(Point::named("a1"), Point::named("c3")).captured(), Some(Point::named("b2")));
    }
}
