//! Position indexing for the movement-phase tables: four tigers and `g` goats on the board,
//! none in hand, counted up to the 8 symmetries of the square.
//!
//! The Musashi index ([`crate::musashi::index`]) folds the symmetries into its one Parent
//! point; here the four tigers play that part. The 12,650 tiger sets fall into 1,666
//! symmetry classes ("slots"); a slice of `g` goats is indexed `slot * C(21, g) + rank`,
//! where `rank` is the colex rank of the goat set among the 21 points the tigers leave free.
//! A position is first moved by a symmetry that puts its tigers on the class representative
//! (the smallest tiger mask of the class); when several do (the representative's
//! stabiliser), the smallest goat mask wins, as in Musashi. Removing fixed points keeps the
//! order of masks, so the smallest mask is the smallest rank.

use std::sync::OnceLock;

use rules::bagh_chal::board::{self, NEIGHBOURS, POINTS, jumps_from, symmetries};

use crate::musashi::index::{BINOM, next_subset};

/// Tigers on the board.
pub const TIGERS: usize = 4;
/// Points the tigers leave free.
pub const FREE: usize = POINTS - TIGERS;
/// Number of symmetries of the square.
pub const NSYM: usize = 8;

/// The symmetry and ranking tables; built once and shared.
pub struct Geometry {
    /// `perm[s][p]`: image of point `p` under symmetry `s` (0 is the identity).
    pub perm: [[u8; POINTS]; NSYM],
    /// `perm_bytes[s][b][v]`: image of the mask byte `v` at byte position `b`.
    perm_bytes: Vec<[[u32; 256]; 4]>,
    /// Tiger-set class representatives (the smallest mask of each orbit).
    pub reps: Vec<u32>,
    /// By colex rank of a tiger set: its slot.
    slot_of: Vec<u16>,
    /// By colex rank of a tiger set: the symmetries (bit `s`) that map it onto its
    /// representative.
    to_rep: Vec<u8>,
    /// By slot: the symmetries other than the identity that fix the representative.
    stab: Vec<u8>,
    /// `rank_bytes[b][j][v]`: colex contribution of byte `v` at byte position `b` of a
    /// compressed goat mask when `j` goats lie below it.
    rank_bytes: Vec<[[u32; 256]; FREE + 1]>,
}

impl Geometry {
    /// The shared tables.
    pub fn get() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(Geometry::new)
    }

    fn new() -> Geometry {
        let perm = symmetries();
        for p in &perm {
            assert!(keeps_the_board(p), "a symmetry of the square must keep lines and jumps");
        }
        let mut perm_bytes = vec![[[0u32; 256]; 4]; NSYM];
        for (s, table) in perm_bytes.iter_mut().enumerate() {
            for (b, row) in table.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    for t in 0..8 {
                        let p = b * 8 + t;
                        if v >> t & 1 == 1 && p < POINTS {
                            *out |= 1u32 << perm[s][p];
                        }
                    }
                }
            }
        }
        let n_sets = BINOM.get(POINTS, TIGERS) as usize;
        let mut slot_of = vec![u16::MAX; n_sets];
        let mut to_rep = vec![0u8; n_sets];
        let mut reps = Vec::new();
        let mut stab = Vec::new();
        let mut t = (1u64 << TIGERS) - 1;
        for r in 0..n_sets {
            let m = t as u32;
            debug_assert_eq!(tiger_rank(m), r);
            let images: Vec<u32> = (0..NSYM).map(|s| permute_with(&perm_bytes[s], m)).collect();
            let rep = *images.iter().min().expect("identity is a symmetry");
            to_rep[r] = (0..NSYM).filter(|&s| images[s] == rep).fold(0u8, |a, s| a | 1 << s);
            if rep == m {
                slot_of[r] = reps.len() as u16;
                reps.push(m);
                stab.push((1..NSYM).filter(|&s| images[s] == m).fold(0u8, |a, s| a | 1 << s));
            } else {
                // The representative is smaller, so its rank came first.
                slot_of[r] = slot_of[tiger_rank(rep)];
            }
            t = next_subset(t);
        }
        let mut rank_bytes = vec![[[0u32; 256]; FREE + 1]; 3];
        for (b, table) in rank_bytes.iter_mut().enumerate() {
            for (j, row) in table.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    let mut sum = 0u64;
                    let mut r = 0;
                    for t in 0..8 {
                        if v >> t & 1 == 1 && b * 8 + t < FREE && j + r < FREE {
                            sum += BINOM.get(b * 8 + t, j + r + 1);
                            r += 1;
                        }
                    }
                    *out = sum as u32;
                }
            }
        }
        Geometry { perm, perm_bytes, reps, slot_of, to_rep, stab, rank_bytes }
    }

    /// Number of tiger classes.
    #[inline]
    pub fn slots(&self) -> usize {
        self.reps.len()
    }

    /// Image of a board mask under symmetry `s`.
    #[inline]
    pub fn permute(&self, s: usize, m: u32) -> u32 {
        permute_with(&self.perm_bytes[s], m)
    }

    /// The slot of a tiger set and the symmetries (bits) that map it onto its representative.
    #[inline]
    pub fn tiger_class(&self, tigers: u32) -> (usize, u8) {
        let r = tiger_rank(tigers);
        (self.slot_of[r] as usize, self.to_rep[r])
    }

    /// `true` when goats `goats` are the stored form with the tigers on representative `slot`.
    #[inline]
    pub fn is_canonical(&self, slot: usize, goats: u32) -> bool {
        let mut syms = self.stab[slot];
        while syms != 0 {
            let s = syms.trailing_zeros() as usize;
            syms &= syms - 1;
            if self.permute(s, goats) < goats {
                return false;
            }
        }
        true
    }

    /// Colex rank of a compressed goat mask (bits `0..21`).
    #[inline]
    pub fn rank(&self, c: u32) -> u64 {
        let t = &self.rank_bytes;
        let b0 = (c & 0xff) as usize;
        let b1 = (c >> 8 & 0xff) as usize;
        let b2 = (c >> 16 & 0xff) as usize;
        let j1 = (b0 as u32).count_ones() as usize;
        let j2 = j1 + (b1 as u32).count_ones() as usize;
        t[0][0][b0] as u64 + t[1][j1][b1] as u64 + t[2][j2][b2] as u64
    }

    /// The compressed goat mask of colex rank `r` among `g`-subsets of the 21 free points.
    pub fn unrank(&self, mut r: u64, g: u8) -> u32 {
        let mut c = 0u32;
        let mut x = FREE - 1;
        for i in (1..=g as usize).rev() {
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

/// `true` when the point permutation `p` maps every line onto a line and every jump (three
/// points in a straight line) onto a jump: then it maps moves onto moves.
fn keeps_the_board(p: &[u8; POINTS]) -> bool {
    (0..POINTS).all(|a| {
        let mut lines = NEIGHBOURS[a];
        lines.all(|b| NEIGHBOURS[p[a] as usize].contains(p[b as usize]))
            && jumps_from(board::Point(a as u8)).iter().all(|j| {
                board::jump_between(board::Point(p[a]), board::Point(p[j.to.index()]))
                    .is_some_and(|k| k.over.0 == p[j.over.index()])
            })
    })
}

#[inline]
fn permute_with(t: &[[u32; 256]; 4], m: u32) -> u32 {
    t[0][(m & 0xff) as usize]
        | t[1][(m >> 8 & 0xff) as usize]
        | t[2][(m >> 16 & 0xff) as usize]
        | t[3][(m >> 24) as usize]
}

/// Colex rank of a four-point tiger set among the 4-subsets of the 25 points.
#[inline]
pub fn tiger_rank(mut m: u32) -> usize {
    let mut r = 0u64;
    let mut i = 1;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        m &= m - 1;
        r += BINOM.get(p, i);
        i += 1;
    }
    r as usize
}

/// Removes the tigers' points from a goat mask, closing the gaps (21 bits remain).
#[inline]
pub fn squeeze(mut goats: u32, tigers: u32) -> u32 {
    let mut t = tigers;
    while t != 0 {
        let p = 31 - t.leading_zeros();
        t &= !(1 << p);
        let low = (1u32 << p) - 1;
        goats = (goats & low) | (goats >> (p + 1)) << p;
    }
    goats
}

/// Inverse of [`squeeze`].
#[inline]
pub fn unsqueeze(mut c: u32, tigers: u32) -> u32 {
    let mut t = tigers;
    while t != 0 {
        let p = t.trailing_zeros();
        t &= t - 1;
        let low = (1u32 << p) - 1;
        c = (c & low) | (c >> p) << (p + 1);
    }
    c
}

/// The index of the positions with `g` goats on the board (either side to move: the tables
/// keep one array per side).
#[derive(Copy, Clone)]
pub struct SliceIndex {
    pub geo: &'static Geometry,
    pub goats: u8,
    /// Goat sets per tiger class: `C(21, g)`.
    pub block: u64,
}

impl std::fmt::Debug for SliceIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SliceIndex({} goats, {} entries)", self.goats, self.len())
    }
}

impl SliceIndex {
    pub fn new(goats: u8) -> SliceIndex {
        assert!(goats as usize <= FREE);
        SliceIndex { geo: Geometry::get(), goats, block: BINOM.get(FREE, goats as usize) }
    }

    /// Entries per side (some are non-canonical duplicates and never looked up).
    #[inline]
    pub fn len(&self) -> u64 {
        self.block * self.geo.slots() as u64
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index of the position with tigers `tigers` and goats `goats` (disjoint board masks).
    #[inline]
    pub fn index(&self, tigers: u32, goats: u32) -> u64 {
        let (slot, c) = self.form(tigers, goats);
        slot as u64 * self.block + self.geo.rank(c)
    }

    /// The stored form of a position: tiger slot and compressed goat mask.
    #[inline]
    pub fn form(&self, tigers: u32, goats: u32) -> (u32, u32) {
        let geo = self.geo;
        let (slot, mut syms) = geo.tiger_class(tigers);
        let mut best = u32::MAX;
        while syms != 0 {
            let s = syms.trailing_zeros() as usize;
            syms &= syms - 1;
            best = best.min(geo.permute(s, goats));
        }
        (slot as u32, squeeze(best, geo.reps[slot]))
    }

    /// Index of a stored form.
    #[inline]
    pub fn index_of_form(&self, slot: u32, c: u32) -> u64 {
        slot as u64 * self.block + self.geo.rank(c)
    }

    /// The stored form of index `i` as board masks: (tigers, goats).
    pub fn decode(&self, i: u64) -> (u32, u32) {
        let slot = (i / self.block) as usize;
        let rep = self.geo.reps[slot];
        (rep, unsqueeze(self.geo.unrank(i % self.block, self.goats), rep))
    }

    /// Calls `f(index, tigers, goats)` for every canonical entry, in index order.
    pub fn for_each_canonical(&self, mut f: impl FnMut(u64, u32, u32)) {
        let geo = self.geo;
        for slot in 0..geo.slots() {
            let rep = geo.reps[slot];
            let mut c: u64 = (1u64 << self.goats) - 1;
            for r in 0..self.block {
                let goats = unsqueeze(c as u32, rep);
                c = next_subset(c);
                if geo.is_canonical(slot, goats) {
                    f(slot as u64 * self.block + r, rep, goats);
                }
            }
        }
    }
}

/// Positions with four tigers and `g` goats on the board for one side to move, counted up
/// to symmetry by Burnside's lemma: the average over the 8 symmetries of the positions each
/// leaves unchanged. A symmetry fixes a position when the tigers and the goats are each a
/// union of its cycles on the points.
pub fn classes_by_burnside(g: usize) -> u64 {
    let mut total = 0u64;
    for p in symmetries() {
        let mut seen = [false; POINTS];
        // ways[t][k]: cycles chosen so far cover t tiger points and k goat points.
        let mut ways = vec![[0u64; POINTS + 1]; TIGERS + 1];
        ways[0][0] = 1;
        for start in 0..POINTS {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut q = start;
            while !seen[q] {
                seen[q] = true;
                q = p[q] as usize;
                len += 1;
            }
            let mut next = ways.clone();
            for t in 0..=TIGERS {
                for k in 0..=POINTS {
                    let w = ways[t][k];
                    if w == 0 {
                        continue;
                    }
                    if t + len <= TIGERS {
                        next[t + len][k] += w;
                    }
                    if k + len <= POINTS {
                        next[t][k + len] += w;
                    }
                }
            }
            ways = next;
        }
        total += ways[TIGERS][g];
    }
    assert_eq!(total % NSYM as u64, 0, "Burnside's average is a whole number");
    total / NSYM as u64
}

/// Positions before symmetry for one side to move: `C(25, 4) * C(21, g)`.
pub fn raw_positions(g: usize) -> u64 {
    BINOM.get(POINTS, TIGERS) * BINOM.get(FREE, g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    #[test]
    fn every_symmetry_of_the_square_keeps_the_board() {
        // All eight: the centre point has diagonals, and a rotation or reflection keeps the
        // parity of x + y on the 5x5 grid, so the alternating diagonals map onto themselves.
        assert_eq!(symmetries().iter().filter(|p| keeps_the_board(p)).count(), 8);
        // A shift by one column would break the pattern: the check can fail.
        let shifted: [u8; POINTS] = std::array::from_fn(|p| ((p / 5) * 5 + (p % 5 + 1) % 5) as u8);
        assert!(!keeps_the_board(&shifted));
    }

    #[test]
    fn tiger_classes() {
        assert_eq!(Geometry::get().slots(), 1666);
    }

    #[test]
    fn squeeze_round_trips() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..1000 {
            let mut t = 0u32;
            while t.count_ones() < 4 {
                t |= 1 << rng.gen_range(0..25);
            }
            let c = rng.gen_range(0..1u32 << FREE);
            let g = unsqueeze(c, t);
            assert_eq!(g & t, 0);
            assert_eq!(squeeze(g, t), c);
        }
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_ordered() {
        let geo = Geometry::get();
        for g in [0u8, 1, 5, 16, 20, 21] {
            let mut c = (1u64 << g) - 1;
            for r in 0..BINOM.get(FREE, g as usize).min(30000) {
                assert_eq!(geo.rank(c as u32), r, "g {g}");
                assert_eq!(geo.unrank(r, g), c as u32);
                c = next_subset(c);
            }
        }
    }

    #[test]
    fn symmetric_positions_share_an_index_and_decode_to_an_image() {
        let geo = Geometry::get();
        let mut rng = StdRng::seed_from_u64(11);
        for g in [16u8, 18, 20] {
            let ix = SliceIndex::new(g);
            for _ in 0..3000 {
                let mut t = 0u32;
                while t.count_ones() < 4 {
                    t |= 1 << rng.gen_range(0..25);
                }
                let mut goats = 0u32;
                while goats.count_ones() < g as u32 {
                    let p = rng.gen_range(0..25);
                    if t >> p & 1 == 0 {
                        goats |= 1 << p;
                    }
                }
                let i = ix.index(t, goats);
                assert!(i < ix.len());
                for s in 0..NSYM {
                    assert_eq!(ix.index(geo.permute(s, t), geo.permute(s, goats)), i);
                }
                let (rt, rg) = ix.decode(i);
                assert_eq!(ix.index(rt, rg), i);
                let slot = geo.tiger_class(rt).0;
                assert!(geo.is_canonical(slot, rg));
                assert!((0..NSYM).any(|s| geo.permute(s, t) == rt && geo.permute(s, goats) == rg));
            }
        }
    }

    /// The count three ways for the small slices: Burnside, the canonical entries of the
    /// index, and the distinct smallest images of every raw position (which uses neither).
    #[test]
    fn counts_agree_three_ways_on_the_small_slices() {
        let geo = Geometry::get();
        for g in [19usize, 20] {
            let ix = SliceIndex::new(g as u8);
            let mut canonical = 0u64;
            ix.for_each_canonical(|_, _, _| canonical += 1);
            let mut images = std::collections::HashSet::new();
            let mut t = 0b1111u64;
            for _ in 0..BINOM.get(POINTS, TIGERS) {
                let tm = t as u32;
                let mut c = (1u64 << g) - 1;
                for _ in 0..BINOM.get(FREE, g) {
                    let gm = unsqueeze(c as u32, tm);
                    let key = (0..NSYM).map(|s| (geo.permute(s, tm), geo.permute(s, gm))).min().unwrap();
                    images.insert(key);
                    c = next_subset(c);
                }
                t = next_subset(t);
            }
            assert_eq!(canonical, classes_by_burnside(g), "g {g}");
            assert_eq!(images.len() as u64, canonical, "g {g}");
        }
    }

    /// Lim and Nievergelt's movement phase: 88,260,972 positions up to symmetry, that is
    /// 44,130,486 for each side to move over 16 to 20 goats on the board.
    #[test]
    fn the_movement_phase_count_matches_the_paper() {
        let per_g: Vec<u64> = (16..=20).map(classes_by_burnside).collect();
        assert_eq!(per_g, [32_188_170, 9_469_965, 2_105_695, 333_175, 33_481]);
        assert_eq!(2 * per_g.iter().sum::<u64>(), 88_260_972);
        let raw: Vec<u64> = (16..=20).map(raw_positions).collect();
        assert_eq!(raw, [257_414_850, 75_710_250, 16_824_500, 2_656_500, 265_650]);
        // Slices of the index: 1,666 tiger classes times C(21, g) goat sets.
        assert_eq!((16..=20).map(|g| SliceIndex::new(g).len()).sum::<u64>(), 1666 * 27_895);
    }
}
