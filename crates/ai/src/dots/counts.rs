//! The drawn sides of every box at once, a nibble a box ([`super::board::Board::counts`]):
//! the solver finds the boxes with two or three sides in a few word operations instead of a
//! loop over the boxes.

/// Nibble-packed side counts ([`super::board::Board::counts`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counts(pub u128);

/// The lowest bit of every nibble.
pub(super) const NIBBLE_LOW: u128 = u128::MAX / 15;

impl Counts {
    /// Boxes (as a mask of nibble bases, see [`Counts::boxes`]) with exactly `n` sides drawn.
    #[inline]
    pub fn with(self, n: u32, every: u128) -> u128 {
        let c = self.0;
        let (b0, b1, b2) = (c & NIBBLE_LOW, (c >> 1) & NIBBLE_LOW, (c >> 2) & NIBBLE_LOW);
        let pick = |bit: u128, on: bool| if on { bit } else { !bit };
        pick(b0, n & 1 != 0) & pick(b1, n & 2 != 0) & pick(b2, n & 4 != 0) & every
    }

    /// Box indices of a mask of nibble bases.
    #[inline]
    pub fn boxes(mut m: u128) -> impl Iterator<Item = u8> {
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let i = m.trailing_zeros() / 4;
                m &= m - 1;
                i as u8
            })
        })
    }

    /// Sides drawn of box `x`.
    #[inline]
    pub fn of(self, x: u8) -> u32 {
        ((self.0 >> (4 * x as u32)) & 15) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dots::board::Board;

    #[test]
    fn packed_counts_equal_per_box_counts() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for (w, h) in [(1, 1), (3, 3), (4, 4), (5, 4), (5, 5)] {
            let b = Board::new(w, h).unwrap();
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = x & b.all;
                let c = b.counts(m);
                for n in 0..=4 {
                    let want: Vec<u8> = (0..b.boxes).filter(|&y| b.sides(m, y) == n).collect();
                    assert_eq!(Counts::boxes(c.with(n, b.every_box())).collect::<Vec<_>>(), want);
                }
                let e = (x % b.edges as u64) as u8;
                if m & 1 << e == 0 {
                    assert_eq!(Counts(c.0 + b.edge_count[e as usize]), b.counts(m | 1 << e));
                }
                assert!((0..b.boxes).all(|y| c.of(y) == b.sides(m, y)));
            }
        }
    }
}
