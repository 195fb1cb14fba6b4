//! Soak and kill: many games played over real sockets by clients that drop and come back at
//! random, while the real `qdan` binary is SIGKILLed and restarted several times. Afterwards
//! every move any client saw acknowledged is in the store at its ply, and every stored game
//! replays legally under its own rules.
//!
//! The default is a short run for the test suite. A long run sets the environment:
//! `QDAN_SOAK_SECS=600 QDAN_SOAK_GAMES=40 QDAN_SOAK_KILLS=10 cargo test --release -p qdan --test soak -- --nocapture`
//! (results in docs/reliability.md).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use testkit::{Api, Qdan, TableClient};
use wire::{ClientMsg, GameView, Intent, Seat, ServerMsg, Status};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A move a client saw acknowledged: game (group code), ply and move text.
#[derive(Debug, Clone)]
struct Acked {
    code: String,
    ply: u64,
    mv: String,
}

#[derive(Default)]
struct Stats {
    connects: AtomicU64,
    drops: AtomicU64,
    sent: AtomicU64,
    acked: AtomicU64,
    refused: AtomicU64,
}

struct Run {
    addr: std::net::SocketAddr,
    deadline: Instant,
    acked: Mutex<Vec<Acked>>,
    stats: Stats,
}

/// The legal moves of the table's game, as text.
fn legal(view: &GameView) -> Vec<String> {
    match view {
        GameView::Musashi(m) => m.legal.clone(),
        GameView::Dots(d) => d.legal.iter().map(u8::to_string).collect(),
    }
}

/// One player's device: connects, plays random legal moves in its turn, drops the socket at
/// random (closing politely or just vanishing), and comes back with the same token.
async fn player(run: Arc<Run>, code: String, token: String, seat: Seat, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    // The move in flight: (intent id, ply, move).
    let mut pending: Option<(u64, u32, String)> = None;
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
        if let Some((id, ply, mv)) = pending.clone() {
            if c.table().plies == ply && c.table().is_turn_of(seat) {
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
        let drop_at = Instant::now() + Duration::from_millis(rng.gen_range(1_000..12_000));
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
                pending = Some((id, ply, mv));
                run.stats.sent.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..60))).await;
            }
            let msg = match c.recv(Duration::from_millis(300)).await {
                Ok(m) => m,
                Err(testkit::KitError::Timeout(_)) => continue,
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(rng.gen_range(50..300))).await;
                    continue 'connect;
                }
            };
            match msg {
                ServerMsg::Ack { id, v } if pending.as_ref().is_some_and(|p| p.0 == id) => {
                    let (_, ply, mv) = pending.take().expect("pending");
                    run.acked.lock().unwrap().push(Acked { code: code.clone(), ply: ply as u64, mv });
                    run.stats.acked.fetch_add(1, Ordering::Relaxed);
                    wait_v = v;
                }
                ServerMsg::Error { id: Some(id), .. } if pending.as_ref().is_some_and(|p| p.0 == id) => {
                    run.stats.refused.fetch_add(1, Ordering::Relaxed);
                    pending = None;
                }
                _ => {}
            }
        }
    }
}

/// Opens a group with random rules and seats two devices; returns their tasks.
async fn new_game(run: &Arc<Run>, api: &Api, n: u64) -> Vec<tokio::task::JoinHandle<()>> {
    let mut rng = StdRng::seed_from_u64(n);
    let options = match n % 3 {
        0 => {
            let size = ["3x3", "5x4", "5x5"][rng.gen_range(0..3)];
            json!({"game": "dots", "options": {"size": size}})
        }
        1 => json!({"game": "musashi", "options": {"board": "25", "first": "children"}}),
        _ => json!({"game": "musashi", "options": {"target": "6", "limit": "none"}, "turnLimit": 30}),
    };
    let (ta, _) = api.player(&format!("A{n}")).await.unwrap();
    let (tb, _) = api.player(&format!("B{n}")).await.unwrap();
    let code = api.group(&ta, &options).await.unwrap();
    // The second device takes the other seat before the players start dropping.
    loop {
        if let Ok(mut c) = TableClient::connect(run.addr, &code, Some(&tb), None).await
            && matches!(c.intent(Intent::Sit {}).await, Ok(ServerMsg::Ack { .. }))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    vec![
        tokio::spawn(player(run.clone(), code.clone(), ta, Seat::First, n * 2 + 1)),
        tokio::spawn(player(run.clone(), code, tb, Seat::Second, n * 2 + 2)),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_drops_and_sigkills() {
    let secs = env_or("QDAN_SOAK_SECS", 25);
    let games = env_or("QDAN_SOAK_GAMES", 8);
    let kills = env_or("QDAN_SOAK_KILLS", 3);
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("qdan.db").display());
    let qdan = Qdan::start(env!("CARGO_BIN_EXE_qdan"), &["--db", &db, "--tables", "off"], false).await.unwrap();
    let run = Arc::new(Run {
        addr: qdan.addr,
        deadline: Instant::now() + Duration::from_secs(secs),
        acked: Mutex::new(Vec::new()),
        stats: Stats::default(),
    });
    let api = Api::new(qdan.url());
    let server = Arc::new(tokio::sync::Mutex::new(qdan));

    // The killer: SIGKILL at random moments, restart after a short pause.
    let killer = {
        let (server, deadline) = (server.clone(), run.deadline);
        tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(7);
            let gap = secs * 1000 / (kills + 1);
            for _ in 0..kills {
                tokio::time::sleep(Duration::from_millis(rng.gen_range(gap / 2..gap * 3 / 2))).await;
                if Instant::now() + Duration::from_secs(2) > deadline {
                    break;
                }
                let mut s = server.lock().await;
                s.kill(); // SIGKILL
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..800))).await;
                s.restart().await.unwrap();
            }
        })
    };

    // Keep `games` games going: a finished game is replaced by a new one.
    let mut n = 0;
    let mut running: Vec<Vec<tokio::task::JoinHandle<()>>> = Vec::new();
    while Instant::now() < run.deadline {
        running.retain(|pair| pair.iter().any(|h| !h.is_finished()));
        while (running.len() as u64) < games && Instant::now() < run.deadline {
            running.push(new_game(&run, &api, n).await);
            n += 1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for pair in running {
        for h in pair {
            h.await.unwrap();
        }
    }
    killer.await.unwrap();
    // The last word: one more SIGKILL, then read the store directly.
    server.lock().await.kill();

    let store = server::Store::connect(&db).await.unwrap();
    let acked = run.acked.lock().unwrap().clone();
    let mut stored_moves = 0;
    let mut finished = 0;
    let mut codes: Vec<String> = acked.iter().map(|a| a.code.clone()).collect();
    codes.sort();
    codes.dedup();
    let mut lost = Vec::new();
    for code in &codes {
        let game = store.latest_game(code).await.unwrap().expect("the game is stored");
        let moves = store.moves(&game.id).await.unwrap();
        stored_moves += moves.len();
        // Every stored game replays legally, ply after ply, and agrees with its stored end.
        let mut replay = rules::AnyGame::new(game.options);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.ply, i, "{code}: plies run without gaps");
            replay.play(m.side, &m.mv).unwrap_or_else(|e| panic!("{code} ply {i} {}: {e}", m.mv));
        }
        if game.status == Status::Over {
            finished += 1;
            if let Some(end) = replay.outcome() {
                assert_eq!(game.reason, Some(end.reason), "{code}");
            } else {
                assert_eq!(game.reason, Some(rules::EndReason::Resignation), "{code}: over without an end");
            }
        } else {
            assert!(replay.outcome().is_none(), "{code}: the moves end the game but it is stored as playing");
        }
        for a in acked.iter().filter(|a| &a.code == code) {
            if moves.get(a.ply as usize).map(|m| m.mv.as_str()) != Some(a.mv.as_str()) {
                lost.push(a.clone());
            }
        }
    }
    let s = &run.stats;
    println!(
        "soak: {secs} s, {n} games ({finished} finished), {kills} SIGKILLs, {} connects, {} drops, {} moves sent, \
         {} acknowledged, {} refused, {stored_moves} stored (incl. CPU stand-ins), {} lost",
        s.connects.load(Ordering::Relaxed),
        s.drops.load(Ordering::Relaxed),
        s.sent.load(Ordering::Relaxed),
        acked.len(),
        s.refused.load(Ordering::Relaxed),
        lost.len()
    );
    assert!(lost.is_empty(), "acknowledged but not stored: {lost:?}");
    assert!(acked.len() >= 20, "the run played too little to mean anything: {} acked", acked.len());
}
