//! The lobby (issue 35): open challenges seen live, exactly one accept winning, quick pairing,
//! a player who does not come to the table, and hostile input on the lobby socket.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::Config;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use crate::common::{TestServer, fast_config};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A lobby socket.
pub(crate) struct Lobby {
    ws: Ws,
    /// The last `lobby` message.
    pub(crate) last: Value,
    /// Messages read while opening (a `paired` may come before the first lobby).
    backlog: std::collections::VecDeque<Value>,
}

impl Lobby {
    pub(crate) async fn open(s: &TestServer, token: Option<&str>, game: &str) -> Lobby {
        let (mut ws, _) = connect_async(format!("ws://{}/ws/lobby", s.addr)).await.unwrap();
        let hello = match token {
            Some(t) => json!({"t": "hello", "token": t, "game": game}),
            None => json!({"t": "hello", "game": game}),
        };
        ws.send(Message::Text(hello.to_string().into())).await.unwrap();
        let mut l = Lobby { ws, last: Value::Null, backlog: Default::default() };
        loop {
            let m = l.read().await;
            let first = m["t"] == "lobby";
            l.backlog.push_back(m);
            if first {
                break;
            }
        }
        l
    }

    /// The next message: one read while opening, else the next from the socket.
    async fn recv(&mut self) -> Value {
        match self.backlog.pop_front() {
            Some(m) => m,
            None => self.read().await,
        }
    }

    /// The next message from the socket.
    async fn read(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next()).await.expect("a lobby message");
            match m.unwrap().unwrap() {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["t"] == "lobby" {
                        self.last = v.clone();
                    }
                    return v;
                }
                Message::Close(c) => return json!({"t": "closed", "code": c.map(|c| u16::from(c.code))}),
                _ => {}
            }
        }
    }

    /// Reads until `done` holds for a message, and returns it.
    pub(crate) async fn until(&mut self, mut done: impl FnMut(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if done(&m) {
                return m;
            }
        }
    }

    pub(crate) fn challenge_ids(&self) -> Vec<String> {
        self.last["challenges"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_string()).collect()
    }

    async fn send(&mut self, text: &str) {
        self.ws.send(Message::Text(text.to_string().into())).await.unwrap();
    }
}

pub(crate) async fn post(s: &TestServer, token: &str, path: &str, body: Value) -> (u16, Value) {
    let r = s.http.post(s.url(path)).bearer_auth(token).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn delete(s: &TestServer, token: &str, path: &str) -> u16 {
    s.http.delete(s.url(path)).bearer_auth(token).send().await.unwrap().status().as_u16()
}

pub(crate) async fn challenge(s: &TestServer, token: &str, body: Value) -> String {
    let (status, r) = post(s, token, "/api/challenges", body).await;
    assert_eq!(status, 201, "{r}");
    r["id"].as_str().unwrap().to_string()
}

/// A quick lobby: the players of a table it made have 3 s to come.
pub(crate) fn lobby_config() -> Config {
    let mut c = fast_config();
    c.lobby.meet_within = Duration::from_secs(3);
    c
}

#[tokio::test]
async fn a_challenge_appears_and_goes_live() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let mut mine = Lobby::open(&s, Some(&ada), "dots").await;
    let mut watcher = Lobby::open(&s, None, "dots").await;
    let musashi = Lobby::open(&s, None, "musashi").await;
    assert!(watcher.challenge_ids().is_empty());

    let id = challenge(&s, &ada, json!({"game": "dots", "turnLimit": 30, "ranked": true})).await;
    let started = std::time::Instant::now();
    let seen = watcher.until(|m| m["t"] == "lobby" && !m["challenges"].as_array().unwrap().is_empty()).await;
    assert!(started.elapsed() < Duration::from_secs(2), "seen after {:?}", started.elapsed());
    let c = &seen["challenges"][0];
    assert_eq!(c["id"], id.as_str());
    assert_eq!(c["by"]["name"], "Ada");
    assert_eq!(c["turnLimit"], 30);
    assert_eq!(c["ranked"], true);
    assert_eq!(c["mine"], false);
    assert_eq!(c["options"]["game"], "dots");
    let own = mine.until(|m| m["t"] == "lobby" && !m["challenges"].as_array().unwrap().is_empty()).await;
    assert_eq!(own["challenges"][0]["mine"], true);
    // Another game's lobby does not list it.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(musashi.challenge_ids().is_empty() || musashi.last["game"] == "musashi");
    assert!(musashi.last["challenges"].as_array().unwrap().is_empty());

    assert_eq!(delete(&s, &ada, &format!("/api/challenges/{id}")).await, 204);
    let started = std::time::Instant::now();
    watcher.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().is_empty()).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    // Withdrawn twice: nothing to withdraw.
    assert_eq!(delete(&s, &ada, &format!("/api/challenges/{id}")).await, 404);
}

#[tokio::test]
async fn a_challenge_goes_when_its_creator_leaves() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let mine = Lobby::open(&s, Some(&ada), "dots").await;
    let mut watcher = Lobby::open(&s, None, "dots").await;
    challenge(&s, &ada, json!({"game": "dots"})).await;
    watcher.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 1).await;
    drop(mine);
    let left = std::time::Instant::now();
    watcher.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().is_empty()).await;
    // Gone once no socket of hers was seen for the window (3 looks of 1 s here), and shown
    // gone within 2 s of that.
    let after = left.elapsed();
    assert!(after >= Duration::from_secs(2) && after < Duration::from_secs(6), "gone after {after:?}");
}

#[tokio::test]
async fn exactly_one_accept_wins_and_both_meet_at_the_table() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let (cy, _) = s.player("Cy").await;
    let mut ada_lobby = Lobby::open(&s, Some(&ada), "musashi").await;
    let id = challenge(&s, &ada, json!({"game": "musashi", "options": {"board": "25"}})).await;

    // Her own challenge is not hers to accept.
    let (status, r) = post(&s, &ada, &format!("/api/challenges/{id}/accept"), json!({})).await;
    assert_eq!((status, r["code"].as_str()), (400, Some("own-challenge")));

    let path = format!("/api/challenges/{id}/accept");
    let (a, b) = tokio::join!(post(&s, &ben, &path, json!({})), post(&s, &cy, &path, json!({})));
    let (winner, won, lost) = if a.0 == 200 { (&ben, a, b) } else { (&cy, b, a) };
    assert_eq!(won.0, 200, "{won:?}");
    assert_eq!((lost.0, lost.1["code"].as_str()), (409, Some("challenge-gone")), "{lost:?}");
    let code = won.1["code"].as_str().unwrap().to_string();
    assert_eq!(won.1["url"], format!("/g/{code}"));

    // The creator is told where to go.
    let paired = ada_lobby.until(|m| m["t"] == "paired").await;
    assert_eq!(paired["code"], code.as_str());

    // The first game waits for both, and starts when both said hello.
    let mut first = s.client(&code, &ada).await;
    assert_eq!(first.table["status"], "waiting", "{}", first.table);
    assert_eq!(first.table["options"]["board"], "25");
    let mut second = s.client(&code, winner).await;
    first.wait_for(|t| t["status"] == "playing").await;
    second.wait_for(|t| t["status"] == "playing").await;
    assert!(second.seat().is_some() && first.seat().is_some());
}

#[tokio::test]
async fn challenge_bounds_and_settings() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let _socket = Lobby::open(&s, Some(&ada), "dots").await;
    for _ in 0..3 {
        challenge(&s, &ada, json!({"game": "dots"})).await;
    }
    let (status, r) = post(&s, &ada, "/api/challenges", json!({"game": "dots"})).await;
    assert_eq!((status, r["code"].as_str(), r["args"]["max"].as_u64()), (429, Some("too-many-challenges"), Some(3)));
    for bad in [
        json!({"game": "chess"}),
        json!({"game": "dots", "options": {"size": "9x9"}}),
        json!({"game": "dots", "turnLimit": 45}),
        json!({"game": "dots", "cpu": "expert"}),
    ] {
        let (status, r) = post(&s, &ada, "/api/challenges", bad.clone()).await;
        assert_eq!(status, 400, "{bad}: {r}");
    }
    let r = s.http.post(s.url("/api/challenges")).json(&json!({"game": "dots"})).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let (status, r) = post(&s, &ada, "/api/challenges/NOSUCHCHALLENGE/accept", json!({})).await;
    assert_eq!((status, r["code"].as_str()), (409, Some("challenge-gone")));
}

#[tokio::test]
async fn two_players_in_a_pool_are_paired() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    let (status, r) = post(&s, &ada, "/api/pools/dots-30s", json!({})).await;
    assert_eq!((status, r["pool"].as_str()), (200, Some("dots-30s")));
    let shown = b.until(|m| m["t"] == "lobby" && m["pools"][1]["waiting"] == 1).await;
    assert_eq!(shown["pools"][1]["key"], "dots-30s");
    a.until(|m| m["t"] == "lobby" && m["myPool"] == "dots-30s").await;
    assert_eq!(post(&s, &ada, "/api/pools/dots-99s", json!({})).await.0, 404);

    let entered = std::time::Instant::now();
    assert_eq!(post(&s, &ben, "/api/pools/dots-30s", json!({})).await.0, 200);
    let pa = a.until(|m| m["t"] == "paired").await;
    let pb = b.until(|m| m["t"] == "paired").await;
    assert_eq!(pa["code"], pb["code"]);
    // A wave every 2 s, a look every second.
    assert!(entered.elapsed() < Duration::from_secs(4), "paired after {:?}", entered.elapsed());
    let code = pa["code"].as_str().unwrap();
    // A page that reconnects (or a socket on another node) before the table hears of it again.
    let mut again = Lobby::open(&s, Some(&ada), "dots").await;
    let told = again.until(|m| m["t"] == "paired").await;
    assert_eq!(told["code"], code);
    let mut ca = s.client(code, &ada).await;
    let mut cb = s.client(code, &ben).await;
    let t = ca.wait_for(|t| t["status"] == "playing").await;
    assert_eq!(t["ranked"], true, "{t}");
    assert_eq!(t["turnLimit"], 30, "{t}");
    cb.wait_for(|t| t["status"] == "playing").await;
    // Nobody waits in the pool any more.
    a.until(|m| m["t"] == "lobby" && m["pools"][1]["waiting"] == 0 && m["myPool"].is_null()).await;
    // Once the game started, a new lobby page is not sent there again.
    let mut later = Lobby::open(&s, Some(&ada), "dots").await;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(2500);
    while tokio::time::Instant::now() < deadline {
        if let Ok(m) = tokio::time::timeout_at(deadline, later.recv()).await {
            assert_ne!(m["t"], "paired", "{m}");
        }
    }
}

#[tokio::test]
async fn a_player_who_does_not_come_is_dropped_and_the_other_goes_back_to_the_pool() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    post(&s, &ada, "/api/pools/dots-untimed", json!({})).await;
    post(&s, &ben, "/api/pools/dots-untimed", json!({})).await;
    let code = a.until(|m| m["t"] == "paired").await["code"].as_str().unwrap().to_string();
    b.until(|m| m["t"] == "paired").await;
    drop(b);
    let mut ca = s.client(&code, &ada).await;
    let gone = loop {
        let m = ca.recv().await;
        assert_ne!(m["kind"], "newGame", "no game starts");
        if m["kind"] == "noShow" {
            break m;
        }
    };
    assert_eq!(gone["absent"].as_array().unwrap().len(), 1);
    // The socket closes normally (1000), not with 4010: there is no table to reconnect to.
    assert_eq!(crate::common::close_code(&mut ca.ws).await, 1000);
    // Nothing recorded: the group is gone.
    let r = s.http.get(s.url(&format!("/api/groups/{code}"))).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert_eq!(s.state.ctx.store.count_groups().await.unwrap(), 0);
    // Ada waits in the pool again.
    a.until(|m| m["t"] == "lobby" && m["myPool"] == "dots-untimed").await;
}

#[tokio::test]
async fn starting_another_game_withdraws_challenges_and_pool_places() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    challenge(&s, &ada, json!({"game": "dots"})).await;
    post(&s, &ada, "/api/pools/dots-untimed", json!({})).await;
    a.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 1 && m["myPool"] == "dots-untimed")
        .await;
    s.group(&ada, json!({"game": "dots", "cpu": "beginner"})).await;
    a.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().is_empty() && m["myPool"].is_null()).await;
}

/// A player waiting in a pool plays the CPU meanwhile and keeps their place; a pairing ends
/// the CPU game (resigned, unranked: no rating moves) and the new table plays on.
async fn a_cpu_game_while_waiting_ends_when_paired(db: Option<String>) {
    let s = TestServer::start_with(lobby_config(), db).await;
    let (ada, ada_id) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    assert_eq!(a.last["cpuOfferAfter"], 30, "{}", a.last);
    post(&s, &ada, "/api/pools/dots-untimed", json!({})).await;
    a.until(|m| m["t"] == "lobby" && m["myPool"] == "dots-untimed").await;
    // keepPool only with a CPU opponent.
    let (status, r) = post(&s, &ada, "/api/groups", json!({"game": "dots", "keepPool": true})).await;
    assert_eq!((status, r["code"].as_str()), (400, Some("bad-field")), "{r}");
    let cpu = s.group(&ada, json!({"game": "dots", "cpu": "beginner", "keepPool": true})).await;
    let mut at_cpu = s.client(&cpu, &ada).await;
    at_cpu.wait_for(|t| t["status"] == "playing").await;
    // The place is kept (Ada's lobby socket keeps it alive: her CPU game's page holds one).
    let watcher = Lobby::open(&s, None, "dots").await;
    assert_eq!(watcher.last["pools"][0]["waiting"], 1, "{}", watcher.last);

    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    post(&s, &ben, "/api/pools/dots-untimed", json!({})).await;
    let code = a.until(|m| m["t"] == "paired").await["code"].as_str().unwrap().to_string();
    assert_eq!(b.until(|m| m["t"] == "paired").await["code"], code.as_str());
    // The CPU game ended: Ada resigned it, unranked, with no rating change.
    let t = at_cpu.wait_for(|t| t["status"] == "over").await;
    assert_eq!(t["ranked"], false, "{t}");
    assert_eq!(t["result"]["reason"], "resignation", "{t}");
    assert_eq!(t["result"]["ratings"], json!([]), "{t}");
    assert!(s.state.ctx.store.rating(&ada_id, "dots").await.unwrap().is_none());
    // The pairing stands: both meet at the new table and its ranked game starts.
    let mut ca = s.client(&code, &ada).await;
    let mut cb = s.client(&code, &ben).await;
    assert_eq!(ca.wait_for(|t| t["status"] == "playing").await["ranked"], true);
    cb.wait_for(|t| t["status"] == "playing").await;
}

#[tokio::test]
async fn a_cpu_game_while_waiting_ends_when_paired_sqlite() {
    a_cpu_game_while_waiting_ends_when_paired(None).await;
}

#[tokio::test]
async fn a_cpu_game_while_waiting_ends_when_paired_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("skipped: no PostgreSQL (QDAN_TEST_PG)");
        return;
    };
    a_cpu_game_while_waiting_ends_when_paired(Some(url)).await;
}

#[tokio::test]
async fn the_lobby_socket_refuses_bad_input() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let mut l = Lobby::open(&s, None, "dots").await;
    l.send("not json").await;
    assert_eq!(l.until(|m| m["t"] == "error").await["code"], "bad-json");
    l.send(r#"{"t":"sit","id":1}"#).await;
    assert_eq!(l.until(|m| m["t"] == "error").await["code"], "unknown-type");
    l.send(r#"{"t":"hello","game":"chess"}"#).await;
    assert_eq!(l.until(|m| m["t"] == "error").await["code"], "bad-field");
    l.send(r#"{"t":"ping"}"#).await;
    l.until(|m| m["t"] == "pong").await;
    // The socket still works: another game's lobby.
    l.send(r#"{"t":"hello","game":"musashi"}"#).await;
    l.until(|m| m["t"] == "lobby" && m["game"] == "musashi").await;
    l.send(r#"{"t":"hello","token":"forged","game":"dots"}"#).await;
    assert_eq!(l.until(|m| m["t"] == "error").await["code"], "bad-token");
    assert_eq!(l.until(|m| m["t"] == "closed").await["code"], 4001);
}

/// On PostgreSQL, shared by the nodes of a cluster: two accepts at once, one wins; two waves
/// of one pool at once, one decides (the other skips it under the advisory lock).
#[tokio::test]
async fn postgres_decides_once() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("skipped: no PostgreSQL (QDAN_TEST_PG)");
        return;
    };
    let s = TestServer::start_with(lobby_config(), Some(url.clone())).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let (cy, _) = s.player("Cy").await;
    let _a = Lobby::open(&s, Some(&ada), "dots").await;
    let id = challenge(&s, &ada, json!({"game": "dots"})).await;
    let path = format!("/api/challenges/{id}/accept");
    let (a, b) = tokio::join!(post(&s, &ben, &path, json!({})), post(&s, &cy, &path, json!({})));
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);

    // Two waves of one pool at once: the first holds the pool's lock while it decides. (A key
    // no pool of the site has, so the server's own waves do not take the lock meanwhile.)
    // The first runs on a runtime of its own (another node, as it were): its decision holds a
    // thread while the test holds it in the lock.
    let store = s.state.ctx.store.clone();
    let (deciding, decided) = std::sync::mpsc::channel::<()>();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let first = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            let other = server::Store::connect(&url).await.unwrap();
            other
                .pool_wave("test-only-pool", 0, move |_, _| {
                    // The lock is held from here until the transaction ends: until the test says so.
                    deciding.send(()).unwrap();
                    released.recv().unwrap();
                    Vec::new()
                })
                .await
                .unwrap()
        })
    });
    tokio::task::spawn_blocking(move || decided.recv().unwrap()).await.unwrap();
    let second = store.pool_wave("test-only-pool", 0, |_, _| Vec::new()).await.unwrap();
    release.send(()).unwrap();
    assert!(second.is_none(), "the second wave skipped the pool");
    assert!(first.join().unwrap().is_some(), "the first wave decided");
}

/// The lobby socket's frames are limited as a table socket's (`docs/protocol.md`, "Limits and
/// errors"): a frame over 4 KiB is `too-large` and close 1009; a flood of messages gets its
/// answers, then close 1008; so does a flood of pings (no answer: they are not messages).
#[tokio::test]
async fn the_lobby_socket_is_limited_as_a_table_socket() {
    let config = Config { ws_rate: 10.0, flood_refusals: 20, flood_window: Duration::from_secs(2), ..lobby_config() };
    let s = TestServer::start_with(config, None).await;
    let mut big = Lobby::open(&s, None, "dots").await;
    big.send(&format!(r#"{{"t":"ping","pad":"{}"}}"#, "x".repeat(5000))).await;
    assert_eq!(big.until(|m| m["t"] == "error").await["code"], "too-large");
    assert_eq!(big.until(|m| m["t"] == "closed").await["code"], 1009);

    let mut flood = Lobby::open(&s, None, "dots").await;
    for _ in 0..200 {
        if flood.ws.send(Message::Text(r#"{"t":"ping"}"#.into())).await.is_err() {
            break;
        }
    }
    let (mut pongs, mut limited) = (0, 0);
    let closed = loop {
        let m = flood.recv().await;
        match m["t"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if m["code"] == "rate-limited" => limited += 1,
            Some("closed") => break m["code"].clone(),
            _ => {}
        }
    };
    assert_eq!(closed, 1008);
    assert!(pongs >= 10 && limited > 20, "{pongs} pongs, {limited} refusals");

    let mut pings = Lobby::open(&s, None, "dots").await;
    for _ in 0..200 {
        if pings.ws.send(Message::Ping(Default::default())).await.is_err() {
            break;
        }
    }
    assert_eq!(pings.until(|m| m["t"] == "closed").await["code"], 1008);
    // The lobby still serves others.
    Lobby::open(&s, None, "musashi").await;
}

/// A socket that says no `hello` within 10 s is closed with 1008 (lobby and table alike).
#[tokio::test]
async fn a_socket_without_hello_is_closed_with_1008() {
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let code = s.group(&ada, json!({"game": "dots"})).await;
    // Both opened first, so that their 10 s run together.
    let mut open = vec![];
    for path in ["/ws/lobby".to_string(), format!("/ws/{code}")] {
        open.push((connect_async(format!("ws://{}{path}", s.addr)).await.unwrap().0, path));
    }
    for (mut ws, path) in open {
        let m = tokio::time::timeout(Duration::from_secs(15), ws.next()).await.expect("closed within 15 s");
        match m.expect("a close frame").expect("no socket error") {
            Message::Close(f) => assert_eq!(f.map(|f| u16::from(f.code)), Some(1008), "{path}"),
            other => panic!("{path}: {other:?}"),
        }
    }
}
