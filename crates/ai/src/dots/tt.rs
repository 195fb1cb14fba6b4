//! The solver's transposition table: bounds on the value of canonical positions, two slots a
//! bucket (the first keeps the entry that took the most work to prove, the second the
//! latest). Work is log2 of the nodes below the entry: on the empty 4x4 board that kept
//! table (1 GiB) needed 364-416 M nodes on two threads, where keeping the entry with the
//! most lines undrawn needed 412-440 M.
//!
//! Why the key is the drawn edges alone: a value is the margin of boxes *still to come* for
//! the player to move, so neither the score so far nor who is to move changes it, and one
//! entry serves both players.
//!
//! Several search threads share one table ([`super::solver::Solver::set_threads`]) without
//! locks: a slot is two atomic words, the entry's data and the key XOR the data (Hyatt and
//! Mann's lockless hashing). A slot torn by two threads writing at once fails the key check
//! and reads as empty, so a probe never sees one position's bounds under another's key.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::board::NONE;
use crate::checksum::Hasher;

/// Words a table file is read and written by at a time (1 MiB).
const CHUNK: usize = 1 << 17;

/// One slot: bounds on the value of a canonical position.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lo: i8,
    pub hi: i8,
    /// Best move found, in the canonical frame (`NONE` if none).
    pub best: u8,
    /// log2 of the nodes the entry took to prove: the replacement keeps the bigger.
    depth: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.lo as u8)
            | u64::from(self.hi as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.depth) << 24
    }

    fn unpack(d: u64) -> Entry {
        Entry { lo: d as u8 as i8, hi: (d >> 8) as u8 as i8, best: (d >> 16) as u8, depth: (d >> 24) as u8 }
    }
}

/// Set in every stored key (keys are at most 60 edges), so an empty slot never matches.
const OCCUPIED: u64 = 1 << 63;

/// `2^bits` buckets of two slots of two words (32 bytes a bucket).
pub struct Table {
    words: Box<[AtomicU64]>,
    /// Where the buckets start in `words`: at a 2 MiB boundary, so that no bucket straddles
    /// two cache lines (the allocator's block starts 16 bytes into a page, which put every
    /// other bucket across two lines) and the huge pages cover the whole table.
    offset: usize,
    shift: u32,
}

/// A huge page, and the alignment of the buckets.
const HUGE: usize = 2 << 20;

/// Tables of 1 GiB and more ask for huge pages. Below that the kernel's work to find them
/// (compacting memory, up to seconds of system time) costs more than the TLB misses they
/// save: the empty 4x3 took 0.56 s of system time with them against 0.04 s without, for
/// 0.63 s of search, and the expert's 32 MiB table for each move must not wait for it.
const HUGE_FROM_BITS: u32 = 25;

impl Table {
    pub fn new(bits: u32) -> Table {
        const { assert!(std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>()) };
        // Zeroed memory straight from the allocator: the pages are only touched as they are
        // used, where building `AtomicU64`s one by one would write all of them first.
        let words = vec![0u64; (4 << bits) + HUGE / 8].into_boxed_slice();
        let raw = Box::into_raw(words);
        // SAFETY: `AtomicU64` has the size and bit validity of `u64`, and the alignment is
        // checked equal above; the box is rebuilt from the pointer it was taken apart into,
        // with the same length, so it is freed as it was allocated.
        let words = unsafe { Box::from_raw(raw as *mut [AtomicU64]) };
        let offset = words.as_ptr().align_offset(HUGE);
        assert!(offset <= HUGE / 8, "a u64 pointer can be aligned within a huge page");
        if bits >= HUGE_FROM_BITS {
            advise_huge_pages(&words[offset..offset + (4 << bits)]);
        }
        Table { words, offset, shift: 64 - bits }
    }

    /// Starts loading `key`'s bucket into the cache (a hint; does nothing off x86-64).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.words[self.index(key)].as_ptr() as *const i8;
            // SAFETY: a prefetch reads nothing the program sees and cannot fault; the
            // pointer is into the table anyway.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn buckets(&self) -> usize {
        1 << (64 - self.shift)
    }

    /// log2 of the buckets.
    pub fn bits(&self) -> u32 {
        64 - self.shift
    }

    /// Writes every word, little-endian, adding them to `hash`. Safe while searches run:
    /// a slot caught half-written fails its key check when read back, so it reads as empty.
    pub(super) fn write_words(&self, out: &mut impl Write, hash: &mut Hasher) -> std::io::Result<()> {
        let mut buf = vec![0u8; 8 * CHUNK];
        for part in self.table().chunks(CHUNK) {
            let bytes = &mut buf[..8 * part.len()];
            for (b, w) in bytes.chunks_exact_mut(8).zip(part) {
                b.copy_from_slice(&w.load(Relaxed).to_le_bytes());
            }
            hash.words(bytes);
            out.write_all(bytes)?;
        }
        Ok(())
    }

    /// Reads what [`Table::write_words`] wrote for a table of this size, adding it to `hash`.
    pub(super) fn read_words(&self, input: &mut impl Read, hash: &mut Hasher) -> std::io::Result<()> {
        let mut buf = vec![0u8; 8 * CHUNK];
        for part in self.table().chunks(CHUNK) {
            let bytes = &mut buf[..8 * part.len()];
            input.read_exact(bytes)?;
            hash.words(bytes);
            for (b, w) in bytes.chunks_exact(8).zip(part) {
                w.store(u64::from_le_bytes(b.try_into().expect("8 bytes")), Relaxed);
            }
        }
        Ok(())
    }

    /// The buckets' words.
    fn table(&self) -> &[AtomicU64] {
        &self.words[self.offset..self.offset + 4 * self.buckets()]
    }

    /// Maps every page of the table for writing before a search shares it. Search threads
    /// that fault pages in as they go each map the shared zero page on a read and fault
    /// again on the first write, with a TLB shootdown each time (on a 4x4 solve with two
    /// threads, 3 s of system time against 0.4 s with one). Mapping is done by `threads`
    /// threads, each on its own part: huge pages can take seconds of system time when the
    /// kernel has to compact memory for them.
    pub fn touch(&self, threads: usize) {
        // One word a 4 KiB page, written back as read: a write maps the page for writing
        // (a read would map the shared zero page, and the first store would fault again).
        // Called before other threads search with the table. (`fetch_or(0)` is compiled to
        // a load.)
        let words = self.table();
        let chunk = words.len().div_ceil(threads.max(1)).next_multiple_of(512);
        std::thread::scope(|s| {
            for part in words.chunks(chunk) {
                s.spawn(move || part.iter().step_by(512).for_each(|w| w.store(w.load(Relaxed), Relaxed)));
            }
        });
    }

    pub fn clear(&self) {
        self.table().iter().for_each(|w| w.store(0, Relaxed));
    }

    /// The first word of `key`'s bucket.
    #[inline]
    fn index(&self, key: u64) -> usize {
        self.offset + ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) * 4
    }

    #[inline]
    fn slot(&self, i: usize) -> (u64, u64) {
        let (x, d) = (self.words[i].load(Relaxed), self.words[i + 1].load(Relaxed));
        (x ^ d, d)
    }

    #[inline]
    fn put(&self, i: usize, key: u64, data: u64) {
        self.words[i].store(key ^ data, Relaxed);
        self.words[i + 1].store(data, Relaxed);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.index(key);
        let want = key | OCCUPIED;
        [i, i + 2].into_iter().map(|j| self.slot(j)).find(|&(k, _)| k == want).map(|(_, d)| Entry::unpack(d))
    }

    /// Stores bounds for `key` (`best` in the canonical frame, `NONE` for none).
    #[inline]
    pub fn store(&self, key: u64, lo: i32, hi: i32, best: u8, depth: u8) {
        let i = self.index(key);
        let key = key | OCCUPIED;
        let data = Entry { lo: lo as i8, hi: hi as i8, best, depth }.pack();
        let (k0, d0) = self.slot(i);
        if k0 == key {
            self.put(i, key, data);
        } else if Entry::unpack(d0).depth <= depth {
            // Overwrites a stale copy of this key in the second slot too.
            self.put(i + 2, k0, d0);
            self.put(i, key, data);
        } else {
            self.put(i + 2, key, data);
        }
    }
}

/// Asks Linux to back a large table with 2 MiB pages: every probe lands on a random page,
/// and with 4 KiB pages nearly every one also misses the TLB. Only a hint: where
/// transparent huge pages are off it changes nothing, and no value depends on it.
fn advise_huge_pages(words: &[AtomicU64]) {
    #[cfg(all(target_os = "linux", feature = "native"))]
    {
        let start = words.as_ptr() as usize;
        let end = start + std::mem::size_of_val(words);
        let (a, b) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if b > a {
            // SAFETY: madvise only advises on pages inside the table's own allocation
            // (rounded inwards to whole 2 MiB pages); MADV_HUGEPAGE changes no contents.
            unsafe { libc::madvise(a as *mut libc::c_void, b - a, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(all(target_os = "linux", feature = "native")))]
    let _ = words;
}

impl Entry {
    pub fn has_move(&self) -> bool {
        self.best != NONE
    }
}

/// Positions some thread is searching now (simplified ABDADA, after Kerrigan): another thread
/// reaching one as a later child puts it off and searches its other children first, so two
/// threads split a node's children instead of searching the same one. Only a hint: a
/// collision or a race just changes the order.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const BITS: u32 = 16;

    pub fn new() -> Busy {
        Busy { slots: (0..1usize << Self::BITS).map(|_| AtomicU64::new(0)).collect() }
    }

    #[inline]
    fn at(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS)) as usize]
    }

    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        self.at(key).load(Relaxed) == key | OCCUPIED
    }

    #[inline]
    pub fn enter(&self, key: u64) {
        self.at(key).store(key | OCCUPIED, Relaxed);
    }

    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self.at(key).compare_exchange(key | OCCUPIED, 0, Relaxed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_deepest_and_the_latest() {
        let t = Table::new(4);
        t.store(5, -2, 2, 3, 10);
        assert_eq!(t.probe(5).map(|e| (e.lo, e.hi, e.best)), Some((-2, 2, 3)));
        assert!(t.probe(6).is_none());
        t.store(5, 0, 2, NONE, 10);
        assert_eq!(t.probe(5).map(|e| (e.lo, e.has_move())), Some((0, false)));
        t.clear();
        assert!(t.probe(5).is_none());
    }

    #[test]
    fn entries_round_trip_and_torn_slots_read_as_empty() {
        let e = Entry { lo: -16, hi: 20, best: NONE, depth: 49 };
        assert_eq!(Entry::unpack(e.pack()), e);
        let t = Table::new(4);
        t.store(9, -3, 5, 7, 30);
        let i = t.index(9);
        // Another thread's data word under this key: the XOR no longer gives the key.
        t.words[i + 1].store(Entry { lo: 1, hi: 1, best: 2, depth: 3 }.pack(), Relaxed);
        assert!(t.probe(9).is_none());
    }

    #[test]
    fn busy_marks_come_and_go() {
        let b = Busy::new();
        assert!(!b.contains(42));
        b.enter(42);
        assert!(b.contains(42));
        b.leave(43);
        assert!(b.contains(42));
        b.leave(42);
        assert!(!b.contains(42));
    }
}
