//! The table as clients see it: the full `state`, and the small types events share with it.

use rules::{AnyOptions, EndReason, GameKind, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::view::GameView;

/// One of the two seats of a table. Seat 0 is the group's creator (the host).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::First),
            1 => Some(Seat::Second),
            _ => None,
        }
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(i: u8) -> Result<Seat, String> {
        Seat::from_index(i as usize).ok_or_else(|| format!("no seat {i}"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.index() as u8
    }
}

/// Where a table is: fewer than two seated, a game in progress, or a game over (the next one
/// starts when both seats ask for it).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Waiting,
    Playing,
    Over,
}

/// Who made a move: the seated player, the CPU opponent, the CPU standing in for a player
/// whose device is gone, or the CPU after the player's turn clock ran out.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MoveSource {
    Player,
    Cpu,
    CpuAway,
    Timeout,
}

impl MoveSource {
    pub const ALL: [MoveSource; 4] = [MoveSource::Player, MoveSource::Cpu, MoveSource::CpuAway, MoveSource::Timeout];

    /// The code as sent and stored.
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveSource::Player => "player",
            MoveSource::Cpu => "cpu",
            MoveSource::CpuAway => "cpu-away",
            MoveSource::Timeout => "timeout",
        }
    }
}

impl std::str::FromStr for MoveSource {
    type Err = String;
    fn from_str(s: &str) -> Result<MoveSource, String> {
        MoveSource::ALL.into_iter().find(|m| m.as_str() == s).ok_or_else(|| format!("no move source {s:?}"))
    }
}

/// The CPU's levels, as named on the wire.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CpuLevel {
    Beginner,
    Intermediate,
    Expert,
}

/// A seat as shown: who sits there and whether they are here.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatView {
    /// `None` for the CPU opponent.
    pub player_id: Option<String>,
    pub name: String,
    /// The side this seat plays in the current game (Musashi: 0 Parent, 1 Children; Dots: 0
    /// moves first). Before the first game, the side it will play.
    pub side: Side,
    /// A socket of this player is open (always true for the CPU).
    pub connected: bool,
    /// The CPU plays for this seat: its device is gone.
    pub away: bool,
    /// The CPU opponent's level, for the CPU's seat.
    pub cpu: Option<CpuLevel>,
    /// The player's rating in this game (rounded), if they have played a ranked game: as it
    /// was when they joined or when the current game began, whichever was later (a game ending
    /// at another table meanwhile shows from the next game on).
    pub rating: Option<i32>,
}

/// The turn clock of the current game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockView {
    /// The side whose turn it counts.
    pub side: Side,
    /// Milliseconds left, counted from when the message was written.
    pub remaining_ms: i64,
    /// The turn limit in seconds.
    pub limit: Option<u32>,
}

/// An undo request waiting for the other seat's answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndoView {
    pub requested_by: Seat,
}

/// A rating change at the end of a ranked game (rounded).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct RatingChange {
    pub seat: Seat,
    pub before: i32,
    pub after: i32,
}

/// How the last game ended.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ResultView {
    /// The winning seat; `None`: a draw.
    pub winner: Option<Seat>,
    pub reason: EndReason,
    /// Both players' rating changes, for a ranked game.
    pub ratings: Vec<RatingChange>,
}

/// The whole table: what a `state` message carries.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableView {
    pub code: String,
    pub game: GameKind,
    /// The number of the current (or last) game; 0 before the first.
    pub game_no: u32,
    /// Moves played in the current game: the `ply` of the next move.
    pub plies: u32,
    pub status: Status,
    /// The current game's rules (before the first game: the next game's).
    pub options: AnyOptions,
    /// The host's rules for the next game.
    pub next_options: AnyOptions,
    /// The turn limit in seconds (it applies to the current game at once).
    pub turn_limit: Option<u32>,
    /// Whether the current game is ranked.
    pub ranked: bool,
    /// Whether the next game will be ranked.
    pub next_ranked: bool,
    /// The host's seat.
    pub host: Option<Seat>,
    pub seats: [Option<SeatView>; 2],
    /// People watching (connected devices that are not seated).
    pub spectators: u32,
    /// The current game's position; `None` before the first game.
    pub view: Option<GameView>,
    /// The current game's moves, oldest first.
    pub moves: Vec<String>,
    pub clock: Option<ClockView>,
    pub undo: Option<UndoView>,
    /// How the game ended, once it is over.
    pub result: Option<ResultView>,
    /// Which seats asked for the next game.
    pub rematch: [bool; 2],
    /// The CPU opponent is played on the host's device: the page works out the CPU's moves
    /// and sends them (`cpuMove`); the server plays only when the CPU's turn clock runs out.
    /// Absent (false) in messages of servers older than this field.
    #[serde(default)]
    pub cpu_on_device: bool,
}

impl TableView {
    /// The seat of player `id`.
    pub fn seat_of(&self, player_id: &str) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.seats[s.index()].as_ref().and_then(|x| x.player_id.as_deref()) == Some(player_id))
    }

    /// The seat playing `side` in the current game.
    pub fn seat_of_side(&self, side: Side) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.seats[s.index()].as_ref().is_some_and(|x| x.side == side))
    }

    /// Whether it is `seat`'s turn in a game in progress.
    pub fn is_turn_of(&self, seat: Seat) -> bool {
        self.status == Status::Playing
            && self.view.as_ref().zip(self.seats[seat.index()].as_ref()).is_some_and(|(v, s)| v.turn() == s.side)
    }
}
