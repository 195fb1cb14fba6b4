//! What the server sends on a table's socket.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::WireError;
use crate::event::Event;
use crate::quick::Phrase;
use crate::table::{Seat, TableView};

/// Who this connection is at the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct You {
    /// `None` for a connection that said hello without a device token (it can only watch).
    pub player_id: Option<String>,
    pub seat: Option<Seat>,
    pub host: bool,
}

/// A message from the server.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "t", rename_all = "camelCase")]
#[schemars(rename = "ServerMessage")]
pub enum ServerMsg {
    /// The answer to `hello`; `v` is the table's version now.
    Welcome { v: u64, you: You },
    /// The whole table at version `v`.
    State { v: u64, table: Box<TableView> },
    /// One change: the table moves from version `v - 1` to `v`.
    Event {
        v: u64,
        #[serde(flatten)]
        event: Event,
    },
    /// Intent `id` was done; the table is at version `v` (its events came before this).
    Ack { id: u64, v: u64 },
    /// A message or intent was refused; nothing changed.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        #[serde(flatten)]
        error: WireError,
    },
    /// The answer to `hint`: the best move the CPU knows (`None` when it has none).
    Hint {
        id: u64,
        #[serde(rename = "move")]
        mv: Option<String>,
    },
    /// The answer to `ping`.
    Pong,
    /// The player in `seat` said `phrase` (a quick message). Not an event: it has no version,
    /// is not kept, and a client that reconnects does not get it again.
    Quick { seat: Seat, phrase: Phrase },
}

impl ServerMsg {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }

    /// An error answering intent `id` (if known).
    pub fn error(id: Option<u64>, error: impl Into<WireError>) -> ServerMsg {
        ServerMsg::Error { id, error: error.into() }
    }
}
