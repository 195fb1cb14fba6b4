//! `qdan review`: the value of a game's position after every ply, and the moves that changed
//! the result.
//!
//! ```text
//! qdan review dots WxH --moves e1,e2,...
//! qdan review musashi [--board 33|25] [--first parent|children] [--target 10|6|none]
//!                     [--limit N|none] --moves m1,m2,...
//! ```
//!
//! Prints one line per ply from 0 (the start) to N (every move played): `PLY VALUE`, where
//! VALUE is exactly what `qdan solve` prints after `value ` for that position (the margin
//! for the player to move in Dots; `children-win-in N` or `parent-win` in Musashi), or
//! `PLY ~VALUE` where only an estimate was reached (`~3`, `~children-win`, `~parent-win`).
//! Then `turning PLY` for each move that changed the proven result, numbered from 1 (the
//! value lines PLY - 1 and PLY are its before and after). An illegal move is an error that
//! names it, with a non-zero exit.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ai::musashi::Tables;
use ai::review::musashi::TableSource;
use ai::review::{Budget, Review, Unpaced};
use anyhow::bail;
use clap::{Args as ClapArgs, Subcommand};

use super::musashi_tables::tables_covering;
use rules::musashi::{BoardKind, Limit, Role, Target};

#[derive(Subcommand, Debug)]
pub enum ReviewCmd {
    /// Review a Dots and Boxes game.
    Dots(DotsArgs),
    /// Review a Juroku Musashi game.
    Musashi(MusashiArgs),
}

#[derive(ClapArgs, Debug)]
pub struct DotsArgs {
    /// Board size in boxes, WxH, each 3 to 5 (e.g. 5x4).
    size: String,
    /// The game's moves, edge numbers, comma separated (docs/design.md §3.2 numbering).
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// Seconds the solver may spend on one position before it and the earlier ones are
    /// estimated [default: the CPU's move budget, 0.9].
    #[arg(long)]
    time: Option<f64>,
    /// Playouts per estimated position.
    #[arg(long, default_value_t = Budget::SERVER.playouts)]
    playouts: u32,
}

#[derive(ClapArgs, Debug)]
pub struct MusashiArgs {
    /// 33 or 25.
    #[arg(long, default_value = "33")]
    board: BoardKind,
    /// Who moves first: parent or children.
    #[arg(long, default_value = "parent")]
    first: Role,
    /// Children the Parent must take: 10, 6 or none.
    #[arg(long, default_value = "10")]
    target: Target,
    /// Children move limit: a count or none.
    #[arg(long, default_value = "100")]
    limit: Limit,
    /// The game's moves from the start, comma separated.
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// Directory with table files; missing 25-point tables are built in memory (as for
    /// `qdan solve musashi`).
    #[arg(long, default_value = "tablebases")]
    tables: PathBuf,
    /// Seconds of search for a position no table covers (`qdan solve musashi --time`).
    #[arg(long, default_value = "0.5")]
    time: f64,
}

fn seconds(s: f64, what: &str) -> anyhow::Result<Duration> {
    if !(s.is_finite() && s > 0.0 && s <= 86_400.0) {
        bail!("{what} must be a number of seconds from 0 to 86400");
    }
    Ok(Duration::from_secs_f64(s))
}

/// The moves given, without empty entries (`--moves ""` is no move).
fn listed(moves: &[String]) -> Vec<String> {
    moves.iter().map(|m| m.trim()).filter(|m| !m.is_empty()).map(str::to_string).collect()
}

pub fn run(cmd: ReviewCmd) -> anyhow::Result<()> {
    let review = match cmd {
        ReviewCmd::Dots(a) => {
            let size: rules::dots::Size = a.size.parse().map_err(|e: String| anyhow::anyhow!(e))?;
            let budget = Budget {
                solve: seconds(a.time.unwrap_or(Budget::SERVER.solve.as_secs_f64()), "--time")?,
                // One slice per solve: nothing else waits for the command line.
                slice: Duration::from_secs(86_400),
                playouts: a.playouts.clamp(1, 100_000),
                ..Budget::SERVER
            };
            let options = rules::dots::Options { size, ..Default::default() };
            ai::review::dots::review(options, &listed(&a.moves), &budget, &mut Unpaced)?
        }
        ReviewCmd::Musashi(a) => {
            let search = seconds(a.time, "--time")?;
            let budget = Budget { search, slice: search, ..Budget::SERVER };
            let options = rules::musashi::Options {
                board: a.board,
                first: a.first,
                target: a.target,
                limit: a.limit,
                ..Default::default()
            };
            let mut tables = Files::new(a.tables);
            ai::review::musashi::review(options, &listed(&a.moves), &mut tables, &budget, &mut Unpaced)?
        }
    };
    print!("{}", render(&review));
    Ok(())
}

/// The output: a value line per ply, then a line per turning point.
pub fn render(r: &Review) -> String {
    let mut out = String::new();
    for (ply, p) in r.plies.iter().enumerate() {
        out.push_str(&format!("{ply} {}\n", p.value.text()));
    }
    for t in &r.turning {
        out.push_str(&format!("turning {}\n", t.ply))
    }
    out
}

/// Which tables: the board, the target, the Children count.
type Key = (BoardKind, Target, u8);

/// The tables `qdan solve musashi` uses for each position ([`tables_covering`]: the table
/// file and slice files in the directory, else tables built in memory when that is cheap),
/// each loaded once for the whole game.
struct Files {
    dir: PathBuf,
    /// Tables that cover every count they were asked for so far, and what was found for the
    /// counts they do not cover (partial tables, or none).
    found: Vec<Arc<Tables>>,
    other: Vec<(Key, Option<Arc<Tables>>)>,
}

impl Files {
    fn new(dir: PathBuf) -> Files {
        Files { dir, found: Vec::new(), other: Vec::new() }
    }
}

impl TableSource for Files {
    fn tables(&mut self, board: BoardKind, target: Target, k: u8) -> Option<Arc<Tables>> {
        if let Some(t) = self.found.iter().find(|t| t.board == board && t.target == target && t.covers_count(k)) {
            return Some(t.clone());
        }
        if let Some((_, t)) = self.other.iter().find(|(key, _)| *key == (board, target, k)) {
            return t.clone();
        }
        let t = tables_covering(&self.dir, board, target, k).map(Arc::new);
        match &t {
            Some(t) if t.covers_count(k) => self.found.push(t.clone()),
            _ => self.other.push(((board, target, k), t.clone())),
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_names_the_move() {
        let cmd = ReviewCmd::Dots(DotsArgs {
            size: "3x3".into(),
            moves: vec!["0".into(), "0".into()],
            time: Some(1.0),
            playouts: 4,
        });
        let e = run(cmd).unwrap_err().to_string();
        assert!(e.contains("move 2") && e.contains("\"0\""), "{e}");
        let cmd = ReviewCmd::Dots(DotsArgs { size: "9x9".into(), moves: vec![], time: None, playouts: 4 });
        assert!(run(cmd).is_err());
    }
}
