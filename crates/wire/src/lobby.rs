//! The lobby's socket (`/ws/lobby`, `docs/protocol.md`): a client says which game's lobby it
//! watches; the server sends that lobby whenever it changes, and `paired` when the player was
//! seated at a new table (a challenge of theirs was accepted, or a pool paired them).

use rules::{AnyOptions, GameKind};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::WireError;

/// What a client sends on the lobby socket.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(tag = "t", rename_all = "camelCase", deny_unknown_fields)]
pub enum LobbyClientMsg {
    /// The first message, and again to watch another game's lobby: the device token (none to
    /// only watch: such a socket keeps no challenge or pool place alive) and the game.
    Hello {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        game: GameKind,
    },
    /// Keeps the socket open through proxies that close quiet ones; answered by `pong`.
    Ping {},
}

/// What the server sends on the lobby socket.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(tag = "t", rename_all = "camelCase")]
pub enum LobbyServerMsg {
    /// The whole lobby of one game, after `hello` and whenever it changes (at most once a
    /// second).
    Lobby(Box<LobbyView>),
    /// This player was seated at a new table: open `url` (`/g/CODE`) and say hello there.
    Paired {
        code: String,
        url: String,
    },
    Pong {},
    /// A message was refused; the socket stays open unless the code says otherwise.
    Error(WireError),
}

/// One game's lobby as one player sees it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyView {
    pub game: GameKind,
    /// Open challenges, oldest first (the player's own included, marked `mine`).
    pub challenges: Vec<ChallengeView>,
    /// The quick-pairing pools of this game and how many wait in each.
    pub pools: Vec<PoolView>,
    /// People with a lobby page open, on every node (any game): each player once, and each
    /// visitor without a device token.
    pub online: u32,
    /// The pool this player waits in (any game), if any.
    pub my_pool: Option<String>,
    /// Seconds of waiting in a pool after which the page offers a game against the CPU
    /// meanwhile (`POST /api/groups` with `keepPool` keeps the place).
    pub cpu_offer_after: u32,
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeView {
    pub id: String,
    pub by: LobbyPlayer,
    /// The rules of the game offered, as a group's options.
    pub options: AnyOptions,
    /// Seconds per turn, or `null` for no limit.
    pub turn_limit: Option<u32>,
    pub ranked: bool,
    /// When it was opened (Unix milliseconds).
    pub created_at: i64,
    /// Whether the player watching opened it (they may cancel it, not accept it).
    pub mine: bool,
}

/// A player as the lobby shows them.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyPlayer {
    pub player_id: String,
    /// Four characters that tell two players of the same name apart.
    pub tag: String,
    pub name: String,
    /// Their rating in this game, rounded; `null` before their first rated game.
    pub rating: Option<i32>,
}

/// A quick-pairing pool: ranked games of the default board with one turn limit.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolView {
    /// The pool's key, as `POST /api/pools/KEY` takes it (`dots-30s`, `musashi-untimed`).
    pub key: String,
    pub options: AnyOptions,
    pub turn_limit: Option<u32>,
    pub ranked: bool,
    /// Players waiting in it now, on every node.
    pub waiting: u32,
}

/// The key of the pool of `game` with `turn_limit`.
pub fn pool_key(game: GameKind, turn_limit: Option<u32>) -> String {
    match turn_limit {
        None => format!("{}-untimed", game.as_str()),
        Some(s) => format!("{}-{s}s", game.as_str()),
    }
}

impl LobbyServerMsg {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("lobby messages serialise")
    }
}
