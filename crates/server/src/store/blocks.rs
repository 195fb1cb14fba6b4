//! Blocks between players (issue 35, part 7): a row says `player_id` blocked `blocked_id`; the
//! lobby keeps the two apart whichever of them blocked the other.

use sqlx::Row;

use super::{Result, Store};

/// A player someone blocked, as their list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockRow {
    pub player_id: String,
    pub name: String,
    pub created_at: i64,
}

/// What [`Store::block`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// A new block.
    Added,
    /// That player was blocked already.
    Already,
    /// The blocker has `max` blocks already.
    Full,
}

impl Store {
    /// `player` blocks `other` (a player that exists) at `now`, unless they have `max` blocks
    /// already.
    pub async fn block(&self, player: &str, other: &str, now: i64, max: u32) -> Result<Blocked> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN blocked_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT)
             FROM blocks WHERE player_id = $1",
        )
        .bind(player)
        .bind(other)
        .fetch_one(&mut *tx)
        .await?;
        let (count, already): (i64, i64) = (row.get(0), row.get(1));
        if already > 0 {
            return Ok(Blocked::Already);
        }
        if count >= i64::from(max) {
            return Ok(Blocked::Full);
        }
        sqlx::query("INSERT INTO blocks (player_id, blocked_id, created_at) VALUES ($1, $2, $3)")
            .bind(player)
            .bind(other)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Blocked::Added)
    }

    /// `player` unblocks `other`; `false` when they had not blocked them.
    pub async fn unblock(&self, player: &str, other: &str) -> Result<bool> {
        let done = sqlx::query("DELETE FROM blocks WHERE player_id = $1 AND blocked_id = $2")
            .bind(player)
            .bind(other)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The players `player` blocked, the latest first.
    pub async fn blocks_of(&self, player: &str) -> Result<Vec<BlockRow>> {
        let rows = sqlx::query(
            "SELECT b.blocked_id, p.name, b.created_at FROM blocks b JOIN players p ON p.id = b.blocked_id
             WHERE b.player_id = $1 ORDER BY b.created_at DESC, b.blocked_id",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| BlockRow { player_id: r.get(0), name: r.get(1), created_at: r.get(2) }).collect())
    }

    /// Every block that involves one of `players`, either way: `(blocker, blocked)`. The
    /// lobby hides from each of them the challenges of those they are apart from.
    pub async fn blocks_touching(&self, players: &[String]) -> Result<Vec<(String, String)>> {
        let mut found = Vec::new();
        for chunk in players.chunks(200) {
            let list = super::lobby::placeholders(1, chunk.len());
            let sql = format!(
                "SELECT player_id, blocked_id FROM blocks WHERE player_id IN ({list})
                 UNION SELECT player_id, blocked_id FROM blocks WHERE blocked_id IN ({list})"
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
