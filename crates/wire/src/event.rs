//! Events: what changed at a table, one per version. An event carries only the change (a
//! move, its captures, the new clock); a client keeps its copy of the table current by
//! applying them in order (see [`crate::Mirror`]) and gets a full `state` only when it joins,
//! falls behind, or asks with `sync`.

use rules::{AnyOptions, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::table::{ClockView, MoveSource, ResultView, Seat, SeatView};

/// One change at a table.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Event {
    /// Someone sat down, or a seat changed: presence, away, name or rating.
    Seat { seat: Seat, info: SeatView },
    /// The number of spectators changed.
    Spectators { count: u32 },
    /// A move was played (and stored). `taken`: the Children a Musashi move took;
    /// `completed`: the boxes a Dots line completed. `clock`: the turn clock after it.
    /// `result`: how the game ended, when this move ended it.
    Move {
        ply: u32,
        seat: Seat,
        side: Side,
        by: MoveSource,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        taken: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        completed: Vec<u8>,
        clock: Option<ClockView>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<ResultView>,
    },
    /// `plies` moves were taken back for `seat` (who is now to move).
    Undo { seat: Seat, plies: u32, clock: Option<ClockView> },
    /// `seat` asks the other seat to take back its last move.
    UndoRequest { seat: Seat },
    /// The undo request of `seat` was declined; it may ask again after `wait_ms`.
    UndoDeclined { seat: Seat, wait_ms: u64 },
    /// `seat` resigned: the game is over.
    Resign { seat: Seat, result: ResultView },
    /// The game ended without a move or a resignation (a game whose last move ended it
    /// before a restart of the server, recorded after it).
    End { result: ResultView },
    /// `seat` asked for the next game.
    RematchOffer { seat: Seat },
    /// A game began (the first one, or the next): its number, rules, whether it is ranked, the
    /// side of each seat and its clock.
    NewGame { game_no: u32, options: AnyOptions, ranked: bool, sides: [Side; 2], clock: Option<ClockView> },
    /// The host changed the rules for the next game (the turn limit applies at once: `clock`
    /// is the current game's clock after the change).
    Settings { next_options: AnyOptions, turn_limit: Option<u32>, next_ranked: bool, clock: Option<ClockView> },
    /// A group the lobby made dissolved before its first game: the players of the seats in
    /// `absent` did not come to the table in time. No game was recorded; a player who came
    /// from a quick-pairing pool is back at its front.
    NoShow { absent: Vec<Seat> },
}

impl Event {
    /// The event's kind as sent (`move`, `newGame`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Seat { .. } => "seat",
            Event::Spectators { .. } => "spectators",
            Event::Move { .. } => "move",
            Event::Undo { .. } => "undo",
            Event::UndoRequest { .. } => "undoRequest",
            Event::UndoDeclined { .. } => "undoDeclined",
            Event::Resign { .. } => "resign",
            Event::End { .. } => "end",
            Event::RematchOffer { .. } => "rematchOffer",
            Event::NewGame { .. } => "newGame",
            Event::Settings { .. } => "settings",
            Event::NoShow { .. } => "noShow",
        }
    }
}
