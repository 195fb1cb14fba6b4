//! Finished games as their replays and lists read them, and their stored reviews.

use ai::Level;
use sqlx::Row;
use wire::Seat;

use super::games::{GAME_COLUMNS, game_row};
use super::{GameRow, PlayerRow, Result, Store, corrupt};

/// A stored review.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRow {
    pub engine: i64,
    /// `false`: the game could not be reviewed (its moves did not replay).
    pub ok: bool,
    /// The `wire::review::ReviewView` as JSON (or the reason it failed).
    pub body: String,
    pub busy_ms: i64,
}

/// Who sat at a group's seats, and the CPU's level when it plays there.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Sitters {
    pub players: [Option<PlayerRow>; 2],
    pub cpu: Option<Level>,
}

/// One of a player's finished games.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    pub game: GameRow,
    /// The player's seat.
    pub seat: Seat,
    /// The other seat's player (`None`: the CPU, or nobody).
    pub opponent: Option<PlayerRow>,
    pub cpu: Option<Level>,
    pub plies: u32,
}

/// `GAME_COLUMNS` of the games table under the alias `g`.
pub(super) fn game_columns_of_g() -> String {
    GAME_COLUMNS.split(',').map(|c| format!("g.{}", c.trim())).collect::<Vec<_>>().join(", ")
}

impl Store {
    /// Game number `no` of group `code`.
    pub async fn game_by_no(&self, code: &str, no: u32) -> Result<Option<GameRow>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE group_code = $1 AND game_no = $2"))
            .bind(code)
            .bind(no as i64)
            .fetch_optional(&self.pool)
            .await?;
        row.map(game_row).transpose()
    }

    /// The players of a group's seats and its CPU opponent.
    pub async fn sitters(&self, code: &str) -> Result<Sitters> {
        let rows = sqlx::query(
            "SELECT s.seat, p.id, p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.group_code = $1",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Sitters::default();
        for r in rows {
            let seat = usize::try_from(r.get::<i64, _>(0))
                .ok()
                .filter(|s| *s < 2)
                .ok_or_else(|| corrupt(format!("group {code}: a seat")))?;
            out.players[seat] = Some(PlayerRow { id: r.get(1), name: r.get(2) });
        }
        out.cpu = self.group(code).await?.and_then(|g| g.cpu);
        Ok(out)
    }

    /// Finished games with no review by `engine` (or a newer one): hosts take turns (each
    /// host's latest game, then each host's second latest, ...), the latest ended first within
    /// a turn. So a host who finishes many games (farming from one address, say) does not
    /// push everyone else's reviews back.
    pub async fn games_to_review(&self, engine: i64, limit: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM (
                 SELECT g.*, ROW_NUMBER() OVER (PARTITION BY gr.host_id ORDER BY g.ended_at DESC) AS host_turn
                 FROM games g JOIN groups gr ON gr.code = g.group_code LEFT JOIN reviews r ON r.game_id = g.id
                 WHERE g.status = 'over' AND (r.game_id IS NULL OR r.engine < $1)
             ) g
             ORDER BY g.host_turn, g.ended_at DESC LIMIT $2",
            game_columns_of_g()
        ))
        .bind(engine)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(game_row).collect()
    }

    /// The stored review of a game.
    pub async fn review(&self, game_id: &str) -> Result<Option<ReviewRow>> {
        let row = sqlx::query("SELECT engine, state, body, busy_ms FROM reviews WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| ReviewRow {
            engine: r.get(0),
            ok: r.get::<String, _>(1) == "ready",
            body: r.get(2),
            busy_ms: r.get(3),
        }))
    }

    /// Stores (or replaces) a game's review.
    pub async fn save_review(&self, game_id: &str, review: &ReviewRow, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO reviews (game_id, engine, state, body, busy_ms, reviewed_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (game_id) DO UPDATE SET engine = $2, state = $3, body = $4, busy_ms = $5, reviewed_at = $6",
        )
        .bind(game_id)
        .bind(review.engine)
        .bind(if review.ok { "ready" } else { "failed" })
        .bind(&review.body)
        .bind(review.busy_ms)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A player's finished games, the latest first; only ranked ones when `ranked_only`.
    pub async fn player_games(&self, player_id: &str, ranked_only: bool, limit: i64) -> Result<Vec<PlayedGame>> {
        let rows = sqlx::query(&format!(
            "SELECT {}, s.seat, op.id, op.name, gr.cpu, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)
             FROM seats s
             JOIN games g ON g.group_code = s.group_code
             JOIN groups gr ON gr.code = g.group_code
             LEFT JOIN seats o ON o.group_code = g.group_code AND o.seat <> s.seat
             LEFT JOIN players op ON op.id = o.player_id
             WHERE s.player_id = $1 AND g.status = 'over' AND (g.ranked = 1 OR $2 = 0)
             ORDER BY g.ended_at DESC LIMIT $3",
            game_columns_of_g()
        ))
        .bind(player_id)
        .bind(ranked_only as i64)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                let n = GAME_COLUMNS.split(',').count();
                let seat = usize::try_from(r.get::<i64, _>(n))
                    .ok()
                    .and_then(Seat::from_index)
                    .ok_or_else(|| corrupt(format!("player {player_id}: a seat")))?;
                let opponent_id: Option<String> = r.get(n + 1);
                let opponent_name: Option<String> = r.get(n + 2);
                let cpu: Option<String> = r.get(n + 3);
                let plies: i64 = r.get(n + 4);
                Ok(PlayedGame {
                    seat,
                    opponent: opponent_id.zip(opponent_name).map(|(id, name)| PlayerRow { id, name }),
                    cpu: cpu.map(|l| l.parse().map_err(|e: String| corrupt(e))).transpose()?,
                    plies: u32::try_from(plies).map_err(|_| corrupt("a move count"))?,
                    game: game_row(r)?,
                })
            })
            .collect()
    }
}
