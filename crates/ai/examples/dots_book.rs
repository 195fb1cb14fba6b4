//! Builds the Dots expert's opening book (`crates/ai/data/dots-book.bin`, see `ai::dots::book`):
//!
//! ```sh
//! cargo run --release -p ai --example dots_book -- --size 5x4 --depth 2 --threads 2 \
//!     --out crates/ai/data/dots-book.bin
//! ```
//!
//! For each size, every position the expert can meet with at most `--depth` lines drawn when
//! it plays the book's own moves, against every answer: it moves first (the empty board) or
//! second (after any first line); after each of its book moves, every line the opponent may
//! draw. A position joins the book when `ai::dots::book::eligible` (no box claimed or to
//! take, a safe line to draw), with the move `ai::dots::book::search_move` chooses there.
//! Moves are worked out level by level (lines drawn), in `--threads` threads; the output does
//! not depend on the thread count. Several `--size` give one file with a section each;
//! `--keep FILE` copies the sections of other sizes from an existing book, so that sizes with
//! different depths go into one file (the checked-in book, `docs/design.md` §9.1):
//!
//! ```sh
//! cargo run --release -p ai --example dots_book -- --size 5x5 --depth 1 \
//!     --keep crates/ai/data/dots-book.bin --out crates/ai/data/dots-book.bin
//! ```

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use ai::dots::Board;
use ai::dots::book::{self, Entry};

struct Args {
    sizes: Vec<(u8, u8)>,
    depth: u32,
    threads: usize,
    out: String,
    keep: Option<String>,
}

fn args() -> Result<Args, String> {
    let mut a = Args { sizes: Vec::new(), depth: 2, threads: 1, out: String::new(), keep: None };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--size" => {
                let v = value()?;
                let (w, h) = v.split_once('x').ok_or(format!("a size is WxH, not {v}"))?;
                a.sizes.push((w.parse().map_err(|_| "bad width")?, h.parse().map_err(|_| "bad height")?));
            }
            "--depth" => a.depth = value()?.parse().map_err(|_| "bad depth")?,
            "--threads" => a.threads = value()?.parse().map_err(|_| "bad thread count")?,
            "--out" => a.out = value()?,
            "--keep" => a.keep = Some(value()?),
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    if a.sizes.is_empty() || a.out.is_empty() {
        return Err(
            "usage: dots_book --size WxH [--size WxH] [--depth N] [--threads N] [--keep FILE] --out FILE".into()
        );
    }
    Ok(a)
}

/// The book moves of `positions` (canonical keys), worked out in `threads` threads.
fn moves(board: &Board, positions: &[u64], threads: usize) -> Vec<u8> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(vec![0u8; positions.len()]);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&key) = positions.get(i) else { break };
                    let m = book::search_move(board, key);
                    out.lock().expect("no panic while held")[i] = m;
                    if (i + 1).is_multiple_of(25) {
                        eprintln!("  {} of {} ({:.0} s)", i + 1, positions.len(), started.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });
    out.into_inner().expect("no panic while held")
}

fn section(w: u8, h: u8, depth: u32, threads: usize) -> Vec<Entry> {
    let board = Board::new(w, h).expect("a board size");
    let mut entries = Vec::new();
    // Positions the expert may have to move in, by lines drawn: the empty board (it moves
    // first) and every first line (it moves second).
    let mut waiting = BTreeSet::new();
    waiting.insert(0u64);
    for e in 0..board.edges {
        waiting.insert(board.canonical(1 << e));
    }
    for drawn in 0..=depth {
        let level: Vec<u64> =
            waiting.iter().copied().filter(|&k| k.count_ones() == drawn && book::eligible(&board, k)).collect();
        let started = Instant::now();
        let found = moves(&board, &level, threads);
        eprintln!(
            "{w}x{h}: {} positions with {drawn} lines drawn in {:.0} s",
            level.len(),
            started.elapsed().as_secs_f64()
        );
        for (&key, &m) in level.iter().zip(&found) {
            entries.push((w, h, key, m));
            // Every answer of the opponent to the book's move.
            let after = key | 1 << m;
            if drawn + 2 <= depth {
                for r in (0..board.edges).filter(|&r| after & 1 << r == 0) {
                    waiting.insert(board.canonical(after | 1 << r));
                }
            }
        }
    }
    entries
}

fn main() {
    let args = args().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let started = Instant::now();
    let mut entries = Vec::new();
    if let Some(keep) = &args.keep {
        let bytes = std::fs::read(keep).unwrap_or_else(|e| panic!("{keep}: {e}"));
        let kept = book::Book::parse(&bytes).unwrap_or_else(|e| panic!("{keep}: {e}"));
        entries.extend(kept.entries().filter(|e| !args.sizes.contains(&(e.0, e.1))));
    }
    for &(w, h) in &args.sizes {
        entries.extend(section(w, h, args.depth, args.threads));
    }
    let bytes = book::encode(&entries);
    assert!(bytes.len() <= book::MAX_BYTES, "{} bytes: over the book's cap", bytes.len());
    std::fs::write(&args.out, &bytes).unwrap_or_else(|e| panic!("{}: {e}", args.out));
    println!(
        "{} positions, {} bytes, in {:.0} s: {}",
        book::Book::parse(&bytes).expect("what encode wrote").len(),
        bytes.len(),
        started.elapsed().as_secs_f64(),
        args.out
    );
}
