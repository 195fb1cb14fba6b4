//! The move writer: one task that commits every move waiting at that moment in one
//! transaction (group commit) and only then answers each of them. Under load thousands of
//! tables share a few commits a second instead of queueing for SQLite's single write lock one
//! by one. On SQLite it also checkpoints the WAL on a connection of its own, so the fsync of
//! a checkpoint never sits inside a move's commit.

use std::time::Duration;

use sqlx::{AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use super::lease::{self, Fence};
use super::{MoveRow, Result, StoreError};

/// One move waiting for the writer: the move, the new turn clock, and who to answer.
#[derive(Debug)]
pub(super) struct MoveWrite {
    game_id: String,
    mv: MoveRow,
    clock_deadline: Option<i64>,
    /// The table's lease, in a cluster: checked in the batch's transaction.
    fence: Option<Fence>,
    done: oneshot::Sender<Result<()>>,
}

/// Most moves committed in one transaction.
const MAX_BATCH: usize = 1024;
/// Most moves in one INSERT statement (8 parameters each; SQLite allows 32,766).
const INSERT_CHUNK: usize = 256;
/// How often the background task checkpoints SQLite's WAL into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Starts the writer; `checkpoint` is the SQLite URL (none on PostgreSQL).
pub(super) fn start(pool: AnyPool, sqlite: bool, checkpoint: Option<String>) -> mpsc::Sender<MoveWrite> {
    let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
    tokio::spawn(write_moves(pool, sqlite, rx, checkpoint));
    tx
}

/// Queues one move and waits until it is committed.
pub(super) async fn add_move(
    writer: &mpsc::Sender<MoveWrite>,
    game_id: &str,
    m: &MoveRow,
    clock_deadline: Option<i64>,
    fence: Option<Fence>,
) -> Result<()> {
    let (done, answer) = oneshot::channel();
    let w = MoveWrite { game_id: game_id.to_string(), mv: m.clone(), clock_deadline, fence, done };
    let stopped = || StoreError::Corrupt("the move writer stopped".into());
    writer.send(w).await.map_err(|_| stopped())?;
    answer.await.map_err(|_| stopped())?
}

/// The move writer: takes every move waiting, commits them in one transaction, then answers
/// each. If the batch fails, each move is retried alone so one bad row fails only itself.
/// On SQLite (`checkpoint` = its URL) it also checkpoints the WAL now and then, on a
/// connection of its own. Ends when every `Store` is dropped.
async fn write_moves(pool: AnyPool, sqlite: bool, mut rx: mpsc::Receiver<MoveWrite>, checkpoint: Option<String>) {
    let (kick, kicked) = mpsc::channel::<()>(1);
    let checkpointer = checkpoint.map(|url| tokio::spawn(checkpoints(url, kicked)));
    let mut last_checkpoint = tokio::time::Instant::now();
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        match insert_moves(&pool, sqlite, &batch).await {
            Ok(()) => {
                for w in batch.drain(..) {
                    let _ = w.done.send(Ok(()));
                }
            }
            Err(_) => {
                for w in batch.drain(..) {
                    let r = insert_moves(&pool, sqlite, std::slice::from_ref(&w)).await;
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

async fn insert_moves(pool: &AnyPool, sqlite: bool, batch: &[MoveWrite]) -> Result<()> {
    // In a cluster every table of the batch must still be ours; if one is not, the batch
    // fails and each move is retried alone, so only that table's move is refused.
    let fences: Vec<&Fence> = batch.iter().filter_map(|w| w.fence.as_ref()).collect();
    let mut tx = lease::begin_checked(pool, sqlite, &fences).await?;
    // Two statements per chunk whatever its size: each statement is a round trip to the
    // database, which under load costs more than the rows. A table waits for each of its
    // moves, so a game appears at most once in a batch (the CASE takes the first match).
    for chunk in batch.chunks(INSERT_CHUNK) {
        let mut insert =
            String::from("INSERT INTO moves (game_id, ply, mv, side, by_kind, player_id, at, epoch) VALUES ");
        let mut update = String::from("UPDATE games SET clock_deadline = CASE id");
        let mut ids = String::new();
        for i in 0..chunk.len() {
            let (p, u) = (8 * i, 2 * i);
            if i > 0 {
                insert.push(',');
                ids.push(',');
            }
            let params: Vec<String> = (p + 1..=p + 8).map(|n| format!("${n}")).collect();
            insert.push_str(&format!("({})", params.join(",")));
            update.push_str(&format!(" WHEN ${} THEN ${}", u + 1, u + 2));
            ids.push_str(&format!("${}", u + 1));
        }
        update.push_str(&format!(" END WHERE id IN ({ids})"));
        let mut q = sqlx::query(&insert);
        for w in chunk {
            let m = &w.mv;
            q = q
                .bind(&w.game_id)
                .bind(m.ply as i64)
                .bind(&m.mv)
                .bind(m.side as i64)
                .bind(m.by.as_str())
                .bind(&m.player_id)
                .bind(m.at)
                // The epoch the batch's fence check just confirmed (docs/reliability.md).
                .bind(w.fence.as_ref().map(|f| f.epoch));
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
