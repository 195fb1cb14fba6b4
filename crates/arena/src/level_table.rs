//! The Musashi level table: each level against each other level, on both boards, playing each
//! side, without the tables and with them. Every game is played through the engine's requests
//! as in [`crate::levels`] (the native engine: the module under Node has no tables), so each
//! level plays at its work budget. A cell is A's wins, draws and losses with A on one side,
//! with the 95 % Wilson interval of A's score.

use std::io::Write;
use std::path::Path;

use ai::Level;
use rules::musashi::{BoardKind, Options};
use rules::{AnyOptions, Side};

use crate::levels::{self, Config, Native};

/// The pairs of the table (A, B): every level against every other, each way round through the
/// sides A plays.
pub const PAIRS: [(Level, Level); 3] =
    [(Level::Intermediate, Level::Beginner), (Level::Expert, Level::Beginner), (Level::Expert, Level::Intermediate)];

/// The 95 % Wilson score interval of `score` successes in `n` trials (a draw counts half).
pub fn wilson(score: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (f64::from(n), 1.959_964);
    let p = score / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    (((centre - half) / d).max(0.0), ((centre + half) / d).min(1.0))
}

/// "W-D-L (lo-hi %)" for a cell.
pub fn cell_text(wdl: [u32; 3]) -> String {
    let n = wdl.iter().sum::<u32>();
    let (lo, hi) = wilson(f64::from(wdl[0]) + 0.5 * f64::from(wdl[1]), n);
    format!("{}-{}-{} ({:.0}-{:.0} %)", wdl[0], wdl[1], wdl[2], lo * 100.0, hi * 100.0)
}

/// What the table is played with.
#[derive(Debug, Clone)]
pub struct Plan {
    pub games: u32,
    pub seed: u64,
    /// The boards' columns with tables come from here (`None`: those columns say so).
    pub tables: Option<std::path::PathBuf>,
}

fn side_name(side: Side) -> &'static str {
    // On the default options the Parent moves first: side 0.
    if side == 0 { "Parent" } else { "Children" }
}

fn level_name(l: Level) -> &'static str {
    match l {
        Level::Beginner => "beginner",
        Level::Intermediate => "intermediate",
        Level::Expert => "expert",
    }
}

/// One column's games: every pair and side on `board`, with whatever tables are installed.
fn column(plan: &Plan, board: BoardKind, log: &mut dyn Write) -> anyhow::Result<Vec<[u32; 3]>> {
    let options = AnyOptions::Musashi(Options { board, ..Options::default() });
    let mut cells = Vec::new();
    for (a, b) in PAIRS {
        for side in [0, 1] {
            let cfg = Config {
                options,
                a,
                b,
                games: plan.games,
                seed: plan.seed,
                b_no_book: false,
                show_moves: false,
                a_side: Some(side),
            };
            let sum = levels::run(&cfg, &mut Native, &mut Vec::new())?;
            let wdl = sum.wins_draws_losses();
            writeln!(
                log,
                "{board} points, {} as {} vs {}: {}",
                level_name(a),
                side_name(side),
                level_name(b),
                cell_text(wdl)
            )?;
            cells.push(wdl);
        }
    }
    Ok(cells)
}

/// `true` when `dir` holds 33-point tables of the default target (slice or table files).
fn has_33_tables(dir: &Path) -> bool {
    let (board, target) = (BoardKind::Setchin33, Options::default().target);
    dir.join(ai::musashi::tablebase::file_name(board, target)).exists()
        || (0..=16).any(|k| dir.join(ai::musashi::tablebase::slice_file_name(board, target, k)).exists())
}

/// Plays the table (the columns without tables first: tables, once installed, stay in the
/// process) and writes it as Markdown to `out`, each finished cell to `log` as it ends.
pub fn run(plan: &Plan, out: &mut dyn Write, log: &mut dyn Write) -> anyhow::Result<()> {
    let boards = [BoardKind::Square25, BoardKind::Setchin33];
    let mut columns: Vec<(String, Option<Vec<[u32; 3]>>)> = Vec::new();
    for board in boards {
        columns.push((format!("{board} points, no tables"), Some(column(plan, board, log)?)));
    }
    let dir = plan.tables.as_deref();
    if let Some(dir) = dir {
        for p in ai::musashi::prepare_now(dir) {
            writeln!(log, "tables {} target {}: {:?} in {:.1} s", p.board, p.target, p.outcome, p.seconds)?;
        }
    }
    for board in boards {
        let here = match (dir, board) {
            (None, _) => false,
            (Some(_), BoardKind::Square25) => true,
            (Some(d), BoardKind::Setchin33) => has_33_tables(d),
        };
        let cells = if here { Some(column(plan, board, log)?) } else { None };
        columns.push((format!("{board} points, tables"), cells));
    }
    write!(out, "| A (side) vs B |")?;
    for (name, _) in &columns {
        write!(out, " {name} |")?;
    }
    write!(out, "\n|---|")?;
    for _ in &columns {
        write!(out, "---|")?;
    }
    writeln!(out)?;
    let mut row = 0;
    for (a, b) in PAIRS {
        for side in [0, 1] {
            write!(out, "| {} ({}) vs {} |", level_name(a), side_name(side), level_name(b))?;
            for (_, cells) in &columns {
                match cells {
                    Some(c) => write!(out, " {} |", cell_text(c[row]))?,
                    None => write!(out, " no tables here |")?,
                }
            }
            writeln!(out)?;
            row += 1;
        }
    }
    writeln!(out, "\n{} games a cell (A's wins-draws-losses, 95 % Wilson interval of A's score)", plan.games)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_intervals() {
        // 45 of 50: 78.6-95.7 % (Wilson, z = 1.96); 50 of 50: 92.9-100 %.
        let (lo, hi) = wilson(45.0, 50);
        assert!((lo - 0.786).abs() < 0.001 && (hi - 0.957).abs() < 0.001, "{lo} {hi}");
        let (lo, hi) = wilson(50.0, 50);
        assert!((lo - 0.929).abs() < 0.001 && (hi - 1.0).abs() < 1e-9, "{lo} {hi}");
        assert_eq!(cell_text([4, 2, 4]), "4-2-4 (24-76 %)");
    }
}
