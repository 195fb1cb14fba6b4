//! `qdan-bench check`: the invariants of issue 39 checked against a live cluster (or any qdan
//! database), as an operator runs it after a fault, and as the cluster test runs it after
//! every run (docs/reliability.md, "The invariant checker"). From the database: at most one
//! move per table, game and ply; plies contiguous from 0; every move's lease epoch current
//! when written (never lower than an earlier move's of its table, never above the lease's
//! epoch now). With `--acked FILE`: every move a client saw acknowledged is stored. With
//! `--through URL`: a fresh client through the balancer sees each live table as stored. When
//! the file also holds times and errors (`qdan-bench load --acked FILE` writes them): no table
//! in play waited over `--max-wait-ms` for its next acknowledged move, and clients saw only
//! documented error codes.
//! Prints a summary and fails (non-zero exit) on any violation.

pub mod acked;
pub mod client;
pub mod report;
pub mod stored;
pub mod through;

use std::path::PathBuf;

use anyhow::bail;
use clap::Args as ClapArgs;
use sqlx::any::{AnyPoolOptions, install_default_drivers};

pub use acked::AckedMove;
pub use client::{ClientLog, Line, SeenError, TimedMove};
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
    /// `{"code":"…","gameNo":1,"ply":0,"move":"…","at":MS}`, each of which must be stored at
    /// its ply, and the errors it was sent, `{"error":"CODE","at":MS,"code":"TABLE"}`, each of
    /// which must be a documented code (`at`: ms since the Unix epoch, optional).
    #[arg(long)]
    acked: Option<PathBuf>,
    /// The longest a table in play may wait for its next acknowledged move (from the times in
    /// `--acked`): the 5 s lease plus 3 s.
    #[arg(long, default_value_t = 8000)]
    max_wait_ms: i64,
}

/// Runs the checks and prints the summary; an error when any invariant is broken.
pub fn run(a: Args) -> anyhow::Result<()> {
    let log = a.acked.as_deref().map(acked::read).transpose()?;
    let rt = tokio::runtime::Runtime::new()?;
    let report = rt.block_on(check_log(&a.db, a.through.as_deref(), log.as_ref(), a.max_wait_ms))?;
    println!("{report}");
    if !report.is_clean() {
        bail!("{} invariant violations", report.violations.len());
    }
    Ok(())
}

/// The database's checks against `db`, the acknowledged moves' when given, and the
/// balancer's with `through`.
pub async fn check(db: &str, through: Option<&str>, acked: Option<&[AckedMove]>) -> anyhow::Result<Report> {
    let log = acked.map(|a| ClientLog {
        moves: a.iter().map(|m| TimedMove { mv: m.clone(), at: None }).collect(),
        errors: vec![],
    });
    check_log(db, through, log.as_ref(), i64::MAX).await
}

/// Every check that the arguments ask for: as [`check`], with a whole client log (times and
/// errors) and the bound on a table's wait.
pub async fn check_log(
    db: &str,
    through: Option<&str>,
    log: Option<&ClientLog>,
    max_wait_ms: i64,
) -> anyhow::Result<Report> {
    install_default_drivers();
    let pool = AnyPoolOptions::new().max_connections(4).connect(db).await?;
    let mut report = Report::default();
    let moves = stored::check(&pool, &mut report).await?;
    if let Some(log) = log {
        acked::check(&moves, &log.acked(), &mut report);
        client::check_errors(log, &mut report);
        let live = stored::live_tables(&pool).await?.into_iter().map(|(code, _)| code).collect();
        client::check_waits(log, &live, max_wait_ms, &mut report);
    }
    if let Some(url) = through {
        let front = through::resolve(url).await?;
        let live = stored::live_tables(&pool).await?;
        through::check(&pool, front, &live, &mut report).await;
    }
    pool.close().await;
    Ok(report)
}
