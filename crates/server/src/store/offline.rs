//! Games played offline against the CPU and uploaded whole (issue 36, part 6): a group of
//! their own with one finished game, marked in `offline_games` under the page's name for the
//! game, so that an upload sent twice is stored once.

use sqlx::Row;

use super::games::insert_game;
use super::groups::insert_group;
use super::{GameRow, GroupRow, Meeting, MoveRow, Result, Store};

/// An uploaded game, checked, as it is stored: the group (the player hosts it, the CPU at its
/// level is the opponent), its one finished game and every move.
#[derive(Clone, Debug)]
pub struct OfflineGame {
    /// The page's name for the game (unique per player).
    pub upload_id: String,
    pub group: GroupRow,
    pub game: GameRow,
    pub moves: Vec<MoveRow>,
    pub uploaded_at: i64,
}

impl Store {
    /// The code of the group player `player_id` uploaded as `upload_id`, if any.
    pub async fn offline_game(&self, player_id: &str, upload_id: &str) -> Result<Option<String>> {
        let row = sqlx::query("SELECT group_code FROM offline_games WHERE player_id = $1 AND upload_id = $2")
            .bind(player_id)
            .bind(upload_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Whether group `code` holds a game played offline.
    pub async fn played_offline(&self, code: &str) -> Result<bool> {
        let row = sqlx::query("SELECT 1 FROM offline_games WHERE group_code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// When player `id` was created (Unix ms).
    pub async fn player_created_at(&self, id: &str) -> Result<Option<i64>> {
        let row =
            sqlx::query("SELECT created_at FROM players WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Stores `g` in one transaction: the group, the player's seat, the game and its moves, and
    /// the mark. Returns `None` when it stored it, or the code of the group this player already
    /// uploaded under the same name (then nothing is stored). Two uploads of one name at once
    /// (a retry racing its first try, on two nodes) both reach the mark's insert; its primary
    /// key lets one through, and the other, which finds the row there, rolls back.
    pub async fn store_offline_game(&self, g: &OfflineGame) -> Result<Option<String>> {
        let code = &g.group.code;
        let player = &g.group.host_id;
        let mut tx = self.pool.begin().await?;
        insert_group(&mut tx, &g.group, &Meeting::default()).await?;
        let marked = sqlx::query(
            "INSERT INTO offline_games (player_id, upload_id, group_code, uploaded_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (player_id, upload_id) DO NOTHING",
        )
        .bind(player)
        .bind(&g.upload_id)
        .bind(code)
        .bind(g.uploaded_at)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 {
            tx.rollback().await?;
            return self.offline_game(player, &g.upload_id).await;
        }
        // The CPU's moves were worked out on the device, as at a table created with `cpuOnDevice`.
        sqlx::query("UPDATE groups SET cpu_on_device = 1 WHERE code = $1").bind(code).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO seats (group_code, seat, player_id) VALUES ($1, 0, $2)")
            .bind(code)
            .bind(player)
            .execute(&mut *tx)
            .await?;
        insert_game(&mut tx, &g.game).await?;
        for m in &g.moves {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, mv, side, by_kind, player_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&g.game.id)
            .bind(m.ply as i64)
            .bind(&m.mv)
            .bind(m.side as i64)
            .bind(m.by.as_str())
            .bind(&m.player_id)
            .bind(m.at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(None)
    }
}
