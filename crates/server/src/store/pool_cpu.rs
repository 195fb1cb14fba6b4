//! A CPU game played while waiting in a quick-pairing pool (issue 35): the pool place is kept
//! and remembers the CPU game's group, so that a pairing can end that game.

use sqlx::Row;

use super::{Result, Store};

impl Store {
    /// `player_id` started the CPU game of group `code` and keeps their pool place: their open
    /// challenges go (they are in a game), the place stays and names the group. Returns whether
    /// they were waiting in a pool.
    pub async fn keep_pool_for_cpu(&self, player_id: &str, code: &str) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM challenges WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        let kept = sqlx::query("UPDATE pool_entries SET cpu_group = $2 WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .bind(code)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(kept.rows_affected() == 1)
    }

    /// The CPU games that `players`, just paired, were playing while they waited:
    /// `(player, group code)`.
    pub async fn pool_cpu_groups(&self, players: &[String]) -> Result<Vec<(String, String)>> {
        let mut found = Vec::new();
        for p in players {
            let row = sqlx::query("SELECT cpu_group FROM pool_entries WHERE player_id = $1 AND cpu_group IS NOT NULL")
                .bind(p)
                .fetch_optional(&self.pool)
                .await?;
            if let Some(r) = row {
                found.push((p.clone(), r.get(0)));
            }
        }
        Ok(found)
    }
}
