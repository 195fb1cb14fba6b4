//! Table leases and fencing, for several nodes on one database (docs/design.md §6).
//!
//! A node owns a live table through a lease row (node, epoch, expiry). Taking an expired (or
//! missing) lease bumps its epoch. Every write for a table runs [`check`] inside its own
//! transaction: the row must still name this node at this epoch and not be expired, and the
//! check locks the row until the write commits, so a takeover waits for a write in progress
//! and a write after a takeover (by a node that was paused, killed or cut off) is refused,
//! even if that node wakes up believing it still owns the table. Expiry uses the database's
//! clock, so the nodes' clocks need not agree.

use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::AnyConnection;
use sqlx::{AnyPool, Row};

use super::{Result, Store, StoreError};

/// One node's right to write for one table: the lease it was granted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fence {
    pub code: String,
    pub node: String,
    pub epoch: i64,
}

/// Who holds a table's lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub node: String,
    pub epoch: i64,
    /// Not expired yet.
    pub live: bool,
}

/// The database's clock in Unix milliseconds, as SQL.
fn now_sql(sqlite: bool) -> &'static str {
    if sqlite {
        "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    } else {
        "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"
    }
}

/// Refuses the write unless every `fence` (all of one node) still holds its lease; locks the
/// lease rows until the transaction ends.
pub(super) async fn check(conn: &mut AnyConnection, sqlite: bool, fences: &[&Fence]) -> Result<()> {
    let Some(first) = fences.first() else { return Ok(()) };
    let mut wanted: Vec<(&str, i64)> = fences.iter().map(|f| (f.code.as_str(), f.epoch)).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut sql =
        format!("UPDATE table_leases SET epoch = epoch WHERE node = $1 AND expires_at > {} AND (", now_sql(sqlite));
    for i in 0..wanted.len() {
        if i > 0 {
            sql.push_str(" OR ");
        }
        sql.push_str(&format!("(code = ${} AND epoch = ${})", 2 * i + 2, 2 * i + 3));
    }
    sql.push_str(") RETURNING code");
    let mut q = sqlx::query(&sql).bind(&first.node);
    for (code, epoch) in &wanted {
        q = q.bind(*code).bind(*epoch);
    }
    let held: Vec<String> = q.fetch_all(&mut *conn).await?.into_iter().map(|r| r.get(0)).collect();
    if held.len() == wanted.len() {
        return Ok(());
    }
    let lost: Vec<&str> = wanted.iter().map(|w| w.0).filter(|c| !held.iter().any(|h| h == c)).collect();
    Err(StoreError::Fenced(lost.join(",")))
}

impl Store {
    /// Begins a transaction for a write of the table `fence` names (no check without one).
    pub(super) async fn begin_fenced(&self, fence: Option<&Fence>) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        let mut tx = self.pool.begin().await?;
        if let Some(f) = fence {
            check(&mut tx, self.sqlite, &[f]).await?;
        }
        Ok(tx)
    }

    /// Takes table `code`'s lease for `node` for `ttl_ms` if nobody holds a live one;
    /// returns the fence (a new epoch), or `None` when another node holds it.
    pub async fn take_lease(&self, code: &str, node: &str, ttl_ms: i64) -> Result<Option<Fence>> {
        let now = now_sql(self.sqlite);
        let row = sqlx::query(&format!(
            "INSERT INTO table_leases (code, node, epoch, expires_at) VALUES ($1, $2, 1, {now} + $3)
             ON CONFLICT (code) DO UPDATE SET node = excluded.node, epoch = table_leases.epoch + 1,
                 expires_at = excluded.expires_at
             WHERE table_leases.expires_at <= {now}
             RETURNING epoch"
        ))
        .bind(code)
        .bind(node)
        .bind(ttl_ms)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Fence { code: code.to_string(), node: node.to_string(), epoch: r.get(0) }))
    }

    /// Takes table `code`'s lease from `dead` (its node is gone: NATS has no listener for it)
    /// before the lease expires. Safe even if that node lives on: its epoch is superseded,
    /// so its writes are refused from now on.
    pub async fn take_lease_from(&self, dead: &Fence, node: &str, ttl_ms: i64) -> Result<Option<Fence>> {
        let now = now_sql(self.sqlite);
        let row = sqlx::query(&format!(
            "UPDATE table_leases SET node = $1, epoch = epoch + 1, expires_at = {now} + $2
             WHERE code = $3 AND node = $4 AND epoch = $5 RETURNING epoch"
        ))
        .bind(node)
        .bind(ttl_ms)
        .bind(&dead.code)
        .bind(&dead.node)
        .bind(dead.epoch)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Fence { code: dead.code.clone(), node: node.to_string(), epoch: r.get(0) }))
    }

    /// Extends every live lease of `node` by `ttl_ms`; returns the tables it still holds (an
    /// expired lease is not revived: another node may have it by now).
    pub async fn renew_leases(&self, node: &str, ttl_ms: i64) -> Result<Vec<String>> {
        let now = now_sql(self.sqlite);
        let rows = sqlx::query(&format!(
            "UPDATE table_leases SET expires_at = {now} + $2 WHERE node = $1 AND expires_at > {now} RETURNING code"
        ))
        .bind(node)
        .bind(ttl_ms)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// [`Store::renew_leases`] within `limit` (see [`Store::bounded`]).
    pub async fn renew_leases_within(&self, node: &str, ttl_ms: i64, limit: Duration) -> Result<Vec<String>> {
        let now = now_sql(self.sqlite);
        let sql = format!(
            "UPDATE table_leases SET expires_at = {now} + $2 WHERE node = $1 AND expires_at > {now} RETURNING code"
        );
        let node = node.to_string();
        let rows = self
            .bounded(limit, "renewing leases", move |c| {
                Box::pin(async move { sqlx::query(&sql).bind(node).bind(ttl_ms).fetch_all(c).await })
            })
            .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// Whether the store answers a trivial query within `limit` (see [`Store::bounded`]): a
    /// node that stopped renewing its leases still looks whether the store is back.
    pub async fn reachable_within(&self, limit: Duration) -> Result<()> {
        self.bounded(limit, "reaching the store", |c| {
            Box::pin(async move { sqlx::query("SELECT 1").execute(c).await.map(drop) })
        })
        .await
    }

    /// Runs `query` on a pooled connection within `limit`, the wait for a connection included.
    /// A query that gets no answer in time leaves its connection out of the pool, closed: on a
    /// link that drops packets it would answer nothing either, and after the heal its
    /// retransmissions may take seconds more (the backoff), while a new connection goes
    /// through at once.
    async fn bounded<T>(
        &self,
        limit: Duration,
        what: &'static str,
        query: impl for<'c> FnOnce(&'c mut AnyConnection) -> BoxFuture<'c, sqlx::Result<T>>,
    ) -> Result<T> {
        let deadline = tokio::time::Instant::now() + limit;
        let mut conn =
            tokio::time::timeout_at(deadline, self.pool.acquire()).await.map_err(|_| StoreError::Timeout(what))??;
        match tokio::time::timeout_at(deadline, query(&mut conn)).await {
            Ok(r) => Ok(r?),
            Err(_) => {
                drop(conn.detach());
                Err(StoreError::Timeout(what))
            }
        }
    }

    /// Gives a lease up at once (a node that drains), so another node can take it.
    pub async fn release_lease(&self, fence: &Fence) -> Result<()> {
        sqlx::query("UPDATE table_leases SET expires_at = 0 WHERE code = $1 AND node = $2 AND epoch = $3")
            .bind(&fence.code)
            .bind(&fence.node)
            .bind(fence.epoch)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Who holds table `code`'s lease, if anyone ever did.
    pub async fn lease(&self, code: &str) -> Result<Option<Lease>> {
        let now = now_sql(self.sqlite);
        let row = sqlx::query(&format!(
            "SELECT node, epoch, CAST(CASE WHEN expires_at > {now} THEN 1 ELSE 0 END AS BIGINT) FROM table_leases WHERE code = $1"
        ))
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| Lease { node: r.get(0), epoch: r.get(1), live: r.get::<i64, _>(2) == 1 }))
    }

    /// Every live lease: `(table, node)` (for operators and tests).
    pub async fn live_leases(&self) -> Result<Vec<(String, String)>> {
        let now = now_sql(self.sqlite);
        let rows = sqlx::query(&format!("SELECT code, node FROM table_leases WHERE expires_at > {now}"))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Tables with an unfinished game and no live owner (their node died): taken over by
    /// whoever asks, so clocks and CPU seats run again.
    pub async fn orphaned_tables(&self) -> Result<Vec<String>> {
        let now = now_sql(self.sqlite);
        let rows = sqlx::query(&format!(
            "SELECT g.group_code FROM games g JOIN table_leases l ON l.code = g.group_code
             WHERE g.status = 'playing' AND l.expires_at <= {now}"
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }
}

/// For the writer task, which has only the pool.
pub(super) async fn begin_checked(
    pool: &AnyPool,
    sqlite: bool,
    fences: &[&Fence],
) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    let mut tx = pool.begin().await?;
    check(&mut tx, sqlite, fences).await?;
    Ok(tx)
}
