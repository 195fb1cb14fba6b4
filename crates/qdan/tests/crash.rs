//! The real `qdan` binary, killed with SIGKILL mid-game and started again: every acknowledged
//! move and the turn clock are still there.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn start(port: u16, db: &str) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_qdan"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db, "--tables", "off"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(Instant::now() < deadline, "qdan did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn recv(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

async fn connect(port: u16, code: &str, token: &str) -> (Ws, Value) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws/{code}")).await.unwrap();
    ws.send(Message::Text(json!({"t": "hello", "token": token}).to_string().into())).await.unwrap();
    assert_eq!(recv(&mut ws).await["t"], "welcome");
    let state = recv(&mut ws).await;
    (ws, state["table"].clone())
}

#[tokio::test]
async fn sigkill_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("qdan.db").display());
    let port = free_port();
    let mut server = start(port, &db).await;
    let http = reqwest::Client::new();
    let api = |p: &str| format!("http://127.0.0.1:{port}{p}");
    let mut tokens = vec![];
    for name in ["Ana", "Ben"] {
        let r: Value =
            http.post(api("/api/players")).json(&json!({"name": name})).send().await.unwrap().json().await.unwrap();
        tokens.push(r["token"].as_str().unwrap().to_string());
    }
    let r: Value = http
        .post(api("/api/groups"))
        .bearer_auth(&tokens[0])
        .json(&json!({"game": "dots", "options": {"size": "5x5"}, "turnLimit": 60}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let code = r["code"].as_str().unwrap().to_string();
    let (mut a, _) = connect(port, &code, &tokens[0]).await;
    let (mut b, _) = connect(port, &code, &tokens[1]).await;
    b.send(Message::Text(json!({"t": "sit", "id": 1}).to_string().into())).await.unwrap();
    // Play as fast as the acks come, and kill the server in the middle of it.
    let mut acked = vec![];
    let first_v;
    let mut table = loop {
        let m = recv(&mut a).await;
        if m["t"] == "event" && m["table"]["status"] == "playing" {
            first_v = m["v"].as_u64().unwrap();
            break m["table"].clone();
        }
    };
    let mut v = first_v;
    let mut id = 10;
    for _ in 0..30 {
        let seat0_side = table["seats"][0]["side"].as_u64().unwrap();
        let ws = if table["view"]["turn"].as_u64() == Some(seat0_side) { &mut a } else { &mut b };
        let ply = table["plies"].as_u64().unwrap();
        let edge = table["view"]["legal"][0].as_u64().unwrap();
        id += 1;
        ws.send(Message::Text(json!({"t": "move", "id": id, "ply": ply, "move": edge.to_string()}).to_string().into()))
            .await
            .unwrap();
        loop {
            let m = recv(ws).await;
            // Each socket has its own backlog of events: keep only the newest state seen.
            if m["t"] == "event" && m["v"].as_u64().unwrap() > v {
                v = m["v"].as_u64().unwrap();
                table = m["table"].clone();
            }
            if m["id"] == id {
                assert_eq!(m["t"], "ack", "{m}");
                acked.push(edge);
                // Read up to this ack's version, so the next move is chosen on the new board.
                let want = m["v"].as_u64().unwrap();
                while v < want {
                    let e = recv(ws).await;
                    if e["t"] == "event" && e["v"].as_u64().unwrap() > v {
                        v = e["v"].as_u64().unwrap();
                        table = e["table"].clone();
                    }
                }
                break;
            }
        }
    }
    let clock_before = table["clock"]["remainingMs"].as_i64().unwrap();
    server.kill().unwrap(); // SIGKILL
    server.wait().unwrap();

    let mut server = start(port, &db).await;
    let (_, t) = connect(port, &code, &tokens[0]).await;
    let lines: Vec<u64> = t["view"]["lines"].as_array().unwrap().iter().map(|l| l["edge"].as_u64().unwrap()).collect();
    assert_eq!(lines, acked, "every acknowledged move, in order");
    assert_eq!(t["status"], "playing");
    let clock_after = t["clock"]["remainingMs"].as_i64().unwrap();
    assert!(clock_after <= clock_before && clock_after > clock_before - 15_000, "{clock_before} -> {clock_after}");
    server.kill().unwrap();
    server.wait().unwrap();
}
