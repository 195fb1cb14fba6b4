//! The store: players, groups, seats, games, moves and ratings in SQLite (the embedded default)
//! or PostgreSQL, through one sqlx `Any` pool and one set of migrations. Every method is one
//! statement or one transaction; a table acknowledges a move only after `add_move` returned.
//!
//! Moves, the hot path, go through one writer task that commits every move waiting at that
//! moment in one transaction (group commit) and only then answers each of them: under load
//! thousands of tables share a few commits a second instead of queueing for SQLite's single
//! write lock one by one. SQLite gets one pooled connection (no two of ours ever wait on each
//! other's lock) and its WAL is checkpointed by a background task on a connection of its own,
//! so the fsync of a checkpoint never sits inside a move's commit.

use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Connection, Row};
use tokio::sync::{mpsc, oneshot};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

pub type Result<T> = std::result::Result<T, StoreError>;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A player as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
}

/// A group as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupRow {
    pub code: String,
    pub game: String,
    pub host_id: String,
    /// The options for the next game, as JSON.
    pub options: String,
    pub turn_limit: Option<i64>,
    pub ranked: bool,
    pub cpu: Option<String>,
    pub created_at: i64,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub group_code: String,
    pub game_no: i64,
    pub options: String,
    /// The side seat 0 plays in this game (seat 1 plays the other).
    pub seat0_side: i64,
    pub ranked: bool,
    pub turn_limit: Option<i64>,
    pub status: String,
    pub winner_seat: Option<i64>,
    pub reason: Option<String>,
    pub clock_deadline: Option<i64>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    pub ply: i64,
    pub mv: String,
    pub side: i64,
    /// `player`, `cpu-away`, `timeout` or `cpu`.
    pub by_kind: String,
    pub player_id: Option<String>,
    pub at: i64,
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
}

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaderRow {
    pub player_id: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
}

/// A rating update to write with a game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    pub player_id: String,
    pub seat: i64,
    pub before: f64,
    pub after: RatingRow,
}

/// The connection pool, and the writer task that stores moves.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    moves: mpsc::Sender<MoveWrite>,
}

/// One move waiting for the writer: the move, the new turn clock, and who to answer.
#[derive(Debug)]
struct MoveWrite {
    game_id: String,
    mv: MoveRow,
    clock_deadline: Option<i64>,
    done: oneshot::Sender<Result<()>>,
}

/// Most moves committed in one transaction.
const MAX_BATCH: usize = 1024;
/// Most moves in one INSERT statement (7 parameters each; SQLite allows 32,766).
const INSERT_CHUNK: usize = 256;
/// How often the background task checkpoints SQLite's WAL into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

impl Store {
    /// Opens `url` (`sqlite://file.db` or `postgres://...`), creating a SQLite file if needed,
    /// and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") {
            format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
        } else {
            url.to_string()
        };
        let pool = AnyPoolOptions::new()
            // SQLite has one write lock: with one connection none of ours waits for another.
            .max_connections(if sqlite { 1 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: readers never block the writer; NORMAL sync is durable across a
                        // process crash (SIGKILL), which is the failure the site guards against.
                        sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
                        // The background checkpoint keeps the WAL short; this only backs it up.
                        sqlx::query("PRAGMA wal_autocheckpoint=10000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout=10000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA foreign_keys=ON").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        MIGRATOR.run(&pool).await?;
        let (moves, rx) = mpsc::channel(4 * MAX_BATCH);
        let checkpoint = if sqlite { Some(url) } else { None };
        tokio::spawn(write_moves(pool.clone(), rx, checkpoint));
        Ok(Store { pool, moves })
    }

    pub async fn create_player(&self, id: &str, token_hash: &str, name: &str, now: i64) -> Result<()> {
        sqlx::query("INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(token_hash)
            .bind(name)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| PlayerRow { id: r.get(0), name: r.get(1) }))
    }

    pub async fn player(&self, id: &str) -> Result<Option<PlayerRow>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| PlayerRow { id: r.get(0), name: r.get(1) }))
    }

    pub async fn rename(&self, id: &str, name: &str) -> Result<()> {
        sqlx::query("UPDATE players SET name = $1 WHERE id = $2").bind(name).bind(id).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn create_group(&self, g: &GroupRow) -> Result<()> {
        sqlx::query(
            "INSERT INTO groups (code, game, host_id, options, turn_limit, ranked, cpu, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&g.code)
        .bind(&g.game)
        .bind(&g.host_id)
        .bind(&g.options)
        .bind(g.turn_limit)
        .bind(g.ranked as i64)
        .bind(&g.cpu)
        .bind(g.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn group(&self, code: &str) -> Result<Option<GroupRow>> {
        let row = sqlx::query(
            "SELECT code, game, host_id, options, turn_limit, ranked, cpu, created_at FROM groups WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| GroupRow {
            code: r.get(0),
            game: r.get(1),
            host_id: r.get(2),
            options: r.get(3),
            turn_limit: r.get(4),
            ranked: r.get::<i64, _>(5) != 0,
            cpu: r.get(6),
            created_at: r.get(7),
        }))
    }

    pub async fn update_group_settings(
        &self,
        code: &str,
        options: &str,
        turn_limit: Option<i64>,
        ranked: bool,
    ) -> Result<()> {
        sqlx::query("UPDATE groups SET options = $1, turn_limit = $2, ranked = $3 WHERE code = $4")
            .bind(options)
            .bind(turn_limit)
            .bind(ranked as i64)
            .bind(code)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Seated players of a group: `(seat, player id)`.
    pub async fn seats(&self, code: &str) -> Result<Vec<(i64, String)>> {
        let rows = sqlx::query("SELECT seat, player_id FROM seats WHERE group_code = $1 ORDER BY seat")
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    pub async fn add_seat(&self, code: &str, seat: i64, player_id: &str) -> Result<()> {
        sqlx::query("INSERT INTO seats (group_code, seat, player_id) VALUES ($1, $2, $3)")
            .bind(code)
            .bind(seat)
            .bind(player_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn create_game(&self, g: &GameRow) -> Result<()> {
        sqlx::query(
            "INSERT INTO games (id, group_code, game_no, options, seat0_side, ranked, turn_limit, status,
                                winner_seat, reason, clock_deadline, started_at, ended_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(&g.id)
        .bind(&g.group_code)
        .bind(g.game_no)
        .bind(&g.options)
        .bind(g.seat0_side)
        .bind(g.ranked as i64)
        .bind(g.turn_limit)
        .bind(&g.status)
        .bind(g.winner_seat)
        .bind(&g.reason)
        .bind(g.clock_deadline)
        .bind(g.started_at)
        .bind(g.ended_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The group's most recent game.
    pub async fn latest_game(&self, code: &str) -> Result<Option<GameRow>> {
        let row = sqlx::query(
            "SELECT id, group_code, game_no, options, seat0_side, ranked, turn_limit, status, winner_seat,
                    reason, clock_deadline, started_at, ended_at
             FROM games WHERE group_code = $1 ORDER BY game_no DESC LIMIT 1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| GameRow {
            id: r.get(0),
            group_code: r.get(1),
            game_no: r.get(2),
            options: r.get(3),
            seat0_side: r.get(4),
            ranked: r.get::<i64, _>(5) != 0,
            turn_limit: r.get(6),
            status: r.get(7),
            winner_seat: r.get(8),
            reason: r.get(9),
            clock_deadline: r.get(10),
            started_at: r.get(11),
            ended_at: r.get(12),
        }))
    }

    /// Codes of groups whose latest game is still being played (restored at start-up).
    pub async fn groups_playing(&self) -> Result<Vec<String>> {
        let rows = sqlx::query("SELECT group_code FROM games WHERE status = 'playing'").fetch_all(&self.pool).await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    pub async fn moves(&self, game_id: &str) -> Result<Vec<MoveRow>> {
        let rows =
            sqlx::query("SELECT ply, mv, side, by_kind, player_id, at FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|r| MoveRow {
                ply: r.get(0),
                mv: r.get(1),
                side: r.get(2),
                by_kind: r.get(3),
                player_id: r.get(4),
                at: r.get(5),
            })
            .collect())
    }

    /// Stores one move and the new turn clock together; returns once they are committed
    /// (possibly in one transaction with other tables' moves).
    pub async fn add_move(&self, game_id: &str, m: &MoveRow, clock_deadline: Option<i64>) -> Result<()> {
        let (done, answer) = oneshot::channel();
        let w = MoveWrite { game_id: game_id.to_string(), mv: m.clone(), clock_deadline, done };
        let stopped = || StoreError::Corrupt("the move writer stopped".into());
        self.moves.send(w).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Removes the moves from `from_ply` on (an accepted undo) and sets the new turn clock.
    pub async fn truncate_moves(&self, game_id: &str, from_ply: i64, clock_deadline: Option<i64>) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game_id)
            .bind(from_ply)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE games SET clock_deadline = $1 WHERE id = $2")
            .bind(clock_deadline)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn set_clock(&self, game_id: &str, clock_deadline: Option<i64>) -> Result<()> {
        sqlx::query("UPDATE games SET clock_deadline = $1 WHERE id = $2")
            .bind(clock_deadline)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records a finished game and, for a ranked one, the new ratings, in one transaction.
    pub async fn finish_game(
        &self,
        game_id: &str,
        game: &str,
        winner_seat: Option<i64>,
        reason: &str,
        ended_at: i64,
        ratings: &[RatingUpdate],
    ) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE games SET status = 'over', winner_seat = $1, reason = $2, ended_at = $3, clock_deadline = NULL
             WHERE id = $4",
        )
        .bind(winner_seat)
        .bind(reason)
        .bind(ended_at)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        for u in ratings {
            sqlx::query("DELETE FROM ratings WHERE player_id = $1 AND game = $2")
                .bind(&u.player_id)
                .bind(game)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&u.player_id)
            .bind(game)
            .bind(u.after.rating)
            .bind(u.after.deviation)
            .bind(u.after.volatility)
            .bind(u.after.games)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_changes (game_id, player_id, seat, before, after) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game_id)
            .bind(&u.player_id)
            .bind(u.seat)
            .bind(u.before)
            .bind(u.after.rating)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Rating changes recorded for a game: `(seat, before, after)`.
    pub async fn rating_changes(&self, game_id: &str) -> Result<Vec<(i64, f64, f64)>> {
        let rows = sqlx::query("SELECT seat, before, after FROM rating_changes WHERE game_id = $1 ORDER BY seat")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect())
    }

    pub async fn rating(&self, player_id: &str, game: &str) -> Result<Option<RatingRow>> {
        let row =
            sqlx::query("SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND game = $2")
                .bind(player_id)
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| RatingRow { rating: r.get(0), deviation: r.get(1), volatility: r.get(2), games: r.get(3) }))
    }

    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<LeaderRow>> {
        let rows = sqlx::query(
            "SELECT r.player_id, p.name, r.rating, r.deviation, r.games FROM ratings r
             JOIN players p ON p.id = r.player_id WHERE r.game = $1
             ORDER BY r.rating DESC, r.games DESC, p.name LIMIT $2",
        )
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| LeaderRow {
                player_id: r.get(0),
                name: r.get(1),
                rating: r.get(2),
                deviation: r.get(3),
                games: r.get(4),
            })
            .collect())
    }

    /// Moves stored across all games (used by tests and the fault runs to count).
    pub async fn count_moves(&self) -> Result<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM moves").fetch_one(&self.pool).await?;
        Ok(row.get(0))
    }
}

/// The move writer: takes every move waiting, commits them in one transaction, then answers
/// each. If the batch fails, each move is retried alone so one bad row fails only itself.
/// On SQLite (`checkpoint` = its URL) it also checkpoints the WAL now and then, on a
/// connection of its own. Ends when every `Store` is dropped.
async fn write_moves(pool: AnyPool, mut rx: mpsc::Receiver<MoveWrite>, checkpoint: Option<String>) {
    let (kick, kicked) = mpsc::channel::<()>(1);
    let checkpointer = checkpoint.map(|url| tokio::spawn(checkpoints(url, kicked)));
    let mut last_checkpoint = tokio::time::Instant::now();
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        match insert_moves(&pool, &batch).await {
            Ok(()) => {
                for w in batch.drain(..) {
                    let _ = w.done.send(Ok(()));
                }
            }
            Err(_) => {
                for w in batch.drain(..) {
                    let r = insert_moves(&pool, std::slice::from_ref(&w)).await;
                    let _ = w.done.send(r);
                }
            }
        }
        if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
            last_checkpoint = tokio::time::Instant::now();
            let _ = kick.try_send(());
        }
    }
    drop(kick);
    if let Some(c) = checkpointer {
        let _ = c.await;
    }
}

async fn insert_moves(pool: &AnyPool, batch: &[MoveWrite]) -> Result<()> {
    let mut tx = pool.begin().await?;
    // Two statements per chunk whatever its size: each statement is a round trip to the
    // database, which under load costs more than the rows. A table waits for each of its
    // moves, so a game appears at most once in a batch (the CASE takes the first match).
    for chunk in batch.chunks(INSERT_CHUNK) {
        let mut insert = String::from("INSERT INTO moves (game_id, ply, mv, side, by_kind, player_id, at) VALUES ");
        let mut update = String::from("UPDATE games SET clock_deadline = CASE id");
        let mut ids = String::new();
        for i in 0..chunk.len() {
            let (p, u) = (7 * i, 2 * i);
            if i > 0 {
                insert.push(',');
                ids.push(',');
            }
            insert.push_str(&format!("(${},${},${},${},${},${},${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6, p + 7));
            update.push_str(&format!(" WHEN ${} THEN ${}", u + 1, u + 2));
            ids.push_str(&format!("${}", u + 1));
        }
        update.push_str(&format!(" END WHERE id IN ({ids})"));
        let mut q = sqlx::query(&insert);
        for w in chunk {
            let m = &w.mv;
            q = q.bind(&w.game_id).bind(m.ply).bind(&m.mv).bind(m.side).bind(&m.by_kind).bind(&m.player_id).bind(m.at);
        }
        q.execute(&mut *tx).await?;
        let mut q = sqlx::query(&update);
        for w in chunk {
            q = q.bind(&w.game_id).bind(w.clock_deadline);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Checkpoints SQLite's WAL (PASSIVE: never blocks the writer) each time it is kicked.
async fn checkpoints(url: String, mut kicked: mpsc::Receiver<()>) {
    let Ok(mut conn) = sqlx::AnyConnection::connect(&url).await else {
        tracing::warn!("no connection for WAL checkpoints; SQLite checkpoints on its own");
        return;
    };
    let _ = sqlx::query("PRAGMA busy_timeout=10000").execute(&mut conn).await;
    while kicked.recv().await.is_some() {
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&mut conn).await {
            tracing::warn!("WAL checkpoint: {e}");
        }
    }
    let _ = conn.close().await;
}
