//! `qdan solve dots WxH [--drawn e1,e2,...] [--stats] [--threads N] [--table FILE] [--hours H]`:
//! the exact value of a Dots and Boxes position: the best future box margin for the player
//! to move, boxes already claimed ignored. Prints `value V`; with `--stats`, `time S`
//! (seconds) and `nodes N` follow.
//!
//! Long solves (5x4 from early positions take hours) keep their table in `--table FILE`:
//! loaded when the file is there, saved every `--save-minutes` and when the solve ends or
//! reaches `--hours`, so the same command run again continues from what was proved. Each
//! probe of the search ("value >= B") is reported on stderr as it ends. The entries are
//! bounds on positions, not on this solve, so a table saved by a solve of one position also
//! serves another on the same board (a later position of the same game, say).

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ai::dots::{Board, Deadline, Solver, TableSaver};
use anyhow::{Context, bail};
use clap::Args as ClapArgs;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Board size in boxes, WxH: 3 to 5 a side on the site; the solver also takes 1 and 2.
    size: String,
    /// Edges already drawn, comma separated (docs/design.md §3.2 numbering).
    #[arg(long, value_delimiter = ',')]
    drawn: Vec<String>,
    /// Print time and nodes too.
    #[arg(long)]
    stats: bool,
    /// Transposition table size: 2^BITS buckets of 32 bytes (default: by board size).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=27))]
    tt_bits: Option<u32>,
    /// Search threads sharing the table (default: every core). The value is the same with
    /// any number; the node count varies from run to run with more than one.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: Option<u32>,
    /// Keep the solver's table in FILE (as large as the table): loaded at the start when
    /// present, saved every --save-minutes and at the end, so that a stopped solve
    /// continues when the same command is run again.
    #[arg(long)]
    table: Option<PathBuf>,
    /// Stop after this many hours (saving the table first, with --table).
    #[arg(long, value_parser = positive)]
    hours: Option<f64>,
    /// Minutes between saves of the table, with --table.
    #[arg(long, default_value_t = 10.0, value_parser = positive)]
    save_minutes: f64,
}

fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("expected a positive number, got {:?}", s.chars().take(16).collect::<String>())),
    }
}

fn parse_size(s: &str) -> anyhow::Result<(u8, u8)> {
    let bad = || {
        format!("a size is WxH with W and H from 1 to 5, e.g. 5x4; got {:?}", s.chars().take(16).collect::<String>())
    };
    let (w, h) = s.split_once(['x', 'X']).with_context(bad)?;
    let (w, h): (u8, u8) = (w.trim().parse().with_context(bad)?, h.trim().parse().with_context(bad)?);
    if !(1..=5).contains(&w) || !(1..=5).contains(&h) {
        bail!(bad());
    }
    Ok((w, h))
}

/// The drawn-edge set, refusing edges off the board and edges given twice.
fn parse_drawn(board: &Board, list: &[String]) -> anyhow::Result<u64> {
    let mut drawn = 0u64;
    for text in list {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let e: u8 = match text.parse() {
            Ok(e) if e < board.edges => e,
            _ => bail!(
                "edge {:?} is not on a {}x{} board (edges are 0 to {})",
                text.chars().take(16).collect::<String>(),
                board.w,
                board.h,
                board.edges - 1
            ),
        };
        if drawn & 1 << e != 0 {
            bail!("edge {e} is listed twice");
        }
        drawn |= 1 << e;
    }
    Ok(drawn)
}

pub fn run(a: Args) -> anyhow::Result<()> {
    let (w, h) = parse_size(&a.size)?;
    let board = Board::new(w, h)?;
    let drawn = parse_drawn(&board, &a.drawn)?;
    // Sized by the lines left to draw: big enough that an empty 4x4 board does not thrash it
    // (1 GiB: 2 GiB needed a few per cent fewer nodes but more time), small enough that a
    // late position does not wait for a large allocation.
    let bits = a.tt_bits.unwrap_or(match (board.all & !drawn).count_ones() {
        0..=24 => 18,
        25..=31 => 22,
        32..=35 => 24,
        _ => 25,
    });
    let threads = a.threads.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let start = Instant::now();
    let mut solver = Solver::new(board, bits);
    if let Some(path) = &a.table
        && path.exists()
    {
        solver.load_table(path).with_context(|| format!("reading the table {}", path.display()))?;
        eprintln!("table loaded from {} in {:.1} s", path.display(), start.elapsed().as_secs_f64());
    }
    solver.set_threads(threads);
    if let Some(h) = a.hours {
        solver.set_deadline(Some(Deadline::at_instant(start + Duration::from_secs_f64(h * 3600.0))));
    }
    let long = a.table.is_some() || a.hours.is_some();
    let every = Duration::from_secs_f64(a.save_minutes * 60.0);
    let (value, time, saved) = solve_saving(&mut solver, drawn, a.table.as_deref(), every, long, start);
    let Some(value) = value else {
        let (hours, nodes) = (a.hours.unwrap_or_default(), solver.stats.nodes);
        match (&a.table, saved) {
            (Some(path), true) => bail!(
                "stopped at the {hours} h limit after {nodes} nodes; the table is saved in {}: the same command continues",
                path.display()
            ),
            (Some(path), false) => {
                bail!(
                    "stopped at the {hours} h limit after {nodes} nodes; the table could not be saved in {}",
                    path.display()
                )
            }
            (None, _) => {
                bail!("stopped at the {hours} h limit after {nodes} nodes (give --table FILE to continue later)")
            }
        }
    };
    println!("value {value}");
    if a.stats {
        let s = solver.stats;
        println!("time {:.3}", time.as_secs_f64());
        println!("nodes {}", s.nodes);
        println!("tt_hits {}", s.tt_hits);
        println!("endgames {}", s.endgames);
        println!("sacrifices {}", s.sacrifices);
        println!("sacrifice_nodes {}", s.sacrifice_nodes);
    }
    Ok(())
}

/// The value (`None` at the deadline) and the time since `start` it took, the table saved to
/// `table` every `every` while the search threads run and once at the end (and whether that
/// last save worked). Each probe is reported on stderr when `report` is set.
fn solve_saving(
    solver: &mut Solver,
    drawn: u64,
    table: Option<&Path>,
    every: Duration,
    report: bool,
    start: Instant,
) -> (Option<i32>, Duration, bool) {
    let mut report = |beta: i32, holds: bool, s: &ai::dots::Stats| {
        if report {
            let t = start.elapsed().as_secs_f64();
            eprintln!("value >= {beta}: {holds}  ({t:.1} s, {} nodes)", s.nodes);
        }
    };
    let saver = table.map(|path| (solver.table_saver(), path));
    // The timer thread ends when the channel closes, after the search.
    let (done, timer) = mpsc::channel::<()>();
    let value = std::thread::scope(|scope| {
        if let Some((saver, path)) = &saver {
            scope.spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = timer.recv_timeout(every) {
                    save(saver, path, start);
                }
            });
        }
        let value = solver.value_reporting(drawn, &mut report);
        drop(done);
        value
    });
    let time = start.elapsed();
    let saved = saver.is_some_and(|(saver, path)| save(&saver, path, start));
    (value, time, saved)
}

/// Writes the table, saying so on stderr. A failed save is reported and the solve goes on
/// (the previous file stays whole).
fn save(saver: &TableSaver, path: &Path, start: Instant) -> bool {
    let t = Instant::now();
    match saver.save(path) {
        Ok(()) => {
            let (at, took) = (start.elapsed().as_secs_f64(), t.elapsed().as_secs_f64());
            eprintln!("table saved to {} at {at:.1} s (took {took:.1} s)", path.display());
            true
        }
        Err(e) => {
            eprintln!("could not save the table to {}: {e}", path.display());
            false
        }
    }
}
