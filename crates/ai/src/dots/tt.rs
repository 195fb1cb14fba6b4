//! The solver's transposition table: bounds on the value of canonical positions, two slots a
//! bucket (the first keeps the entry with the most undrawn lines, the second the latest).
//!
//! Why the key is the drawn edges alone: a value is the margin of boxes *still to come* for
//! the player to move, so neither the score so far nor who is to move changes it, and one
//! entry serves both players.

use super::board::NONE;

/// One slot: bounds on the value of a canonical position.
#[derive(Copy, Clone, Default, Debug)]
pub struct Entry {
    /// Canonical drawn edges with bit 63 set (an empty slot has 0).
    key: u64,
    pub lo: i8,
    pub hi: i8,
    /// Best move found, in the canonical frame (`NONE` if none).
    pub best: u8,
    /// Undrawn edges: bigger means more work went into the entry.
    depth: u8,
}

const OCCUPIED: u64 = 1 << 63;

/// `2^bits` buckets of two 16-byte entries.
pub struct Table {
    slots: Vec<[Entry; 2]>,
    shift: u32,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table { slots: vec![[Entry::default(); 2]; 1 << bits], shift: 64 - bits }
    }

    pub fn buckets(&self) -> usize {
        self.slots.len()
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|b| *b = [Entry::default(); 2]);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].iter().find(|en| en.key == key | OCCUPIED).copied()
    }

    /// Stores bounds for `key` (`best` in the canonical frame, `NONE` for none).
    #[inline]
    pub fn store(&mut self, key: u64, lo: i32, hi: i32, best: u8, depth: u8) {
        let entry = Entry { key: key | OCCUPIED, lo: lo as i8, hi: hi as i8, best, depth };
        let idx = self.index(key);
        let slot = &mut self.slots[idx];
        if slot[0].key == entry.key {
            slot[0] = entry;
        } else if slot[0].depth <= depth {
            // Overwrites a stale copy of this key in the second slot too.
            slot[1] = slot[0];
            slot[0] = entry;
        } else {
            slot[1] = entry;
        }
    }
}

impl Entry {
    pub fn has_move(&self) -> bool {
        self.best != NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_deepest_and_the_latest() {
        let mut t = Table::new(4);
        t.store(5, -2, 2, 3, 10);
        assert_eq!(t.probe(5).map(|e| (e.lo, e.hi, e.best)), Some((-2, 2, 3)));
        assert!(t.probe(6).is_none());
        t.store(5, 0, 2, NONE, 10);
        assert_eq!(t.probe(5).map(|e| (e.lo, e.has_move())), Some((0, false)));
        t.clear();
        assert!(t.probe(5).is_none());
    }
}
