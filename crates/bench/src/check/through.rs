//! `--through URL`: each live table opened through the balancer by a fresh client (a watcher:
//! `/ws/CODE`, `hello` without a token, as docs/protocol.md describes), whose view must agree
//! with the store. The client's state holds only acknowledged, hence committed, moves, and
//! the store is read after the state arrived: the moves the client sees must be the first
//! stored moves of that game. A live table may take more moves in between, so the store may
//! hold more; a mismatch is looked at once more a second later (an undo accepted in between
//! shortens both), and only a mismatch that stays is a violation.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, anyhow};
use futures_util::StreamExt;
use sqlx::AnyPool;
use testkit::TableClient;

use super::report::{Kind, Report};
use super::stored::{GameKey, read_moves};

/// Tables opened at once.
const AT_ONCE: usize = 8;
/// Attempts to open a table (a node may be failing over while the checker runs).
const ATTEMPTS: u32 = 3;

/// The balancer's address from `http://host:port` (or `host:port`).
pub async fn resolve(url: &str) -> anyhow::Result<SocketAddr> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split('/').next().unwrap_or(rest);
    let host = if host.contains(':') { host.to_string() } else { format!("{host}:80") };
    tokio::net::lookup_host(&host)
        .await
        .with_context(|| format!("resolving {host}"))?
        .next()
        .ok_or_else(|| anyhow!("{host} has no address"))
}

/// Opens every table of `live` through `front` and compares what it sees with the store.
pub async fn check(pool: &AnyPool, front: SocketAddr, live: &[GameKey], report: &mut Report) {
    let outcomes: Vec<Option<(Kind, String)>> = futures_util::stream::iter(live)
        .map(|(code, _)| one_table(pool, front, code))
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    for outcome in outcomes {
        report.opened += 1;
        if let Some((kind, detail)) = outcome {
            report.add(kind, detail);
        }
    }
}

/// One table: `None` when the client's view agrees with the store.
async fn one_table(pool: &AnyPool, front: SocketAddr, code: &str) -> Option<(Kind, String)> {
    let mut last = None;
    for attempt in 0..ATTEMPTS {
        if attempt > 0 {
            tokio::time::sleep(Duration::from_secs(u64::from(attempt))).await;
        }
        last = Some(match compare(pool, front, code).await {
            Ok(None) => return None,
            Ok(Some(differs)) => (Kind::ThroughDiffers, differs),
            Err(e) => (Kind::ThroughUnreachable, format!("{code}: {e:#}")),
        });
    }
    last
}

/// Opens the table as a fresh watcher, then reads its stored moves; `Some(what differs)`.
async fn compare(pool: &AnyPool, front: SocketAddr, code: &str) -> anyhow::Result<Option<String>> {
    let mut client = tokio::time::timeout(Duration::from_secs(10), TableClient::connect(front, code, None, None))
        .await
        .map_err(|_| anyhow!("no state within 10 s"))??;
    let seen = client.table().clone();
    let _ = client.ws.close(None).await;
    let game_no = i64::from(seen.game_no);
    let stored = read_moves(pool, Some(code)).await?.remove(&(code.to_string(), game_no)).unwrap_or_default();
    if seen.moves.len() > stored.len() {
        return Ok(Some(format!(
            "{code} game {game_no}: a client sees {} moves, {} are stored",
            seen.moves.len(),
            stored.len()
        )));
    }
    for (ply, (s, m)) in seen.moves.iter().zip(&stored).enumerate() {
        if m.ply != ply as i64 || &m.mv != s {
            return Ok(Some(format!(
                "{code} game {game_no} ply {ply}: a client sees {s}, the store has {} at ply {}",
                m.mv, m.ply
            )));
        }
    }
    Ok(None)
}
