//! The Bagh-Chal board as data: 25 points, the lines between them, and for each point the
//! straight jumps a tiger can make from it, all derived at compile time from the grid.
//!
//! ```text
//!   5  a5-b5-c5-d5-e5
//!      | \ | / | \ | /|      Points are named like chess squares: column a..e (x = 0..4),
//!   4  a4-b4-c4-d4-e4       row 1..5 (y = 0..4); index y * 5 + x. Every point is joined to
//!      | / | \ | / | \|      its orthogonal neighbours, and the points with x + y even also
//!   3  a3-b3-c3-d3-e3       to their diagonal neighbours (the Alquerque pattern, the same
//!      | \ | / | \ | /|      square as the Edo board of Juroku Musashi).
//!   2  a2-b2-c2-d2-e2
//!      | / | \ | / | \|
//!   1  a1-b1-c1-d1-e1
//! ```

use std::fmt;
use std::str::FromStr;

use crate::mask::Mask;

/// Number of points.
pub const POINTS: usize = 25;

/// Every point of the board.
pub const ALL: Mask = Mask::first(POINTS as u8);

/// A point of the board, `0..25`: `y * 5 + x`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u8);

impl Point {
    /// The point at `(x, y)`, if it is on the board.
    pub const fn at(x: i8, y: i8) -> Option<Point> {
        if x >= 0 && x < 5 && y >= 0 && y < 5 { Some(Point((y * 5 + x) as u8)) } else { None }
    }

    /// The point with a name such as `c3`, as a constant (panics on a bad name at compile time).
    pub const fn named(name: &str) -> Point {
        let b = name.as_bytes();
        assert!(b.len() == 2);
        match Point::at((b[0] as i8) - (b'a' as i8), (b[1] as i8) - (b'1' as i8)) {
            Some(p) => p,
            None => panic!("no such point"),
        }
    }

    #[inline]
    pub const fn x(self) -> i8 {
        (self.0 % 5) as i8
    }

    #[inline]
    pub const fn y(self) -> i8 {
        (self.0 / 5) as i8
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn mask(self) -> Mask {
        Mask::single(self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x() as u8) as char, (b'1' + self.y() as u8) as char)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a point name did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a point name: {0:?} (points are a1..e5)")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'e').contains(&b[0]) || !(b'1'..=b'5').contains(&b[1]) {
            return Err(ParsePointError(s.chars().take(16).collect()));
        }
        Ok(Point((b[1] - b'1') * 5 + (b[0] - b'a')))
    }
}

/// The eight directions, as steps `(dx, dy)`; the diagonal ones only exist from points with
/// `x + y` even.
const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// `true` if `(x, y)` and `(x + dx, y + dy)` are both on the board and joined by a line.
const fn joined(x: i8, y: i8, dx: i8, dy: i8) -> bool {
    let diagonal = dx != 0 && dy != 0;
    Point::at(x, y).is_some() && Point::at(x + dx, y + dy).is_some() && (!diagonal || (x + y) % 2 == 0)
}

/// Neighbours of each point along a line.
pub const NEIGHBOURS: [Mask; POINTS] = {
    let mut out = [Mask::EMPTY; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (x, y) = ((p % 5) as i8, (p / 5) as i8);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            if joined(x, y, dx, dy) {
                out[p] = out[p].with(((y + dy) * 5 + x + dx) as u8);
            }
            d += 1;
        }
        p += 1;
    }
    out
};

/// One jump a tiger can make from a point: over the neighbour `over` to the point `to` just
/// beyond it on the same straight line.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Jump {
    pub over: Point,
    pub to: Point,
}

/// The jumps from each point (at most one per direction) and how many there are.
pub const JUMPS: ([[Jump; 8]; POINTS], [u8; POINTS]) = {
    let mut jumps = [[Jump { over: Point(0), to: Point(0) }; 8]; POINTS];
    let mut count = [0u8; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (x, y) = ((p % 5) as i8, (p / 5) as i8);
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = DIRECTIONS[d];
            // A straight line of three points: p to its neighbour, and on the same way again.
            if joined(x, y, dx, dy) && joined(x + dx, y + dy, dx, dy) {
                let over = Point(((y + dy) * 5 + x + dx) as u8);
                let to = Point(((y + 2 * dy) * 5 + x + 2 * dx) as u8);
                jumps[p][count[p] as usize] = Jump { over, to };
                count[p] += 1;
            }
            d += 1;
        }
        p += 1;
    }
    (jumps, count)
};

/// The jumps from `p`.
#[inline]
pub fn jumps_from(p: Point) -> &'static [Jump] {
    &JUMPS.0[p.index()][..JUMPS.1[p.index()] as usize]
}

/// `true` if `a`-`b` is a line of the board.
#[inline]
pub fn is_line(a: Point, b: Point) -> bool {
    NEIGHBOURS[a.index()].contains(b.0)
}

/// The jump from `from` to `to`, if they are the ends of a straight line of three points.
#[inline]
pub fn jump_between(from: Point, to: Point) -> Option<Jump> {
    jumps_from(from).iter().copied().find(|j| j.to == to)
}

/// The four corners, where the tigers start.
pub const CORNERS: Mask = Mask(1 | 1 << 4 | 1 << 20 | 1 << 24);

/// The 8 symmetries of the square as point permutations (`perm[p]` = image of `p`); the first
/// is the identity. The diagonal pattern survives every rotation and reflection.
pub fn symmetries() -> [[u8; POINTS]; 8] {
    type Map = fn(i8, i8) -> (i8, i8);
    let maps: [Map; 8] = [
        |x, y| (x, y),
        |x, y| (4 - y, x),
        |x, y| (4 - x, 4 - y),
        |x, y| (y, 4 - x),
        |x, y| (4 - x, y),
        |x, y| (x, 4 - y),
        |x, y| (y, x),
        |x, y| (4 - y, 4 - x),
    ];
    maps.map(|f| {
        let mut perm = [0u8; POINTS];
        for (p, slot) in perm.iter_mut().enumerate() {
            let q = Point(p as u8);
            let (x, y) = f(q.x(), q.y());
            *slot = Point::at(x, y).expect("a symmetry maps points to points").0;
        }
        perm
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(m: Mask) -> String {
        m.map(|i| Point(i).to_string()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn lines_and_neighbours() {
        let lines: u32 = NEIGHBOURS.iter().map(|m| m.count()).sum();
        assert_eq!(lines / 2, 56);
        assert_eq!(names(NEIGHBOURS[Point::named("c3").index()]), "b2 c2 d2 b3 d3 b4 c4 d4");
        assert_eq!(names(NEIGHBOURS[Point::named("b3").index()]), "b2 a3 c3 b4");
        assert_eq!(names(NEIGHBOURS[Point::named("a1").index()]), "b1 a2 b2");
        assert_eq!(names(NEIGHBOURS[Point::named("b1").index()]), "a1 c1 b2");
    }

    #[test]
    fn jumps_are_straight_lines_of_three() {
        let from = |s: &str| {
            jumps_from(Point::named(s)).iter().map(|j| format!("{}x{}", j.over, j.to)).collect::<Vec<_>>().join(" ")
        };
        assert_eq!(from("a1"), "b1xc1 b2xc3 a2xa3");
        assert_eq!(from("c3"), "d3xe3 d4xe5 c4xc5 b4xa5 b3xa3 b2xa1 c2xc1 d2xe1");
        assert_eq!(from("b2"), "c2xd2 c3xd4 b3xb4");
        assert_eq!(from("b3"), "c3xd3 b4xb5 b2xb1");
        // 30 orthogonal and 10 diagonal straight triples, each jumpable both ways.
        let total: usize = (0..25).map(|p| jumps_from(Point(p)).len()).sum();
        assert_eq!(total, 2 * 40);
    }

    #[test]
    fn names_round_trip() {
        for i in 0..25 {
            assert_eq!(Point(i).to_string().parse::<Point>(), Ok(Point(i)));
        }
        for bad in ["f1", "a0", "a6", "C3", "", "c", "c33"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn symmetries_keep_lines() {
        for perm in symmetries() {
            for a in 0..25u8 {
                for b in NEIGHBOURS[a as usize] {
                    assert!(is_line(Point(perm[a as usize]), Point(perm[b as usize])));
                }
            }
        }
    }
}
