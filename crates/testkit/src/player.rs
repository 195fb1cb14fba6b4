//! Players that play random legal moves over real sockets and come back after every drop, and
//! the audit of what they saw acknowledged against what the store holds: shared by the soak
//! test (one node, SIGKILLs) and the cluster test (three nodes behind a balancer).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use wire::{ClientMsg, GameView, Intent, Seat, ServerMsg, Status};

use crate::TableClient;

/// A move a client saw acknowledged: table (group code), game number, ply, move text, and
/// when.
#[derive(Debug, Clone)]
pub struct Acked {
    pub code: String,
    pub game_no: u32,
    pub ply: u64,
    pub mv: String,
    pub at: Instant,
}

/// What the players of a run did.
#[derive(Debug, Default)]
pub struct Stats {
    pub connects: AtomicU64,
    pub drops: AtomicU64,
    pub sent: AtomicU64,
    pub acked: AtomicU64,
    pub refused: AtomicU64,
    /// Moves answered `table-moved` (another node serves the table now), sent again after a
    /// reconnect as a client must.
    pub moved: AtomicU64,
    /// Errors the players' moves were answered with, by wire code (`table-moved`, ...).
    pub errors: Mutex<std::collections::BTreeMap<String, u64>>,
}

/// A run of players against one server (or balancer).
#[derive(Debug)]
pub struct Run {
    pub addr: SocketAddr,
    pub deadline: Instant,
    /// Whether the players drop their sockets at random now and then.
    pub drops: bool,
    /// Milliseconds a player waits before each move, at most.
    pub think_ms: u64,
    pub acked: Mutex<Vec<Acked>>,
    pub stats: Stats,
}

impl Run {
    pub fn new(addr: SocketAddr, for_: Duration, drops: bool, think_ms: u64) -> Arc<Run> {
        Arc::new(Run {
            addr,
            deadline: Instant::now() + for_,
            drops,
            think_ms,
            acked: Mutex::new(Vec::new()),
            stats: Stats::default(),
        })
    }
}

/// The legal moves of the table's game, as text.
fn legal(view: &GameView) -> Vec<String> {
    view.legal()
}

/// One player's device: connects, plays random legal moves in its turn, drops the socket at
/// random when the run says so (closing politely or just vanishing), and comes back with the
/// same token whenever its socket is gone. A move whose ack never came is sent again after
/// the reconnect if it still fits (the server acknowledges a resend, it does not replay it).
pub async fn player(run: Arc<Run>, code: String, token: String, seat: Seat, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    // The move in flight: (intent id, game number, ply, move).
    let mut pending: Option<(u64, u32, u32, String)> = None;
    'connect: while Instant::now() < run.deadline {
        let connect = TableClient::connect(run.addr, &code, Some(&token), None);
        let Ok(Ok(mut c)) = tokio::time::timeout(Duration::from_secs(2), connect).await else {
            tokio::time::sleep(Duration::from_millis(rng.gen_range(50..250))).await;
            continue;
        };
        run.stats.connects.fetch_add(1, Ordering::Relaxed);
        // The full state after a (re)connect: a move whose ack never came is sent again if it
        // still fits (a resend of a stored move is acknowledged, not replayed); otherwise it
        // was overtaken and, never seen acknowledged, is not counted.
        if let Some((id, game_no, ply, mv)) = pending.clone() {
            if c.table().game_no == game_no && c.table().plies == ply && c.table().is_turn_of(seat) {
                let m = ClientMsg::Intent { id, intent: Intent::Move { ply, mv } };
                if c.send(&m).await.is_err() {
                    continue 'connect;
                }
            } else {
                pending = None;
            }
        }
        // After an ack, the version the table must reach before the next move is chosen.
        let mut wait_v = 0u64;
        let drop_at =
            if run.drops { Instant::now() + Duration::from_millis(rng.gen_range(1_000..12_000)) } else { run.deadline };
        loop {
            let now = Instant::now();
            if now >= run.deadline {
                break 'connect;
            }
            if now >= drop_at {
                run.stats.drops.fetch_add(1, Ordering::Relaxed);
                if rng.gen_bool(0.5) {
                    // Politely or not, the socket goes; a failed close is a dropped one.
                    let _ = c.ws.close(None).await;
                }
                drop(c);
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..3_000))).await;
                continue 'connect;
            }
            if c.table().status == Status::Over {
                return;
            }
            if pending.is_none() && c.version() >= wait_v && c.table().is_turn_of(seat) {
                let ply = c.table().plies;
                let moves = c.table().view.as_ref().map(legal).unwrap_or_default();
                let mv = moves[rng.gen_range(0..moves.len())].clone();
                let Ok(id) = c.send_intent(Intent::Move { ply, mv: mv.clone() }).await else { continue 'connect };
                pending = Some((id, c.table().game_no, ply, mv));
                run.stats.sent.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..=run.think_ms))).await;
            }
            let msg = match c.recv(Duration::from_millis(300)).await {
                Ok(m) => m,
                Err(crate::KitError::Timeout(_)) => continue,
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(rng.gen_range(50..300))).await;
                    continue 'connect;
                }
            };
            match msg {
                ServerMsg::Ack { id, v } if pending.as_ref().is_some_and(|p| p.0 == id) => {
                    let (_, game_no, ply, mv) = pending.take().expect("pending");
                    let acked = Acked { code: code.clone(), game_no, ply: ply as u64, mv, at: Instant::now() };
                    run.acked.lock().expect("acked lock").push(acked);
                    run.stats.acked.fetch_add(1, Ordering::Relaxed);
                    wait_v = v;
                }
                ServerMsg::Error { id: Some(id), error } if pending.as_ref().is_some_and(|p| p.0 == id) => {
                    let name =
                        serde_json::to_value(&error.code).ok().and_then(|v| v["code"].as_str().map(String::from));
                    *run.stats.errors.lock().expect("errors lock").entry(name.unwrap_or_default()).or_default() += 1;
                    if error.code == wire::ErrorCode::TableMoved {
                        // Nothing changed; the table's new node takes the move after a
                        // reconnect (the socket closes with 4010 anyway).
                        run.stats.moved.fetch_add(1, Ordering::Relaxed);
                        continue 'connect;
                    }
                    run.stats.refused.fetch_add(1, Ordering::Relaxed);
                    pending = None;
                }
                _ => {}
            }
        }
    }
}
