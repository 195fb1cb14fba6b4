//! What a table answers, wherever it runs: the same to a socket of this node and, through
//! [`super::rpc`], to one of another node.

use std::sync::Arc;

use tokio::sync::broadcast;

/// What a connection gets when it joins a table.
#[derive(Debug)]
pub struct Joined {
    /// The `welcome` message.
    pub welcome: String,
    /// Events the client missed, or one `state` message.
    pub catch_up: Vec<Arc<str>>,
    /// Every later event.
    pub events: broadcast::Receiver<Arc<str>>,
}

/// The answer to an intent.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Reply {
    /// Done; the table is now at version `v`.
    Ack { v: u64 },
    /// The answer to a hint request.
    Hint { mv: Option<String> },
}

/// The table stopped (it is reloaded on the next request).
#[derive(Debug, thiserror::Error)]
#[error("the table is not running")]
pub struct Gone;
