//! The two Juroku Musashi boards as data: points, lines, neighbour masks, capture pairs and
//! symmetries, all derived at compile time from one list of lines.
//!
//! ```text
//!   5  a5-b5-c5-d5-e5       g5
//!      | \ | / | \ | /     /|
//!   4  a4-b4-c4-d4-e4-f4-g4      Points are named like chess squares: column a..g
//!      | / | \ | / | \ |\  |     (x = 0..6), row 1..5 (y = 0..4). The square a1..e5
//!   3  a3-b3-c3-d3-e3-f3-g3      is the 25-point Edo board; the Setchin triangle
//!      | \ | / | \ | /|/  |      (f2 f3 f4 g1..g5, apex e3) makes it 33 points.
//!   2  a2-b2-c2-d2-e2  f2-g2     (The sketch shows where the points are, not every
//!      | / | \ | / | \   \|      Setchin line: see `SETCHIN_LINES`.)
//!   1  a1-b1-c1-d1-e1       g1
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::mask::Mask;

/// Number of points on the largest board.
pub const MAX_POINTS: usize = 33;

/// A point of the board, indexed `0..33`: the square row by row from a1 (`y * 5 + x`),
/// then the Setchin f2 f3 f4 g1 g2 g3 g4 g5.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u8);

/// Board coordinates of every point, in index order.
pub const COORDS: [(i8, i8); MAX_POINTS] = {
    let mut c = [(0i8, 0i8); MAX_POINTS];
    let mut i = 0;
    while i < 25 {
        c[i] = ((i % 5) as i8, (i / 5) as i8);
        i += 1;
    }
    c[25] = (5, 1); // f2
    c[26] = (5, 2); // f3
    c[27] = (5, 3); // f4
    c[28] = (6, 0); // g1
    c[29] = (6, 1); // g2
    c[30] = (6, 2); // g3
    c[31] = (6, 3); // g4
    c[32] = (6, 4); // g5
    c
};

impl Point {
    /// The point at `(x, y)`, if it is one of the 33.
    pub const fn at(x: i8, y: i8) -> Option<Point> {
        let mut i = 0;
        while i < MAX_POINTS {
            if COORDS[i].0 == x && COORDS[i].1 == y {
                return Some(Point(i as u8));
            }
            i += 1;
        }
        None
    }

    /// The point with a name such as `e3`, as a constant (panics on a bad name at compile time).
    pub const fn named(name: &str) -> Point {
        let b = name.as_bytes();
        assert!(b.len() == 2);
        match Point::at((b[0] - b'a') as i8, (b[1] - b'1') as i8) {
            Some(p) => p,
            None => panic!("no such point"),
        }
    }

    #[inline]
    pub const fn x(self) -> i8 {
        COORDS[self.0 as usize].0
    }

    #[inline]
    pub const fn y(self) -> i8 {
        COORDS[self.0 as usize].1
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn mask(self) -> Mask {
        Mask::single(self.0)
    }

    /// `true` for the eight Setchin points.
    pub const fn is_setchin(self) -> bool {
        self.0 >= 25
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
#[error("not a point name: {0:?} (points are a1..e5 and the Setchin f2 f3 f4 g1..g5)")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let b = s.as_bytes();
        let err = || ParsePointError(s.chars().take(16).collect());
        if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'5').contains(&b[1]) {
            return Err(err());
        }
        Point::at((b[0] - b'a') as i8, (b[1] - b'1') as i8).ok_or_else(err)
    }
}

/// The 16 lines of the Setchin triangle (e2 and e4 do not touch it).
pub const SETCHIN_LINES: [(Point, Point); 16] = {
    const fn l(a: &str, b: &str) -> (Point, Point) {
        (Point::named(a), Point::named(b))
    }
    [
        l("e3", "f2"),
        l("e3", "f3"),
        l("e3", "f4"),
        l("f2", "f3"),
        l("f3", "f4"),
        l("f3", "g3"),
        l("f2", "g1"),
        l("f2", "g2"),
        l("f2", "g3"),
        l("f4", "g3"),
        l("f4", "g4"),
        l("f4", "g5"),
        l("g1", "g2"),
        l("g2", "g3"),
        l("g3", "g4"),
        l("g4", "g5"),
    ]
};

/// The 56 lines of the 5x5 square: every orthogonal neighbour, and the diagonals through
/// points with `x + y` even (the Alquerque pattern).
pub const SQUARE_LINES: [(Point, Point); 56] = {
    let mut out = [(Point(0), Point(0)); 56];
    let mut n = 0;
    let mut y = 0i8;
    while y < 5 {
        let mut x = 0i8;
        while x < 5 {
            let p = match Point::at(x, y) {
                Some(p) => p,
                None => panic!(),
            };
            // Right, up, and (from even points) up-right and up-left.
            let steps: [(i8, i8, bool); 4] =
                [(1, 0, true), (0, 1, true), (1, 1, (x + y) % 2 == 0), (-1, 1, (x + y) % 2 == 0)];
            let mut s = 0;
            while s < 4 {
                let (dx, dy, ok) = steps[s];
                let (qx, qy) = (x + dx, y + dy);
                if ok
                    && qx >= 0
                    && qx < 5
                    && qy < 5
                    && let Some(q) = Point::at(qx, qy)
                {
                    out[n] = (p, q);
                    n += 1;
                }
                s += 1;
            }
            x += 1;
        }
        y += 1;
    }
    assert!(n == 56);
    out
};

/// Which board: the standard 33-point board with the Setchin, or the 25-point Edo square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "MusashiBoard"))]
pub enum BoardKind {
    #[default]
    #[serde(rename = "33")]
    Setchin33,
    #[serde(rename = "25")]
    Square25,
}

impl BoardKind {
    /// The board's geometry tables.
    #[inline]
    pub fn geometry(self) -> &'static Board {
        match self {
            BoardKind::Setchin33 => &BOARD33,
            BoardKind::Square25 => &BOARD25,
        }
    }

    /// `33` or `25`.
    pub const fn points(self) -> u8 {
        match self {
            BoardKind::Setchin33 => 33,
            BoardKind::Square25 => 25,
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.points())
    }
}

impl FromStr for BoardKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BoardKind, String> {
        match s {
            "33" => Ok(BoardKind::Setchin33),
            "25" => Ok(BoardKind::Square25),
            _ => Err(format!("board must be 33 or 25, not {s:?}")),
        }
    }
}

/// Most straight lines through one point (e3 and the even points of the square have 4).
pub const MAX_THROUGH: usize = 4;

/// The tables of one board.
#[derive(Debug)]
pub struct Board {
    pub kind: BoardKind,
    /// Number of points: 33 or 25.
    pub len: u8,
    /// Every point of the board.
    pub all: Mask,
    /// Neighbours of each point along a line.
    pub neighbours: [Mask; MAX_POINTS],
    /// For each point p, the pairs {q, r} of neighbours with q - p = p - r: a Parent arriving
    /// at p between Children on both takes them.
    pub pairs: [[Mask; MAX_THROUGH]; MAX_POINTS],
    pub pair_count: [u8; MAX_POINTS],
    /// Number of lines.
    pub lines: u8,
}

const fn build(kind: BoardKind) -> Board {
    let len = kind.points();
    let mut neighbours = [Mask::EMPTY; MAX_POINTS];
    let mut lines = 0u8;
    let mut i = 0;
    while i < SQUARE_LINES.len() + SETCHIN_LINES.len() {
        let (a, b) = if i < SQUARE_LINES.len() { SQUARE_LINES[i] } else { SETCHIN_LINES[i - SQUARE_LINES.len()] };
        if a.0 < len && b.0 < len {
            neighbours[a.0 as usize] = neighbours[a.0 as usize].with(b.0);
            neighbours[b.0 as usize] = neighbours[b.0 as usize].with(a.0);
            lines += 1;
        }
        i += 1;
    }
    let mut pairs = [[Mask::EMPTY; MAX_THROUGH]; MAX_POINTS];
    let mut pair_count = [0u8; MAX_POINTS];
    let mut p = 0;
    while p < len as usize {
        let (px, py) = COORDS[p];
        let mut q = 0;
        while q < len as usize {
            let mut r = q + 1;
            while r < len as usize {
                let straight = COORDS[q].0 - px == px - COORDS[r].0 && COORDS[q].1 - py == py - COORDS[r].1;
                if straight && neighbours[p].contains(q as u8) && neighbours[p].contains(r as u8) {
                    pairs[p][pair_count[p] as usize] = Mask::single(q as u8).with(r as u8);
                    pair_count[p] += 1;
                }
                r += 1;
            }
            q += 1;
        }
        p += 1;
    }
    Board { kind, len, all: Mask::first(len), neighbours, pairs, pair_count, lines }
}

/// The standard 33-point board.
pub static BOARD33: Board = build(BoardKind::Setchin33);
/// The 25-point Edo square.
pub static BOARD25: Board = build(BoardKind::Square25);

impl Board {
    /// The capture pairs through `p`.
    #[inline]
    pub fn pairs_through(&self, p: Point) -> &[Mask] {
        &self.pairs[p.index()][..self.pair_count[p.index()] as usize]
    }

    /// `true` if `a`-`b` is a line of this board.
    #[inline]
    pub fn is_line(&self, a: Point, b: Point) -> bool {
        a.0 < self.len && b.0 < self.len && self.neighbours[a.index()].contains(b.0)
    }

    /// `true` if `p` is a point of this board.
    #[inline]
    pub fn has(&self, p: Point) -> bool {
        p.0 < self.len
    }

    /// The points of this board.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.len).map(Point)
    }

    /// The symmetries of the board as point permutations (`perm[p] = image of p`); the first is
    /// the identity. Eight on the square (the diagonal pattern survives every rotation and
    /// reflection); on the 33-point board only the mirror `y -> 4 - y` keeps the Setchin.
    pub fn symmetries(&self) -> Vec<[u8; MAX_POINTS]> {
        type Map = fn(i8, i8) -> (i8, i8);
        let maps: &[Map] = match self.kind {
            BoardKind::Square25 => &[
                |x, y| (x, y),
                |x, y| (4 - y, x),
                |x, y| (4 - x, 4 - y),
                |x, y| (y, 4 - x),
                |x, y| (4 - x, y),
                |x, y| (x, 4 - y),
                |x, y| (y, x),
                |x, y| (4 - y, 4 - x),
            ],
            BoardKind::Setchin33 => &[|x, y| (x, y), |x, y| (x, 4 - y)],
        };
        maps.iter()
            .map(|f| {
                let mut perm = [0u8; MAX_POINTS];
                for p in self.points() {
                    let (x, y) = f(p.x(), p.y());
                    perm[p.index()] = Point::at(x, y).expect("symmetry maps points to points").0;
                }
                perm
            })
            .collect()
    }

    /// Every line of the board as a pair of points, each once.
    pub fn line_list(&self) -> Vec<(Point, Point)> {
        self.points()
            .flat_map(|a| self.neighbours[a.index()].filter(move |&b| b > a.0).map(move |b| (a, Point(b))))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn counts_points_and_lines() {
        assert_eq!(BOARD33.len, 33);
        assert_eq!(BOARD33.lines, 72);
        assert_eq!(BOARD25.len, 25);
        assert_eq!(BOARD25.lines, 56);
        assert_eq!(BOARD33.line_list().len(), 72);
    }

    #[test]
    fn names_round_trip() {
        for i in 0..33 {
            let pt = Point(i);
            assert_eq!(pt.to_string().parse::<Point>().unwrap(), pt);
        }
        assert!("f1".parse::<Point>().is_err());
        assert!("f5".parse::<Point>().is_err());
        assert!("h3".parse::<Point>().is_err());
        assert!("a".parse::<Point>().is_err());
        assert!("a0".parse::<Point>().is_err());
    }

    #[test]
    fn neighbours_follow_the_pattern() {
        let names = |m: Mask| {
            let mut v: Vec<String> = m.map(|i| Point(i).to_string()).collect();
            v.sort();
            v.join(" ")
        };
        // c3 (x+y even) has all eight; b3 (odd) only four.
        assert_eq!(names(BOARD33.neighbours[p("c3").index()]), "b2 b3 b4 c2 c4 d2 d3 d4");
        assert_eq!(names(BOARD33.neighbours[p("b3").index()]), "a3 b2 b4 c3");
        // e3 reaches into the Setchin on the 33-point board only.
        assert_eq!(names(BOARD33.neighbours[p("e3").index()]), "d2 d3 d4 e2 e4 f2 f3 f4");
        assert_eq!(names(BOARD25.neighbours[p("e3").index()]), "d2 d3 d4 e2 e4");
        // e2 and e4 do not touch the Setchin.
        assert_eq!(names(BOARD33.neighbours[p("e2").index()]), "d2 e1 e3");
        assert_eq!(names(BOARD33.neighbours[p("g1").index()]), "f2 g2");
        assert_eq!(names(BOARD33.neighbours[p("g5").index()]), "f4 g4");
        assert_eq!(names(BOARD33.neighbours[p("f2").index()]), "e3 f3 g1 g2 g3");
        assert_eq!(names(BOARD33.neighbours[p("g3").index()]), "f2 f3 f4 g2 g4");
    }

    #[test]
    fn capture_pairs_are_straight_lines() {
        let pairs = |b: &Board, s: &str| {
            let mut v: Vec<String> = b
                .pairs_through(p(s))
                .iter()
                .map(|m| {
                    let mut ends: Vec<String> = m.map(|i| Point(i).to_string()).collect();
                    ends.sort();
                    ends.join("-")
                })
                .collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(pairs(&BOARD33, "e3"), "d2-f4 d3-f3 d4-f2 e2-e4");
        assert_eq!(pairs(&BOARD25, "e3"), "e2-e4");
        assert_eq!(pairs(&BOARD33, "c3"), "b2-d4 b3-d3 b4-d2 c2-c4");
        assert_eq!(pairs(&BOARD33, "b3"), "a3-c3 b2-b4");
        assert_eq!(pairs(&BOARD33, "f2"), "e3-g1");
        assert_eq!(pairs(&BOARD33, "f3"), "e3-g3 f2-f4");
        assert_eq!(pairs(&BOARD33, "f4"), "e3-g5");
        assert_eq!(pairs(&BOARD33, "g3"), "g2-g4");
        assert_eq!(pairs(&BOARD33, "g1"), "");
        assert_eq!(pairs(&BOARD33, "a1"), "");
        assert_eq!(pairs(&BOARD33, "g2"), "g1-g3");
        // 30 orthogonal and 10 diagonal straight triples on the square; the Setchin adds
        // three through e3, one through f2, f4, g2, g3, g4 each and two through f3.
        let total: usize = (0..33).map(|i| BOARD33.pair_count[i] as usize).sum();
        let square: usize = (0..25).map(|i| BOARD25.pair_count[i] as usize).sum();
        assert_eq!(square, 40);
        assert_eq!(total, 40 + 3 + 1 + 1 + 1 + 1 + 1 + 2);
    }

    #[test]
    fn symmetries_preserve_lines() {
        for b in [&BOARD33, &BOARD25] {
            let syms = b.symmetries();
            assert_eq!(syms.len(), if b.kind == BoardKind::Square25 { 8 } else { 2 });
            for perm in syms {
                for (x, y) in b.line_list() {
                    assert!(b.is_line(Point(perm[x.index()]), Point(perm[y.index()])));
                }
            }
        }
    }
}
