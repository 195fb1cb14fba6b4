//! After the game: the record of a finished game with its review, the lists of a player's
//! games, and the analysis board's values (`docs/protocol.md`, "Replays, reviews and
//! analysis"). `web/review/types.js` mirrors these for the browser.

use rules::{AnyOptions, EndReason, GameKind, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::table::{CpuLevel, MoveSource, RatingChange, Seat};

/// A position's value in terms both games share.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValueView {
    /// Proven by the tables or a solver; `false`: an estimate.
    pub exact: bool,
    /// The value as `qdan review` prints it for this position (`children-win-in 7`,
    /// `parent-win`, `-3`, `~2`, `~children-win`).
    pub text: String,
    /// Side 0's outlook from -1 (side 1 wins) to 1 (side 0 wins): what the chart draws.
    /// Musashi: side 0 is the Parent; Dots: the player who moved first.
    pub score: f32,
    /// The proven result for side 0: 1 a win, 0 a draw, -1 a loss; `None` for an estimate.
    pub result: Option<i8>,
    /// Musashi, the Children winning: plies until they trap the Parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// Dots: side 0's final box margin (boxes already claimed included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<f32>,
}

/// A move after which the proven result changed hands.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TurningView {
    /// The move's number from 1 (`plies[ply - 1]` is the position before it).
    pub ply: u32,
    /// The move played.
    pub played: String,
    /// A move that kept the result, when one was found.
    pub best: Option<String>,
}

/// A reviewed game: the value after every number of moves, 0 to all.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    pub plies: Vec<ValueView>,
    pub turning: Vec<TurningView>,
    /// CPU time the review took, in milliseconds.
    pub busy_ms: u64,
}

/// Who played a seat in a finished game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    /// `None` for the CPU opponent.
    pub player_id: Option<String>,
    /// Four letters that tell players of one name apart (`None` for the CPU).
    pub tag: Option<String>,
    pub name: String,
    pub cpu: Option<CpuLevel>,
}

/// How a finished game ended, by seat.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
pub struct EndView {
    /// The winning seat; `None`: a draw.
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

/// A finished game with everything its replay page shows: `GET /api/games/CODE/N`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameRecordView {
    pub code: String,
    pub game_no: u32,
    pub game: GameKind,
    pub options: AnyOptions,
    pub ranked: bool,
    /// The side each seat played.
    #[schemars(inner(range(max = 1)))]
    pub sides: [Side; 2],
    /// Who sat in seats 0 and 1.
    pub players: [PlayerView; 2],
    pub result: EndView,
    pub ratings: Vec<RatingChange>,
    pub moves: Vec<String>,
    /// Who made each move.
    pub by: Vec<MoveSource>,
    pub started_at: i64,
    pub ended_at: i64,
    /// The stored review; `None` until one is made (see `review_state`).
    pub review: Option<ReviewView>,
    /// Where the review stands, so that a client knows whether to wait, work it out itself,
    /// or give up for now.
    pub review_state: ReviewState,
}

/// Where a finished game's review stands, in `GET /api/games/CODE/N`. The server reviews a
/// game only when asked: a client that can work the review out itself (the page's engine)
/// asks with `?review=device` and is answered `device` while none is stored; a plain request
/// starts one, limited per address.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReviewState {
    /// Made: `review` holds it (`null` only when the stored moves did not replay).
    Done,
    /// Being worked out on the server (asked by this request or an earlier one): ask again
    /// in a few seconds.
    Making,
    /// None stored and none started: the client asked `?review=device` and works it out.
    Device,
    /// None stored, and this address started as many reviews as it may for now
    /// (`docs/deploy.md`, limits): none started.
    RateLimited,
}

/// One line of a list of games (`GET /api/me/games`, `GET /api/players/ID/games`), from the
/// point of view of the player the list is about.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    pub code: String,
    pub game_no: u32,
    pub game: GameKind,
    pub options: AnyOptions,
    pub ranked: bool,
    /// The player's seat in that game, and the side it played.
    pub seat: Seat,
    #[schemars(range(max = 1))]
    pub side: Side,
    pub opponent: PlayerView,
    pub result: EndView,
    pub plies: u32,
    pub ended_at: i64,
}

/// A player's public page: `GET /api/players/ID/games`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerGames {
    pub player: PlayerView,
    pub games: Vec<GameSummary>,
}

/// `POST /api/analysis`: a position to value, reached from the start of `options` (or from a
/// set-up position) by `moves`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The game's rules as `POST /api/groups` takes them, `game` included; checked against
    /// the game's rules by the server (`bad-field`).
    pub options: serde_json::Value,
    /// Musashi: a position text to start from instead of the start position.
    #[serde(default)]
    pub position: Option<String>,
    /// Dots: lines already drawn (no box owners) to start from instead of the empty board.
    #[serde(default)]
    pub drawn: Option<Vec<u8>>,
    /// Dots with `drawn`: the side to move (default 0).
    #[serde(default)]
    #[schemars(range(max = 1))]
    pub turn: Option<Side>,
    /// Moves played from there.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A legal move and the value of the position it leads to.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveValue {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: ValueView,
}

/// The answer to `POST /api/analysis`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisView {
    /// The side to move (`None` when the game is over).
    #[schemars(range(max = 1))]
    pub turn: Option<Side>,
    pub value: ValueView,
    /// Every legal move, best for the side to move first.
    pub moves: Vec<MoveValue>,
}

/// `POST /api/records`: a text record read back (`docs/notation.md`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub options: AnyOptions,
    pub moves: Vec<String>,
    pub tags: Vec<(String, String)>,
}

/// `POST /api/musashi/values`: a Juroku Musashi game, every position of which the server
/// values from its tables.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KnownRequest {
    /// The game's rules, `game` included (only `musashi` is answered): checked by the server
    /// (`bad-field`).
    pub options: serde_json::Value,
    /// Its moves from the start, as text.
    pub moves: Vec<String>,
}

/// An exact value the server's tables give a position, and the table's move there (`None`
/// when the game is over).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnownValue {
    pub value: ValueView,
    pub best: Option<String>,
}

/// The answer to `POST /api/musashi/values`: one entry per position (after 0, 1, ..
/// moves), `None` where the server's tables do not tell (or it has none for those rules).
/// The page passes it to its engine's review as `known`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnownValues {
    pub values: Vec<Option<KnownValue>>,
}
