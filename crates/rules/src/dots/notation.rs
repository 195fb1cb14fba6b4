//! The Dots and Boxes line as people write it (`docs/notation.md`): the two dots it joins, each
//! named by a column letter (`a` is the leftmost) and a row number (`1` is the top row, as the
//! board's spoken descriptions count them), the left or upper dot first: `b2-c2` is the line
//! across in row 2 from the second dot to the third, `c2-c3` the line down from it.
//!
//! ```
//! use rules::dots::{Size, notation};
//!
//! let size = Size::new(3, 3).unwrap();
//! assert_eq!(notation::line_name(size, 0), "a1-b1");
//! assert_eq!(notation::line_from_name(size, "b1-a1"), Some(0));
//! ```

use super::geometry::{EdgePlace, Size};

/// The name of edge `e` (which must be an edge of `size`).
pub fn line_name(size: Size, e: u8) -> String {
    let (r, c, r2, c2) = match size.geometry().place(e) {
        EdgePlace::Horizontal { r, c } => (r, c, r, c + 1),
        EdgePlace::Vertical { r, c } => (r, c, r + 1, c),
    };
    format!("{}-{}", dot_name(r, c), dot_name(r2, c2))
}

fn dot_name(r: u8, c: u8) -> String {
    format!("{}{}", char::from(b'a' + c), r + 1)
}

/// A dot's (row, column) from its name, on a board of `size`.
fn dot(size: Size, name: &str) -> Option<(u8, u8)> {
    let mut chars = name.chars();
    let col = chars.next()?.to_ascii_lowercase();
    if !col.is_ascii_lowercase() {
        return None;
    }
    let c = col as u8 - b'a';
    let r: u8 = crate::text::digits(chars.as_str())?;
    (c <= size.w && (1..=size.h + 1).contains(&r)).then(|| (r - 1, c))
}

/// The edge a name stands for, the dots in either order; `None` when the text names no line
/// of the board (two dots that are not neighbours, a dot off the board, not a name).
pub fn line_from_name(size: Size, text: &str) -> Option<u8> {
    let (a, b) = text.trim().split_once('-')?;
    let (mut p, mut q) = (dot(size, a)?, dot(size, b)?);
    if q < p {
        std::mem::swap(&mut p, &mut q);
    }
    let ((r, c), (r2, c2)) = (p, q);
    let (w, h) = (size.w, size.h);
    if r == r2 && c2 == c + 1 {
        Some(r * w + c)
    } else if c == c2 && r2 == r + 1 {
        Some((h + 1) * w + r * (w + 1) + c)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_every_size_reads_back_from_its_name() {
        for size in Size::ALL {
            for e in 0..size.edges() {
                let name = line_name(size, e);
                assert_eq!(line_from_name(size, &name), Some(e), "{size:?} {e} {name}");
                let (a, b) = name.split_once('-').unwrap();
                assert_eq!(line_from_name(size, &format!("{b}-{a}")), Some(e), "either order");
            }
        }
        let s = Size::new(5, 4).unwrap();
        // The protocol's numbering: across lines row by row, then the lines down.
        assert_eq!(line_name(s, 0), "a1-b1");
        assert_eq!(line_name(s, 6), "b2-c2");
        assert_eq!(line_name(s, 25), "a1-a2");
        assert_eq!(line_name(s, 32), "b2-b3");
        for bad in ["a1-c1", "a1-b2", "a1", "a1-a1", "g1-h1", "a6-b6", "a0-b0", "17", "", "-", "a+1-b1"] {
            assert_eq!(line_from_name(s, bad), None, "{bad}");
        }
    }

    #[test]
    fn an_edge_number_is_digits() {
        for (text, e) in [("17", 17), (" 17 ", 17), ("017", 17), ("0", 0)] {
            assert_eq!(text.parse::<crate::dots::Edge>().map(|x| x.0), Ok(e), "{text:?}");
        }
        for bad in ["+5", "-1", "5.0", "60", "", "1 7"] {
            assert!(bad.parse::<crate::dots::Edge>().is_err(), "{bad:?}");
        }
    }
}
