//! `qdan solve dots WxH [--drawn e1,e2,...] [--stats] [--threads N]`: the exact value of a
//! Dots and Boxes position: the best future box margin for the player to move, boxes already
//! claimed ignored. Prints `value V`; with `--stats`, `time S` (seconds) and `nodes N` follow.

use std::time::Instant;

use ai::dots::{Board, Solver};
use anyhow::{Context, bail};
use clap::Args as ClapArgs;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Board size in boxes, WxH: 3 to 5 a side on the site; the solver also takes 1 and 2.
    size: String,
    /// Edges already drawn, comma separated (DESIGN.md numbering).
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
    solver.set_threads(threads);
    let value = solver.value(drawn).context("the solver stopped early")?;
    println!("value {value}");
    if a.stats {
        let s = solver.stats;
        println!("time {:.3}", start.elapsed().as_secs_f64());
        println!("nodes {}", s.nodes);
        println!("tt_hits {}", s.tt_hits);
        println!("endgames {}", s.endgames);
        println!("sacrifices {}", s.sacrifices);
        println!("sacrifice_nodes {}", s.sacrifice_nodes);
    }
    Ok(())
}
