//! The CPU played on the player's device (issue 36): a group made with `cpuOnDevice` gets the
//! CPU's moves as `cpuMove` intents from its player's page; the server checks and stores them
//! and works out none itself, except when the CPU's turn clock runs out or the page's move is
//! late (its engine cannot run).

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::{Value, json};
use server::Config;
use wire::MoveSource;

use crate::common::{Client, TestServer, fast_config, first_legal, my_turn, plies};
use crate::store::postgres_url;

/// The CPU moves the server worked out, as `GET /api/stats` tells them.
async fn cpu_moves(s: &TestServer) -> u64 {
    let r: Value = s.http.get(s.url("/api/stats")).send().await.unwrap().json().await.unwrap();
    r["cpuMoves"].as_u64().unwrap()
}

/// Sends `cpuMove` for `mv` at `ply` and returns the answer.
async fn cpu_move(c: &mut Client, ply: usize, mv: &str) -> Value {
    c.intent(json!({"t": "cpuMove", "ply": ply, "move": mv})).await
}

/// A 3x3 Dots group against the beginner with the CPU on the device; its player at the table.
async fn device_table(s: &TestServer, extra: Value) -> (String, String, Client) {
    let (token, _) = s.player("Ana").await;
    let mut body = json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner", "cpuOnDevice": true});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let code = s.group(&token, body).await;
    let mut a = s.client(&code, &token).await;
    // The state came before this socket's own arrival: its seat event follows.
    a.wait_for(|t| t["seats"][0]["connected"] == true).await;
    (code, token, a)
}

/// On SQLite, and on PostgreSQL when the suite has one.
async fn each_store(f: impl AsyncFn(Option<String>)) {
    let mut urls = vec![None];
    urls.extend(postgres_url().await.map(Some));
    for url in urls {
        f(url).await;
    }
}

#[tokio::test]
async fn a_whole_game_whose_cpu_is_on_the_device_costs_the_server_no_cpu_move() {
    each_store(whole_game).await;
}

async fn whole_game(db: Option<String>) {
    let s = TestServer::start_with(fast_config(), db).await;
    let (code, _, mut a) = device_table(&s, json!({})).await;
    assert_eq!(a.table["cpuOnDevice"], true);
    assert_eq!(a.table["ranked"], false);
    assert_eq!(a.table["status"], "playing");
    let mut waited = false;
    while a.table["status"] == "playing" {
        let mv = first_legal(&a.table);
        if my_turn(&a.table, 0) {
            a.play(&mv).await;
            continue;
        }
        if !waited {
            // The CPU's turn: the server does not move for it, however long the page takes.
            let quiet = tokio::time::timeout(Duration::from_millis(400), a.recv()).await;
            assert!(quiet.is_err(), "nothing happened while the page thought: {quiet:?}");
            waited = true;
        }
        let ply = plies(&a.table);
        let r = cpu_move(&mut a, ply, &mv).await;
        assert_eq!(r["t"], "ack", "{r}");
    }
    assert!(waited, "the CPU had a turn");
    assert_eq!(a.table["result"]["reason"], "boxes");
    assert_eq!(cpu_moves(&s).await, 0, "the server worked out no CPU move");
    // The CPU's moves are the CPU's, in the events and in the store.
    let by: Vec<&str> = a.events.iter().filter(|e| e["kind"] == "move").map(|e| e["by"].as_str().unwrap()).collect();
    assert_eq!(by.len(), 24);
    assert!(by.contains(&"cpu") && by.contains(&"player"), "{by:?}");
    let stored = s.state.ctx.store.moves(&format!("{code}-1")).await.unwrap();
    let stored: Vec<&str> = stored.iter().map(|m| m.by.as_str()).collect();
    assert_eq!(stored, by);
    // A rematch starts at once, and the CPU (now first to move with the swap) still waits.
    assert_eq!(a.intent(json!({"t": "rematch"})).await["t"], "ack");
    assert_eq!(a.table["gameNo"], 2);
    assert!(!my_turn(&a.table, 0));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(cpu_moves(&s).await, 0);
}

/// The same game with the CPU on the server: the counter counts (so the zero above means
/// something).
#[tokio::test]
async fn the_counter_counts_the_servers_cpu_moves() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    assert_eq!(a.table["cpuOnDevice"], false);
    a.play("0").await;
    a.wait_for(|t| my_turn(t, 0) || t["status"] == "over").await;
    assert!(cpu_moves(&s).await >= 1);
}

#[tokio::test]
async fn every_refusal_changes_nothing() {
    each_store(refusals).await;
}

/// Sends `cpuMove` and expects `want`, with the game as it was (on the server and in the store).
async fn refused(s: &TestServer, c: &mut Client, code: &str, ply: usize, mv: &str, want: &str) {
    let game = async || {
        let t: Value = s.http.get(s.url(&format!("/api/groups/{code}"))).send().await.unwrap().json().await.unwrap();
        let stored = s.state.ctx.store.count_moves().await.unwrap();
        (t["gameNo"].clone(), t["status"].clone(), t["moves"].clone(), t["rematch"].clone(), stored)
    };
    let before = game().await;
    let r = cpu_move(c, ply, mv).await;
    assert_eq!((r["t"].as_str(), r["code"].as_str()), (Some("error"), Some(want)), "{mv} at {ply}: {r}");
    assert_eq!(game().await, before, "{mv} at {ply} changed nothing");
}

async fn refusals(db: Option<String>) {
    let s = TestServer::start_with(fast_config(), db).await;

    // Groups: only with a CPU, and never ranked.
    let (tz, _) = s.player("Zed").await;
    for body in [
        json!({"game": "dots", "cpuOnDevice": true}),
        json!({"game": "dots", "cpu": "expert", "cpuOnDevice": true, "ranked": true}),
    ] {
        let r = s.http.post(s.url("/api/groups")).bearer_auth(&tz).json(&body).send().await.unwrap();
        assert_eq!(r.status(), 400);
        assert_eq!(r.json::<Value>().await.unwrap()["code"], "bad-field");
    }

    // A table whose CPU the server plays, and one between two people: not-vs-cpu.
    let (tb, _) = s.player("Ben").await;
    let server_cpu = s.group(&tb, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut b = s.client(&server_cpu, &tb).await;
    b.play("0").await;
    // The server's CPU answers; then the player sends a move "for the CPU" anyway.
    b.wait_for(|t| t["plies"] == 2).await;
    let mv = first_legal(&b.table);
    refused(&s, &mut b, &server_cpu, 2, &mv, "not-vs-cpu").await;
    let people = s.group(&tb, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut b2 = s.client(&people, &tb).await;
    let mut z = s.client(&people, &tz).await;
    z.intent(json!({"t": "sit"})).await;
    b2.catch_up(z.v).await;
    refused(&s, &mut b2, &people, 0, "5", "not-vs-cpu").await;
    refused(&s, &mut z, &people, 0, "5", "not-vs-cpu").await;

    // The device table.
    let (code, _, mut a) = device_table(&s, json!({})).await;
    // In the player's turn the CPU has nothing to send.
    refused(&s, &mut a, &code, 0, "5", "not-your-turn").await;
    a.play("0").await;
    // Someone else: a watcher with a token (not seated), a watcher without one.
    let mut w = s.client(&code, &tz).await;
    refused(&s, &mut w, &code, 1, "5", "not-seated").await;
    let mut anon = Client::watch(s.addr, &code).await;
    refused(&s, &mut anon, &code, 1, "5", "bad-token").await;
    // The wrong ply, a move that does not read, a move the rules refuse.
    refused(&s, &mut a, &code, 2, "5", "stale-ply").await;
    refused(&s, &mut a, &code, 0, "5", "stale-ply").await;
    refused(&s, &mut a, &code, 1, "x", "bad-move").await;
    refused(&s, &mut a, &code, 1, "0", "already-drawn").await;
    refused(&s, &mut a, &code, 1, "59", "off-board").await;
    // The right one is played for the CPU, and a resend of it is acked again.
    assert_eq!(cpu_move(&mut a, 1, "5").await["t"], "ack");
    assert_eq!(a.events.last().unwrap()["by"], MoveSource::Cpu.as_str());
    let v = a.v;
    assert_eq!(cpu_move(&mut a, 1, "5").await["t"], "ack");
    assert_eq!(a.v, v, "a resend is not replayed");
    // The player's own move at that ply is not the CPU's to resend.
    refused(&s, &mut a, &code, 0, "0", "stale-ply").await;
    // Ranked cannot be switched on for the next game either.
    let r = a.intent(json!({"t": "settings", "ranked": true})).await;
    assert_eq!(r["code"], "bad-field");
    // Once the game is over: game-over.
    assert_eq!(a.intent(json!({"t": "resign"})).await["t"], "ack");
    refused(&s, &mut a, &code, 2, "6", "game-over").await;
    assert_eq!(cpu_moves(&s).await, 1, "only the server-played table's one CPU move");
}

/// The server plays for the CPU when its turn clock runs out, with source `cpu`, and a late
/// `cpuMove` for that ply is then stale.
#[tokio::test]
async fn a_run_out_cpu_clock_is_played_by_the_server() {
    let s = TestServer::start_with(Config { clock_second: Duration::from_millis(50), ..fast_config() }, None).await;
    let (_, _, mut a) = device_table(&s, json!({"turnLimit": 30})).await;
    a.play("0").await;
    let t = a.wait_for(|t| t["plies"] == 2 || t["status"] == "over").await;
    let played = a.events.iter().rev().find(|e| e["kind"] == "move").unwrap().clone();
    assert_eq!(played["by"], "cpu", "{t}");
    assert_eq!(s.state.ctx.cpu_moves.load(Ordering::Relaxed), 1);
    // Another line than the server's: a resend of the server's own move is acked again, as
    // any resend (the server draws at random, so a fixed line was its move about once in 23).
    let late = if played["move"] == "5" { "6" } else { "5" };
    assert_eq!(cpu_move(&mut a, 1, late).await["code"], "stale-ply", "the server played {played}");
}

/// While the player is away the CPU waits: nobody moves for it, and the page, back, sends it.
#[tokio::test]
async fn the_cpu_waits_while_its_player_is_away() {
    let s = TestServer::start().await;
    let (code, token, mut a) = device_table(&s, json!({})).await;
    a.play("0").await;
    a.close().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut a = s.client(&code, &token).await;
    assert_eq!(plies(&a.table), 1);
    assert!(!my_turn(&a.table, 0));
    assert_eq!(cpu_move(&mut a, 1, "5").await["t"], "ack");
    assert_eq!(cpu_moves(&s).await, 0);
}

/// A page whose engine cannot run (its module did not load) never stops the game: once the
/// CPU's turn has waited `device_cpu_wait` for its move with the player here, the server plays
/// it, and the page's late move for that turn is refused as stale. Before the wait is over
/// nothing is played.
#[tokio::test]
async fn a_move_the_page_does_not_send_is_played_by_the_server_after_the_wait() {
    let wait = Duration::from_secs(2);
    let s = TestServer::start_with(Config { device_cpu_wait: wait, ..fast_config() }, None).await;
    let (_, _, mut a) = device_table(&s, json!({})).await;
    let started = std::time::Instant::now();
    a.play("0").await;
    let t = a.wait_for(|t| t["plies"] == 2).await;
    assert!(started.elapsed() >= wait, "played after {:?}", started.elapsed());
    let played = a.events.iter().rev().find(|e| e["kind"] == "move").unwrap().clone();
    assert_eq!(played["by"], "cpu", "{t}");
    assert_eq!(cpu_moves(&s).await, 1);
    let late = if played["move"] == "5" { "6" } else { "5" };
    assert_eq!(cpu_move(&mut a, 1, late).await["code"], "stale-ply");
    // The next turn of the CPU waits again: a page that answers in time is taken.
    a.play(&first_legal(&a.table)).await;
    let (ply, mv) = (plies(&a.table), first_legal(&a.table));
    assert_eq!(cpu_move(&mut a, ply, &mv).await["t"], "ack");
    assert_eq!(cpu_moves(&s).await, 1);
}
