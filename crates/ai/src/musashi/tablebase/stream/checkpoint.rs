//! Checkpoints: the two packed arrays under a new generation, then a small state file that
//! names it, renamed into place.

use std::time::Instant;

use super::Progress;
use super::builder::{Builder, Phase};
use crate::musashi::tablebase::TableError;

impl Builder {
    pub(super) fn read_state(&mut self, text: &str) -> Result<(), TableError> {
        let bad = || TableError::Corrupt("checkpoint state");
        let get = |key: &str| -> Result<u64, TableError> {
            let line = text.lines().find(|l| l.split_whitespace().next() == Some(key)).ok_or_else(bad)?;
            line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).ok_or_else(bad)
        };
        if get("entries")? != self.index.len() || get("k")? != self.index.k as u64 {
            return Err(bad());
        }
        self.generation = get("generation")?;
        self.positions = get("positions")?;
        self.decided = get("decided")?;
        self.seconds = f64::from_bits(get("seconds_bits")?);
        self.phase = match get("init_next_slot") {
            Ok(s) => Phase::Init { next_slot: s as usize },
            Err(_) => Phase::Levels { next: get("next_level")? as usize, pending: get("pending")? },
        };
        Ok(())
    }

    /// Writes the arrays under a new generation, then the state file naming it (renamed into
    /// place, so a stop at any moment leaves one complete checkpoint).
    pub(super) fn checkpoint(&mut self, progress: &mut impl FnMut(&Progress)) -> Result<(), TableError> {
        let t0 = Instant::now();
        let g = self.generation + 1;
        for (name, write) in [("p", 0), ("c", 1)] {
            let path = self.work.join(format!("{name}.{g}.bits"));
            let mut f = std::io::BufWriter::with_capacity(1 << 22, std::fs::File::create(&path)?);
            if write == 0 {
                self.p.write_to(&mut f)?
            } else {
                self.c.write_to(&mut f)?
            }
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        let seconds = self.seconds + self.clock.elapsed().as_secs_f64();
        let phase = match self.phase {
            Phase::Init { next_slot } => format!("init_next_slot {next_slot}\n"),
            Phase::Levels { next, pending } => format!("next_level {next}\npending {pending}\n"),
        };
        let text = format!(
            "k {}\nentries {}\ngeneration {g}\npositions {}\ndecided {}\nseconds_bits {}\n{phase}",
            self.index.k,
            self.index.len(),
            self.positions,
            self.decided,
            seconds.to_bits()
        );
        let tmp = self.work.join("state.tmp");
        std::fs::write(&tmp, text)?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, self.work.join("state"))?;
        for name in ["p", "c"] {
            let old = self.work.join(format!("{name}.{}.bits", self.generation));
            if old.exists() {
                std::fs::remove_file(old)?;
            }
        }
        self.generation = g;
        progress(&Progress::Checkpoint {
            k: self.index.k,
            bytes: self.p.bytes() + self.c.bytes(),
            seconds: t0.elapsed().as_secs_f64(),
        });
        Ok(())
    }
}
