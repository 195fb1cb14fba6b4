//! Unplayed groups (issue 19): a group in which no game was played — no move made and no
//! result (a resignation at move 0 is a result) — costs a row or three and nothing else. One
//! player may host only so many at once, and they are deleted some time after creation.

use sqlx::Row;

use super::{Result, Store};

/// Whether group `g.code` was played: one of its games has a move or has ended.
const PLAYED: &str = "EXISTS (SELECT 1 FROM games ga WHERE ga.group_code = g.code
    AND (ga.status <> 'playing' OR EXISTS (SELECT 1 FROM moves m WHERE m.game_id = ga.id)))";

/// Groups deleted per statement batch, so one sweep never holds the database long.
const BATCH: i64 = 500;

impl Store {
    /// Groups `host_id` hosts in which no game was played.
    pub async fn unplayed_groups_of(&self, host_id: &str) -> Result<i64> {
        let row = sqlx::query(&format!("SELECT COUNT(*) FROM groups g WHERE g.host_id = $1 AND NOT {PLAYED}"))
            .bind(host_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get(0))
    }

    /// Creates group `g` unless its host already holds `max` unplayed ones (0: no bound);
    /// whether it was created. The count and the insert are one transaction, and on
    /// PostgreSQL a lock per host makes a burst of requests take turns (at READ COMMITTED
    /// each would count the others' groups as not there yet).
    pub async fn create_group_within(&self, g: &super::GroupRow, max: u32) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        if max > 0 {
            if !self.sqlite {
                super::advisory_lock(&mut tx, &format!("groups:{}", g.host_id)).await?;
            }
            let held: i64 =
                sqlx::query(&format!("SELECT COUNT(*) FROM groups g WHERE g.host_id = $1 AND NOT {PLAYED}"))
                    .bind(&g.host_id)
                    .fetch_one(&mut *tx)
                    .await?
                    .get(0);
            if held >= i64::from(max) {
                return Ok(false);
            }
        }
        super::groups::insert_group(&mut tx, g, &super::Meeting::default()).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes the groups created before `created_before` (Unix ms) in which no game was
    /// played, except those in `keep` (tables live on this node) and those with a lease live at
    /// `now` (tables live on another node), with their seats, unstarted games and leases. Returns how many were deleted. Each group goes in its own transaction that
    /// checks again that it is unplayed, so a first move made meanwhile keeps its group (on
    /// PostgreSQL a move committed between the check and the delete fails the delete on the
    /// moves' foreign key; the group is then kept too).
    pub async fn expire_unplayed_groups(&self, created_before: i64, now: i64, keep: &[String]) -> Result<u64> {
        let mut deleted = 0;
        loop {
            let rows = sqlx::query(&format!(
                "SELECT g.code FROM groups g WHERE g.created_at < $1 AND NOT {PLAYED}
                 AND NOT EXISTS (SELECT 1 FROM table_leases l WHERE l.code = g.code AND l.expires_at > $2)
                 ORDER BY g.created_at LIMIT $3"
            ))
            .bind(created_before)
            .bind(now)
            .bind(BATCH + keep.len() as i64)
            .fetch_all(&self.pool)
            .await?;
            let found = rows.len();
            let codes: Vec<String> =
                rows.into_iter().map(|r| r.get::<String, _>(0)).filter(|c| !keep.contains(c)).collect();
            if codes.is_empty() {
                return Ok(deleted);
            }
            for code in &codes {
                deleted += u64::from(self.delete_unplayed(code).await?);
            }
            if (found as i64) < BATCH + keep.len() as i64 {
                return Ok(deleted);
            }
        }
    }

    /// Deletes group `code` if it is still unplayed; whether it did.
    async fn delete_unplayed(&self, code: &str) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        let played: i64 = sqlx::query(&format!("SELECT COUNT(*) FROM groups g WHERE g.code = $1 AND {PLAYED}"))
            .bind(code)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        if played > 0 {
            return Ok(false);
        }
        for sql in [
            "DELETE FROM games WHERE group_code = $1",
            "DELETE FROM seats WHERE group_code = $1",
            "DELETE FROM table_leases WHERE code = $1",
            "DELETE FROM groups WHERE code = $1",
        ] {
            sqlx::query(sql).bind(code).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
