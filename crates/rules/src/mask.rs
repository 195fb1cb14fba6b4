//! A set of small indices (points of a Musashi board, edges of a Dots board) as one `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of indices `0..64` packed in a `u64`; bit `i` set means index `i` is in the set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Mask(pub u64);

impl Mask {
    /// The empty set.
    pub const EMPTY: Mask = Mask(0);

    /// The set holding only `i`.
    #[inline]
    pub const fn single(i: u8) -> Mask {
        Mask(1 << i)
    }

    /// The set `0..n`.
    #[inline]
    pub const fn first(n: u8) -> Mask {
        if n >= 64 { Mask(u64::MAX) } else { Mask((1 << n) - 1) }
    }

    #[inline]
    pub const fn contains(self, i: u8) -> bool {
        self.0 & (1 << i) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn with(self, i: u8) -> Mask {
        Mask(self.0 | (1 << i))
    }

    #[inline]
    pub const fn without(self, i: u8) -> Mask {
        Mask(self.0 & !(1 << i))
    }

    /// `true` when every index of `other` is in `self`.
    #[inline]
    pub const fn is_superset(self, other: Mask) -> bool {
        self.0 & other.0 == other.0
    }

    /// The lowest index in the set.
    #[inline]
    pub const fn first_index(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(self.0.trailing_zeros() as u8) }
    }
}

/// Iterates the indices in ascending order.
impl Iterator for Mask {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Mask {}

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mask({:#x})", self.0)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Mask {
            type Output = Mask;
            #[inline]
            fn $f(self, rhs: Mask) -> Mask {
                Mask(self.0 $op rhs.0)
            }
        }
        impl $atr for Mask {
            #[inline]
            fn $af(&mut self, rhs: Mask) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Mask {
    type Output = Mask;
    #[inline]
    fn not(self) -> Mask {
        Mask(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_order() {
        let m = Mask(0b1010_0101);
        assert_eq!(m.collect::<Vec<_>>(), vec![0, 2, 5, 7]);
        assert_eq!(m.count(), 4);
        assert!(m.contains(5) && !m.contains(4));
        assert_eq!(Mask::first(64), Mask(u64::MAX));
        assert_eq!(Mask::first(3), Mask(7));
    }
}
