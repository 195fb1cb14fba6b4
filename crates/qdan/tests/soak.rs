//! Soak and kill: many games played over real sockets by clients that drop and come back at
//! random, while the real `qdan` binary is SIGKILLed and restarted several times. Afterwards
//! every move any client saw acknowledged is in the store at its ply, and every stored game
//! replays legally under its own rules.
//!
//! The default is a short run for the test suite. A long run sets the environment:
//! `QDAN_SOAK_SECS=600 QDAN_SOAK_GAMES=40 QDAN_SOAK_KILLS=10 cargo test --release -p qdan --test soak -- --nocapture`
//! (results in docs/reliability.md).

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `qdan serve` and waits until it accepts connections.
async fn start(port: u16, db: &str) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_qdan"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db, "--tables", "off"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(Instant::now() < deadline, "qdan did not start");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    child
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
    port: u16,
    deadline: Instant,
    acked: Mutex<Vec<Acked>>,
    stats: Stats,
}

/// POSTs JSON, waiting out rate limits and restarts.
async fn post(run: &Run, http: &reqwest::Client, path: &str, token: Option<&str>, body: Value) -> Value {
    loop {
        let mut req = http.post(format!("http://127.0.0.1:{}{path}", run.port)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        match req.send().await {
            Ok(r) if r.status().is_success() => return r.json().await.unwrap(),
            Ok(r) => assert!(r.status() == 429 || r.status().is_server_error(), "{path}: {}", r.status()),
            Err(_) => {}
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn send(ws: &mut Ws, v: Value) -> bool {
    ws.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// Whether it is `seat`'s turn in `table`.
fn my_turn(table: &Value, seat: usize) -> bool {
    table["status"] == "playing" && table["seats"][seat]["side"] == table["view"]["turn"]
}

fn legal(table: &Value) -> Vec<String> {
    let list = table["view"]["legal"].as_array().cloned().unwrap_or_default();
    list.iter().map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_string)).collect()
}

/// One player's device: connects, plays random legal moves in its turn, drops the socket at
/// random (closing politely or just vanishing), and comes back with the same token.
async fn player(run: Arc<Run>, code: String, token: String, seat: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut next_id = 1u64;
    // The move in flight: (intent id, ply, move).
    let mut pending: Option<(u64, u64, String)> = None;
    'connect: while Instant::now() < run.deadline {
        let url = format!("ws://127.0.0.1:{}/ws/{code}", run.port);
        let Ok(Ok((mut ws, _))) =
            tokio::time::timeout(Duration::from_secs(2), tokio_tungstenite::connect_async(url)).await
        else {
            tokio::time::sleep(Duration::from_millis(rng.gen_range(50..250))).await;
            continue;
        };
        if !send(&mut ws, json!({"t": "hello", "token": token})).await {
            continue;
        }
        run.stats.connects.fetch_add(1, Ordering::Relaxed);
        let mut table = Value::Null;
        let mut v = 0u64;
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
                    let _ = ws.close(None).await;
                }
                drop(ws);
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..3_000))).await;
                continue 'connect;
            }
            if table["status"] == "over" {
                return;
            }
            if pending.is_none() && v >= wait_v && !table.is_null() && my_turn(&table, seat) {
                let ply = table["plies"].as_u64().unwrap();
                let moves = legal(&table);
                let mv = moves[rng.gen_range(0..moves.len())].clone();
                let id = next_id;
                next_id += 1;
                pending = Some((id, ply, mv.clone()));
                run.stats.sent.fetch_add(1, Ordering::Relaxed);
                if !send(&mut ws, json!({"t": "move", "id": id, "ply": ply, "move": mv})).await {
                    continue 'connect;
                }
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..60))).await;
            }
            let msg = match tokio::time::timeout(Duration::from_millis(300), ws.next()).await {
                Err(_) => continue,
                Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Value>(&t).unwrap(),
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_)) | None) => {
                    tokio::time::sleep(Duration::from_millis(rng.gen_range(50..300))).await;
                    continue 'connect;
                }
            };
            match msg["t"].as_str() {
                Some("state" | "event") => {
                    let mv = msg["v"].as_u64().unwrap_or(0);
                    if mv > v || msg["t"] == "state" {
                        v = mv;
                        table = msg["table"].clone();
                    }
                    // The full state after a (re)connect: a move whose ack never came is sent
                    // again if it still fits (a resend of a stored move is acknowledged, not
                    // replayed); otherwise it was overtaken and, never seen acknowledged, is
                    // not counted.
                    if msg["t"] == "state"
                        && let Some((id, ply, mv)) = pending.clone()
                    {
                        if table["plies"].as_u64() == Some(ply) && my_turn(&table, seat) {
                            if !send(&mut ws, json!({"t": "move", "id": id, "ply": ply, "move": mv})).await {
                                continue 'connect;
                            }
                        } else {
                            pending = None;
                        }
                    }
                }
                Some("ack") => {
                    if let Some((id, ply, mv)) = pending.clone()
                        && msg["id"] == id
                    {
                        run.acked.lock().unwrap().push(Acked { code: code.clone(), ply, mv });
                        run.stats.acked.fetch_add(1, Ordering::Relaxed);
                        wait_v = msg["v"].as_u64().unwrap_or(0);
                        pending = None;
                    }
                }
                Some("error") if pending.as_ref().is_some_and(|(id, _, _)| msg["id"] == *id) => {
                    run.stats.refused.fetch_add(1, Ordering::Relaxed);
                    pending = None;
                }
                _ => {}
            }
        }
    }
}

/// Opens a group with random rules and seats two devices; returns their tasks.
async fn new_game(run: &Arc<Run>, http: &reqwest::Client, n: u64) -> Vec<tokio::task::JoinHandle<()>> {
    let mut rng = StdRng::seed_from_u64(n);
    let options = match n % 3 {
        0 => {
            let size = ["3x3", "5x4", "5x5"][rng.gen_range(0..3)];
            json!({"game": "dots", "options": {"size": size}})
        }
        1 => json!({"game": "musashi", "options": {"board": "25", "first": "children"}}),
        _ => json!({"game": "musashi", "options": {"target": "6", "limit": "none"}, "turnLimit": 30}),
    };
    let a = post(run, http, "/api/players", None, json!({"name": format!("A{n}")})).await;
    let b = post(run, http, "/api/players", None, json!({"name": format!("B{n}")})).await;
    let ta = a["token"].as_str().unwrap().to_string();
    let tb = b["token"].as_str().unwrap().to_string();
    let code = post(run, http, "/api/groups", Some(&ta), options).await["code"].as_str().unwrap().to_string();
    // The second device takes the other seat before the players start dropping.
    loop {
        let url = format!("ws://127.0.0.1:{}/ws/{code}", run.port);
        if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await
            && send(&mut ws, json!({"t": "hello", "token": tb})).await
            && send(&mut ws, json!({"t": "sit", "id": 1})).await
        {
            let mut sat = false;
            while let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
                let m: Value = serde_json::from_str(&t).unwrap();
                if m["id"] == 1 {
                    sat = m["t"] == "ack";
                    break;
                }
            }
            if sat {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    vec![
        tokio::spawn(player(run.clone(), code.clone(), ta, 0, n * 2 + 1)),
        tokio::spawn(player(run.clone(), code, tb, 1, n * 2 + 2)),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_drops_and_sigkills() {
    let secs = env_or("QDAN_SOAK_SECS", 25);
    let games = env_or("QDAN_SOAK_GAMES", 8);
    let kills = env_or("QDAN_SOAK_KILLS", 3);
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("qdan.db").display());
    let port = free_port();
    let server = Arc::new(Mutex::new(Some(start(port, &db).await)));
    let run = Arc::new(Run {
        port,
        deadline: Instant::now() + Duration::from_secs(secs),
        acked: Mutex::new(Vec::new()),
        stats: Stats::default(),
    });
    let http = reqwest::Client::new();

    // The killer: SIGKILL at random moments, restart after a short pause.
    let killer = {
        let (server, db, deadline) = (server.clone(), db.clone(), run.deadline);
        tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(7);
            let gap = secs * 1000 / (kills + 1);
            for _ in 0..kills {
                tokio::time::sleep(Duration::from_millis(rng.gen_range(gap / 2..gap * 3 / 2))).await;
                if Instant::now() + Duration::from_secs(2) > deadline {
                    break;
                }
                let old = server.lock().unwrap().take();
                if let Some(mut child) = old {
                    child.kill().unwrap(); // SIGKILL
                    child.wait().unwrap();
                }
                tokio::time::sleep(Duration::from_millis(rng.gen_range(0..800))).await;
                let child = start(port, &db).await;
                *server.lock().unwrap() = Some(child);
            }
        })
    };

    // Keep `games` games going: a finished game is replaced by a new one.
    let mut n = 0;
    let mut running: Vec<Vec<tokio::task::JoinHandle<()>>> = Vec::new();
    while Instant::now() < run.deadline {
        running.retain(|pair| pair.iter().any(|h| !h.is_finished()));
        while (running.len() as u64) < games && Instant::now() < run.deadline {
            running.push(new_game(&run, &http, n).await);
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
    let mut child = server.lock().unwrap().take().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();

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
        let options: rules::AnyOptions = serde_json::from_str(&game.options).unwrap();
        let mut replay = rules::AnyGame::new(options);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.ply, i as i64, "{code}: plies run without gaps");
            replay.play(m.side as rules::Side, &m.mv).unwrap_or_else(|e| panic!("{code} ply {i} {}: {e}", m.mv));
        }
        if game.status == "over" {
            finished += 1;
            if let Some(end) = replay.outcome() {
                assert_eq!(game.reason.as_deref(), Some(end.reason), "{code}");
            } else {
                assert_eq!(game.reason.as_deref(), Some("resignation"), "{code}: over without an end");
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
