//! `qdan tablebase bagh-chal [--target 5] [--out DIR]`: builds the Bagh-Chal movement-phase
//! tables (every goat placed, fewer captured than the target; `docs/design.md` §8.9) in
//! memory, prints each slice's count and results, and writes `DIR/bagh-chal-t<target>.qtb`
//! (DIR defaults to `tablebases`). About a minute and 330 MiB for the standard five captures.

use std::path::PathBuf;
use std::time::Instant;

use ai::bagh_chal::{Tables, file_name};
use anyhow::Context;
use clap::Args;

#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Captures that win, 1 to 5 (5 is the standard rule; fewer give small tables).
    #[arg(long, default_value = "5")]
    target: u8,
    /// Directory for the table file.
    #[arg(long, default_value = "tablebases")]
    out: PathBuf,
}

pub fn build(a: BuildArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut positions = 0u64;
    let tables = Tables::build(a.target, |s| {
        positions += s.positions;
        println!(
            "slice {} goats: {:>9} positions per side; tigers to move won/lost/drawn {:?}, goats to move {:?}; longest {} plies; {:.2} s",
            s.goats, s.positions, s.tigers_to_move, s.goats_to_move, s.max_plies, s.seconds
        );
    })
    .with_context(|| format!("building the Bagh-Chal tables for target {}", a.target))?;
    let secs = started.elapsed().as_secs_f64();
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    let path = a.out.join(file_name(a.target));
    tables.save(&path).with_context(|| format!("writing {}", path.display()))?;
    println!(
        "{} positions up to symmetry (both sides to move); built in {secs:.2} s, {:.1} MiB of tables, peak {:.0} MiB; wrote {}",
        2 * positions,
        tables.memory() as f64 / (1 << 20) as f64,
        super::memory::peak_mib().unwrap_or(0.0),
        path.display()
    );
    Ok(())
}
