//! The generator's steps: initialising a Parent class, and the two halves of a level.
//!
//! Each half of a level runs on several threads, each scanning its own range of words and
//! writing its share of the level list; they settle predecessors anywhere in the other
//! side's array through compare-and-swap updates. A level's updates commute (counting down,
//! marking undecided positions), so the bytes are those of one thread.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::bits::Packed;
use super::builder::Builder;
use super::lists::{ListReader, Part, PartWriter, Side, join_parts, list_path};
use super::{BATCH, C_DONE, C_OPEN, P_DONE, P_ESCAPE, P_LOST, mark};
use crate::musashi::index::{SliceIndex, expand, next_subset};
use crate::musashi::tablebase::TableError;
use crate::musashi::tablebase::moves::BoardMoves;

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
    pub(super) fn children_level(&mut self, d: usize, pending: u64, threads: usize) -> Result<u64, TableError> {
        let Builder { index, mv, lower, lists, p, c, .. } = self;
        let (index, mv, lower) = (*index, *mv, &*lower);
        let dest = list_path(lists, Side::Children, d);
        let (p, c) = (p.shared(), c.shared());
        let (p, c) = (&p, &c);
        let code = mark(d);
        let words = c.word_count();
        let parts = on_threads(threads, |t| -> Result<Part, TableError> {
            let mut out = PartWriter::create(part_path(&dest, t))?;
            let mut settle = Settle::new(|j| {
                p.update(j, |v| (1..=8).contains(&v).then(|| if v == 1 { P_LOST } else { v - 1 }));
            });
            if pending > 0 {
                for w in share(words, threads, t) {
                    let mut hits = c.matches(w, code);
                    while hits != 0 {
                        let i = Packed::<2>::entry(w, hits.trailing_zeros());
                        hits &= hits - 1;
                        c.update(i, |_| Some(C_DONE));
                        out.push(i)?;
                        let (e, m) = index.decode(i);
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
                            let j = index.index(q, m);
                            if !seen[..ns].contains(&j) {
                                seen[ns] = j;
                                ns += 1;
                                p.prefetch(j);
                                settle.push(j);
                            }
                        }
                    }
                }
            }
            // The lower slices' positions won in `d`: every thread reads the lists and takes
            // every `threads`-th entry.
            for l in lower {
                let Some(list) = ListReader::open(&list_path(&l.lists, Side::Children, d))? else {
                    continue;
                };
                for i in list.skip(t).step_by(threads) {
                    let (e, m) = l.index.decode(i?);
                    uncaptures(index, mv, e, m, l.pairs, |j| {
                        p.prefetch(j);
                        settle.push(j);
                    });
                }
            }
            settle.flush();
            Ok(out.finish()?)
        })?;
        Ok(join_parts(&dest, parts)?)
    }

    /// Level `d`, second half: the Parent-to-move positions lost in `d` mark their undecided
    /// Children-to-move predecessors as won in `d + 1`. Returns the losses and the marks.
    pub(super) fn parent_level(&mut self, d: usize, threads: usize) -> Result<(u64, u64), TableError> {
        let Builder { index, mv, lists, p, c, .. } = self;
        let (index, mv) = (*index, *mv);
        let dest = list_path(lists, Side::Parent, d);
        let (p, c) = (p.shared(), c.shared());
        let (p, c) = (&p, &c);
        let next = mark(d + 1);
        let words = p.word_count();
        let marked = AtomicU64::new(0);
        let parts = on_threads(threads, |t| -> Result<Part, TableError> {
            let mut out = PartWriter::create(part_path(&dest, t))?;
            let mut n = 0u64;
            let mut settle = Settle::new(|j| {
                if c.update(j, |v| (v == C_OPEN).then_some(next)) {
                    n += 1;
                }
            });
            for w in share(words, threads, t) {
                let mut hits = p.matches(w, P_LOST);
                while hits != 0 {
                    let i = Packed::<4>::entry(w, hits.trailing_zeros());
                    hits &= hits - 1;
                    p.update(i, |_| Some(P_DONE));
                    out.push(i)?;
                    let (pp, m) = index.decode(i);
                    let frame = index.frame(pp, m);
                    for (ch, e) in mv.child_unmoves(pp, m) {
                        let j = frame.moved(ch, e);
                        c.prefetch(j);
                        settle.push(j);
                    }
                }
            }
            settle.flush();
            drop(settle);
            marked.fetch_add(n, Ordering::Relaxed);
            Ok(out.finish()?)
        })?;
        Ok((join_parts(&dest, parts)?, marked.into_inner()))
    }
}

/// Indices gathered (and prefetched) before they are settled, so that the cache misses of a
/// batch overlap.
struct Settle<F: FnMut(u64)> {
    batch: Vec<u64>,
    apply: F,
}

impl<F: FnMut(u64)> Settle<F> {
    fn new(apply: F) -> Settle<F> {
        Settle { batch: Vec::with_capacity(BATCH), apply }
    }

    #[inline]
    fn push(&mut self, j: u64) {
        self.batch.push(j);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        for &j in &self.batch {
            (self.apply)(j);
        }
        self.batch.clear();
    }
}

/// Runs `work` for threads `0..threads` at once (the last on this thread) and collects
/// their results in order; the first error wins.
fn on_threads<T: Send>(
    threads: usize,
    work: impl Fn(usize) -> Result<T, TableError> + Sync,
) -> Result<Vec<T>, TableError> {
    let work = &work;
    std::thread::scope(|s| {
        let others: Vec<_> = (0..threads - 1).map(|t| s.spawn(move || work(t))).collect();
        let last = work(threads - 1);
        let mut out: Vec<T> = Vec::with_capacity(threads);
        for h in others {
            out.push(h.join().expect("a table thread panicked")?);
        }
        out.push(last?);
        Ok(out)
    })
}

/// Thread `t`'s share of `words` words: consecutive ranges, in order.
fn share(words: usize, threads: usize, t: usize) -> std::ops::Range<usize> {
    words * t / threads..words * (t + 1) / threads
}

/// The file of thread `t`'s share of the list `dest`.
fn part_path(dest: &Path, t: usize) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(format!(".part{t}"));
    PathBuf::from(name)
}

/// Hands `feed` the Parent-to-move positions of the slice of `index` from which a capture of
/// `pairs` pairs at `e` reaches the lower Children-to-move position `(e, m)`.
fn uncaptures(index: SliceIndex, mv: &BoardMoves, e: u8, m: u64, pairs: usize, mut feed: impl FnMut(u64)) {
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
            let j = index.index(q, m | taken);
            if !seen[..ns].contains(&j) {
                seen[ns] = j;
                ns += 1;
                feed(j);
            }
        }
    }
}
