//! `qdan-bench check`: the invariants of issue 39 checked against a live cluster (or any qdan
//! database), as an operator runs it after a fault, and as the cluster test runs it after
//! every run (docs/reliability.md, "The invariant checker"). From the database: at most one
//! move per table, game and ply; plies contiguous from 0; every move's lease epoch current
//! when written (never lower than an earlier move's of its table, never above the lease's
//! epoch now). With `--acked FILE`: every move a client saw acknowledged is stored. With
//! `--through URL`: a fresh client through the balancer sees each live table as stored.
//! Prints a summary and fails (non-zero exit) on any violation.

pub mod acked;
pub mod report;
pub mod stored;
pub mod through;

use std::path::PathBuf;

use anyhow::bail;
use clap::Args as ClapArgs;
use sqlx::any::{AnyPoolOptions, install_default_drivers};

pub use acked::AckedMove;
pub use report::{Kind, Report, Violation};

#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// The cluster's database (`postgres://user@host:port/db`, or `sqlite://file.db` for one
    /// node). Only read; never migrated.
    #[arg(long)]
    db: String,
    /// The balancer (`http://host:port`): each live table is opened there by a fresh client
    /// and must show the stored moves.
    #[arg(long)]
    through: Option<String>,
    /// Moves a load client saw acknowledged, one JSON object a line:
    /// `{"code":"…","gameNo":1,"ply":0,"move":"…"}`; each must be stored at its ply.
    #[arg(long)]
    acked: Option<PathBuf>,
}

/// Runs the checks and prints the summary; an error when any invariant is broken.
pub fn run(a: Args) -> anyhow::Result<()> {
    let acked = a.acked.as_deref().map(acked::read).transpose()?;
    let rt = tokio::runtime::Runtime::new()?;
    let report = rt.block_on(check(&a.db, a.through.as_deref(), acked.as_deref()))?;
    println!("{report}");
    if !report.is_clean() {
        bail!("{} invariant violations", report.violations.len());
    }
    Ok(())
}

/// Every check that the arguments ask for, against the database at `db`.
pub async fn check(db: &str, through: Option<&str>, acked: Option<&[AckedMove]>) -> anyhow::Result<Report> {
    install_default_drivers();
    let pool = AnyPoolOptions::new().max_connections(4).connect(db).await?;
    let mut report = Report::default();
    let moves = stored::check(&pool, &mut report).await?;
    if let Some(acked) = acked {
        acked::check(&moves, acked, &mut report);
    }
    if let Some(url) = through {
        let front = through::resolve(url).await?;
        let live = stored::live_tables(&pool).await?;
        through::check(&pool, front, &live, &mut report).await;
    }
    pool.close().await;
    Ok(report)
}
