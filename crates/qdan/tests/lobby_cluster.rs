//! The lobby on three `qdan serve` nodes sharing one PostgreSQL (and NATS), started here on
//! loopback ports (skipped, with a message, when `QDAN_TEST_POSTGRES` is not set or
//! `nats-server` is not installed: `scripts/test` provides both).
//!
//! 1. A challenge opened on node 1 is seen live by a watcher on node 3, and two players on
//!    nodes 2 and 3 accept it at the same moment: exactly one is seated, and the creator (on
//!    node 1) and the winner meet at one table.
//! 2. Players on all three nodes enter one pool; one node is SIGKILLed while they wait and
//!    its players come back on another node, as a page reconnects. Every player is paired
//!    exactly once, nobody is left waiting, and nobody is seated at two tables.
//! 3. Lobby sockets opened through HAProxy (`deploy/haproxy.cfg`) go round the nodes: the
//!    socket names no group, and hashed like a table's on its path every one met on one node.

mod common;

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use testkit::{Api, Qdan, infra};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

struct Nodes {
    nodes: Vec<Qdan>,
    _nats: infra::Daemon,
    dir: tempfile::TempDir,
}

async fn start() -> Option<Nodes> {
    let Ok(base) = std::env::var("QDAN_TEST_POSTGRES") else {
        eprintln!("QDAN_TEST_POSTGRES not set: the lobby cluster test is skipped (scripts/test sets it)");
        return None;
    };
    for p in ["nats-server", "psql"] {
        if !infra::installed(p) {
            eprintln!("{p} is not installed: the lobby cluster test is skipped (scripts/test installs it)");
            return None;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let db = infra::fresh_database(&base, &format!("qdan_lobby_{}", rand::random::<u32>())).unwrap();
    let nats = infra::nats().await.unwrap();
    let nats_url = format!("nats://{}", nats.addr);
    let mut nodes = vec![];
    for i in 1..=3 {
        let node = format!("n{i}");
        let args = [
            "--db",
            &db,
            "--nats",
            &nats_url,
            "--node",
            &node,
            "--lease-ms",
            "3000",
            "--tables",
            "off",
            "--http-rate",
            "100000",
            "--new-players-per-ip",
            "0",
            "--new-groups-per-ip",
            "0",
            "--sockets-per-ip",
            "0",
            "--connections-per-ip",
            "0",
        ];
        let log = dir.path().join(format!("node{i}.log"));
        nodes.push(Qdan::start_logged(env!("CARGO_BIN_EXE_qdan"), &args, &log).await.unwrap());
    }
    Some(Nodes { nodes, _nats: nats, dir })
}

/// A lobby socket.
struct Lobby {
    ws: Ws,
    last: Value,
    /// Messages read before the first `lobby`: a player already paired hears `paired` first
    /// (a reconnect to another node), and `until` must still see it.
    early: VecDeque<Value>,
}

impl Lobby {
    async fn open(addr: SocketAddr, token: Option<&str>, game: &str) -> Lobby {
        let (mut ws, _) = connect_async(format!("ws://{addr}/ws/lobby")).await.unwrap();
        let mut hello = json!({"t": "hello", "game": game});
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        ws.send(Message::Text(hello.to_string().into())).await.unwrap();
        let mut l = Lobby { ws, last: Value::Null, early: Default::default() };
        let mut early = Vec::new();
        l.until(Duration::from_secs(10), |m| {
            let first = m["t"] == "lobby";
            if !first {
                early.push(m.clone());
            }
            first
        })
        .await
        .expect("a first lobby");
        l.early.extend(early);
        l
    }

    /// Reads until `done` holds for a message (and returns it) or `within` passes.
    async fn until(&mut self, within: Duration, mut done: impl FnMut(&Value) -> bool) -> Option<Value> {
        while let Some(v) = self.early.pop_front() {
            if done(&v) {
                return Some(v);
            }
        }
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let m = tokio::time::timeout_at(deadline, self.ws.next()).await.ok()??.ok()?;
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["t"] == "lobby" {
                    self.last = v.clone();
                }
                if done(&v) {
                    return Some(v);
                }
            }
        }
    }
}

/// A POST with a device token and an empty JSON body: the status and the answer.
async fn post(addr: SocketAddr, token: &str, path: &str) -> (u16, Value) {
    match Api::new(format!("http://{addr}")).post(path, Some(token), &json!({})).await {
        Ok(v) => (200, v),
        Err(testkit::KitError::Status(status, text)) => (status, json!(text)),
        Err(e) => panic!("{path}: {e}"),
    }
}

#[tokio::test]
async fn challenges_and_pools_across_three_nodes() {
    let Some(mut c) = start().await else { return };
    let addr = |c: &Nodes, i: usize| c.nodes[i].addr;

    // 1. A challenge on node 1, watched from node 3, accepted from nodes 2 and 3 at once.
    let api1 = Api::new(c.nodes[0].url());
    let (ada, _) = api1.player("Ada").await.unwrap();
    let (ben, _) = api1.player("Ben").await.unwrap();
    let (cy, _) = api1.player("Cy").await.unwrap();
    let mut creator = Lobby::open(addr(&c, 0), Some(&ada), "dots").await;
    let mut watcher = Lobby::open(addr(&c, 2), None, "dots").await;
    let id = api1
        .post("/api/challenges", Some(&ada), &json!({"game": "dots", "options": {"size": "3x3"}}))
        .await
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let opened = Instant::now();
    let seen = watcher
        .until(Duration::from_secs(5), |m| m["t"] == "lobby" && !m["challenges"].as_array().unwrap().is_empty())
        .await
        .expect("node 3 lists the challenge");
    // Node 1 stores it; node 3 looks once a second.
    assert!(opened.elapsed() < Duration::from_millis(2500), "seen on node 3 after {:?}", opened.elapsed());
    assert_eq!(seen["challenges"][0]["id"], id.as_str());
    let path = format!("/api/challenges/{id}/accept");
    let (a, b) = tokio::join!(post(addr(&c, 1), &ben, &path), post(addr(&c, 2), &cy, &path));
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "exactly one accept wins: {a:?} {b:?}");
    let (winner, won) = if a.0 == 200 { (&ben, a.1) } else { (&cy, b.1) };
    let code = won["code"].as_str().unwrap().to_string();
    let paired = creator.until(Duration::from_secs(5), |m| m["t"] == "paired").await.expect("the creator is told");
    assert_eq!(paired["code"], code.as_str());
    let mut t1 = testkit::TableClient::connect(addr(&c, 0), &code, Some(&ada), None).await.unwrap();
    let mut t2 = testkit::TableClient::connect(addr(&c, 1), &code, Some(winner), None).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while t1.table().status != wire::Status::Playing || t2.table().status != wire::Status::Playing {
        assert!(Instant::now() < deadline, "the game starts once both are at the table");
        for t in [&mut t1, &mut t2] {
            let _ = t.recv(Duration::from_millis(200)).await;
        }
    }
    watcher
        .until(Duration::from_secs(5), |m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().is_empty())
        .await
        .expect("the accepted challenge leaves node 3's lobby");

    // 2. Twelve players in one pool, four per node; node 1 is killed while they wait.
    let n = 12;
    let mut players = vec![];
    for i in 0..n {
        let (token, id) = api1.player(&format!("P{i}")).await.unwrap();
        players.push((token, id, i % 3));
    }
    let mut sockets: Vec<Lobby> = vec![];
    for (token, _, node) in &players {
        sockets.push(Lobby::open(addr(&c, *node), Some(token), "dots").await);
    }
    // The first half enter, then node 1 dies, then the rest enter.
    for (token, _, node) in players.iter().take(n / 2) {
        let (s, r) = post(addr(&c, *node), token, "/api/pools/dots-untimed").await;
        assert_eq!(s, 200, "{r}");
    }
    c.nodes[0].kill();
    // Node 1's players come back on node 2, as a page reconnects to whatever node answers.
    for (i, (token, _, node)) in players.iter_mut().enumerate() {
        if *node == 0 {
            *node = 1;
            sockets[i] = Lobby::open(addr(&c, 1), Some(token), "dots").await;
        }
    }
    for (token, _, node) in players.iter().skip(n / 2) {
        let (s, r) = post(addr(&c, *node), token, "/api/pools/dots-untimed").await;
        assert_eq!(s, 200, "{r}");
    }
    // Everyone is paired, once, within a few waves.
    let mut codes: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, s) in sockets.iter_mut().enumerate() {
        let m = s.until(Duration::from_secs(20), |m| m["t"] == "paired").await;
        let m = m.unwrap_or_else(|| panic!("player {i} is still waiting: {}", s.last));
        codes.entry(m["code"].as_str().unwrap().to_string()).or_default().push(i);
        // No second pairing follows.
        let again = s.until(Duration::from_millis(100), |m| m["t"] == "paired").await;
        assert!(again.is_none(), "player {i} paired twice: {again:?}");
    }
    assert_eq!(codes.len(), n / 2, "{codes:?}");
    assert!(codes.values().all(|p| p.len() == 2), "two players a table: {codes:?}");
    // Nobody waits any more.
    let last = sockets[1].until(Duration::from_secs(5), |m| m["t"] == "lobby" && m["pools"][0]["waiting"] == 0).await;
    assert!(last.is_some(), "the pool is empty: {}", sockets[1].last);
}

#[tokio::test]
async fn lobby_sockets_through_the_balancer_go_round_the_nodes() {
    if !infra::installed("haproxy") {
        eprintln!("haproxy is not installed: the lobby balancer test is skipped (scripts/test installs it)");
        return;
    }
    let Some(c) = start().await else { return };
    let addrs: Vec<SocketAddr> = c.nodes.iter().map(|n| n.addr).collect();
    let balancer = infra::haproxy(c.dir.path(), &addrs).await.unwrap();
    let mut open = vec![];
    for _ in 0..6 {
        open.push(Lobby::open(balancer.addr, None, "dots").await);
    }
    let mut counts = vec![];
    for &a in &addrs {
        let text = tokio::task::spawn_blocking(move || common::scrape_metrics(a)).await.unwrap();
        counts.push(common::metric(&text, "qdan_sockets_open{kind=\"lobby\"}") as u64);
    }
    assert_eq!(counts.iter().sum::<u64>(), 6, "{counts:?}");
    assert!(counts.iter().all(|&n| n > 0), "every node holds some of the lobby's sockets: {counts:?}");
}
