//! What nodes ask each other about a table, as types that cross NATS unchanged: the same
//! operations a socket performs on a local table. The owner answers them in `cluster_work`.

use serde::{Deserialize, Serialize};
use wire::{Intent, WireError};

use super::reply::Reply;
use crate::cluster::{Cluster, ClusterError, rpc_subject};
use crate::store::PlayerRow;

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

/// Asks `node` to do `req` for one of its tables.
pub async fn ask(cluster: &Cluster, node: &str, req: &Request) -> Result<Response, ClusterError> {
    let body = serde_json::to_vec(req)?;
    let msg = cluster.client().request(rpc_subject(node), body.into()).await.map_err(|e| match e.kind() {
        async_nats::RequestErrorKind::NoResponders => ClusterError::OwnerGone,
        _ => ClusterError::Nats(e.to_string()),
    })?;
    match serde_json::from_slice(&msg.payload)? {
        Response::NotOwner => Err(ClusterError::NotOwner),
        r => Ok(r),
    }
}
