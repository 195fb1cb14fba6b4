//! Packed per-position state for the streaming generator: a 4-bit code per Parent-to-move
//! position and a 2-bit code per Children-to-move position (9 GB for the largest 33-point
//! slice, where one byte per side would need 24 GB).

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::musashi::tablebase::build::prefetch;

/// `n` small codes of `BITS` bits each, packed into 64-bit words.
pub(crate) struct Packed<const BITS: u32> {
    words: Vec<u64>,
    len: u64,
}

const fn repeat(bits: u32, pattern: u64) -> u64 {
    let mut w = 0u64;
    let mut s = 0;
    while s < 64 {
        w |= pattern << s;
        s += bits;
    }
    w
}

impl<const BITS: u32> Packed<BITS> {
    const PER: u64 = 64 / BITS as u64;
    const MASK: u64 = (1u64 << BITS) - 1;
    /// The lowest bit of every field.
    const LOW: u64 = repeat(BITS, 1);

    pub(crate) fn new(len: u64) -> Packed<BITS> {
        Packed { words: vec![0u64; len.div_ceil(Self::PER) as usize], len }
    }

    #[cfg(test)]
    pub(crate) fn get(&self, i: u64) -> u8 {
        let w = self.words[(i / Self::PER) as usize];
        (w >> ((i % Self::PER) as u32 * BITS) & Self::MASK) as u8
    }

    #[inline]
    pub(crate) fn set(&mut self, i: u64, v: u8) {
        let shift = (i % Self::PER) as u32 * BITS;
        let w = &mut self.words[(i / Self::PER) as usize];
        *w = (*w & !(Self::MASK << shift)) | (v as u64 & Self::MASK) << shift;
    }
    #[inline]
    pub(crate) fn word_of(i: u64) -> usize {
        (i / Self::PER) as usize
    }

    /// Entries of word `w` whose code is `code`, as a mask with one bit at the lowest bit of
    /// each matching field (fields past the end never match a non-zero code).
    #[cfg(test)]
    pub(crate) fn matches(&self, w: usize, code: u8) -> u64 {
        Self::matches_in(self.words[w], w, self.len, code)
    }

    #[inline]
    fn matches_in(word: u64, w: usize, len: u64, code: u8) -> u64 {
        // Fields equal to `code` become all ones after xor with the complement pattern.
        let x = word ^ repeat(BITS, !code as u64 & Self::MASK);
        let mut all = x;
        for b in 1..BITS {
            all &= x >> b;
        }
        let hits = all & Self::LOW;
        if (w as u64 + 1) * Self::PER > len {
            let valid = len - w as u64 * Self::PER;
            hits & ((1u64 << (valid * BITS as u64)) - 1)
        } else {
            hits
        }
    }

    /// The array seen by several threads at once: each field update is a compare-and-swap
    /// of its word, so threads may change fields of the same word.
    pub(crate) fn shared(&mut self) -> Shared<'_, BITS> {
        const { assert!(std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>()) };
        let words: &mut [u64] = &mut self.words;
        // SAFETY: `AtomicU64` has the size and bit validity of `u64`, and the alignment is
        // checked equal above; the exclusive borrow of the words lasts as long as the view,
        // so every access in that time goes through the atomics.
        let words = unsafe { &*(words as *mut [u64] as *const [AtomicU64]) };
        Shared { words, len: self.len }
    }

    /// Number of words.
    #[cfg(test)]
    pub(crate) fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Index of the entry at bit `bit` of word `w`.
    #[inline]
    pub(crate) fn entry(w: usize, bit: u32) -> u64 {
        w as u64 * Self::PER + (bit / BITS) as u64
    }

    pub(crate) fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// Writes the words to `f` (a checkpoint).
    pub(crate) fn write_to(&self, f: &mut impl Write) -> std::io::Result<()> {
        for chunk in self.words.chunks(1 << 20) {
            let mut buf = Vec::with_capacity(chunk.len() * 8);
            for w in chunk {
                buf.extend_from_slice(&w.to_le_bytes());
            }
            f.write_all(&buf)?;
        }
        Ok(())
    }

    /// Reads what [`Packed::write_to`] wrote for the same length.
    pub(crate) fn read_from(len: u64, f: &mut impl Read) -> std::io::Result<Packed<BITS>> {
        let mut p = Packed::new(len);
        let mut buf = vec![0u8; 8 << 20];
        for chunk in p.words.chunks_mut(1 << 20) {
            let bytes = &mut buf[..chunk.len() * 8];
            f.read_exact(bytes)?;
            for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *w = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            }
        }
        Ok(p)
    }

    /// Reads a checkpoint file holding exactly this array.
    pub(crate) fn load(len: u64, path: &Path) -> std::io::Result<Packed<BITS>> {
        let mut f = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
        Self::read_from(len, &mut f)
    }
}

/// A [`Packed`] array shared by threads (see [`Packed::shared`]).
pub(crate) struct Shared<'a, const BITS: u32> {
    words: &'a [AtomicU64],
    len: u64,
}

impl<const BITS: u32> Shared<'_, BITS> {
    pub(crate) fn word_count(&self) -> usize {
        self.words.len()
    }

    /// As [`Packed::matches`].
    #[inline]
    pub(crate) fn matches(&self, w: usize, code: u8) -> u64 {
        Packed::<BITS>::matches_in(self.words[w].load(Ordering::Relaxed), w, self.len, code)
    }

    /// Sets entry `i` to `f` of its code when `f` answers one; `true` if it did.
    #[inline]
    pub(crate) fn update(&self, i: u64, f: impl Fn(u8) -> Option<u8>) -> bool {
        let per = Packed::<BITS>::PER;
        let mask = Packed::<BITS>::MASK;
        let shift = (i % per) as u32 * BITS;
        self.words[(i / per) as usize]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                f((w >> shift & mask) as u8).map(|v| (w & !(mask << shift)) | (v as u64 & mask) << shift)
            })
            .is_ok()
    }

    /// Asks for the word of entry `i` ahead of an update.
    #[inline]
    pub(crate) fn prefetch(&self, i: u64) {
        prefetch(self.words, Packed::<BITS>::word_of(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_and_matches() {
        let mut p = Packed::<4>::new(37);
        let mut c = Packed::<2>::new(70);
        for i in 0..37 {
            p.set(i, (i % 16) as u8);
        }
        for i in 0..70 {
            c.set(i, (i % 4) as u8);
        }
        for i in 0..37 {
            assert_eq!(p.get(i), (i % 16) as u8);
        }
        for code in 0..16u8 {
            let mut found = Vec::new();
            for w in 0..p.word_count() {
                let mut h = p.matches(w, code);
                while h != 0 {
                    found.push(Packed::<4>::entry(w, h.trailing_zeros()));
                    h &= h - 1;
                }
            }
            let want: Vec<u64> = (0..37).filter(|&i| (i % 16) as u8 == code && code != 0).collect();
            if code != 0 {
                assert_eq!(found, want, "code {code}");
            }
        }
        for code in 1..4u8 {
            let mut found = Vec::new();
            for w in 0..c.word_count() {
                let mut h = c.matches(w, code);
                while h != 0 {
                    found.push(Packed::<2>::entry(w, h.trailing_zeros()));
                    h &= h - 1;
                }
            }
            assert_eq!(found, (0..70).filter(|&i| (i % 4) as u8 == code).collect::<Vec<_>>());
        }
        // Updates through the shared view, from two threads on the same words.
        {
            let sh = c.shared();
            std::thread::scope(|s| {
                for t in 0..2u64 {
                    let sh = &sh;
                    s.spawn(move || {
                        for i in (t..70).step_by(2) {
                            sh.update(i, |v| (v == 0).then_some(3));
                        }
                    });
                }
            });
            assert!(!sh.update(1, |v| (v == 0).then_some(2)), "entry 1 holds 1: no update");
        }
        assert!((0..70).all(|i| c.get(i) == if i % 4 == 0 { 3 } else { (i % 4) as u8 }));
        let mut buf = Vec::new();
        c.write_to(&mut buf).unwrap();
        let back = Packed::<2>::read_from(70, &mut buf.as_slice()).unwrap();
        assert!((0..70).all(|i| back.get(i) == c.get(i)));
    }
}
