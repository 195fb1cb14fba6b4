//! A player's unfinished games: `GET /api/me/playing` (`docs/protocol.md`, "Games in
//! progress"). `web/playing.js` mirrors it for the browser.

use rules::{AnyOptions, GameKind, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::review::PlayerView;
use crate::table::{ClockView, Seat};

/// One unfinished game, from the point of view of the player who asked.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayingGame {
    /// The group's invite code.
    pub code: String,
    /// The group's page without the language: `/g/CODE` (a browser opens `/{lang}/g/CODE`).
    pub url: String,
    /// The game's number in its group (1 for the first, then rematches).
    pub game_no: u32,
    pub game: GameKind,
    pub options: AnyOptions,
    pub ranked: bool,
    /// The player's seat, and the side it plays in this game.
    pub seat: Seat,
    #[schemars(range(max = 1))]
    pub side: Side,
    /// The other seat: a person, or the CPU with its level.
    pub opponent: PlayerView,
    /// The seat to move.
    pub turn: Seat,
    /// `turn == seat`.
    pub my_turn: bool,
    /// Moves played so far.
    pub plies: u32,
    /// The turn clock (the seat to move's time), present only with a turn limit.
    pub clock: Option<ClockView>,
    /// When the game started, and when its last move was played (the start before any move),
    /// in milliseconds since the Unix epoch.
    pub started_at: i64,
    pub updated_at: i64,
}
