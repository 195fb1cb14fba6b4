//! After the game: every finished game is reviewed in the background and the review stored;
//! replays, lists of games and the analysis board read them (routes in [`api`]).
//!
//! One worker task looks for finished games without a review (the latest ended first), and
//! hands each to one review thread, which runs at the lowest scheduling priority and takes
//! its CPU time in short slices of the server's spare CPU slots ([`pace`]): a live game's
//! CPU move never waits for a review longer than one slice. A table wakes the worker when a
//! game ends; the worker also looks again every minute, and once at start-up, so games that
//! ended before a restart get their review too.

pub mod api;
pub mod fair_queue;
pub mod handles;
pub mod pace;
pub mod values;

use std::sync::atomic::Ordering;
use std::time::Duration;

use ai::review::Budget;
use rules::AnyOptions;
use tokio::sync::oneshot;

use crate::clock::now_ms;
use crate::ctx::Ctx;
use crate::store::{GameRow, ReviewRow};

/// The review code's version: stored with each review; older ones are made again.
pub const ENGINE: i64 = 1;
/// How often the worker looks for games to review when nobody wakes it.
const SWEEP: Duration = Duration::from_secs(60);
/// Games fetched per look.
const BATCH: i64 = 16;

/// Tells the review worker there may be a game to review (starting it the first time).
pub fn wake(ctx: &Ctx) {
    let r = &ctx.reviews;
    if !r.enabled {
        return;
    }
    if !r.started.swap(true, Ordering::AcqRel) {
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                rt.spawn(worker(ctx.clone()));
            }
            Err(_) => {
                r.started.store(false, Ordering::Release);
                return;
            }
        }
    }
    r.wake.notify_one();
}

/// A game for the review thread, and where its answer goes.
struct Job {
    options: AnyOptions,
    moves: Vec<String>,
    reply: oneshot::Sender<Result<wire::review::ReviewView, String>>,
}

/// Starts the review thread: lowest priority, spare slots only.
fn review_thread(ctx: &Ctx) -> std::sync::mpsc::Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    let slots = ctx.cpu_slots.clone();
    let total = ctx.cpu_total;
    std::thread::Builder::new()
        .name("qdan-review".into())
        .spawn(move || {
            pace::lowest_priority();
            let mut pace = pace::SpareSlots::new(slots, total);
            while let Ok(job) = rx.recv() {
                let out =
                    values::review_game(job.options, &job.moves, &Budget::SERVER, &mut pace).map_err(|e| e.to_string());
                // The worker may have gone (the server stops).
                let _ = job.reply.send(out);
            }
        })
        .expect("spawn the review thread");
    tx
}

async fn worker(ctx: Ctx) {
    let jobs = review_thread(&ctx);
    loop {
        let did = match ctx.store.games_to_review(ENGINE, BATCH).await {
            Ok(games) => {
                let mut did = false;
                for g in games {
                    if waits_for_tables(&ctx, &g) {
                        continue;
                    }
                    match review_one(&ctx, &jobs, &g).await {
                        Ok(()) => did = true,
                        Err(e) => tracing::error!(game = %g.id, "review: {e}"),
                    }
                }
                did
            }
            Err(e) => {
                tracing::error!("looking for games to review: {e}");
                false
            }
        };
        if !did {
            tokio::select! {
                _ = ctx.reviews.wake.notified() => {}
                _ = tokio::time::sleep(SWEEP) => {}
            }
        }
    }
}

/// A game whose tables are in the making at start-up (25-point Musashi) waits for them, for
/// a while.
fn waits_for_tables(ctx: &Ctx, g: &GameRow) -> bool {
    values::tables_pending(&g.options) && ctx.reviews.since.elapsed() < ctx.config.review_tables_wait
}

async fn review_one(ctx: &Ctx, jobs: &std::sync::mpsc::Sender<Job>, g: &GameRow) -> Result<(), String> {
    let moves: Vec<String> =
        ctx.store.moves(&g.id).await.map_err(|e| e.to_string())?.into_iter().map(|m| m.mv).collect();
    let (reply, answer) = oneshot::channel();
    jobs.send(Job { options: g.options, moves, reply }).map_err(|_| "the review thread stopped".to_string())?;
    let out = answer.await.map_err(|_| "the review thread stopped".to_string())?;
    let row = match out {
        Ok(view) => ReviewRow {
            engine: ENGINE,
            ok: true,
            busy_ms: view.busy_ms as i64,
            body: serde_json::to_string(&view).expect("a review serialises"),
        },
        Err(why) => {
            tracing::error!(game = %g.id, "a stored game does not replay: {why}");
            ReviewRow { engine: ENGINE, ok: false, busy_ms: 0, body: why }
        }
    };
    ctx.store.save_review(&g.id, &row, now_ms()).await.map_err(|e| e.to_string())
}

/// What one analysis may spend: the values of a position and of up to ~60 moves.
pub const ANALYSIS: Budget = Budget {
    search: Duration::from_millis(1500),
    solve: Duration::from_millis(1500),
    slice: Duration::from_millis(100),
    playouts: 16,
};
