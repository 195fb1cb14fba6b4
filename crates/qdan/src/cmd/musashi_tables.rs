//! `qdan solve musashi` and `qdan tablebase build`: Juroku Musashi retrograde tables.
//!
//! `qdan tablebase build --board 25 --target 10|6|none [--out DIR] [--max-children K]`
//! builds the 25-point slices of K's parity up to K Children (default 16) in memory and
//! writes `DIR/musashi-25-t<target>.qtb` (DIR defaults to `tablebases`).
//!
//! `qdan tablebase build --board 33 ...` builds the 33-point slices one at a time with the
//! streaming generator, each into its own checksummed file
//! `DIR/musashi-33-t<target>-k<K>.qts` (default up to 16 Children), printing progress with an
//! estimate of the time left. A stopped build continues where it stopped: finished slices
//! are kept, and the slice under way resumes from its last checkpoint (`--checkpoint-minutes`,
//! default 20). `--hours H` stops (with a checkpoint) after H hours. Each level runs on
//! `--threads` threads (default: the cores, at most 4); the bytes do not depend on it.
//!
//! `qdan solve musashi ... [POSITION | --moves m1,m2,...]` prints `value children-win-in N`
//! (N plies) or `value parent-win`, then `best MOVE` (`best none` when the game is over).
//! The value is the tables' (repetition is a rule about history and is not in them; the move
//! limit is applied); the tables are the `.qtb` file and every slice file in `--tables`.
//! Without a table covering the position it searches for `--time` seconds and prints
//! `value unknown` when that proves nothing.

use super::memory::peak_mib;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ai::musashi::index::SliceIndex;
use ai::musashi::search::{PROVEN, Search, WIN, moves_left};
use ai::musashi::tablebase::stream::{Progress, StreamOptions, build_slice};
use ai::musashi::tablebase::{SliceFile, TableError, file_name, slice_file_name};
use ai::musashi::{Tables, Value, table_move};
use anyhow::{Context, bail};
use clap::{Args as ClapArgs, Subcommand};
use rules::musashi::{BoardKind, Game, Limit, Options, Position, Role, Target};

#[derive(Subcommand, Debug)]
pub enum Tablebase {
    /// Build the tables for one board and target and save them.
    Build {
        /// 25 or 33.
        #[arg(long, default_value = "25")]
        board: BoardKind,
        /// Children the Parent must take: 10, 6 or none (win only by trapping).
        #[arg(long, default_value = "10")]
        target: Target,
        /// Directory for the table file.
        #[arg(long, default_value = "tablebases")]
        out: PathBuf,
        /// Build slices up to this many Children (default 16).
        #[arg(long)]
        max_children: Option<u8>,
        /// 33 points: least minutes between two checkpoints of the slice under way.
        #[arg(long, default_value = "20")]
        checkpoint_minutes: f64,
        /// 33 points: stop (with a checkpoint) after this many hours; run again to go on.
        #[arg(long)]
        hours: Option<f64>,
        /// 33 points: threads for each level (default: the cores, at most 4).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Build the Bagh-Chal movement-phase tables and save them.
    BaghChal(super::bagh_chal_tables::BuildArgs),
}

#[derive(ClapArgs, Debug)]
pub struct SolveArgs {
    /// 33 or 25 (default 33, or the position's board).
    #[arg(long)]
    board: Option<BoardKind>,
    /// Children the Parent must take: 10, 6 or none.
    #[arg(long, default_value = "10")]
    target: Target,
    /// Children move limit: 100 or none.
    #[arg(long, default_value = "100")]
    limit: Limit,
    /// Who moves first from the start: parent or children.
    #[arg(long, default_value = "parent")]
    first: Role,
    /// Moves from the start (or from POSITION), comma separated.
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// A position text (board:parent:children:side:moves) instead of the start.
    position: Option<String>,
    /// Directory with table files; missing 25-point tables are built in memory.
    #[arg(long, default_value = "tablebases")]
    tables: PathBuf,
    /// Seconds of search when no table covers the position.
    #[arg(long, default_value = "10")]
    time: f64,
}

pub fn tablebase(t: Tablebase) -> anyhow::Result<()> {
    let (board, target, out, max_children, checkpoint_minutes, hours, threads) = match t {
        Tablebase::Build { board, target, out, max_children, checkpoint_minutes, hours, threads } => {
            (board, target, out, max_children, checkpoint_minutes, hours, threads)
        }
        Tablebase::BaghChal(a) => return super::bagh_chal_tables::build(a),
    };
    let max_k = max_children.unwrap_or(16);
    if max_k > 16 {
        bail!("--max-children must be at most 16");
    }
    if !(checkpoint_minutes.is_finite() && checkpoint_minutes >= 0.0) {
        bail!("--checkpoint-minutes must be a number of minutes");
    }
    if let Some(h) = hours
        && !(h.is_finite() && h > 0.0 && h < 10_000.0)
    {
        bail!("--hours must be a positive number of hours");
    }
    if threads.is_some_and(|n| !(1..=64).contains(&n)) {
        bail!("--threads must be from 1 to 64");
    }
    if board == BoardKind::Setchin33 {
        let opts = StreamOptions {
            checkpoint_every: Duration::from_secs_f64(checkpoint_minutes * 60.0),
            stop_at: hours.map(|h| Instant::now() + Duration::from_secs_f64(h * 3600.0)),
            threads: threads.unwrap_or(StreamOptions::default().threads),
        };
        return build_streaming(board, target, max_k, &out, &opts);
    }
    let started = Instant::now();
    let tables = Tables::build(board, target, max_k, |s| {
        println!(
            "slice {:2} children: {:>11} positions ({:>11} entries per side), Children win {:>11}, longest {:>3} Children moves, {:8.2} s, peak {:.0} MiB",
            s.k,
            s.positions,
            s.entries,
            s.children_wins,
            s.max_distance,
            s.seconds,
            peak_mib().unwrap_or(0.0)
        );
    })
    .with_context(|| format!("building the {board}-point tables for target {target}"))?;
    let secs = started.elapsed().as_secs_f64();
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let path = out.join(file_name(board, target));
    tables.save(&path).with_context(|| format!("writing {}", path.display()))?;
    for first in [Role::Parent, Role::Children] {
        let start = Position::start(board, first);
        if let Some(v) = tables.value(&start) {
            println!("start, {first} first: {}", describe(v, first));
        }
    }
    println!(
        "built in {secs:.2} s, {:.1} MiB of tables, peak {:.0} MiB; wrote {}",
        tables.memory() as f64 / (1 << 20) as f64,
        peak_mib().unwrap_or(0.0),
        path.display()
    );
    Ok(())
}

/// Seconds per entry assumed for a slice before any has been timed (the 33-point slice with
/// 16 Children, target 10, on two threads: 3,955 s of wall time for 12.02 G entries,
/// docs/benchmarks.md; the one-thread figure of the 8-Children slice, 1 us an entry, made
/// the first ETA of the target-6 build read 6 h 05 min while its first slice took 19 min).
const SECONDS_PER_ENTRY: f64 = 3955.0 / 12.02e9;

/// The 33-point build: every slice of `max_k`'s parity the target needs, one file each.
fn build_streaming(
    board: BoardKind,
    target: Target,
    max_k: u8,
    out: &Path,
    opts: &StreamOptions,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let first =
        (max_k % 2..=max_k).step_by(2).find(|&k| target.children_left_to_win().is_none_or(|l| k > l)).unwrap_or(max_k);
    let ks: Vec<u8> = (first..=max_k).step_by(2).collect();
    let entries = |k: u8| SliceIndex::new(board, k).len() as f64;
    let mut rate = SECONDS_PER_ENTRY;
    let mut last_print = Instant::now() - Duration::from_secs(3600);
    for (n, &k) in ks.iter().enumerate() {
        let later: f64 = ks[n + 1..].iter().map(|&j| entries(j)).sum();
        let slice_guess = entries(k) * rate;
        let mut init_share = None;
        let report = |p: &Progress| {
            let now = Instant::now();
            let (line, eta_slice) = match p {
                Progress::Resumed { k, from } => (format!("slice {k}: resuming from {from}"), None),
                Progress::Init { k, slots_done, slots, seconds } => {
                    // Initialisation was measured at about a third of a slice's time.
                    let init_total = seconds / *slots_done as f64 * *slots as f64;
                    init_share = Some(init_total * 3.0);
                    (
                        format!("slice {k}: Parent classes {slots_done}/{slots} initialised, {seconds:.0} s"),
                        Some((init_total * 3.0 - seconds).max(0.0)),
                    )
                }
                Progress::Level { k, d, children_won, parent_lost, decided, positions, seconds } => {
                    // A level costs about the same per position it decides, so what is left
                    // goes as the undecided share (a little high: the time so far includes the
                    // initialisation, and positions no level decides cost nothing more).
                    let guess = if *decided > 0 {
                        seconds * *positions as f64 / *decided as f64
                    } else {
                        init_share.unwrap_or(slice_guess).max(*seconds)
                    };
                    (
                        format!(
                            "slice {k}: level {d:3}: Children win {children_won:>11}, Parent lost {parent_lost:>11}; {decided} of {positions} positions decided, {seconds:.0} s"
                        ),
                        Some((guess - seconds).max(0.0)),
                    )
                }
                Progress::Checkpoint { k, bytes, seconds } => {
                    (format!("slice {k}: checkpoint of {:.2} GB written in {seconds:.1} s", *bytes as f64 / 1e9), None)
                }
                Progress::Writing { k } => (format!("slice {k}: writing the slice file"), None),
            };
            let important = !matches!(p, Progress::Level { .. } | Progress::Init { .. });
            if important || now.duration_since(last_print) >= Duration::from_secs(10) {
                last_print = now;
                let eta = eta_slice.map(|s| s + later * rate);
                match eta {
                    Some(s) => println!("{line}; ETA {} (peak {:.0} MiB)", hms(s), peak_mib().unwrap_or(0.0)),
                    None => println!("{line} (peak {:.0} MiB)", peak_mib().unwrap_or(0.0)),
                }
            }
        };
        let s = match build_slice(board, target, k, out, opts, report) {
            Ok(s) => s,
            Err(TableError::Stopped { k }) => {
                println!("stopped at the time limit during slice {k}; run the same command again to go on");
                return Ok(());
            }
            Err(e) => return Err(e).with_context(|| format!("building slice {k} of the {board}-point tables")),
        };
        if s.seconds > 0.0 {
            rate = s.seconds / entries(k);
        }
        // Files of the first builds held one raw byte a position: rewrite them compressed.
        let path = out.join(slice_file_name(board, target, k));
        let f = SliceFile::open(&path, board, target, k).with_context(|| format!("reading {}", path.display()))?;
        if f.is_raw() {
            let before = std::fs::metadata(&path)?.len();
            f.rewrite_compressed(target).with_context(|| format!("rewriting {}", path.display()))?;
            let after = std::fs::metadata(&path)?.len();
            println!("slice {k}: rewrote the raw file compressed, {before} -> {after} bytes");
        }
        // A slice found finished in the directory has no time of its own (its file is checked).
        let took = if s.seconds > 0.0 { format!("{:8.2} s", s.seconds) } else { "already built".to_string() };
        println!(
            "slice {:2} children: {:>11} positions ({:>11} entries per side), Children win {:>11}, longest {:>3} Children moves, {took}, peak {:.0} MiB",
            s.k,
            s.positions,
            s.entries,
            s.children_wins,
            s.max_distance,
            peak_mib().unwrap_or(0.0)
        );
    }
    let mut tables = Tables::empty(board, target);
    for (k, r) in tables.attach_dir(out) {
        r.with_context(|| format!("reading slice {k}"))?;
    }
    for first in [Role::Parent, Role::Children] {
        if let Some(v) = tables.value(&Position::start(board, first)) {
            println!("start, {first} first: {}", describe(v, first));
        }
    }
    Ok(())
}

fn hms(s: f64) -> String {
    let s = s.round() as u64;
    format!("{}h{:02}m{:02}s", s / 3600, s / 60 % 60, s % 60)
}

fn describe(v: Value, turn: Role) -> String {
    match v.plies(turn) {
        Some(n) => format!("children-win-in {n}"),
        None => "parent-win".to_string(),
    }
}

/// Tables for `(board, target)` covering `k` Children: the file and the slice files in
/// `dir`, else built in memory when that is cheap enough (any 25-point slice; 33-point
/// slices up to 8 Children).
pub(crate) fn tables_covering(dir: &Path, board: BoardKind, target: Target, k: u8) -> Option<Tables> {
    let path = dir.join(file_name(board, target));
    let mut found = None;
    if path.exists() {
        match Tables::load(&path, board, target) {
            Ok(t) => found = Some(t),
            Err(e) => eprintln!("qdan: ignoring {}: {e}", path.display()),
        }
    }
    let mut t = found.unwrap_or_else(|| Tables::empty(board, target));
    for (k, r) in t.attach_dir(dir) {
        if let Err(e) = r {
            eprintln!("qdan: ignoring the slice file with {k} Children: {e}");
        }
    }
    if t.covers_count(k) {
        return Some(t);
    }
    let cheap = match board {
        BoardKind::Square25 => true,
        BoardKind::Setchin33 => k <= 8,
    };
    if !cheap {
        // What there is still helps a search at the positions it covers.
        return (!t.slice_counts().is_empty() || !t.file_counts().is_empty()).then_some(t);
    }
    eprintln!("qdan: building the {board}-point tables for target {target} up to {k} Children in memory");
    match Tables::build(board, target, k, |_| {}) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("qdan: {e}");
            None
        }
    }
}

pub fn solve(a: SolveArgs) -> anyhow::Result<()> {
    if !(a.time.is_finite() && a.time > 0.0 && a.time <= 86_400.0) {
        bail!("--time must be a number of seconds from 0 to 86400");
    }
    let mut options = Options { first: a.first, target: a.target, limit: a.limit, ..Options::default() };
    let mut game = match &a.position {
        Some(text) => {
            let pos: Position = text.parse().with_context(|| format!("bad position {text:?}"))?;
            if let Some(b) = a.board
                && b != pos.board
            {
                bail!("--board {b} does not match the position's {}-point board", pos.board);
            }
            Game::from_position(options, pos)
        }
        None => {
            options.board = a.board.unwrap_or_default();
            Game::new(options)
        }
    };
    for (i, text) in a.moves.iter().enumerate() {
        let m = text.parse().with_context(|| format!("move {} ({text:?})", i + 1))?;
        game.play(m).with_context(|| format!("move {} ({text}) is not legal", i + 1))?;
    }
    let pos = *game.position();
    if let Some(o) = game.outcome() {
        println!("value {}", if o.winner == Role::Children { "children-win-in 0" } else { "parent-win" });
        println!("best none");
        return Ok(());
    }
    let k = pos.children.count() as u8;
    let tables = tables_covering(&a.tables, pos.board, a.target, k);
    if let Some(t) = &tables
        && let (Some(v), Some(best)) = (t.value(&pos), table_move(&game, t))
    {
        println!("value {}", describe(v.with_limit(moves_left(&game, &pos)), pos.turn));
        println!("best {best}");
        return Ok(());
    }
    let mut s = Search::new(tables.as_ref(), Instant::now() + Duration::from_secs_f64(a.time), 200);
    let (scored, depth) = s.root(&game);
    let Some(&(best, score)) = scored.first() else {
        bail!("no legal move although the game is not over");
    };
    let children_score = if pos.turn == Role::Children { score } else { -score };
    if children_score > PROVEN {
        println!("value children-win-in {}", WIN - children_score);
    } else if children_score < -PROVEN {
        println!("value parent-win");
    } else {
        println!(
            "value unknown (searched {depth} plies in {:.1} s without a proof; no table covers {k} Children)",
            a.time
        );
    }
    println!("best {best}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(position: Option<&str>, moves: &[&str]) -> SolveArgs {
        SolveArgs {
            board: None,
            target: Target::NONE,
            limit: Limit::NONE,
            first: Role::Parent,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            position: position.map(str::to_string),
            tables: std::env::temp_dir().join("qdan-no-tables-here"),
            time: 1.0,
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(solve(args(Some("25:c3:a1,a1:p:0"), &[])).is_err());
        assert!(solve(args(Some("nonsense"), &[])).is_err());
        assert!(solve(args(None, &["c3-c9"])).is_err());
        assert!(solve(args(None, &["c3-a1"])).is_err());
        assert!(solve(SolveArgs { board: Some(BoardKind::Square25), ..args(Some("33:c3:a1:p:0"), &[]) }).is_err());
        assert!(solve(SolveArgs { time: -1.0, ..args(None, &[]) }).is_err());
        let build = Tablebase::Build {
            board: BoardKind::Square25,
            target: Target::NONE,
            out: std::env::temp_dir(),
            max_children: Some(17),
            checkpoint_minutes: 20.0,
            hours: None,
            threads: None,
        };
        assert!(tablebase(build).is_err());
        let build = Tablebase::Build {
            board: BoardKind::Setchin33,
            target: Target::TEN,
            out: std::env::temp_dir(),
            max_children: Some(8),
            checkpoint_minutes: 20.0,
            hours: None,
            threads: Some(0),
        };
        assert!(tablebase(build).is_err(), "no threads is refused before anything is built");
    }

    #[test]
    fn small_positions_and_finished_games_solve() {
        // Four Children on the 25-point board: tables built in memory in a moment.
        assert!(solve(args(Some("25:c3:a1,b2,d4,e5:c:0"), &[])).is_ok());
        // Trapped Parent: the game is over.
        assert!(solve(args(Some("25:a1:a2,b1,b2:p:3"), &[])).is_ok());
    }
}
