//! A live table: one tokio task (an actor) per group owns the authoritative game. Everything
//! reaches it through a [`TableHandle`] (send an intent, subscribe to events), so the table
//! could live on another node (docs/design.md §5 and §6). The rules of the table are a pure state machine
//! ([`state::Table`]); the actor only adds the mailbox, timers, the store and the CPU.
//! A change is stored before it is acknowledged or broadcast.

mod actor;
mod load;
mod log;
pub mod remote;
pub mod reply;
pub mod rpc;
pub mod state;
mod unload;

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};
use wire::{Intent, WireError};

pub use actor::spawn;
pub use reply::{Gone, Joined, Reply};
pub use state::TableError;

use crate::store::PlayerRow;

pub(crate) enum Cmd {
    Join {
        conn: u64,
        player: Option<PlayerRow>,
        since: Option<u64>,
        reply: oneshot::Sender<Joined>,
    },
    Leave {
        conn: u64,
        going_away: bool,
    },
    Intent {
        conn: u64,
        intent: Intent,
        reply: oneshot::Sender<Result<Reply, WireError>>,
    },
    Sync {
        since: u64,
        reply: oneshot::Sender<Vec<Arc<str>>>,
    },
    Snapshot {
        reply: oneshot::Sender<Arc<str>>,
    },
    Cpu {
        game_no: u32,
        ply: usize,
        by: wire::MoveSource,
        mv: Option<String>,
        /// The `state_hash` of the position it was worked out for.
        position: u64,
    },
    /// Stop now: the node drains (the lease is released) or lost the lease.
    Stop {
        release: bool,
        done: oneshot::Sender<()>,
    },
}

/// The way to reach a live table: its actor on this node, or its owner on another node.
#[derive(Clone, Debug)]
pub enum TableHandle {
    Local(LocalTable),
    Remote(Arc<remote::RemoteTable>),
}

/// A table whose actor runs on this node.
#[derive(Clone, Debug)]
pub struct LocalTable {
    pub(crate) tx: mpsc::Sender<Cmd>,
    /// When the actor started (under the lease it holds, in a cluster).
    pub(crate) started: std::time::Instant,
}

impl TableHandle {
    pub fn is_alive(&self) -> bool {
        match self {
            TableHandle::Local(t) => t.is_alive(),
            TableHandle::Remote(r) => r.is_alive(),
        }
    }

    /// Joins as connection `conn` of `player` (`None`: watching without a device token),
    /// resuming after version `since`.
    pub async fn join(&self, conn: u64, player: Option<PlayerRow>, since: Option<u64>) -> Result<Joined, Gone> {
        match self {
            TableHandle::Local(t) => t.join(conn, player, since).await,
            TableHandle::Remote(r) => r.join(conn, player, since).await,
        }
    }

    /// Connection `conn` left; `going_away` when the client closed on purpose (tab closed).
    pub async fn leave(&self, conn: u64, going_away: bool) {
        match self {
            TableHandle::Local(t) => t.leave(conn, going_away).await,
            TableHandle::Remote(r) => r.leave(conn, going_away).await,
        }
    }

    /// Sends an intent of connection `conn` and waits for its answer.
    pub async fn intent(&self, conn: u64, intent: Intent) -> Result<Reply, WireError> {
        match self {
            TableHandle::Local(t) => t.intent(conn, intent).await,
            TableHandle::Remote(r) => r.intent(conn, intent).await,
        }
    }

    /// The events after `since`, or one `state` message.
    pub async fn sync(&self, since: u64) -> Result<Vec<Arc<str>>, Gone> {
        match self {
            TableHandle::Local(t) => t.sync(since).await,
            TableHandle::Remote(r) => r.sync(since).await,
        }
    }

    /// The full current state, as a `state` message.
    pub async fn snapshot(&self) -> Result<Arc<str>, Gone> {
        match self {
            TableHandle::Local(t) => t.snapshot().await,
            TableHandle::Remote(r) => r.snapshot().await,
        }
    }
}

impl LocalTable {
    pub fn is_alive(&self) -> bool {
        !self.tx.is_closed()
    }

    pub async fn join(&self, conn: u64, player: Option<PlayerRow>, since: Option<u64>) -> Result<Joined, Gone> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Cmd::Join { conn, player, since, reply }).await.map_err(|_| Gone)?;
        rx.await.map_err(|_| Gone)
    }

    pub async fn leave(&self, conn: u64, going_away: bool) {
        // A stopped table has nobody left to tell.
        let _ = self.tx.send(Cmd::Leave { conn, going_away }).await;
    }

    pub async fn intent(&self, conn: u64, intent: Intent) -> Result<Reply, WireError> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Cmd::Intent { conn, intent, reply }).await.map_err(|_| TableError::Gone.into_wire())?;
        rx.await.map_err(|_| TableError::Gone.into_wire())?
    }

    pub async fn sync(&self, since: u64) -> Result<Vec<Arc<str>>, Gone> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Cmd::Sync { since, reply }).await.map_err(|_| Gone)?;
        rx.await.map_err(|_| Gone)
    }

    pub async fn snapshot(&self) -> Result<Arc<str>, Gone> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Cmd::Snapshot { reply }).await.map_err(|_| Gone)?;
        rx.await.map_err(|_| Gone)
    }

    /// Stops the table (releasing its lease when `release`) and waits until it has.
    pub async fn stop(&self, release: bool) {
        let (done, rx) = oneshot::channel();
        if self.tx.send(Cmd::Stop { release, done }).await.is_ok() {
            // Dropped without an answer means it stopped anyway.
            let _ = rx.await;
        }
    }
}
