//! A WebSocket client of one table that keeps its copy of the table current: a `state`
//! replaces it, each `event` is applied to it (`wire::Mirror`).

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use wire::{ClientMsg, Intent, Mirror, ServerMsg, TableView, You};

use crate::{KitError, Result};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One socket of one table.
#[derive(Debug)]
pub struct TableClient {
    pub ws: Ws,
    pub you: Option<You>,
    /// The table as this client knows it (`None` until the first `state`).
    pub mirror: Option<Mirror>,
    next_id: u64,
}

impl TableClient {
    /// Opens `/ws/{code}` on `addr` and says hello (with `token`, or as a watcher), resuming
    /// after `since`. Returns after the `welcome` and, for a new client, the `state`.
    pub async fn connect(addr: SocketAddr, code: &str, token: Option<&str>, since: Option<u64>) -> Result<TableClient> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}")).await?;
        TableClient::hello(ws, token, since).await
    }

    /// Says hello on an open socket (see [`TableClient::connect`]).
    pub async fn hello(ws: Ws, token: Option<&str>, since: Option<u64>) -> Result<TableClient> {
        let mut c = TableClient { ws, you: None, mirror: None, next_id: 1 };
        c.send(&ClientMsg::Hello { token: token.map(str::to_string), since }).await?;
        while c.you.is_none() || (since.is_none() && c.mirror.is_none()) {
            match c.recv(Duration::from_secs(10)).await? {
                ServerMsg::Error { error, .. } => {
                    return Err(KitError::Server(format!("hello refused: {}", error.message)));
                }
                ServerMsg::Welcome { .. } | ServerMsg::State { .. } | ServerMsg::Event { .. } => {}
                other => return Err(KitError::Server(format!("unexpected before the state: {other:?}"))),
            }
        }
        Ok(c)
    }

    pub async fn send(&mut self, m: &ClientMsg) -> Result<()> {
        self.ws.send(Message::Text(m.to_json().into())).await?;
        Ok(())
    }

    /// Sends an intent; returns its id.
    pub async fn send_intent(&mut self, intent: Intent) -> Result<u64> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&ClientMsg::Intent { id, intent }).await?;
        Ok(id)
    }

    /// The next message (within `within`); a state or event updates the table first.
    pub async fn recv(&mut self, within: Duration) -> Result<ServerMsg> {
        loop {
            let m = tokio::time::timeout(within, self.ws.next())
                .await
                .map_err(|_| KitError::Timeout("no message".into()))?
                .ok_or_else(|| KitError::Server("the socket ended".into()))??;
            let text = match m {
                Message::Text(t) => t,
                Message::Close(f) => return Err(KitError::Server(format!("closed: {f:?}"))),
                _ => continue,
            };
            let msg: ServerMsg = serde_json::from_str(&text)?;
            self.absorb(&msg)?;
            return Ok(msg);
        }
    }

    fn absorb(&mut self, msg: &ServerMsg) -> Result<()> {
        match msg {
            ServerMsg::Welcome { you, .. } => self.you = Some(you.clone()),
            ServerMsg::State { v, table } => self.mirror = Some(Mirror::new(*v, (**table).clone())?),
            ServerMsg::Event { v, event } => {
                let Some(m) = self.mirror.as_mut() else { return Ok(()) };
                if *v > m.v {
                    m.apply(*v, event)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Sends an intent and returns its answer (ack, error or hint); events meanwhile are
    /// applied, and after an ack the table is brought up to the ack's version.
    pub async fn intent(&mut self, intent: Intent) -> Result<ServerMsg> {
        let id = self.send_intent(intent).await?;
        loop {
            let m = self.recv(Duration::from_secs(10)).await?;
            match &m {
                ServerMsg::Ack { id: i, v } if *i == id => {
                    self.catch_up(*v).await?;
                    return Ok(m);
                }
                ServerMsg::Error { id: Some(i), .. } | ServerMsg::Hint { id: i, .. } if *i == id => return Ok(m),
                _ => {}
            }
        }
    }

    /// Reads until the table is at version `v` at least.
    pub async fn catch_up(&mut self, v: u64) -> Result<()> {
        while self.version() < v {
            self.recv(Duration::from_secs(10)).await?;
        }
        Ok(())
    }

    /// The table's version (0 before the first state).
    pub fn version(&self) -> u64 {
        self.mirror.as_ref().map_or(0, |m| m.v)
    }

    /// The table (panics before the first state).
    pub fn table(&self) -> &TableView {
        &self.mirror.as_ref().expect("a state").table
    }
}
