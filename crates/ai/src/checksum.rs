//! A small word-at-a-time checksum for the files the solvers write (the Musashi tables, the
//! Dots solver's table): it detects damage, not attacks.

/// FNV-style multiply-xor over 64-bit words.
#[derive(Clone)]
pub(crate) struct Hasher(u64);

impl Hasher {
    pub(crate) fn new() -> Hasher {
        Hasher(0xcbf2_9ce4_8422_2325)
    }
    #[inline]
    pub(crate) fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(29);
    }
    /// Hashes `data` as a whole: the last, partial word carries its length, so this is not
    /// the same as hashing the data in pieces unless every piece but the last is a multiple of
    /// 8 bytes long.
    pub(crate) fn bytes(&mut self, data: &[u8]) {
        let mut chunks = data.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
    }
    /// Hashes whole words (`data.len()` a multiple of 8): a piece of a longer run that
    /// [`Hasher::bytes`] then ends, giving the same result as hashing the run at once.
    pub(crate) fn words(&mut self, data: &[u8]) {
        debug_assert_eq!(data.len() % 8, 0);
        for c in data.chunks_exact(8) {
            self.word(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
    }
    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}
