//! Continue on another device across two `qdan serve` nodes sharing one PostgreSQL and NATS
//! (issue 35, part 4; skipped, with a message, without `QDAN_TEST_POSTGRES` or `nats-server`:
//! `scripts/test` provides both). A link made on node 1 is claimed on node 2: the player's
//! table socket on node 1 closes with 4003 (the claim's node says so on NATS), the old token is
//! refused on both nodes and the new one works on both. Two claims of one link made at the
//! same moment on the two nodes: exactly one wins.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use testkit::{Api, KitError, Qdan, infra};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

async fn start() -> Option<(Vec<Qdan>, infra::Daemon, tempfile::TempDir)> {
    let Ok(base) = std::env::var("QDAN_TEST_POSTGRES") else {
        eprintln!("QDAN_TEST_POSTGRES not set: the transfer cluster test is skipped (scripts/test sets it)");
        return None;
    };
    for p in ["nats-server", "psql"] {
        if !infra::installed(p) {
            eprintln!("{p} is not installed: the transfer cluster test is skipped (scripts/test installs it)");
            return None;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let db = infra::fresh_database(&base, &format!("qdan_transfer_{}", rand::random::<u32>())).unwrap();
    let nats = infra::nats().await.unwrap();
    let nats_url = format!("nats://{}", nats.addr);
    let mut nodes = vec![];
    for i in 1..=2 {
        let node = format!("n{i}");
        let args = ["--db", &db, "--nats", &nats_url, "--node", &node, "--tables", "off", "--http-rate", "100000"];
        let log = dir.path().join(format!("node{i}.log"));
        nodes.push(Qdan::start_logged(env!("CARGO_BIN_EXE_qdan"), &args, &log).await.unwrap());
    }
    Some((nodes, nats, dir))
}

/// The code of a new transfer link for `token`, made through `api`.
async fn link(api: &Api, token: &str) -> String {
    let r = api.post("/api/transfer", Some(token), &json!({})).await.unwrap();
    r["path"].as_str().unwrap().rsplit('/').next().unwrap().to_string()
}

/// The HTTP status of a claim (200 with the answer, else the error's status).
async fn claim(api: &Api, code: &str) -> (u16, Value) {
    match api.post(&format!("/api/transfer/{code}/claim"), None, &json!({})).await {
        Ok(v) => (200, v),
        Err(KitError::Status(s, _)) => (s, Value::Null),
        Err(e) => panic!("claim: {e}"),
    }
}

async fn status_of_me(api: &Api, token: &str) -> u16 {
    match api.get("/api/me", Some(token)).await {
        Ok(_) => 200,
        Err(KitError::Status(s, _)) => s,
        Err(e) => panic!("me: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_on_one_node_moves_the_player_on_every_node() {
    let Some((nodes, _nats, _dir)) = start().await else { return };
    let (one, two) = (Api::new(nodes[0].url()), Api::new(nodes[1].url()));
    let (old, id) = one.player("Ana").await.unwrap();
    let code = one.group(&old, &json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await.unwrap();
    // Ana's table socket on node 1.
    let (mut ws, _) = connect_async(format!("ws://{}/ws/{code}", nodes[0].addr)).await.unwrap();
    ws.send(Message::Text(json!({"t": "hello", "token": old}).to_string().into())).await.unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("welcome"), "{first:?}");

    let t = link(&one, &old).await;
    let (status, got) = claim(&two, &t).await;
    assert_eq!(status, 200);
    assert_eq!(got["playerId"], id.as_str());
    let new = got["token"].as_str().unwrap().to_string();
    // Node 1 heard it on NATS and closed the socket it holds.
    let closed = tokio::time::timeout(Duration::from_secs(3), async {
        while let Some(m) = ws.next().await {
            if let Ok(Message::Close(Some(f))) = m {
                return u16::from(f.code);
            }
        }
        0
    })
    .await
    .expect("the socket on the other node closes within 3 s");
    assert_eq!(closed, 4003);
    for api in [&one, &two] {
        assert_eq!(status_of_me(api, &old).await, 401);
        assert_eq!(status_of_me(api, &new).await, 200);
    }

    // Two claims of one link at the same moment, one on each node: exactly one wins.
    for _ in 0..5 {
        let (token, _) = one.player("Ben").await.unwrap();
        let t = link(&two, &token).await;
        let (a, b) = tokio::join!(claim(&one, &t), claim(&two, &t));
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(statuses, [200, 404]);
    }
}
