//! The generator's steps: initialising a Parent class, and the two halves of a level.

use super::bits::Packed;
use super::builder::Builder;
use super::lists::{ListReader, ListWriter, Side, list_path};
use super::{BATCH, C_DONE, C_OPEN, P_DONE, P_ESCAPE, P_LOST, mark};
use crate::musashi::index::{SliceIndex, expand, next_subset};
use crate::musashi::tablebase::TableError;
use crate::musashi::tablebase::build::prefetch;

impl Builder {
    /// Counts the successor classes of every canonical Parent-to-move position of one Parent
    /// class (the trapped ones are lost at level 0; a capture that reaches the target is an
    /// escape, never counted down).
    pub(super) fn init_slot(&mut self, slot: usize) -> Result<(), TableError> {
        let index = self.index;
        let geo = index.geo;
        let k = index.k;
        let mv = self.mv;
        let rep = geo.reps[slot];
        let block = index.block;
        let lower: Vec<(u8, SliceIndex)> = self.lower.iter().map(|l| (l.index.k, l.index)).collect();
        let mut c: u64 = (1u64 << k) - 1;
        for r in 0..block {
            let i = slot as u64 * block + r;
            let m = expand(c, rep);
            c = next_subset(c);
            if !geo.is_canonical(rep, m) {
                continue;
            }
            self.positions += 2;
            let exits = mv.exits(rep, m);
            if exits == 0 {
                self.p.set(i, P_LOST);
                continue;
            }
            let sym = geo.symmetric(m);
            let mut seen = [(u8::MAX, u64::MAX); 8];
            let mut classes = 0usize;
            let mut escape = false;
            let mut e_it = exits;
            while e_it != 0 {
                let e = e_it.trailing_zeros() as u8;
                e_it &= e_it - 1;
                let taken = mv.captures(e, m);
                let class = if taken == 0 {
                    if !sym {
                        classes += 1;
                        continue;
                    }
                    (k, index.index(e, m))
                } else {
                    let j = k - taken.count_ones() as u8;
                    if self.target.children_left_to_win().is_some_and(|l| j <= l) {
                        escape = true;
                        break;
                    }
                    let (_, ix) =
                        lower.iter().find(|(lk, _)| *lk == j).ok_or(TableError::MissingSlice { k, needs: j })?;
                    (j, ix.index(e, m & !taken))
                };
                if !seen[..classes].contains(&class) {
                    seen[classes] = class;
                    classes += 1;
                }
            }
            self.p.set(i, if escape { P_ESCAPE } else { classes as u8 });
        }
        Ok(())
    }

    /// Level `d`, first half: the Children-to-move positions won in `d` count their
    /// Parent-to-move predecessors down. Returns how many of this slice's were won in `d`.
    pub(super) fn children_level(&mut self, d: usize, pending: u64) -> Result<u64, TableError> {
        let mut out = ListWriter::create(&list_path(&self.lists, Side::Children, d))?;
        let mv = self.mv;
        if pending > 0 {
            let code = mark(d);
            for w in 0..self.c.word_count() {
                let mut hits = self.c.matches(w, code);
                while hits != 0 {
                    let i = Packed::<2>::entry(w, hits.trailing_zeros());
                    hits &= hits - 1;
                    self.c.set(i, C_DONE);
                    out.push(i)?;
                    let (e, m) = self.index.decode(i);
                    if mv.captures(e, m) != 0 {
                        // The Parent would have taken this pair on arriving: no in-slice
                        // predecessor.
                        continue;
                    }
                    let mut seen = [u64::MAX; 8];
                    let mut ns = 0;
                    let mut from = mv.exits(e, m);
                    while from != 0 {
                        let q = from.trailing_zeros() as u8;
                        from &= from - 1;
                        let j = self.index.index(q, m);
                        if !seen[..ns].contains(&j) {
                            seen[ns] = j;
                            ns += 1;
                            self.gather_parent(j);
                        }
                    }
                }
            }
        }
        for l in 0..self.lower.len() {
            let Some(list) = ListReader::open(&list_path(&self.lower[l].lists, Side::Children, d))? else {
                continue;
            };
            let (lix, pairs) = (self.lower[l].index, self.lower[l].pairs);
            for i in list {
                let (e, m) = lix.decode(i?);
                self.uncaptures(e, m, pairs);
            }
        }
        self.settle_parent();
        Ok(out.finish()?)
    }

    /// Counts down the Parent-to-move positions of this slice from which a capture of
    /// `pairs` pairs at `e` reaches the lower Children-to-move position `(e, m)`.
    fn uncaptures(&mut self, e: u8, m: u64, pairs: usize) {
        let mv = self.mv;
        if mv.captures(e, m) != 0 {
            return;
        }
        let mut open = [0u64; 4];
        let mut n_open = 0;
        for &pair in mv.pairs(e) {
            if pair & m == 0 {
                open[n_open] = pair;
                n_open += 1;
            }
        }
        if n_open < pairs {
            return;
        }
        let mut seen = [u64::MAX; 48];
        let mut ns = 0;
        let mut from = mv.exits(e, m);
        while from != 0 {
            let q = from.trailing_zeros() as u8;
            from &= from - 1;
            for set in 1u32..1 << n_open {
                if set.count_ones() as usize != pairs {
                    continue;
                }
                let taken = (0..n_open).filter(|&b| set >> b & 1 == 1).fold(0u64, |a, b| a | open[b]);
                if taken >> q & 1 == 1 {
                    continue;
                }
                let j = self.index.index(q, m | taken);
                if !seen[..ns].contains(&j) {
                    seen[ns] = j;
                    ns += 1;
                    self.gather_parent(j);
                }
            }
        }
    }

    #[inline]
    fn gather_parent(&mut self, j: u64) {
        prefetch(self.p.words(), Packed::<4>::word_of(j));
        self.batch.push(j);
        if self.batch.len() >= BATCH {
            self.settle_parent();
        }
    }

    fn settle_parent(&mut self) {
        for &j in &self.batch {
            let c = self.p.get(j);
            if (1..=8).contains(&c) {
                self.p.set(j, if c == 1 { P_LOST } else { c - 1 });
            }
        }
        self.batch.clear();
    }

    /// Level `d`, second half: the Parent-to-move positions lost in `d` mark their undecided
    /// Children-to-move predecessors as won in `d + 1`. Returns the losses and the marks.
    pub(super) fn parent_level(&mut self, d: usize) -> Result<(u64, u64), TableError> {
        let mut out = ListWriter::create(&list_path(&self.lists, Side::Parent, d))?;
        let mv = self.mv;
        let next = mark(d + 1);
        let mut marked = 0u64;
        for w in 0..self.p.word_count() {
            let mut hits = self.p.matches(w, P_LOST);
            while hits != 0 {
                let i = Packed::<4>::entry(w, hits.trailing_zeros());
                hits &= hits - 1;
                self.p.set(i, P_DONE);
                out.push(i)?;
                let (p, m) = self.index.decode(i);
                let frame = self.index.frame(p, m);
                for (c, e) in mv.child_unmoves(p, m) {
                    let j = frame.moved(c, e);
                    prefetch(self.c.words(), Packed::<2>::word_of(j));
                    self.batch.push(j);
                }
                if self.batch.len() >= BATCH {
                    marked += self.settle_children(next);
                }
            }
        }
        marked += self.settle_children(next);
        Ok((out.finish()?, marked))
    }

    fn settle_children(&mut self, code: u8) -> u64 {
        let mut marked = 0;
        for &j in &self.batch {
            if self.c.get(j) == C_OPEN {
                self.c.set(j, code);
                marked += 1;
            }
        }
        self.batch.clear();
        marked
    }
}
