//! Groups (an invite code, the host, the rules for the next game) and their seats.

use ai::Level;
use rules::{AnyOptions, GameKind};
use sqlx::Row;

use super::{Fence, Meeting, Result, Store, corrupt};

/// A group as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupRow {
    pub code: String,
    pub game: GameKind,
    pub host_id: String,
    /// The options for the next game.
    pub options: AnyOptions,
    pub turn_limit: Option<u32>,
    pub ranked: bool,
    /// The CPU opponent's level, in a game against the CPU.
    pub cpu: Option<Level>,
    pub created_at: i64,
}

/// Inserts group `g`, with how the lobby made it (`Meeting::default()` for a group opened by
/// its host).
pub(super) async fn insert_group(conn: &mut sqlx::AnyConnection, g: &GroupRow, m: &Meeting) -> Result<()> {
    sqlx::query(
        "INSERT INTO groups (code, game, host_id, options, turn_limit, ranked, cpu, created_at, meet_by, pool)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&g.code)
    .bind(g.game.as_str())
    .bind(&g.host_id)
    .bind(options_text(&g.options))
    .bind(g.turn_limit.map(i64::from))
    .bind(g.ranked as i64)
    .bind(g.cpu.map(Level::as_str))
    .bind(g.created_at)
    .bind(m.meet_by)
    .bind(m.pool.as_deref())
    .execute(conn)
    .await?;
    Ok(())
}

pub(super) fn options_text(o: &AnyOptions) -> String {
    serde_json::to_string(o).expect("options serialise")
}

pub(super) fn options_from(text: &str, what: &str) -> Result<AnyOptions> {
    serde_json::from_str(text).map_err(|e| corrupt(format!("{what} options: {e}")))
}

impl Store {
    pub async fn create_group(&self, g: &GroupRow) -> Result<()> {
        let mut conn = self.pool.acquire().await?;
        insert_group(&mut conn, g, &Meeting::default()).await
    }

    pub async fn group(&self, code: &str) -> Result<Option<GroupRow>> {
        let row = sqlx::query(
            "SELECT code, game, host_id, options, turn_limit, ranked, cpu, created_at FROM groups WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let code: String = r.get(0);
        let game: String = r.get(1);
        let cpu: Option<String> = r.get(6);
        let turn_limit: Option<i64> = r.get(4);
        Ok(Some(GroupRow {
            game: game.parse().map_err(|e| corrupt(format!("group {code}: {e}")))?,
            host_id: r.get(2),
            options: options_from(&r.get::<String, _>(3), &code)?,
            turn_limit: turn_limit
                .map(|t| u32::try_from(t).map_err(|_| corrupt(format!("group {code}: turn limit {t}"))))
                .transpose()?,
            ranked: r.get::<i64, _>(5) != 0,
            cpu: cpu.map(|l| l.parse().map_err(|e| corrupt(format!("group {code}: {e}")))).transpose()?,
            created_at: r.get(7),
            code,
        }))
    }

    pub async fn update_group_settings(
        &self,
        code: &str,
        options: &AnyOptions,
        turn_limit: Option<u32>,
        ranked: bool,
        fence: Option<&Fence>,
    ) -> Result<()> {
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query("UPDATE groups SET options = $1, turn_limit = $2, ranked = $3 WHERE code = $4")
            .bind(options_text(options))
            .bind(turn_limit.map(i64::from))
            .bind(ranked as i64)
            .bind(code)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks group `code`'s CPU opponent as played on its host's device (issue 36). Set once,
    /// right after the group is created and before anyone can open its table.
    pub async fn set_cpu_on_device(&self, code: &str) -> Result<()> {
        sqlx::query("UPDATE groups SET cpu_on_device = 1 WHERE code = $1").bind(code).execute(&self.pool).await?;
        Ok(())
    }

    /// Whether group `code`'s CPU opponent is played on its host's device.
    pub async fn cpu_on_device(&self, code: &str) -> Result<bool> {
        let row = sqlx::query("SELECT cpu_on_device FROM groups WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some_and(|r| r.get::<i64, _>(0) != 0))
    }

    /// Seated players of a group: `(seat index, player id)`.
    pub async fn seats(&self, code: &str) -> Result<Vec<(usize, String)>> {
        let rows = sqlx::query("SELECT seat, player_id FROM seats WHERE group_code = $1 ORDER BY seat")
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| {
                let seat: i64 = r.get(0);
                match seat {
                    0 | 1 => Ok((seat as usize, r.get(1))),
                    _ => Err(corrupt(format!("group {code}: seat {seat}"))),
                }
            })
            .collect()
    }

    pub async fn add_seat(&self, code: &str, seat: usize, player_id: &str, fence: Option<&Fence>) -> Result<()> {
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query("INSERT INTO seats (group_code, seat, player_id) VALUES ($1, $2, $3)")
            .bind(code)
            .bind(seat as i64)
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
