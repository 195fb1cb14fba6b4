//! What nodes ask each other about a table, as types that cross NATS unchanged: the same
//! operations a socket performs on a local table.

use std::sync::Arc;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use wire::{Intent, WireError};

use super::{Cluster, rpc_subject};
use crate::store::PlayerRow;
use crate::table::{Reply, TableError};

/// A request to the node that owns table `code`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub code: String,
    pub op: Op,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Op {
    Join { conn: u64, player: Option<PlayerRow>, since: Option<u64> },
    Leave { conn: u64, going_away: bool },
    Intent { conn: u64, intent: Intent },
    Sync { since: u64 },
    Snapshot,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Response {
    /// `welcome`, then the catch-up messages.
    Joined {
        welcome: String,
        catch_up: Vec<String>,
    },
    Done,
    Answer(Result<Reply, WireError>),
    Messages(Vec<String>),
    /// The table is not (or no longer) on the node asked.
    NotOwner,
}

/// Answers other nodes' requests for the tables this node runs.
pub(super) async fn serve(cluster: Arc<Cluster>, registry: Arc<crate::Registry>) {
    let mut sub = match cluster.client().subscribe(rpc_subject(&cluster.node)).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("subscribing to this node's requests: {e}");
            return;
        }
    };
    while let Some(msg) = sub.next().await {
        let (cluster, registry) = (cluster.clone(), registry.clone());
        // Each request on its own task: a hint takes a second, a move must not wait for it.
        tokio::spawn(async move {
            let Some(reply_to) = msg.reply else { return };
            let response = match serde_json::from_slice::<Request>(&msg.payload) {
                Ok(req) => answer(&registry, req).await,
                Err(e) => {
                    tracing::warn!("an undecodable request from another node: {e}");
                    return;
                }
            };
            let body = serde_json::to_vec(&response).expect("responses serialise");
            if let Err(e) = cluster.client().publish(reply_to, body.into()).await {
                tracing::warn!("answering another node: {e}");
            }
        });
    }
}

async fn answer(registry: &crate::Registry, req: Request) -> Response {
    let Some(table) = registry.local(&req.code) else { return Response::NotOwner };
    let gone = || Response::Answer(Err(TableError::Gone.into_wire()));
    match req.op {
        Op::Join { conn, player, since } => match table.join(conn, player, since).await {
            Ok(j) => {
                Response::Joined { welcome: j.welcome, catch_up: j.catch_up.iter().map(|m| m.to_string()).collect() }
            }
            Err(_) => Response::NotOwner,
        },
        Op::Leave { conn, going_away } => {
            table.leave(conn, going_away).await;
            Response::Done
        }
        Op::Intent { conn, intent } => Response::Answer(table.intent(conn, intent).await),
        Op::Sync { since } => match table.sync(since).await {
            Ok(m) => Response::Messages(m.iter().map(|m| m.to_string()).collect()),
            Err(_) => gone(),
        },
        Op::Snapshot => match table.snapshot().await {
            Ok(m) => Response::Messages(vec![m.to_string()]),
            Err(_) => gone(),
        },
    }
}
