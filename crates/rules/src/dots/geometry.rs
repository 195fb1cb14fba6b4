//! Edges and boxes of a W x H Dots and Boxes board, with the edge numbering of docs/design.md §3.2:
//! horizontal edge (row r = 0..=H from the top, column c < W) is `r*W + c`; vertical edge
//! (row r < H, column c = 0..=W from the left) is `(H+1)*W + r*(W+1) + c`.
//!
//! ```text
//!  3x3:   .-0-.-1-.-2-.
//!        12  13  14  15      box (r, c) = r*W + c has top r*W+c, bottom (r+1)*W+c,
//!         .-3-.-4-.-5-.      left (H+1)*W + r*(W+1) + c and right one more.
//!        16  17  18  19
//!         .-6-.-7-.-8-.
//!        20  21  22  23
//!         .-9-.10-.11-.
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::mask::Mask;

/// Boxes across and down; each 3, 4 or 5.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Size {
    pub w: u8,
    pub h: u8,
}

impl Size {
    /// The site default: 5 boxes wide, 4 high (6x5 dots).
    pub const DEFAULT: Size = Size { w: 5, h: 4 };

    /// Every size the site offers.
    pub const ALL: [Size; 9] = {
        let mut all = [Size { w: 3, h: 3 }; 9];
        let mut i = 0;
        while i < 9 {
            all[i] = Size { w: 3 + (i / 3) as u8, h: 3 + (i % 3) as u8 };
            i += 1;
        }
        all
    };

    /// A size with `w` and `h` in `3..=5`.
    pub fn new(w: u8, h: u8) -> Option<Size> {
        ((3..=5).contains(&w) && (3..=5).contains(&h)).then_some(Size { w, h })
    }

    pub const fn boxes(self) -> u8 {
        self.w * self.h
    }

    pub const fn edges(self) -> u8 {
        (self.h + 1) * self.w + self.h * (self.w + 1)
    }

    /// Number of horizontal edges; vertical edges follow them.
    pub const fn horizontal(self) -> u8 {
        (self.h + 1) * self.w
    }

    /// The tables of this size.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        &GEOMETRIES[((self.w - 3) * 3 + (self.h - 3)) as usize]
    }
}

impl Default for Size {
    fn default() -> Size {
        Size::DEFAULT
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.w, self.h)
    }
}

impl FromStr for Size {
    type Err = String;
    fn from_str(s: &str) -> Result<Size, String> {
        let err = || {
            format!(
                "a size is WxH with W and H from 3 to 5, e.g. 5x4; got {:?}",
                s.chars().take(16).collect::<String>()
            )
        };
        let (w, h) = s.split_once('x').ok_or_else(err)?;
        let (w, h) = (crate::text::digits(w).ok_or_else(err)?, crate::text::digits(h).ok_or_else(err)?);
        Size::new(w, h).ok_or_else(err)
    }
}

impl TryFrom<String> for Size {
    type Error = String;
    fn try_from(s: String) -> Result<Size, String> {
        s.parse()
    }
}

impl From<Size> for String {
    fn from(s: Size) -> String {
        s.to_string()
    }
}

/// Most boxes (5x5) and edges (60) of any size.
pub const MAX_BOXES: usize = 25;
pub const MAX_EDGES: usize = 60;
/// Marks "no box" in [`Geometry::edge_boxes`].
pub const NO_BOX: u8 = u8::MAX;

/// The tables of one size.
#[derive(Debug)]
pub struct Geometry {
    pub size: Size,
    /// Every edge of the board.
    pub all_edges: Mask,
    /// Every box of the board (as a box mask).
    pub all_boxes: Mask,
    /// The four edges of each box.
    pub box_edges: [Mask; MAX_BOXES],
    /// The one or two boxes each edge borders (`NO_BOX` for none).
    pub edge_boxes: [[u8; 2]; MAX_EDGES],
}

const fn build(size: Size) -> Geometry {
    let (w, h) = (size.w as usize, size.h as usize);
    let mut box_edges = [Mask::EMPTY; MAX_BOXES];
    let mut edge_boxes = [[NO_BOX; 2]; MAX_EDGES];
    let mut r = 0;
    while r < h {
        let mut c = 0;
        while c < w {
            let b = r * w + c;
            let top = r * w + c;
            let bottom = (r + 1) * w + c;
            let left = (h + 1) * w + r * (w + 1) + c;
            let edges = [top, bottom, left, left + 1];
            let mut i = 0;
            while i < 4 {
                let e = edges[i];
                box_edges[b] = box_edges[b].with(e as u8);
                let slot = if edge_boxes[e][0] == NO_BOX { 0 } else { 1 };
                edge_boxes[e][slot] = b as u8;
                i += 1;
            }
            c += 1;
        }
        r += 1;
    }
    Geometry { size, all_edges: Mask::first(size.edges()), all_boxes: Mask::first(size.boxes()), box_edges, edge_boxes }
}

static GEOMETRIES: [Geometry; 9] = {
    let all = Size::ALL;
    [
        build(all[0]),
        build(all[1]),
        build(all[2]),
        build(all[3]),
        build(all[4]),
        build(all[5]),
        build(all[6]),
        build(all[7]),
        build(all[8]),
    ]
};

/// Where an edge lies, for drawing and for people.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EdgePlace {
    /// Between dots (r, c) and (r, c+1).
    Horizontal { r: u8, c: u8 },
    /// Between dots (r, c) and (r+1, c).
    Vertical { r: u8, c: u8 },
}

impl Geometry {
    /// The boxes edge `e` borders.
    #[inline]
    pub fn boxes_of(&self, e: u8) -> impl Iterator<Item = u8> + use<> {
        self.edge_boxes[e as usize].into_iter().filter(|&b| b != NO_BOX)
    }

    /// Where edge `e` lies.
    pub fn place(&self, e: u8) -> EdgePlace {
        let (w, h) = (self.size.w, self.size.h);
        let hz = (h + 1) * w;
        if e < hz {
            EdgePlace::Horizontal { r: e / w, c: e % w }
        } else {
            let v = e - hz;
            EdgePlace::Vertical { r: v / (w + 1), c: v % (w + 1) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_is_consistent() {
        for size in Size::ALL {
            let g = size.geometry();
            assert_eq!(g.size, size);
            let mut seen = Mask::EMPTY;
            for b in 0..size.boxes() {
                assert_eq!(g.box_edges[b as usize].count(), 4);
                seen |= g.box_edges[b as usize];
                for e in g.box_edges[b as usize] {
                    assert!(g.boxes_of(e).any(|x| x == b));
                }
            }
            assert_eq!(seen, g.all_edges);
            // Border edges touch one box, inner edges two.
            let inner = (0..size.edges()).filter(|&e| g.boxes_of(e).count() == 2).count();
            let (w, h) = (size.w as usize, size.h as usize);
            assert_eq!(inner, (h - 1) * w + h * (w - 1));
        }
    }

    #[test]
    fn numbering_matches_the_design() {
        let g = Size { w: 3, h: 3 }.geometry();
        assert_eq!(g.box_edges[0], Mask(0).with(0).with(3).with(12).with(13));
        assert_eq!(g.box_edges[8], Mask(0).with(8).with(11).with(22).with(23));
        assert_eq!(g.place(13), EdgePlace::Vertical { r: 0, c: 1 });
        assert_eq!(g.place(10), EdgePlace::Horizontal { r: 3, c: 1 });
        assert_eq!(Size::DEFAULT.edges(), 49);
        assert_eq!(Size { w: 5, h: 5 }.edges(), 60);
    }

    #[test]
    fn size_text() {
        assert_eq!("5x4".parse::<Size>().unwrap(), Size::DEFAULT);
        for bad in ["", "2x3", "6x4", "5", "ax4", "5x4x3", "5X4", "+5x4", "5x+4"] {
            assert!(bad.parse::<Size>().is_err(), "{bad}");
        }
    }
}
