//! The state of one slice build and its main loop: initialisation by Parent class, then
//! level after level, with checkpoints.

use std::path::PathBuf;
use std::time::Instant;

use rules::musashi::{BoardKind, Target};

use super::bits::Packed;
use super::lists::{Side, levels_in, list_path};
use super::{Lower, Progress, SlicePaths, StreamOptions};
use crate::musashi::index::SliceIndex;
use crate::musashi::tablebase::TableError;
use crate::musashi::tablebase::moves::BoardMoves;

/// Where a build stands (the checkpoint's state file).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Phase {
    /// Initialising the Parent classes from `next_slot` on.
    Init { next_slot: usize },
    /// Propagating from level `next` on; `pending` Children-to-move positions are marked
    /// for it.
    Levels { next: usize, pending: u64 },
}

pub(super) struct Builder {
    pub(super) target: Target,
    pub(super) index: SliceIndex,
    pub(super) mv: &'static BoardMoves,
    pub(super) lower: Vec<Lower>,
    pub(super) lists: PathBuf,
    pub(super) work: PathBuf,
    pub(super) p: Packed<4>,
    pub(super) c: Packed<2>,
    pub(super) phase: Phase,
    pub(super) positions: u64,
    pub(super) decided: u64,
    /// Checkpoint generation (file names).
    pub(super) generation: u64,
    /// Build seconds before this run (from the checkpoint) and this run's clock.
    pub(super) seconds: f64,
    pub(super) clock: Instant,
}

impl Builder {
    pub(super) fn start(
        board: BoardKind,
        target: Target,
        k: u8,
        paths: &SlicePaths,
        lower: Vec<Lower>,
        progress: &mut impl FnMut(&Progress),
    ) -> Result<Builder, TableError> {
        let index = SliceIndex::new(board, k);
        let n = index.len();
        std::fs::create_dir_all(&paths.lists)?;
        std::fs::create_dir_all(&paths.work)?;
        let mut b = Builder {
            target,
            index,
            mv: BoardMoves::of(board),
            lower,
            lists: paths.lists.clone(),
            work: paths.work.clone(),
            p: Packed::new(0),
            c: Packed::new(0),
            phase: Phase::Init { next_slot: 0 },
            positions: 0,
            decided: 0,
            generation: 0,
            seconds: 0.0,
            clock: Instant::now(),
        };
        match std::fs::read_to_string(b.work.join("state")) {
            Ok(text) => {
                b.read_state(&text)?;
                b.p = Packed::load(n, &b.work.join(format!("p.{}.bits", b.generation)))?;
                b.c = Packed::load(n, &b.work.join(format!("c.{}.bits", b.generation)))?;
                let from = match b.phase {
                    Phase::Init { next_slot } => format!("initialisation, Parent class {next_slot}"),
                    Phase::Levels { next, .. } => format!("level {next}"),
                };
                progress(&Progress::Resumed { k, from });
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                b.p = Packed::new(n);
                b.c = Packed::new(n);
            }
            Err(e) => return Err(e.into()),
        }
        // Lists past the checkpoint are partial: drop them (all of them on a fresh start).
        let keep = match b.phase {
            Phase::Init { .. } => 0,
            Phase::Levels { next, .. } => next,
        };
        for side in [Side::Parent, Side::Children] {
            for d in levels_in(&b.lists, side)? {
                if d >= keep {
                    std::fs::remove_file(list_path(&b.lists, side, d))?;
                }
            }
        }
        Ok(b)
    }

    pub(super) fn run(&mut self, opts: &StreamOptions, progress: &mut impl FnMut(&Progress)) -> Result<(), TableError> {
        let k = self.index.k;
        let slots = self.index.geo.slots();
        let mut last_checkpoint = Instant::now();
        if let Phase::Init { next_slot } = self.phase {
            let init_started = Instant::now();
            for slot in next_slot..slots {
                self.init_slot(slot)?;
                self.phase = Phase::Init { next_slot: slot + 1 };
                progress(&Progress::Init { k, slots_done: slot + 1, slots, seconds: self.elapsed() });
                if slot + 1 < slots && opts.stop_at.is_some_and(|t| Instant::now() >= t) {
                    self.checkpoint(progress)?;
                    return Err(TableError::Stopped { k });
                }
                if slot + 1 < slots && last_checkpoint.elapsed() >= opts.checkpoint_every {
                    self.checkpoint(progress)?;
                    last_checkpoint = Instant::now();
                }
            }
            self.phase = Phase::Levels { next: 0, pending: 0 };
            if init_started.elapsed() >= opts.checkpoint_every / 4 {
                self.checkpoint(progress)?;
                last_checkpoint = Instant::now();
            }
        }
        let last_lower = self
            .lower
            .iter()
            .map(|l| levels_in(&l.lists, Side::Children).map(|v| v.last().copied()))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .max();
        while let Phase::Levels { next: d, pending } = self.phase {
            if d as u16 > crate::musashi::tablebase::value::MAX_DISTANCE {
                return Err(TableError::DistanceOverflow);
            }
            let threads = opts.threads.max(1);
            let children_won = self.children_level(d, pending, threads)?;
            let (parent_lost, marked) = self.parent_level(d, threads)?;
            self.decided += children_won + parent_lost;
            progress(&Progress::Level {
                k,
                d,
                children_won,
                parent_lost,
                decided: self.decided,
                positions: self.positions,
                seconds: self.elapsed(),
            });
            self.phase = Phase::Levels { next: d + 1, pending: marked };
            if marked == 0 && last_lower.is_none_or(|l| l <= d) {
                break;
            }
            if opts.stop_at.is_some_and(|t| Instant::now() >= t) {
                self.checkpoint(progress)?;
                return Err(TableError::Stopped { k });
            }
            if last_checkpoint.elapsed() >= opts.checkpoint_every {
                self.checkpoint(progress)?;
                last_checkpoint = Instant::now();
            }
        }
        Ok(())
    }

    fn elapsed(&self) -> f64 {
        self.seconds + self.clock.elapsed().as_secs_f64()
    }
}
