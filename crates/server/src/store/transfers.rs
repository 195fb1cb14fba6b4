//! Transfer codes (issue 35, part 4): a one-time code that moves a player to another device.
//! The claim is one transaction whose first statement deletes the code only if it is still
//! there and unexpired: on SQLite the write lock, on PostgreSQL the row lock, make every other
//! claim of the same code find nothing, so exactly one claim wins, on one node or several.

use sqlx::Row;

use super::{PlayerRow, Result, Store};

impl Store {
    /// Stores `code_hash` as `player_id`'s one transfer code until `expires_at`, replacing the
    /// code it had; expired codes of every player are dropped on the way.
    pub async fn put_transfer(
        &self,
        player_id: &str,
        token_hash: &str,
        code_hash: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        // The request was authenticated before this transaction: a claim of the player's
        // previous link may have moved them to another device since. Checked here under the
        // row's lock (a no-op update takes it on both backends), a device that has just lost
        // the player cannot make a link that would take them back.
        let current = sqlx::query("UPDATE players SET token_hash = token_hash WHERE id = $1 AND token_hash = $2")
            .bind(player_id)
            .bind(token_hash)
            .execute(&mut *tx)
            .await?;
        if current.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM transfers WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO transfers (player_id, code_hash, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT (player_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at",
        )
        .bind(player_id)
        .bind(code_hash)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The player a valid (stored, unexpired) code would move, without using it up.
    pub async fn transfer_player(&self, code_hash: &str, now: i64) -> Result<Option<PlayerRow>> {
        let row = sqlx::query(
            "SELECT p.id, p.name FROM transfers t JOIN players p ON p.id = t.player_id
             WHERE t.code_hash = $1 AND t.expires_at > $2",
        )
        .bind(code_hash)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| PlayerRow { id: r.get(0), name: r.get(1) }))
    }

    /// Uses up a valid code: its player's device token becomes `new_token_hash` (the old one
    /// stops working), in one transaction. `None` when the code is unknown, used or expired:
    /// then nothing changed.
    pub async fn claim_transfer(&self, code_hash: &str, now: i64, new_token_hash: &str) -> Result<Option<PlayerRow>> {
        let mut tx = self.pool.begin().await?;
        let Some(row) =
            sqlx::query("DELETE FROM transfers WHERE code_hash = $1 AND expires_at > $2 RETURNING player_id")
                .bind(code_hash)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?
        else {
            return Ok(None);
        };
        let id: String = row.get(0);
        let row = sqlx::query("UPDATE players SET token_hash = $1 WHERE id = $2 RETURNING name")
            .bind(new_token_hash)
            .bind(&id)
            .fetch_one(&mut *tx)
            .await?;
        let name: String = row.get(0);
        tx.commit().await?;
        Ok(Some(PlayerRow { id, name }))
    }
}
