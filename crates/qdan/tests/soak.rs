//! Soak and kill: many games played over real sockets by clients that drop and come back at
//! random, while the real `qdan` binary is SIGKILLed and restarted several times. Afterwards
//! every move any client saw acknowledged is in the store at its ply, and every stored game
//! replays legally under its own rules.
//!
//! The default is a short run for the test suite. A long run sets the environment:
//! `QDAN_SOAK_SECS=600 QDAN_SOAK_GAMES=40 QDAN_SOAK_KILLS=10 cargo test --release -p qdan --test soak -- --nocapture`
//! (results in docs/reliability.md).

mod common;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use testkit::player::Run;
use testkit::{Api, Qdan};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
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
    common::seat_and_play(run, code, ta, tb, n).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_drops_and_sigkills() {
    let secs = env_or("QDAN_SOAK_SECS", 25);
    let games = env_or("QDAN_SOAK_GAMES", 8);
    let kills = env_or("QDAN_SOAK_KILLS", 3);
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("qdan.db").display());
    let qdan = Qdan::start(env!("CARGO_BIN_EXE_qdan"), &["--db", &db, "--tables", "off"], false).await.unwrap();
    let run = Run::new(qdan.addr, Duration::from_secs(secs), true, 60);
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
    let audit = common::audit(&store, &acked).await;
    let (finished, stored_moves, lost) = (audit.finished, audit.stored, audit.lost);
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
