//! `qdan solve musashi` and `qdan tablebase build`: Juroku Musashi retrograde tables.

use clap::{Args as ClapArgs, Subcommand};
use rules::musashi::{BoardKind, Limit, Role, Target};

#[derive(Subcommand, Debug)]
pub enum Tablebase {
    /// Build the tables for one board and target.
    Build {
        #[arg(long, default_value = "25")]
        board: BoardKind,
        #[arg(long, default_value = "10")]
        target: Target,
    },
}

#[derive(ClapArgs, Debug)]
pub struct SolveArgs {
    #[arg(long, default_value = "33")]
    board: BoardKind,
    #[arg(long, default_value = "10")]
    target: Target,
    #[arg(long, default_value = "100")]
    limit: Limit,
    #[arg(long, default_value = "parent")]
    first: Role,
    /// Moves from the start, comma separated.
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    /// A position text instead of the start.
    position: Option<String>,
}

pub fn tablebase(t: Tablebase) -> anyhow::Result<()> {
    anyhow::bail!("the Musashi tablebase is being built (issue 7): {t:?}")
}

pub fn solve(a: SolveArgs) -> anyhow::Result<()> {
    anyhow::bail!("the Musashi solver is being built (issue 7): {a:?}")
}
