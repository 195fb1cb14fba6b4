//! `qdan solve musashi` and `qdan tablebase build`: Juroku Musashi retrograde tables.
//!
//! `qdan tablebase build --board 25|33 --target 10|6|none [--out DIR] [--max-children K]`
//! builds the even slices up to K Children (default 16 on the 25-point board; 8 on the
//! 33-point board, whose larger slices outgrow a small machine) and writes
//! `DIR/musashi-<board>-t<target>.qtb` (DIR defaults to `tablebases`).
//!
//! `qdan solve musashi ... [POSITION | --moves m1,m2,...]` prints `value children-win-in N`
//! (N plies) or `value parent-win`, then `best MOVE` (`best none` when the game is over).
//! The value is the tables' (repetition is a rule about history and is not in them; the move
//! limit is applied). Without a table covering the position it searches for `--time`
//! seconds and prints `value unknown` when that proves nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ai::musashi::search::{PROVEN, Search, WIN, moves_left};
use ai::musashi::tablebase::file_name;
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
        /// Build slices up to this many Children (default: 16 on 25 points, 8 on 33).
        #[arg(long)]
        max_children: Option<u8>,
    },
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

/// Peak resident memory of this process in MiB (Linux), for the build report.
fn peak_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn default_max(board: BoardKind) -> u8 {
    match board {
        BoardKind::Square25 => 16,
        BoardKind::Setchin33 => 8,
    }
}

pub fn tablebase(t: Tablebase) -> anyhow::Result<()> {
    let Tablebase::Build { board, target, out, max_children } = t;
    let max_k = max_children.unwrap_or(default_max(board));
    if max_k > 16 {
        bail!("--max-children must be at most 16");
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

fn describe(v: Value, turn: Role) -> String {
    match v.plies(turn) {
        Some(n) => format!("children-win-in {n}"),
        None => "parent-win".to_string(),
    }
}

/// Tables for `(board, target)` covering `k` Children: from the file in `dir`, else built in
/// memory when that is cheap enough (any 25-point slice; 33-point slices up to 8 Children).
fn tables_covering(dir: &Path, board: BoardKind, target: Target, k: u8) -> Option<Tables> {
    let path = dir.join(file_name(board, target));
    if path.exists() {
        match Tables::load(&path, board, target) {
            Ok(t) if t.covers_count(k) => return Some(t),
            Ok(_) => {}
            Err(e) => eprintln!("qdan: ignoring {}: {e}", path.display()),
        }
    }
    let cheap = match board {
        BoardKind::Square25 => true,
        BoardKind::Setchin33 => k <= 8,
    };
    if !cheap {
        return None;
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
        };
        assert!(tablebase(build).is_err());
    }

    #[test]
    fn small_positions_and_finished_games_solve() {
        // Four Children on the 25-point board: tables built in memory in a moment.
        assert!(solve(args(Some("25:c3:a1,b2,d4,e5:c:0"), &[])).is_ok());
        // Trapped Parent: the game is over.
        assert!(solve(args(Some("25:a1:a2,b1,b2:p:3"), &[])).is_ok());
    }
}
