//! A position's value and its one-byte encoding in the tables.
//!
//! Stored byte: 0 for a Parent win (the Children cannot force a trap), `d + 1` for a Children
//! win in `d` more Children moves. The generator caps `d` so that it fits ([`MAX_DISTANCE`]).

use rules::musashi::Role;

/// Largest distance a stored byte holds, with room kept for the generator's working codes.
pub const MAX_DISTANCE: u16 = 253;

/// A position's value from the tables (move limit not applied).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// The Children cannot force a trap: with best play the Parent never gets trapped.
    ParentWin,
    /// The Children trap the Parent in this many more Children moves, at best for both.
    ChildrenWin(u16),
}

impl Value {
    /// The value of a stored byte.
    #[inline]
    pub fn from_byte(b: u8) -> Value {
        if b == 0 { Value::ParentWin } else { Value::ChildrenWin(b as u16 - 1) }
    }

    /// The stored byte of a value (`None` when the distance is over [`MAX_DISTANCE`]).
    #[inline]
    pub fn to_byte(self) -> Option<u8> {
        match self {
            Value::ParentWin => Some(0),
            Value::ChildrenWin(d) if d <= MAX_DISTANCE => Some(d as u8 + 1),
            Value::ChildrenWin(_) => None,
        }
    }

    /// The result once the move limit is applied: `moves_left` Children moves remain
    /// (`None`: no limit). The Children win only if their distance fits.
    pub fn with_limit(self, moves_left: Option<u32>) -> Value {
        match (self, moves_left) {
            (Value::ChildrenWin(d), Some(left)) if d as u32 > left => Value::ParentWin,
            (v, _) => v,
        }
    }

    /// Plies to the trap from a position with `turn` to move: each Children move but the
    /// first (when the Children are to move) comes after a Parent move.
    pub fn plies(self, turn: Role) -> Option<u32> {
        match self {
            Value::ParentWin => None,
            Value::ChildrenWin(0) => Some(0),
            Value::ChildrenWin(d) => Some(match turn {
                Role::Parent => 2 * d as u32,
                Role::Children => 2 * d as u32 - 1,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for b in 0..=254u8 {
            assert_eq!(Value::from_byte(b).to_byte(), Some(b));
        }
        assert_eq!(Value::ChildrenWin(MAX_DISTANCE + 1).to_byte(), None);
    }

    #[test]
    fn plies_and_limit() {
        assert_eq!(Value::ChildrenWin(16).plies(Role::Parent), Some(32));
        assert_eq!(Value::ChildrenWin(16).plies(Role::Children), Some(31));
        assert_eq!(Value::ChildrenWin(0).plies(Role::Children), Some(0));
        assert_eq!(Value::ParentWin.plies(Role::Parent), None);
        assert_eq!(Value::ChildrenWin(5).with_limit(Some(4)), Value::ParentWin);
        assert_eq!(Value::ChildrenWin(5).with_limit(Some(5)), Value::ChildrenWin(5));
        assert_eq!(Value::ChildrenWin(5).with_limit(None), Value::ChildrenWin(5));
    }
}
