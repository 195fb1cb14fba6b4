//! The board's moves as plain bit masks, for the generators' inner loops.

use std::sync::OnceLock;

use rules::musashi::BoardKind;

/// Neighbours and capture pairs of every point of one board.
pub(crate) struct BoardMoves {
    all: u64,
    nb: [u64; 64],
    pairs: [[u64; 4]; 64],
    npairs: [u8; 64],
}

impl BoardMoves {
    /// The shared tables of `kind`.
    pub(crate) fn of(kind: BoardKind) -> &'static BoardMoves {
        static M25: OnceLock<BoardMoves> = OnceLock::new();
        static M33: OnceLock<BoardMoves> = OnceLock::new();
        let cell = match kind {
            BoardKind::Square25 => &M25,
            BoardKind::Setchin33 => &M33,
        };
        cell.get_or_init(|| {
            let b = kind.geometry();
            let mut m = BoardMoves { all: b.all.0, nb: [0; 64], pairs: [[0; 4]; 64], npairs: [0; 64] };
            for p in 0..b.len as usize {
                m.nb[p] = b.neighbours[p].0 & b.all.0;
                let n = b.pair_count[p] as usize;
                assert!(n <= 4, "at most four straight lines pass through a point");
                for q in 0..n {
                    m.pairs[p][q] = b.pairs[p][q].0;
                }
                m.npairs[p] = n as u8;
            }
            m
        })
    }

    /// Empty neighbours of `p` with Children `m`: the Parent's moves from `p`, or the points
    /// it can have come from.
    #[inline]
    pub(crate) fn exits(&self, p: u8, m: u64) -> u64 {
        self.nb[p as usize] & !m
    }

    /// The Children a Parent arriving at `to` takes from `m` (every full pair through it).
    #[inline]
    pub(crate) fn captures(&self, to: u8, m: u64) -> u64 {
        let mut taken = 0;
        for &pair in &self.pairs[to as usize][..self.npairs[to as usize] as usize] {
            if m & pair == pair {
                taken |= pair;
            }
        }
        taken
    }

    /// The pairs through `p` (a Parent capture at `p` takes some of them).
    #[inline]
    pub(crate) fn pairs(&self, p: u8) -> &[u64] {
        &self.pairs[p as usize][..self.npairs[p as usize] as usize]
    }

    /// Every Children move that can have led to `(p, m)`: a Child now on `c` came from an
    /// empty neighbour `e`, as `(c, e)` pairs.
    #[inline]
    pub(crate) fn child_unmoves(&self, p: u8, m: u64) -> ChildUnmoves<'_> {
        ChildUnmoves { mv: self, empty: self.all & !m & !(1u64 << p), kids: m, c: 0, to: 0 }
    }
}

/// See [`BoardMoves::child_unmoves`].
pub(crate) struct ChildUnmoves<'a> {
    mv: &'a BoardMoves,
    empty: u64,
    kids: u64,
    c: u8,
    to: u64,
}

impl Iterator for ChildUnmoves<'_> {
    type Item = (u8, u8);

    #[inline]
    fn next(&mut self) -> Option<(u8, u8)> {
        while self.to == 0 {
            if self.kids == 0 {
                return None;
            }
            self.c = self.kids.trailing_zeros() as u8;
            self.kids &= self.kids - 1;
            self.to = self.mv.nb[self.c as usize] & self.empty;
        }
        let e = self.to.trailing_zeros() as u8;
        self.to &= self.to - 1;
        Some((self.c, e))
    }
}
