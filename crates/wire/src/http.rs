//! The smaller HTTP answers of `docs/protocol.md` (identity, transfer, groups, the lobby's
//! challenges and pools, blocks, the leaderboard, the node's counters, offline uploads), as
//! the server writes them. Typed here so that `docs/protocol.schema.json` describes them too
//! and the server cannot drift from that description.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::options::OptionSpec;

/// A player and its new device token: `POST /api/players` (201) and
/// `POST /api/transfer/CODE/claim` (200). The token is shown once; the server keeps only its
/// hash.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewToken {
    /// The device token, sent as `Authorization: Bearer TOKEN`.
    pub token: String,
    pub player_id: String,
    pub name: String,
}

/// A player's id and name: `GET /api/me`, `PATCH /api/me`, and `GET /api/transfer/CODE`
/// (whom a link would move).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerName {
    pub player_id: String,
    pub name: String,
}

/// A link that moves the player to another device: `POST /api/transfer` (201).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferLink {
    /// The whole link, from the site's public URL.
    pub url: String,
    /// The link without the host: `/LANG/t/CODE`.
    pub path: String,
    /// When the link stops working, in milliseconds since the Unix epoch.
    pub expires_at: i64,
    /// The link as a QR code: an SVG document.
    pub qr: String,
}

/// A table to go to: `POST /api/groups` (201) and `POST /api/challenges/ID/accept` (200).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct GroupLink {
    /// The group's invite code.
    pub code: String,
    /// The group's page without the language: `/g/CODE`.
    pub url: String,
}

impl GroupLink {
    /// The link to group `code`.
    pub fn to(code: String) -> GroupLink {
        GroupLink { url: format!("/g/{code}"), code }
    }
}

/// The local rules a group may choose and the turn limits this server allows:
/// `GET /api/options/GAME`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameOptions {
    pub options: Vec<OptionSpec>,
    /// Seconds a move (`null`: no limit), the default first.
    pub turn_limits: Vec<Option<u32>>,
}

/// This node's work counters since it started: `GET /api/stats`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeStats {
    /// CPU moves this node worked out (the CPU opponent, stand-ins, run-out clocks; not hints).
    pub cpu_moves: u64,
    /// Hints it worked out.
    pub hints: u64,
    /// Reviews of finished games it worked out.
    pub reviews: u64,
}

/// One row of `GET /api/leaderboard/GAME` (a list, best first, 100 at most).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaderboardRow {
    pub player_id: String,
    /// Four letters that tell players of one name apart.
    pub tag: String,
    pub name: String,
    /// Glicko-2's rating and deviation, unrounded.
    pub rating: f64,
    pub deviation: f64,
    /// Ranked games finished in this game.
    #[schemars(range(min = 1))]
    pub games: u32,
}

/// An open challenge just made: `POST /api/challenges` (201).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ChallengeMade {
    /// The challenge's id (`DELETE /api/challenges/ID`, `.../accept`).
    pub id: String,
}

/// The pool the player now waits in: `POST /api/pools/KEY`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PoolEntered {
    /// The pool's key, as the path named it.
    pub pool: String,
}

/// A blocked player: `POST /api/blocks` (201, or 200 when already blocked).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedPlayer {
    pub player_id: String,
    /// Four letters that tell players of one name apart.
    pub tag: String,
    pub name: String,
}

/// One row of `GET /api/blocks` (a list, the latest first).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRow {
    pub player_id: String,
    pub tag: String,
    pub name: String,
    /// When the block was made, in milliseconds since the Unix epoch.
    pub blocked_at: i64,
}

/// A game played offline and stored: `POST /api/games/offline` (201, or 200 for a retry of
/// an `id` already stored).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct OfflineStored {
    /// The group made for it.
    pub code: String,
    /// The game's number in that group: always 1.
    #[schemars(range(min = 1, max = 1))]
    pub n: u32,
    /// Its replay without the language: `/g/CODE/1`.
    pub url: String,
}
