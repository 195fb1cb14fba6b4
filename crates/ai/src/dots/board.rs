//! The solver's own board tables for any W x H up to 60 edges (the site offers 3..=5 a side;
//! the solver and its tests also use 1x1 .. 3x2, which `rules::dots::Size` does not allow).
//! Edge numbering is docs/design.md §3.2's (Dots edge numbering), so a `rules::Mask` of drawn edges is used as it is.

use std::fmt;

use super::counts::{Counts, NIBBLE_LOW};

/// A symmetry acting on doubled midpoint coordinates.
type PointMap = dyn Fn(i32, i32) -> (i32, i32);

/// Marks "no box" (the edge lies on the border) in [`Board::edge_boxes`].
pub const NONE: u8 = u8::MAX;

/// Why a board size was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("a board is 1 to 5 boxes wide and high, got {0}x{1}")]
    Size(u8, u8),
}

/// Edge, box and symmetry tables of one board size.
#[derive(Clone)]
pub struct Board {
    pub w: u8,
    pub h: u8,
    pub edges: u8,
    pub boxes: u8,
    /// Every edge.
    pub all: u64,
    /// The four edges of each box.
    pub box_edges: Vec<u64>,
    /// The one or two boxes of each edge (`NONE` for none).
    pub edge_boxes: Vec<[u8; 2]>,
    /// Edges from the centre outwards: the move order the searches try first.
    pub centre_out: Vec<u8>,
    /// Each non-identity symmetry of the board as byte-wise lookup tables: the image of a
    /// mask is the OR of `table[k][byte k of the mask]`. Eight lookups per symmetry keep
    /// canonical keys cheap enough to take at every search node.
    syms: Vec<Box<[[u64; 256]; 8]>>,
    /// Each symmetry as an edge permutation, and its inverse (for mapping moves back).
    perms: Vec<Vec<u8>>,
    inverse: Vec<Vec<u8>>,
    /// Classes of two or more edges that touch exactly the same boxes (on boards at least
    /// 2 x 2: the two border edges of each corner box). Such edges are interchangeable: a
    /// position's value depends only on how many of each class are drawn. Each class is
    /// (its mask, `prefix`), where `prefix[k]` is the mask of its first `k` edges.
    pub classes: Vec<(u64, Vec<u64>)>,
    /// For each edge, the mask of its class (just the edge when it is alone).
    pub class_of: Vec<u64>,
    /// The classes again when each is a pair (every board at least 2 x 2), for
    /// [`Board::normalise`] without table lookups: (d, the first edges of the pairs whose
    /// second edge is d above the first), grouped by d; unused entries have no edges.
    pairs: Option<[(u32, u64); 4]>,
    /// Drawn sides of every box at once, a nibble a box (box `x` at bits `4x..4x+4`): the
    /// sum of `count_bytes[k][byte k of the mask]`, so the solver finds boxes with three
    /// sides without visiting each box.
    count_bytes: Box<[[u128; 256]; 8]>,
    /// What drawing each edge adds to the counts.
    pub edge_count: Vec<u128>,
    /// For each edge, its bit in the identity and in each symmetry's image (index `s + 1`
    /// for symmetry `s`), for keys of a position one line on from one whose images are
    /// known.
    pub image_bits: Vec<[u64; 8]>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}x{})", self.w, self.h)
    }
}

impl Board {
    /// The tables for `w` x `h` boxes.
    pub fn new(w: u8, h: u8) -> Result<Board, BoardError> {
        if !(1..=5).contains(&w) || !(1..=5).contains(&h) {
            return Err(BoardError::Size(w, h));
        }
        let (wu, hu) = (w as usize, h as usize);
        let edges = ((h + 1) * w + h * (w + 1)) as usize;
        let boxes = wu * hu;
        let mut box_edges = vec![0u64; boxes];
        let mut edge_boxes = vec![[NONE; 2]; edges];
        for r in 0..hu {
            for c in 0..wu {
                let b = r * wu + c;
                let left = (hu + 1) * wu + r * (wu + 1) + c;
                for e in [r * wu + c, (r + 1) * wu + c, left, left + 1] {
                    box_edges[b] |= 1 << e;
                    let slot = if edge_boxes[e][0] == NONE { 0 } else { 1 };
                    edge_boxes[e][slot] = b as u8;
                }
            }
        }
        // Doubled coordinates of an edge's midpoint: x in 0..=2W, y in 0..=2H.
        let coord = |e: usize| -> (i32, i32) {
            let hz = (hu + 1) * wu;
            if e < hz {
                let (r, c) = (e / wu, e % wu);
                (2 * c as i32 + 1, 2 * r as i32)
            } else {
                let v = e - hz;
                let (r, c) = (v / (wu + 1), v % (wu + 1));
                (2 * c as i32, 2 * r as i32 + 1)
            }
        };
        let edge_at = |x: i32, y: i32| -> usize {
            if y % 2 == 0 {
                (y / 2) as usize * wu + ((x - 1) / 2) as usize
            } else {
                (hu + 1) * wu + ((y - 1) / 2) as usize * (wu + 1) + (x / 2) as usize
            }
        };
        let (xm, ym) = (2 * w as i32, 2 * h as i32);
        let mut maps: Vec<Box<PointMap>> = vec![
            Box::new(move |x, y| (xm - x, y)),
            Box::new(move |x, y| (x, ym - y)),
            Box::new(move |x, y| (xm - x, ym - y)),
        ];
        if w == h {
            maps.push(Box::new(|x, y| (y, x)));
            maps.push(Box::new(move |x, y| (xm - y, x)));
            maps.push(Box::new(move |x, y| (y, ym - x)));
            maps.push(Box::new(move |x, y| (xm - y, ym - x)));
        }
        let perms: Vec<Vec<u8>> = maps
            .iter()
            .map(|m| {
                (0..edges)
                    .map(|e| {
                        let (x, y) = coord(e);
                        let (x2, y2) = m(x, y);
                        edge_at(x2, y2) as u8
                    })
                    .collect()
            })
            .collect();
        // A permutation's bits are distinct, so their sum is their OR.
        let syms = perms.iter().map(|p| byte_tables(edges, |e| 1u64 << p[e])).collect();
        let inverse = perms
            .iter()
            .map(|p| {
                let mut inv = vec![0u8; edges];
                for (e, &img) in p.iter().enumerate() {
                    inv[img as usize] = e as u8;
                }
                inv
            })
            .collect();
        let mut class_of: Vec<u64> = (0..edges).map(|e| 1u64 << e).collect();
        for e in 0..edges {
            for f in 0..edges {
                let (mut p, mut q) = (edge_boxes[e], edge_boxes[f]);
                p.sort_unstable();
                q.sort_unstable();
                if p == q {
                    class_of[e] |= 1 << f;
                }
            }
        }
        let mut classes = Vec::new();
        for (e, &m) in class_of.iter().enumerate() {
            if m.count_ones() >= 2 && m.trailing_zeros() as usize == e {
                let mut prefix = vec![0u64];
                let mut acc = 0u64;
                let mut rest = m;
                while rest != 0 {
                    acc |= rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    prefix.push(acc);
                }
                classes.push((m, prefix));
            }
        }
        let mut pairs = [(0u32, 0u64); 4];
        let mut groups = 0;
        let mut all_pairs = true;
        for (m, _) in &classes {
            if m.count_ones() != 2 {
                all_pairs = false;
                break;
            }
            let (a, d) = (m.trailing_zeros(), 63 - m.leading_zeros() - m.trailing_zeros());
            match pairs[..groups].iter_mut().find(|g| g.0 == d) {
                Some(g) => g.1 |= 1 << a,
                None if groups < 4 => {
                    pairs[groups] = (d, 1 << a);
                    groups += 1;
                }
                None => all_pairs = false,
            }
        }
        let pairs = all_pairs.then_some(pairs);
        let edge_count: Vec<u128> = edge_boxes
            .iter()
            .map(|bs| bs.iter().filter(|&&x| x != NONE).map(|&x| 1u128 << (4 * x as u32)).sum())
            .collect();
        let image_bits: Vec<[u64; 8]> = (0..edges)
            .map(|e| {
                let mut bits = [1u64 << e; 8];
                for (s, p) in perms.iter().enumerate() {
                    bits[s + 1] = 1 << p[e];
                }
                bits
            })
            .collect();
        let count_bytes = byte_tables(edges, |e| edge_count[e]);
        let mut centre_out: Vec<u8> = (0..edges as u8).collect();
        centre_out.sort_by_key(|&e| {
            let (x, y) = coord(e as usize);
            ((2 * x - xm).pow(2) + (2 * y - ym).pow(2), e)
        });
        Ok(Board {
            w,
            h,
            edges: edges as u8,
            boxes: boxes as u8,
            all: if edges == 64 { u64::MAX } else { (1u64 << edges) - 1 },
            box_edges,
            edge_boxes,
            centre_out,
            syms,
            perms,
            inverse,
            classes,
            class_of,
            pairs,
            count_bytes,
            edge_count,
            image_bits,
        })
    }

    /// The tables for a board size the site offers.
    pub fn of(size: rules::dots::Size) -> Board {
        Board::new(size.w, size.h).expect("site sizes are 3..=5 a side")
    }

    /// Number of symmetries other than the identity (3 on a rectangle, 7 on a square).
    pub fn symmetries(&self) -> usize {
        self.syms.len()
    }

    /// The image of `mask` under symmetry `s` (`s < symmetries()`).
    #[inline]
    pub fn apply(&self, s: usize, mask: u64) -> u64 {
        let t = &self.syms[s];
        let mut out = 0;
        let mut m = mask;
        let mut k = 0;
        while m != 0 {
            out |= t[k][(m & 0xff) as usize];
            m >>= 8;
            k += 1;
        }
        out
    }

    /// Where symmetry `s` sends edge `e`.
    pub fn map_edge(&self, s: usize, e: u8) -> u8 {
        self.perms[s][e as usize]
    }

    /// The edge that symmetry `s` sends to `e`.
    pub fn unmap_edge(&self, s: usize, e: u8) -> u8 {
        self.inverse[s][e as usize]
    }

    /// The least image of `mask` under the board's symmetries: one key per class, so the
    /// transposition table holds a position and its mirror images once.
    #[inline]
    pub fn canonical(&self, mask: u64) -> u64 {
        let mut best = mask;
        for s in 0..self.syms.len() {
            best = best.min(self.apply(s, mask));
        }
        best
    }

    /// `mask` with the drawn edges of each class of interchangeable edges (see
    /// [`Board::classes`]) moved to the first edges of the class: an equivalent position
    /// (same value), the same one for every arrangement within the classes.
    #[inline]
    pub fn normalise(&self, mut mask: u64) -> u64 {
        if let Some(pairs) = &self.pairs {
            // A pair with only its second edge drawn gets its first instead.
            for &(d, first) in pairs {
                let t = (mask >> d) & !mask & first;
                mask ^= t | t << d;
            }
            return mask;
        }
        for (m, prefix) in &self.classes {
            let k = (mask & m).count_ones() as usize;
            mask = (mask & !m) | prefix[k];
        }
        mask
    }

    /// Undrawn edges a search need not try: of each class of interchangeable edges, all
    /// but the lowest undrawn one.
    #[inline]
    pub fn interchangeable(&self, drawn: u64) -> u64 {
        let mut skip = 0;
        for (m, _) in &self.classes {
            let u = m & !drawn;
            skip |= u & u.wrapping_sub(1);
        }
        skip
    }

    /// The box across line `e` from box `b` (`NONE` past the border).
    #[inline]
    pub fn across(&self, e: u8, b: u8) -> u8 {
        let [x, y] = self.edge_boxes[e as usize];
        if x == b { y } else { x }
    }

    /// The drawn sides of every box (see [`Counts`]).
    #[inline]
    pub fn counts(&self, drawn: u64) -> Counts {
        let t = &self.count_bytes;
        let mut c = 0u128;
        for (k, table) in t.iter().enumerate() {
            c += table[((drawn >> (8 * k)) & 0xff) as usize];
        }
        Counts(c)
    }

    /// The nibble base of every box (for [`Counts::with`]).
    #[inline]
    pub fn every_box(&self) -> u128 {
        NIBBLE_LOW & (u128::MAX >> (128 - 4 * self.boxes as u32))
    }

    /// Number of drawn sides of box `b`.
    #[inline]
    pub fn sides(&self, drawn: u64, b: u8) -> u32 {
        (drawn & self.box_edges[b as usize]).count_ones()
    }

    /// Boxes that drawing `e` onto `drawn` completes (0, 1 or 2).
    #[inline]
    pub fn completes(&self, drawn: u64, e: u8) -> u32 {
        let after = drawn | 1 << e;
        let [a, b] = self.edge_boxes[e as usize];
        let full = |x: u8| x != NONE && after & self.box_edges[x as usize] == self.box_edges[x as usize];
        full(a) as u32 + full(b) as u32
    }

    /// `true` when drawing `e` gives some box its third side (offers a box).
    #[inline]
    pub fn offers(&self, drawn: u64, e: u8) -> bool {
        self.edge_boxes[e as usize].iter().any(|&b| b != NONE && self.sides(drawn, b) == 2)
    }

    /// Boxes with all four sides drawn.
    pub fn claimed(&self, drawn: u64) -> u32 {
        self.box_edges.iter().filter(|&&m| drawn & m == m).count() as u32
    }
}

/// Per-byte tables of a function of a line mask that adds up over its lines: entry
/// `[k][byte]` is the sum of `of_edge(e)` over the lines `e` set in byte `k`, so the value of
/// a mask is the sum of eight lookups.
fn byte_tables<T: Copy + Default + std::ops::Add<Output = T>>(
    edges: usize,
    of_edge: impl Fn(usize) -> T,
) -> Box<[[T; 256]; 8]> {
    let mut t = Box::new([[T::default(); 256]; 8]);
    for (k, table) in t.iter_mut().enumerate() {
        for (byte, slot) in table.iter_mut().enumerate() {
            for e in (0..8).filter(|bit| byte & (1 << bit) != 0).map(|bit| k * 8 + bit).filter(|&e| e < edges) {
                *slot = *slot + of_edge(e);
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_permutations_that_keep_boxes() {
        for (w, h) in [(1, 1), (2, 1), (3, 3), (5, 4), (4, 5), (5, 5)] {
            let b = Board::new(w, h).unwrap();
            assert_eq!(b.symmetries(), if w == h { 7 } else { 3 });
            for s in 0..b.symmetries() {
                let img = b.apply(s, b.all);
                assert_eq!(img, b.all, "{w}x{h} sym {s} is not onto");
                // Every box maps onto a box.
                for &be in &b.box_edges {
                    assert!(b.box_edges.contains(&b.apply(s, be)));
                }
            }
        }
    }

    #[test]
    fn interchangeable_edges_are_the_corner_border_pairs() {
        let b = Board::new(3, 3).unwrap();
        // Corners: top-left box 0 has top edge 0 and left edge 12; top-right box 2 has 2 and 15.
        let pairs: Vec<u64> = b.classes.iter().map(|c| c.0).collect();
        assert_eq!(pairs.len(), 4);
        assert!(pairs.contains(&(1 << 0 | 1 << 12)));
        assert!(pairs.contains(&(1 << 2 | 1 << 15)));
        assert_eq!(b.normalise(1 << 12), 1 << 0);
        assert_eq!(b.normalise(1 << 0 | 1 << 12), 1 << 0 | 1 << 12);
        assert_eq!(b.interchangeable(0) & (1 << 0 | 1 << 12), 1 << 12);
        assert_eq!(b.interchangeable(1 << 0) & (1 << 0 | 1 << 12), 0);
        // 1x1: all four edges touch the one box.
        let b = Board::new(1, 1).unwrap();
        assert_eq!(b.classes.len(), 1);
        assert_eq!(b.normalise(0b1010), 0b0011);
    }

    /// The bit-shift normalisation of pair classes equals the general one by prefixes.
    #[test]
    fn pair_normalisation_equals_the_general_one() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for (w, h) in [(2, 2), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5), (2, 5)] {
            let b = Board::new(w, h).unwrap();
            assert!(b.pairs.is_some(), "{w}x{h}");
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = x & b.all;
                let mut general = m;
                for (c, prefix) in &b.classes {
                    general = (general & !c) | prefix[(general & c).count_ones() as usize];
                }
                assert_eq!(b.normalise(m), general, "{w}x{h} {m:#x}");
            }
        }
        assert!(Board::new(1, 3).unwrap().pairs.is_none());
    }

    #[test]
    fn numbering_matches_the_rules_crate() {
        for size in rules::dots::Size::ALL {
            let ours = Board::of(size);
            let theirs = size.geometry();
            for b in 0..size.boxes() as usize {
                assert_eq!(ours.box_edges[b], theirs.box_edges[b].0);
            }
            assert_eq!(ours.all, theirs.all_edges.0);
            assert_eq!(ours.centre_out.len(), size.edges() as usize);
        }
    }
}
