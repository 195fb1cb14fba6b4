//! The quick-pairing pools' rows (`crate::lobby`): who waits in which pool, and the waves that
//! pair them. A wave is one transaction that locks its pool, so a second wave run at the same
//! time by another node pairs nobody twice.

use sqlx::Row;

use super::lobby::{NewMatch, insert_match, placeholders};
use super::{Result, Store};

/// A player waiting in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolEntry {
    pub player_id: String,
    pub rating: f64,
    pub entered_at: i64,
}

impl Store {
    /// Puts `player_id` in `pool` (moving them from another pool), waiting since `entered_at`.
    /// A player already paired (their place carries the new group) keeps that match: entering
    /// again, from another tab or before the lobby told them, changes nothing, and the lobby
    /// sends them to the group (it used to clear the match, so a second wave paired them twice).
    pub async fn enter_pool(&self, player_id: &str, pool: &str, rating: f64, entered_at: i64, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO pool_entries (player_id, pool, rating, entered_at, alive_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (player_id) DO UPDATE SET pool = excluded.pool, rating = excluded.rating,
                 entered_at = excluded.entered_at, alive_at = excluded.alive_at, group_code = NULL, paired_at = NULL,
                 cpu_group = NULL
             WHERE pool_entries.group_code IS NULL",
        )
        .bind(player_id)
        .bind(pool)
        .bind(rating)
        .bind(entered_at)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes `player_id` out of their pool; `false` when they were not waiting in one.
    pub async fn leave_pool(&self, player_id: &str) -> Result<bool> {
        let done = sqlx::query("DELETE FROM pool_entries WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The pool `player_id` waits in, if any.
    pub async fn pool_of(&self, player_id: &str) -> Result<Option<String>> {
        let row = sqlx::query("SELECT pool FROM pool_entries WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// How many players wait in each pool (seen after `alive_after`).
    pub async fn pool_sizes(&self, alive_after: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT pool, COUNT(*) FROM pool_entries WHERE group_code IS NULL AND alive_at > $1 GROUP BY pool",
        )
        .bind(alive_after)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// One wave of pool `pool`: reads who waits (seen after `alive_after`) and the blocks
    /// between them (`(blocker, blocked)`: such two are never paired), lets `pair` choose the
    /// pairs, and seats each pair in a new group, all in one transaction. On PostgreSQL a
    /// transaction-scoped advisory lock per pool makes one node decide a wave while the
    /// others skip it (`None`); SQLite has a single writer anyway.
    /// A wave PostgreSQL rolls back as a deadlock's victim runs again (`pair` is called again
    /// with what it then reads).
    pub async fn pool_wave<F>(&self, pool: &str, alive_after: i64, mut pair: F) -> Result<Option<Vec<NewMatch>>>
    where
        F: FnMut(&[PoolEntry], &[(String, String)]) -> Vec<NewMatch>,
    {
        let mut tries = 1;
        loop {
            match self.pool_wave_once(pool, alive_after, &mut pair).await {
                Err(e) if tries < super::TRANSIENT_TRIES && super::is_transient(&e) => tries += 1,
                r => return r,
            }
        }
    }

    async fn pool_wave_once<F>(&self, pool: &str, alive_after: i64, pair: &mut F) -> Result<Option<Vec<NewMatch>>>
    where
        F: FnMut(&[PoolEntry], &[(String, String)]) -> Vec<NewMatch>,
    {
        let mut tx = self.pool.begin().await?;
        if !self.sqlite {
            let locked: bool = sqlx::query("SELECT pg_try_advisory_xact_lock(hashtext('qdan-pool:' || $1))")
                .bind(pool)
                .fetch_one(&mut *tx)
                .await?
                .get(0);
            if !locked {
                return Ok(None);
            }
        }
        let rows = sqlx::query(
            "SELECT player_id, rating, entered_at FROM pool_entries
             WHERE pool = $1 AND group_code IS NULL AND alive_at > $2 ORDER BY entered_at, player_id",
        )
        .bind(pool)
        .bind(alive_after)
        .fetch_all(&mut *tx)
        .await?;
        let waiting: Vec<PoolEntry> = rows
            .into_iter()
            .map(|r| PoolEntry { player_id: r.get(0), rating: r.get(1), entered_at: r.get(2) })
            .collect();
        // Blocks between two players waiting in this pool (one join on each side's place).
        let apart: Vec<(String, String)> = sqlx::query(
            "SELECT b.player_id, b.blocked_id FROM blocks b
             JOIN pool_entries x ON x.player_id = b.player_id AND x.pool = $1 AND x.group_code IS NULL
             JOIN pool_entries y ON y.player_id = b.blocked_id AND y.pool = $1 AND y.group_code IS NULL",
        )
        .bind(pool)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
        let matches = pair(&waiting, &apart);
        for m in &matches {
            insert_match(&mut tx, m).await?;
            for p in &m.seats {
                let seated = sqlx::query(
                    "UPDATE pool_entries SET group_code = $1, paired_at = $2 WHERE player_id = $3 AND group_code IS NULL",
                )
                .bind(&m.group.code)
                .bind(m.group.created_at)
                .bind(p)
                .execute(&mut *tx)
                .await?;
                // The place went (left, or taken by an accept) after this wave read it: the
                // wave would seat someone twice, so it runs again on what is there now.
                if seated.rows_affected() != 1 {
                    return Err(super::StoreError::Raced("a pool place changed during a wave"));
                }
                sqlx::query("DELETE FROM challenges WHERE player_id = $1 AND group_code IS NULL")
                    .bind(p)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(Some(matches))
    }

    /// The pool each of `players` waits in, for those who wait.
    pub async fn pool_members(&self, players: &[String]) -> Result<Vec<(String, String)>> {
        let mut found = Vec::new();
        for chunk in players.chunks(200) {
            let sql = format!(
                "SELECT player_id, pool FROM pool_entries WHERE group_code IS NULL AND player_id IN ({})",
                placeholders(1, chunk.len())
            );
            let mut q = sqlx::query(&sql);
            for p in chunk {
                q = q.bind(p);
            }
            found.extend(q.fetch_all(&self.pool).await?.into_iter().map(|r| (r.get(0), r.get(1))));
        }
        Ok(found)
    }
}
