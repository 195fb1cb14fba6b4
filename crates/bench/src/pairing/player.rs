//! One simulated player of a pairing run, a client as `docs/protocol.md` ("The lobby")
//! describes it: a new player, its lobby socket, a pool entry, `paired`, the table, gone.

use std::collections::{HashMap, HashSet};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use testkit::{Api, TableClient, Ws};
use tokio::net::TcpSocket;
use tokio::time::Instant as Deadline;
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::Message;
use wire::{Event, ServerMsg, Status};

/// Who was seen seated at which tables: player id -> codes.
pub type Seen = Arc<Mutex<HashMap<String, HashSet<String>>>>;

pub struct Player {
    pub i: usize,
    pub node: SocketAddr,
    pub api: Api,
    pub game: String,
}

/// What became of one player.
#[derive(Debug, Default)]
pub struct Outcome {
    pub player_id: Option<String>,
    pub pool: String,
    /// The pool entry was answered `200`.
    pub entered: bool,
    /// From the pool entry sent to `paired` seen.
    pub waited: Option<Duration>,
    /// The different codes `paired` named on the lobby socket.
    pub codes: Vec<String>,
    /// The table sent `noShow`, or did not start with both players within 15 s.
    pub no_show: bool,
    pub error: Option<String>,
}

impl Player {
    /// Plays the part until paired and seated, or until `give_up` while still waiting.
    pub async fn run(self, give_up: Deadline, seen: Seen) -> Outcome {
        let mut out = Outcome::default();
        if let Err(e) = self.session(give_up, &seen, &mut out).await {
            out.error = Some(format!("player {}: {e:#}", self.i));
        }
        out
    }

    async fn session(&self, give_up: Deadline, seen: &Seen, out: &mut Outcome) -> anyhow::Result<()> {
        let (token, id) = self.api.player(&format!("p{}", self.i)).await?;
        out.player_id = Some(id);
        let mut lobby = open(self.node, self.i, "/ws/lobby").await?;
        let hello = json!({"t": "hello", "token": token, "game": self.game});
        lobby.send(Message::Text(hello.to_string().into())).await?;
        // The first `lobby` names this server's pools of the game; take the next in turn.
        let pools = loop {
            let m = next_json(&mut lobby, Deadline::now() + Duration::from_secs(10)).await?;
            if m["t"] == "lobby" {
                break m["pools"].as_array().cloned().unwrap_or_default();
            }
            if m["t"] == "error" {
                bail!("lobby hello refused: {m}");
            }
        };
        let Some(pool) = pools.get(self.i % pools.len().max(1)).and_then(|p| p["key"].as_str()) else {
            bail!("no pools for {}", self.game)
        };
        out.pool = pool.to_string();
        let t0 = Instant::now();
        self.api.post(&format!("/api/pools/{pool}"), Some(&token), &json!({})).await.context("entering the pool")?;
        out.entered = true;
        let code = loop {
            let m = match next_json(&mut lobby, give_up).await {
                Ok(m) => m,
                // Still waiting at the end of the run: left waiting, not an error.
                Err(_) if Deadline::now() >= give_up => return Ok(()),
                Err(e) => return Err(e),
            };
            if m["t"] == "paired" {
                break m["code"].as_str().context("paired without a code")?.to_string();
            }
        };
        out.waited = Some(t0.elapsed());
        out.codes.push(code.clone());
        let table = open(self.node, self.i, &format!("/ws/{code}")).await?;
        let mut table = TableClient::hello(table, Some(&token), None).await?;
        // Wait for both players at the table: the game starts, or the table gives up on one.
        let started = Deadline::now() + Duration::from_secs(15);
        loop {
            if table.mirror.as_ref().is_some_and(|m| m.table.status == Status::Playing) {
                break;
            }
            // A second `paired` while this one waits at its table.
            while let Ok(Some(Ok(Message::Text(t)))) = tokio::time::timeout(Duration::ZERO, lobby.next()).await {
                if let Ok(m) = serde_json::from_str::<Value>(&t)
                    && m["t"] == "paired"
                    && let Some(c) = m["code"].as_str()
                    && !out.codes.iter().any(|k| k == c)
                {
                    out.codes.push(c.to_string());
                }
            }
            let left = started.saturating_duration_since(Deadline::now());
            match table.recv(left).await {
                Ok(ServerMsg::Event { event: Event::NoShow { .. }, .. }) => {
                    out.no_show = true;
                    break;
                }
                Ok(_) => {}
                Err(_) => {
                    out.no_show = true;
                    break;
                }
            }
        }
        if let Some(m) = &table.mirror {
            let mut seen = seen.lock().expect("seen lock");
            for s in m.table.seats.iter().flatten() {
                if let Some(p) = &s.player_id {
                    seen.entry(p.clone()).or_default().insert(code.clone());
                }
            }
        }
        let _ = table.ws.close(None).await;
        let _ = lobby.close(None).await;
        Ok(())
    }
}

/// Opens a WebSocket at `path` from source address 127.0.x.y (thousands of sockets would run
/// out of ports on one address).
async fn open(addr: SocketAddr, i: usize, path: &str) -> anyhow::Result<Ws> {
    let sock = TcpSocket::new_v4()?;
    if addr.ip().is_loopback() {
        sock.bind(SocketAddr::new(Ipv4Addr::new(127, 0, (1 + i / 250 % 250) as u8, (1 + i % 250) as u8).into(), 0))?;
    }
    let stream = sock.connect(addr).await?;
    stream.set_nodelay(true)?;
    let url = format!("ws://{addr}{path}");
    let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await?;
    Ok(ws)
}

/// The next text message as JSON, before `by`.
async fn next_json(ws: &mut Ws, by: Deadline) -> anyhow::Result<Value> {
    loop {
        let m = tokio::time::timeout_at(by, ws.next()).await.context("no message in time")?;
        match m {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t)?),
            Some(Ok(Message::Close(f))) => bail!("closed: {f:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("socket ended"),
        }
    }
}
