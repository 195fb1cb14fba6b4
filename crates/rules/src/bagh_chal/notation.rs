//! Text of moves and positions (`docs/notation.md`, `docs/design.md` §4).
//!
//! A move: `c3` places a goat, `c3-c4` steps along a line, `a1xa3` jumps (a tiger captures
//! the goat between). A position: `tigers:goats:hand:captured:side`, points comma separated
//! in name order, e.g. the start `a1,a5,e1,e5::20:0:g`.

use std::fmt;
use std::str::FromStr;

use super::board::{ParsePointError, Point};
use super::options::Role;
use super::position::{GOATS, Move, Position};
use crate::mask::Mask;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(to) => write!(f, "{to}"),
            Move::Step(from, to) => write!(f, "{from}-{to}"),
            Move::Jump(from, to) => write!(f, "{from}x{to}"),
        }
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
    #[error("a move is a point (c3), a step (c3-c4) or a jump (a1xa3); got {0:?}")]
    Shape(String),
    #[error(transparent)]
    Point(#[from] ParsePointError),
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Spaces around the text and around `-` or `x` are allowed; nothing else.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        // Split on the first `-` or `x` (no point name holds either).
        if let Some(i) = s.find(['-', 'x']) {
            let (a, b) = (s[..i].trim(), s[i + 1..].trim());
            let (from, to) = (a.parse()?, b.parse()?);
            return Ok(if s.as_bytes()[i] == b'-' { Move::Step(from, to) } else { Move::Jump(from, to) });
        }
        if s.len() == 2 {
            return Ok(Move::Place(s.parse()?));
        }
        Err(ParseMoveError::Shape(s.chars().take(16).collect()))
    }
}

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error("a position is tigers:goats:hand:captured:side, e.g. a1,a5,e1,e5::20:0:g")]
    Shape,
    #[error(transparent)]
    Point(#[from] ParsePointError),
    #[error("two pieces on {0}")]
    Doubled(Point),
    #[error("there are four tigers, not {0}")]
    Tigers(u32),
    #[error("goats on the board, in hand and captured make twenty, not {0}")]
    Goats(u32),
    #[error("goats in hand and captured are numbers from 0 to 20")]
    Count,
    #[error("side to move must be t or g")]
    Side,
}

fn points(list: &str, taken: Mask) -> Result<Mask, ParsePositionError> {
    let mut set = Mask::EMPTY;
    for name in crate::text::list(list) {
        let p: Point = name.parse()?;
        if set.contains(p.0) || taken.contains(p.0) {
            return Err(ParsePositionError::Doubled(p));
        }
        set = set.with(p.0);
    }
    Ok(set)
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let parts: Vec<&str> = s.trim().split(':').collect();
        let [tigers, goats, hand, captured, side] = parts[..] else {
            return Err(ParsePositionError::Shape);
        };
        let tigers = points(tigers, Mask::EMPTY)?;
        if tigers.count() != 4 {
            return Err(ParsePositionError::Tigers(tigers.count()));
        }
        let goats = points(goats, tigers)?;
        let count = |t: &str| crate::text::digits::<u8>(t).filter(|&n| n <= GOATS).ok_or(ParsePositionError::Count);
        let (in_hand, captured) = (count(hand)?, count(captured)?);
        let total = goats.count() + u32::from(in_hand) + u32::from(captured);
        if total != u32::from(GOATS) {
            return Err(ParsePositionError::Goats(total));
        }
        let turn = match side {
            "t" => Role::Tigers,
            "g" => Role::Goats,
            _ => return Err(ParsePositionError::Side),
        };
        Ok(Position { tigers, goats, in_hand, captured, turn })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |m: Mask| {
            let mut names: Vec<Point> = m.map(Point).collect();
            names.sort_by_key(|p| (p.x(), p.y()));
            names.iter().map(Point::to_string).collect::<Vec<_>>().join(",")
        };
        let side = match self.turn {
            Role::Tigers => 't',
            Role::Goats => 'g',
        };
        write!(f, "{}:{}:{}:{}:{}", list(self.tigers), list(self.goats), self.in_hand, self.captured, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text() {
        for (text, mv) in [
            ("c3", Move::Place(Point::named("c3"))),
            ("c3-c4", Move::Step(Point::named("c3"), Point::named("c4"))),
            ("a1xa3", Move::Jump(Point::named("a1"), Point::named("a3"))),
        ] {
            assert_eq!(text.parse::<Move>(), Ok(mv));
            assert_eq!(mv.to_string(), text);
        }
        assert_eq!(" a1 x a3 ".parse::<Move>(), "a1xa3".parse());
        for bad in ["", "c", "c33", "c3-", "xa3", "c3-c9", "f1", "C3", "c3x-c4", "c3-c4-c5", "é3"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn position_text() {
        let start = "a1,a5,e1,e5::20:0:g";
        let p: Position = start.parse().unwrap();
        assert_eq!(p, Position::start(Role::Goats));
        assert_eq!(p.to_string(), start);
        for bad in [
            "",
            "a1,a5,e1,e5::20:0",
            "a1,a5,e1::20:0:g",
            "a1,a5,e1,e5:a1:19:0:g",
            "a1,a5,e1,e5:c3,c3:18:0:g",
            "a1,a5,e1,e5::19:0:g",
            "a1,a5,e1,e5::21:0:g",
            "a1,a5,e1,e5::20:0:x",
            "a1,a5,e1,e5::-1:21:g",
            "a1,a5,e1,e5::+20:0:g",
            "a1,a5,e1,e5,::20:0:g",
            "a1,,a5,e1,e5::20:0:g",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad}");
        }
    }
}
