//! A table owned by another node, as this node's sockets see it: intents go to the owner by
//! request/reply; the owner's events arrive on the table's subject and are relayed to this
//! node's sockets through a local broadcast, as a local table's are.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use tokio::sync::broadcast;
use wire::{ErrorCode, Intent, WireError};

use super::reply::{Gone, Joined, Reply};
use super::rpc::{Op, Request, Response, ask};
use crate::cluster::{Cluster, ClusterError, MOVED, events_subject};
use crate::store::PlayerRow;

/// What a socket is told for an intent it sent to the owner. When the owner could not be
/// asked (it no longer holds the table, its process is gone, it did not answer in time, or it
/// is cut from the store: `crate::cluster_health`), this relay has closed
/// ([`RemoteTable::ask`]) and the socket is closed with 4010 next (no other answer comes to an
/// intent): the
/// client is told `table-moved`, which says reconnect and send the intent again (a move is
/// acknowledged once however often it is sent). `internal` would say "try again" here, on a
/// socket about to close, and a client that did lost the race (issue 39).
fn intent_answer(r: Result<Response, ClusterError>) -> Result<Reply, WireError> {
    match r {
        Ok(Response::Answer(a)) => a,
        Ok(_) | Err(_) => Err(WireError::with_message(ErrorCode::TableMoved, "the table moved; send it again")),
    }
}

/// Events a socket's writer may fall behind by before it skips ahead to a full state.
const CHANNEL_LEN: usize = 64;

/// The owner's side of a table on another node.
#[derive(Debug)]
pub struct RemoteTable {
    pub code: String,
    /// The owner's node and lease epoch.
    pub owner: String,
    pub epoch: i64,
    cluster: Arc<Cluster>,
    /// The relay of the owner's events; `None` once the table moved (which closes every
    /// socket's subscription: their clients reconnect).
    events: Mutex<Option<broadcast::Sender<Arc<str>>>>,
    alive: AtomicBool,
    /// NATS said nobody listens for the owner any more: its process is gone.
    owner_gone: AtomicBool,
    relay: tokio::task::JoinHandle<()>,
}

impl Drop for RemoteTable {
    fn drop(&mut self) {
        self.relay.abort();
    }
}

impl RemoteTable {
    /// Subscribes to the events of `code`, owned by `owner` at `epoch`.
    pub async fn open(
        cluster: Arc<Cluster>,
        code: &str,
        owner: &str,
        epoch: i64,
    ) -> Result<Arc<RemoteTable>, ClusterError> {
        let mut sub =
            cluster.client().subscribe(events_subject(code)).await.map_err(|e| ClusterError::Nats(e.to_string()))?;
        let (tx, _) = broadcast::channel(CHANNEL_LEN);
        Ok(Arc::new_cyclic(|me: &std::sync::Weak<RemoteTable>| {
            let me = me.clone();
            let relay = tokio::spawn(async move {
                while let Some(msg) = sub.next().await {
                    let Some(table) = me.upgrade() else { return };
                    let text = String::from_utf8_lossy(&msg.payload);
                    if text == MOVED {
                        table.close();
                        return;
                    }
                    if let Some(tx) = table.events.lock().expect("relay lock").as_ref() {
                        // No socket of this table here right now is fine.
                        let _ = tx.send(Arc::from(text.as_ref()));
                    }
                }
            });
            RemoteTable {
                code: code.to_string(),
                owner: owner.to_string(),
                epoch,
                cluster,
                events: Mutex::new(Some(tx)),
                alive: AtomicBool::new(true),
                owner_gone: AtomicBool::new(false),
                relay,
            }
        }))
    }

    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::Acquire)
    }

    /// The table moved or its owner is gone: every socket of it here reconnects.
    pub fn close(&self) {
        self.alive.store(false, Ordering::Release);
        self.events.lock().expect("relay lock").take();
    }

    async fn ask(&self, op: Op) -> Result<Response, ClusterError> {
        let r = ask(&self.cluster, &self.owner, &Request { code: self.code.clone(), op }).await;
        match &r {
            Err(ClusterError::OwnerGone) => {
                self.owner_gone.store(true, Ordering::Release);
                self.close();
            }
            Err(_) => self.close(),
            Ok(_) => {}
        }
        r
    }

    pub async fn join(&self, conn: u64, player: Option<PlayerRow>, since: Option<u64>) -> Result<Joined, Gone> {
        // Subscribe first: every event after the owner's answer is then relayed (the client
        // drops the ones its catch-up already had).
        let events = self.events.lock().expect("relay lock").as_ref().map(broadcast::Sender::subscribe).ok_or(Gone)?;
        match self.ask(Op::Join { conn, player, since }).await {
            Ok(Response::Joined { welcome, catch_up }) => {
                Ok(Joined { welcome, catch_up: catch_up.into_iter().map(Arc::from).collect(), events })
            }
            _ => Err(Gone),
        }
    }

    pub async fn leave(&self, conn: u64, going_away: bool) {
        if let Err(e) = self.ask(Op::Leave { conn, going_away }).await {
            tracing::debug!(code = %self.code, "telling the owner a socket left: {e}");
        }
    }

    pub async fn intent(&self, conn: u64, intent: Intent) -> Result<Reply, WireError> {
        intent_answer(self.ask(Op::Intent { conn, intent }).await)
    }

    pub async fn sync(&self, since: u64) -> Result<Vec<Arc<str>>, Gone> {
        match self.ask(Op::Sync { since }).await {
            Ok(Response::Messages(m)) => Ok(m.into_iter().map(Arc::from).collect()),
            _ => Err(Gone),
        }
    }

    pub async fn snapshot(&self) -> Result<Arc<str>, Gone> {
        match self.ask(Op::Snapshot).await {
            Ok(Response::Messages(mut m)) if !m.is_empty() => Ok(Arc::from(m.swap_remove(0))),
            _ => Err(Gone),
        }
    }

    /// Whether asking the owner failed because its node is gone (no listener at all).
    pub fn owner_gone(&self) -> bool {
        self.owner_gone.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_that_cannot_be_asked_means_reconnect_and_resend() {
        for failed in [
            Err(ClusterError::NotOwner),
            Err(ClusterError::OwnerGone),
            Err(ClusterError::Nats("request timed out".into())),
            Ok(Response::Done),
        ] {
            assert_eq!(intent_answer(failed).unwrap_err().code, ErrorCode::TableMoved);
        }
        let refused = Ok(Response::Answer(Err(WireError::new(ErrorCode::NotYourTurn))));
        assert_eq!(intent_answer(refused).unwrap_err().code, ErrorCode::NotYourTurn);
        assert!(matches!(intent_answer(Ok(Response::Answer(Ok(Reply::Ack { v: 7 })))), Ok(Reply::Ack { v: 7 })));
    }
}
