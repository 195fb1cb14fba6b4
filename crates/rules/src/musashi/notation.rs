//! Position text: `33:c3:a1,a2,...:p:0` = board : Parent : Children : side to move : Children
//! moves made. Children are printed in name order (a1, a2, ..., b1, ...).

use std::fmt;
use std::str::FromStr;

use super::board::{BoardKind, Point};
use super::options::Role;
use super::position::Position;
use crate::mask::Mask;

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error("a position is board:parent:children:side:moves, e.g. 33:c3:a1,a2:p:0")]
    Shape,
    #[error("board must be 33 or 25")]
    Board,
    #[error("{0:?} is not a point of the {1}-point board")]
    Point(String, u8),
    #[error("two pieces on {0}")]
    Doubled(Point),
    #[error("there are at most 16 Children, not {0}")]
    TooManyChildren(u32),
    #[error("side to move must be p or c")]
    Side,
    #[error("Children moves made must be a number from 0 to 65535")]
    Moves,
}

fn point_on(s: &str, board: BoardKind) -> Result<Point, ParsePositionError> {
    match s.parse::<Point>() {
        Ok(p) if p.0 < board.points() => Ok(p),
        _ => Err(ParsePositionError::Point(s.chars().take(16).collect(), board.points())),
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let parts: Vec<&str> = s.trim().split(':').collect();
        let [board, parent, children, side, moves] = parts[..] else {
            return Err(ParsePositionError::Shape);
        };
        let board: BoardKind = board.parse().map_err(|_| ParsePositionError::Board)?;
        let parent = point_on(parent, board)?;
        let mut set = Mask::EMPTY;
        for name in crate::text::list(children) {
            let p = point_on(name, board)?;
            if p == parent || set.contains(p.0) {
                return Err(ParsePositionError::Doubled(p));
            }
            set = set.with(p.0);
        }
        if set.count() > 16 {
            return Err(ParsePositionError::TooManyChildren(set.count()));
        }
        let turn = match side {
            "p" => Role::Parent,
            "c" => Role::Children,
            _ => return Err(ParsePositionError::Side),
        };
        let children_moves = crate::text::digits(moves).ok_or(ParsePositionError::Moves)?;
        Ok(Position { board, parent, children: set, turn, children_moves })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<Point> = self.children.map(Point).collect();
        names.sort_by_key(|p| (p.x(), p.y()));
        let list: Vec<String> = names.iter().map(Point::to_string).collect();
        let side = match self.turn {
            Role::Parent => 'p',
            Role::Children => 'c',
        };
        write!(f, "{}:{}:{}:{}:{}", self.board, self.parent, list.join(","), side, self.children_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text() {
        let s = "33:c3:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5:p:0";
        let p: Position = s.parse().unwrap();
        assert_eq!(p, Position::start(BoardKind::Setchin33, Role::Parent));
        assert_eq!(p.to_string(), s);
    }

    #[test]
    fn refuses_bad_text() {
        for bad in [
            "",
            "33:c3",
            "34:c3::p:0",
            "25:g1::p:0",
            "33:c3:c3:p:0",
            "33:c3:a1,a1:p:0",
            "33:c3::x:0",
            "33:c3::p:-1",
            "33:c3::p:99999",
            "33:c3::p:+0",
            "33:c3:a1,,a2:p:0",
            "33:c3:a1,:p:0",
            "33:c3:,:p:0",
            "33:c3:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,c1,c2,c4,c5,d1,d2,d3:p:0",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad}");
        }
        assert!("33:c3::c:7".parse::<Position>().is_ok());
    }
}
