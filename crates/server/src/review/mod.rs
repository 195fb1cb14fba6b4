//! After the game: a finished game's review is worked out where it is asked for. The page
//! works it out itself, in its engine (`qdan_engine::review`), and asks the record with
//! `?review=device`: the server then only serves a stored review. A client without
//! WebAssembly asks plainly, and the server works the review out on demand ([`asked`]),
//! with the same function on the same work budget, stores it, and serves it from then on.
//! Replays, lists of games and the analysis board read them (routes in [`api`]).
//!
//! Reviews asked for go to one review thread, which runs at the lowest scheduling priority
//! and takes its CPU time in short slices of the server's spare CPU slots ([`pace`]): a live
//! game's CPU move never waits for a review longer than one slice. Each address may start
//! [`crate::Config::reviews_per_ip_hour`] reviews an hour. Nothing reviews games nobody asks
//! about (the background sweep of every finished game, `ENGINE` 1, cost 2-4.6 CPU-s a 5x4
//! Dots game).

pub mod api;
pub mod fair_queue;
pub mod handles;
pub mod known;
pub mod pace;
pub mod values;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use ai::clock::{CappedWork, ThreadCpuClock};
use ai::review::Budget;
use rules::AnyOptions;
use tokio::sync::oneshot;
use wire::review::{ReviewState, ReviewView};

use crate::clock::now_ms;
use crate::ctx::Ctx;
use crate::store::{GameRow, ReviewRow, StoreError};

/// The review code's version: stored with each review; older ones are made again when asked.
/// 2: the device's work budget (`qdan_engine::review::device_budget`); 1 was a time budget.
pub const ENGINE: i64 = 2;

/// The safety net of one review on the server, in the review thread's CPU time (as the
/// page's is `qdan_engine`'s `REVIEW_CAP` of its clock): past it, every position still to be
/// valued is estimated.
const REVIEW_CAP: Duration = Duration::from_secs(20);

/// A game for the review thread, and where its answer goes.
pub(crate) struct Job {
    options: AnyOptions,
    moves: Vec<String>,
    reply: oneshot::Sender<Result<ReviewView, String>>,
}

/// Reviews a game as the page's engine does (`qdan_engine::review`, the device's work budget),
/// its slices in `pace`'s spare slots; `busyMs` is the CPU time it took. Musashi uses the
/// tables this server has installed, which the page has not.
pub fn review_on(
    options: AnyOptions,
    moves: &[String],
    pace: &mut impl ai::review::Pace,
) -> Result<ReviewView, String> {
    let budget = qdan_engine::review::device_budget(options.kind());
    let clock = CappedWork::new(Arc::new(ThreadCpuClock), REVIEW_CAP);
    let mut slices = pace::WorkSlices::new(pace, clock.clone());
    let mut view = qdan_engine::review::review(options, moves, &budget, &mut slices).map_err(|e| e.to_string())?;
    if clock.fired() {
        tracing::warn!(game = ?options.kind(), plies = moves.len(), "a review hit its time cap");
    }
    view.busy_ms = slices.cpu().as_millis() as u64;
    Ok(view)
}

/// Starts the review thread: lowest priority, spare slots only.
fn review_thread(ctx: &Ctx) -> std::sync::mpsc::Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    let slots = ctx.cpu_slots.clone();
    let total = ctx.cpu_total;
    let reviews = ctx.reviews.clone();
    std::thread::Builder::new()
        .name("qdan-review".into())
        .spawn(move || {
            pace::lowest_priority();
            let mut pace = pace::SpareSlots::new(slots, total);
            while let Ok(job) = rx.recv() {
                let out = review_on(job.options, &job.moves, &mut pace);
                reviews.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                // The asking task may have gone (the server stops).
                let _ = job.reply.send(out);
            }
        })
        .expect("spawn the review thread");
    tx
}

/// A game's review as its record shows it: the stored one by this [`ENGINE`], else where
/// it stands. Unless `device` (the client works it out itself), a game with none stored gets
/// one started, once, within `ip`'s limit.
pub async fn asked(
    ctx: &Ctx,
    g: &GameRow,
    moves: &[String],
    device: bool,
    ip: IpAddr,
) -> Result<(ReviewState, Option<ReviewView>), StoreError> {
    if let Some(r) = ctx.store.review(&g.id).await?
        && r.engine >= ENGINE
    {
        if !r.ok {
            return Ok((ReviewState::Done, None));
        }
        let view = serde_json::from_str::<ReviewView>(&r.body)
            .map_err(|e| StoreError::Corrupt(format!("game {}: review: {e}", g.id)))?;
        return Ok((ReviewState::Done, Some(view)));
    }
    let r = &ctx.reviews;
    if device || !r.enabled {
        return Ok((ReviewState::Device, None));
    }
    {
        let mut making = r.making.lock().expect("reviews lock");
        if making.contains(&g.id) {
            return Ok((ReviewState::Making, None));
        }
        // A game whose tables are in the making at start-up (25-point Musashi) waits for
        // them, for a while: it is asked again meanwhile, and nothing is counted.
        if values::tables_pending(&g.options) && r.since.elapsed() < ctx.config.review_tables_wait {
            return Ok((ReviewState::Making, None));
        }
        if r.per_ip.as_ref().is_some_and(|l| !l.allow(ip)) {
            return Ok((ReviewState::RateLimited, None));
        }
        making.insert(g.id.clone());
    }
    let (reply, answer) = oneshot::channel();
    let job = Job { options: g.options, moves: moves.to_vec(), reply };
    let sent = r.jobs.get_or_init(|| review_thread(ctx)).send(job);
    let (ctx, id) = (ctx.clone(), g.id.clone());
    tokio::spawn(async move {
        let out = match sent {
            Ok(()) => answer.await.ok(),
            Err(_) => None,
        };
        match out {
            Some(out) => {
                if let Err(e) = store(&ctx, &id, out).await {
                    tracing::error!(game = %id, "storing a review: {e}");
                }
            }
            None => tracing::error!(game = %id, "the review thread stopped"),
        }
        ctx.reviews.making.lock().expect("reviews lock").remove(&id);
    });
    Ok((ReviewState::Making, None))
}

/// Stores a review made for game `id` (or why its moves did not replay).
async fn store(ctx: &Ctx, id: &str, out: Result<ReviewView, String>) -> Result<(), String> {
    let row = match out {
        Ok(view) => ReviewRow {
            engine: ENGINE,
            ok: true,
            busy_ms: view.busy_ms as i64,
            body: serde_json::to_string(&view).expect("a review serialises"),
        },
        Err(why) => {
            tracing::error!(game = %id, "a stored game does not replay: {why}");
            ReviewRow { engine: ENGINE, ok: false, busy_ms: 0, body: why }
        }
    };
    ctx.store.save_review(id, &row, now_ms()).await.map_err(|e| e.to_string())
}

/// What one analysis may spend: the values of a position and of up to ~60 moves.
pub const ANALYSIS: Budget = Budget {
    search: Duration::from_millis(1500),
    solve: Duration::from_millis(1500),
    slice: Duration::from_millis(100),
    playouts: 16,
};
