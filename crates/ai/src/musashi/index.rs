//! Position indexing for the tables: combinatorial ranking of the Children set within one
//! Children count, with the board's symmetries folded into the Parent point.
//!
//! A slice holds every position with exactly `k` Children. Its index is
//! `slot * C(n - 1, k) + rank`, where `slot` names the symmetry class of the Parent point
//! (6 classes on the square, 20 on the 33-point board) and `rank` is the colex rank of the
//! Children set among the `n - 1` points other than the Parent's. A position is first moved
//! by a symmetry that puts its Parent on the class representative; when several do (the
//! representative's stabiliser), the smallest Children mask wins. Colex rank order is the
//! numeric order of bit masks with the same count, so "smallest mask" is "smallest rank".

use rules::musashi::{Board, BoardKind};

/// Largest point count of a board.
const MAXN: usize = 33;
/// Bytes of a board mask (33 bits need 5).
const MASK_BYTES: usize = 5;
/// Bytes of a compressed Children mask (at most 32 bits: the Parent's point is removed).
const RANK_BYTES: usize = 4;

/// Binomial coefficients `C(n, k)` for `n, k < 64`, zero when `k > n`.
pub(crate) struct Binomials([[u64; 64]; 64]);

impl Binomials {
    const fn new() -> Binomials {
        let mut t = [[0u64; 64]; 64];
        let mut n = 0;
        while n < 64 {
            t[n][0] = 1;
            let mut k = 1;
            while k <= n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        Binomials(t)
    }

    #[inline]
    pub(crate) fn get(&self, n: usize, k: usize) -> u64 {
        self.0[n][k]
    }
}

pub(crate) static BINOM: Binomials = Binomials::new();

/// Bits set in each byte.
static POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The symmetry and ranking tables of one board; built once per board and shared.
pub struct Geometry {
    pub board: &'static Board,
    /// Points on the board.
    pub n: u8,
    /// Number of symmetries (8 or 2); symmetry 0 is the identity.
    pub nsym: usize,
    /// `perm[s][p]`: image of point `p` under symmetry `s`.
    pub perm: Vec<[u8; MAXN]>,
    /// `perm_bytes[s][b][v]`: the image of the mask byte `v` at byte position `b`.
    perm_bytes: Vec<[[u64; 256]; MASK_BYTES]>,
    /// Class representative of each slot (the smallest point of its orbit).
    pub reps: Vec<u8>,
    /// Slot of every point's class.
    slot_of: [u8; MAXN],
    /// For each point: the symmetries that move it onto its representative.
    to_rep: Vec<Vec<u8>>,
    /// For each point: the symmetries other than the identity that fix it.
    stab: Vec<Vec<u8>>,
    /// `rank_bytes[b][j][v]`: colex rank contribution of byte `v` at byte position `b` when
    /// `j` Children lie below it.
    rank_bytes: Vec<[[u32; 256]; MAXN]>,
}

impl Geometry {
    /// The shared tables of `kind`.
    pub fn of(kind: BoardKind) -> &'static Geometry {
        use std::sync::OnceLock;
        static G25: OnceLock<Geometry> = OnceLock::new();
        static G33: OnceLock<Geometry> = OnceLock::new();
        match kind {
            BoardKind::Square25 => G25.get_or_init(|| Geometry::new(kind)),
            BoardKind::Setchin33 => G33.get_or_init(|| Geometry::new(kind)),
        }
    }

    fn new(kind: BoardKind) -> Geometry {
        let board = kind.geometry();
        let n = board.len;
        let perm = board.symmetries();
        let nsym = perm.len();
        let mut perm_bytes = vec![[[0u64; 256]; MASK_BYTES]; nsym];
        for (s, table) in perm_bytes.iter_mut().enumerate() {
            for (b, row) in table.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    for t in 0..8 {
                        let p = b * 8 + t;
                        if v >> t & 1 == 1 && p < n as usize {
                            *out |= 1u64 << perm[s][p];
                        }
                    }
                }
            }
        }
        let mut slot_of = [u8::MAX; MAXN];
        let mut reps = Vec::new();
        let mut to_rep = vec![Vec::new(); MAXN];
        let mut stab = vec![Vec::new(); MAXN];
        for p in 0..n as usize {
            let rep = (0..nsym).map(|s| perm[s][p]).min().expect("identity is a symmetry");
            if rep as usize == p {
                slot_of[p] = reps.len() as u8;
                reps.push(rep);
            }
        }
        for p in 0..n as usize {
            let rep = (0..nsym).map(|s| perm[s][p]).min().expect("identity is a symmetry");
            slot_of[p] = slot_of[rep as usize];
            to_rep[p] = (0..nsym as u8).filter(|&s| perm[s as usize][p] == rep).collect();
            stab[p] = (1..nsym as u8).filter(|&s| perm[s as usize][p] as usize == p).collect();
        }
        let mut rank_bytes = vec![[[0u32; 256]; MAXN]; RANK_BYTES];
        for (b, table) in rank_bytes.iter_mut().enumerate() {
            for (j, row) in table.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    let mut sum = 0u64;
                    let mut r = 0;
                    for t in 0..8 {
                        if v >> t & 1 == 1 {
                            sum += BINOM.get(b * 8 + t, j + r + 1);
                            r += 1;
                        }
                    }
                    // Only reachable entries matter; the others are clipped (never looked up
                    // for a subset of at most 32 points).
                    *out = sum.min(u32::MAX as u64) as u32;
                }
            }
        }
        Geometry { board, n, nsym, perm, perm_bytes, reps, slot_of, to_rep, stab, rank_bytes }
    }

    /// Number of Parent classes.
    #[inline]
    pub fn slots(&self) -> usize {
        self.reps.len()
    }

    /// Image of a board mask under symmetry `s`.
    #[inline]
    pub fn permute(&self, s: usize, m: u64) -> u64 {
        let t = &self.perm_bytes[s];
        t[0][(m & 0xff) as usize]
            | t[1][(m >> 8 & 0xff) as usize]
            | t[2][(m >> 16 & 0xff) as usize]
            | t[3][(m >> 24 & 0xff) as usize]
            | t[4][(m >> 32 & 0xff) as usize]
    }

    /// `true` when some symmetry other than the identity maps the Children set onto itself:
    /// only then can two different moves lead to the same class of positions.
    #[inline]
    pub fn symmetric(&self, m: u64) -> bool {
        (1..self.nsym).any(|s| self.permute(s, m) == m)
    }

    /// `true` when `(rep, m)` is the stored form of its class (no stabiliser image is smaller).
    #[inline]
    pub fn is_canonical(&self, rep: u8, m: u64) -> bool {
        self.stab[rep as usize].iter().all(|&s| self.permute(s as usize, m) >= m)
    }

    /// Colex rank of a compressed mask (bits `0..n-1`).
    #[inline]
    pub fn rank(&self, c: u64) -> u64 {
        let t = &self.rank_bytes;
        let b0 = (c & 0xff) as usize;
        let b1 = (c >> 8 & 0xff) as usize;
        let b2 = (c >> 16 & 0xff) as usize;
        let b3 = (c >> 24 & 0xff) as usize;
        // A table, not `count_ones`: without a target CPU feature that is a long bit trick.
        let j1 = POP8[b0] as usize;
        let j2 = j1 + POP8[b1] as usize;
        let j3 = j2 + POP8[b2] as usize;
        t[0][0][b0] as u64 + t[1][j1][b1] as u64 + t[2][j2][b2] as u64 + t[3][j3][b3] as u64
    }

    /// The compressed mask of colex rank `r` among `k`-subsets of `n - 1` points.
    #[inline]
    pub fn unrank(&self, mut r: u64, k: u8) -> u64 {
        let mut c = 0u64;
        let mut x = self.n as usize - 2;
        for i in (1..=k as usize).rev() {
            while BINOM.get(x, i) > r {
                x -= 1;
            }
            c |= 1 << x;
            r -= BINOM.get(x, i);
            x = x.wrapping_sub(1);
        }
        c
    }
}

/// Removes bit `p` from a mask that does not hold it (the Parent's point), closing the gap.
#[inline]
pub fn compress(m: u64, p: u8) -> u64 {
    let low = (1u64 << p) - 1;
    (m & low) | (m >> (p + 1)) << p
}

/// Inverse of [`compress`].
#[inline]
pub fn expand(c: u64, p: u8) -> u64 {
    let low = (1u64 << p) - 1;
    (c & low) | (c >> p) << (p + 1)
}

/// The next larger mask with the same number of bits (colex successor).
#[inline]
pub fn next_subset(c: u64) -> u64 {
    if c == 0 {
        return 0;
    }
    let t = c | (c - 1);
    (t + 1) | (((!t & (t + 1)) - 1) >> (c.trailing_zeros() + 1))
}

/// The index of the positions with `k` Children on one board.
#[derive(Copy, Clone)]
pub struct SliceIndex {
    pub geo: &'static Geometry,
    pub k: u8,
    /// Children sets per Parent class: `C(n - 1, k)`.
    pub block: u64,
}

impl std::fmt::Debug for SliceIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SliceIndex({} points, {} Children, {} entries)", self.geo.n, self.k, self.len())
    }
}

impl SliceIndex {
    pub fn new(kind: BoardKind, k: u8) -> SliceIndex {
        let geo = Geometry::of(kind);
        SliceIndex { geo, k, block: BINOM.get(geo.n as usize - 1, k as usize) }
    }

    /// Entries in the slice (some are non-canonical duplicates and never looked up).
    #[inline]
    pub fn len(&self) -> u64 {
        self.block * self.geo.slots() as u64
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index of the position with the Parent on `p` and Children `m` (`k` of them, not on `p`).
    #[inline]
    pub fn index(&self, p: u8, m: u64) -> u64 {
        self.index_form(p, m).0
    }

    /// Index, Parent class and compressed stored Children mask of a position.
    #[inline]
    pub fn index_form(&self, p: u8, m: u64) -> (u64, u32, u64) {
        let geo = self.geo;
        let slot = geo.slot_of[p as usize] as u64;
        let syms = &geo.to_rep[p as usize];
        let rep = geo.reps[slot as usize];
        let mut best = u64::MAX;
        for &s in syms {
            best = best.min(geo.permute(s as usize, m));
        }
        let c = compress(best, rep);
        (slot * self.block + geo.rank(c), slot as u32, c)
    }

    /// `true` when a Parent class and a compressed Children mask fit one `u32` together (the
    /// 25-point board), so queues can hold positions without ranking them back.
    #[inline]
    pub fn packable(&self) -> bool {
        let bits = self.geo.n as u32 - 1;
        bits < 32 && (self.geo.slots() as u64) << bits <= 1u64 << 32
    }

    /// A position as a `u32` (see [`SliceIndex::packable`]).
    #[inline]
    pub fn pack(&self, slot: u32, c: u64) -> u32 {
        slot << (self.geo.n - 1) | c as u32
    }

    /// Inverse of [`SliceIndex::pack`]: Parent point and Children mask.
    #[inline]
    pub fn unpack(&self, t: u32) -> (u8, u64) {
        let bits = self.geo.n - 1;
        let rep = self.geo.reps[(t >> bits) as usize];
        (rep, expand(t as u64 & ((1u64 << bits) - 1), rep))
    }

    /// The images of Children `m` under the symmetries that keep the representative point
    /// `rep` in place, so the indices of positions one Children step away are cheap.
    #[inline]
    pub fn frame(&self, rep: u8, m: u64) -> Frame {
        let geo = self.geo;
        let syms = &geo.to_rep[rep as usize];
        let mut imgs = [0u64; 8];
        let mut perms = [0usize; 8];
        for (t, &s) in syms.iter().enumerate() {
            imgs[t] = geo.permute(s as usize, m);
            perms[t] = s as usize;
        }
        let slot = geo.slot_of[rep as usize] as u32;
        Frame { base: slot as u64 * self.block, slot, rep, n: syms.len(), imgs, perms, geo }
    }

    /// The stored form of index `i`: Parent point (a class representative) and Children mask.
    #[inline]
    pub fn decode(&self, i: u64) -> (u8, u64) {
        // Floating-point division with a correction step: exact for indices below 2^52 and
        // much cheaper than a 64-bit integer division in the generator's inner loop.
        let mut slot = (i as f64 / self.block as f64) as u64;
        if slot * self.block > i {
            slot -= 1;
        } else if (slot + 1) * self.block <= i {
            slot += 1;
        }
        let r = i - slot * self.block;
        let rep = self.geo.reps[slot as usize];
        (rep, expand(self.geo.unrank(r, self.k), rep))
    }
}

/// A position seen from the symmetries that fix its Parent point (see [`SliceIndex::frame`]).
pub struct Frame {
    base: u64,
    pub slot: u32,
    rep: u8,
    n: usize,
    imgs: [u64; 8],
    perms: [usize; 8],
    geo: &'static Geometry,
}

impl Frame {
    /// Index of the position with one Child moved from `c` to `e`.
    #[inline]
    pub fn moved(&self, c: u8, e: u8) -> u64 {
        self.moved_form(c, e).0
    }

    /// Index and compressed stored Children mask of the position with one Child moved.
    #[inline]
    pub fn moved_form(&self, c: u8, e: u8) -> (u64, u64) {
        let mut best = u64::MAX;
        for t in 0..self.n {
            let perm = &self.geo.perm[self.perms[t]];
            best = best.min(self.imgs[t] ^ (1u64 << perm[c as usize]) ^ (1u64 << perm[e as usize]));
        }
        let c = compress(best, self.rep);
        (self.base + self.geo.rank(c), c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    fn random_position(kind: BoardKind, k: u8, rng: &mut StdRng) -> (u8, u64) {
        let n = kind.points();
        let p = rng.gen_range(0..n);
        let mut m = 0u64;
        while m.count_ones() < k as u32 {
            let q = rng.gen_range(0..n);
            if q != p {
                m |= 1 << q;
            }
        }
        (p, m)
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_ordered() {
        let geo = Geometry::of(BoardKind::Square25);
        for k in [0u8, 1, 5, 12, 24] {
            let mut c = (1u64 << k) - 1;
            let block = BINOM.get(24, k as usize);
            for r in 0..block.min(5000) {
                assert_eq!(geo.rank(c), r, "k {k}");
                assert_eq!(geo.unrank(r, k), c);
                c = next_subset(c);
            }
        }
        let geo = Geometry::of(BoardKind::Setchin33);
        let c = 0xffff_0000u64;
        assert_eq!(geo.rank(c), BINOM.get(32, 16) - 1);
        assert_eq!(geo.unrank(BINOM.get(32, 16) - 1, 16), c);
    }

    #[test]
    fn symmetric_positions_share_an_index() {
        let mut rng = StdRng::seed_from_u64(7);
        for kind in [BoardKind::Square25, BoardKind::Setchin33] {
            let geo = Geometry::of(kind);
            for k in [2u8, 8, 12] {
                let ix = SliceIndex::new(kind, k);
                for _ in 0..2000 {
                    let (p, m) = random_position(kind, k, &mut rng);
                    let i = ix.index(p, m);
                    assert!(i < ix.len());
                    for s in 0..geo.nsym {
                        let q = geo.perm[s][p as usize];
                        assert_eq!(ix.index(q, geo.permute(s, m)), i);
                    }
                    let (rep, cm) = ix.decode(i);
                    assert!(geo.is_canonical(rep, cm));
                    assert_eq!(ix.index(rep, cm), i);
                    let f = ix.frame(rep, cm);
                    let c = cm.trailing_zeros() as u8;
                    let e = (0..kind.points()).find(|&e| e != rep && cm >> e & 1 == 0).unwrap();
                    assert_eq!(f.moved(c, e), ix.index(rep, cm ^ 1 << c ^ 1 << e));
                    // The decoded position is an image of the original.
                    assert!((0..geo.nsym).any(|s| geo.perm[s][p as usize] == rep && geo.permute(s, m) == cm));
                }
            }
        }
    }

    #[test]
    fn classes_of_parent_points() {
        assert_eq!(Geometry::of(BoardKind::Square25).slots(), 6);
        assert_eq!(Geometry::of(BoardKind::Setchin33).slots(), 20);
    }
}
