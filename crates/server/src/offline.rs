//! `POST /api/games/offline` (issue 36, part 6): a game the installed app played against the
//! CPU with no network, uploaded whole when the network returned (`docs/protocol.md`, "Games
//! played offline"). The server stays the referee: it replays every move through the rules,
//! as a table checks a live move ([`rules::AnyGame::play`]), and stores the game only when
//! every move is legal and the game is over (or the player resigned). It works out no CPU
//! move and no review: the CPU's moves came from the device, and a review is worked out where
//! it is asked for, as for any game.
//!
//! The stored game is unranked and between the player and the CPU, so a tampered upload can
//! change nothing but the player's own game against the CPU.

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use rules::{AnyGame, AnyOptions, GameKind, PlayError};
use serde::Deserialize;
use serde_json::Value;
use wire::http::OfflineStored;
use wire::{ErrorCode, MoveSource, Seat, Status};

use crate::api::authenticate;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::ids;
use crate::state::AppState;
use crate::store::{GameRow, GroupRow, MoveRow, OfflineGame};

/// The largest upload: a whole game's moves as text.
pub const MAX_UPLOAD: usize = 64 * 1024;
/// Uploads one player may make in an hour (each a replay and a transaction), counted in the
/// store so that the bound holds across a cluster's nodes.
pub const UPLOADS_PER_HOUR: u32 = 30;

pub fn routes() -> Router<AppState> {
    // The router's own bound (`crate::MAX_BODY`) is for small bodies; this one replaces it here.
    Router::new().route("/api/games/offline", post(upload).layer(DefaultBodyLimit::max(MAX_UPLOAD)))
}

/// The body. Fields it does not know are ignored, not refused: a page newer than this server
/// may send more, and a refused upload is one the page stops retrying.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Upload {
    id: String,
    game: String,
    #[serde(default)]
    options: Option<Value>,
    cpu: String,
    moves: Vec<String>,
    #[serde(default)]
    resigned: bool,
    started_at: i64,
    ended_at: i64,
}

/// Why an upload's moves do not make a finished game.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum Refused {
    /// The move at `ply` (0 = the first) is not one the rules allow there.
    #[error("move {ply} ({mv:?}): {error}")]
    Illegal { ply: usize, mv: String, error: PlayError },
    #[error("the moves do not end the game, and the player did not resign")]
    NotOver,
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> ApiError {
        let message = r.to_string();
        match r {
            Refused::Illegal { ply, .. } => {
                let ply = u32::try_from(ply).ok();
                ApiError::BadRequest(ErrorCode::IllegalMove { ply }, message)
            }
            Refused::NotOver => ApiError::BadRequest(ErrorCode::NotOver, message),
        }
    }
}

/// Plays `moves` from the start under `options`, each for the side to move, through the same
/// rules call a table makes for a live move; then the player (who plays `player_side`)
/// resigns if `resigned` and the rules have not ended the game already (a resignation
/// after the end changes nothing: the rules' result stands).
pub fn replay(options: AnyOptions, moves: &[String], resigned: bool, player_side: u8) -> Result<AnyGame, Refused> {
    let mut game = AnyGame::new(options);
    for (ply, mv) in moves.iter().enumerate() {
        game.play_exact(game.turn(), mv).map_err(|error| Refused::Illegal { ply, mv: mv.clone(), error })?;
    }
    if game.outcome().is_none() {
        if !resigned {
            return Err(Refused::NotOver);
        }
        game.resign(player_side).map_err(|error| Refused::Illegal { ply: moves.len(), mv: String::new(), error })?;
    }
    Ok(game)
}

/// Whether `id` is a name the page may give an offline game: 16 to 40 of `[0-9A-Za-z-]`
/// (a `crypto.randomUUID()` fits).
fn good_id(id: &str) -> bool {
    (16..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(ErrorCode::BadField, message.into())
}

/// The answer for the stored group `code`, the first time (`201`) or again (`200`).
fn answer(status: StatusCode, code: &str) -> (StatusCode, Json<OfflineStored>) {
    (status, Json(OfflineStored { code: code.to_string(), n: 1, url: format!("/g/{code}/1") }))
}

async fn upload(State(state): State<AppState>, req: Request) -> Result<(StatusCode, Json<OfflineStored>), ApiError> {
    // The token first: a stranger's body is not read.
    let me = authenticate(&state, req.headers()).await?;
    let bytes = Bytes::from_request(req, &state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(format!("an offline game is at most {} KiB", MAX_UPLOAD / 1024))
        } else {
            ApiError::BadRequest(ErrorCode::BadJson, e.body_text())
        }
    })?;
    let b: Upload = crate::json_body::parse_object(&bytes)?;
    if !good_id(&b.id) {
        return Err(bad("id must be 16 to 40 letters, digits or '-'"));
    }
    let store = &state.ctx.store;
    // A retry of an upload that was stored (its answer lost) is answered again and costs no
    // allowance.
    if let Some(code) = store.offline_game(&me.id, &b.id).await? {
        return Ok(answer(StatusCode::OK, &code));
    }
    let now = now_ms();
    if store.take_hourly_tokens(&[(format!("offline:p:{}", me.id), UPLOADS_PER_HOUR)], now).await?.is_some() {
        return Err(ApiError::TooMany(
            ErrorCode::RateLimited,
            format!("at most {UPLOADS_PER_HOUR} offline games an hour per player: try again later"),
        ));
    }
    let kind: GameKind = b.game.parse().map_err(bad)?;
    let options = wire::group_options(kind, b.options.as_ref()).map_err(bad)?;
    let cpu: ai::Level = b.cpu.parse().map_err(bad)?;
    // As in the first game of a group made with `POST /api/groups {"cpu": LEVEL}`: the player
    // in seat 0 plays side 0, the CPU side 1.
    let sides = [0, 1];
    let (moves, resigned) = (b.moves, b.resigned);
    // A long game is a few thousand moves: off the async threads all the same.
    let game = tokio::task::spawn_blocking(move || replay(options, &moves, resigned, sides[0]))
        .await
        .map_err(|_| ApiError::RateLimited)??;
    let outcome = game.outcome().expect("replay ends the game");
    let seat_of = |side: u8| if side == sides[0] { Seat::First } else { Seat::Second };

    // The device's clock is not trusted: the times lie between the player's creation and now.
    let born = store.player_created_at(&me.id).await?.unwrap_or(now);
    let ended_at = b.ended_at.clamp(born, now.max(born));
    let started_at = b.started_at.clamp(born, ended_at);

    let code = ids::new_invite_code();
    let game_id = format!("{code}-1");
    let texts = game.moves();
    let movers = game.movers();
    let moves = texts
        .into_iter()
        .zip(movers)
        .enumerate()
        .map(|(ply, (mv, side))| {
            let player = seat_of(side) == Seat::First;
            MoveRow {
                ply,
                mv,
                side,
                by: if player { MoveSource::Player } else { MoveSource::Cpu },
                player_id: player.then(|| me.id.clone()),
                // The page sends no time per move.
                at: ended_at,
            }
        })
        .collect();
    let upload = OfflineGame {
        upload_id: b.id,
        group: GroupRow {
            code: code.clone(),
            game: kind,
            host_id: me.id.clone(),
            options,
            turn_limit: None,
            ranked: false,
            cpu: Some(cpu),
            created_at: started_at,
        },
        game: GameRow {
            id: game_id,
            group_code: code.clone(),
            game_no: 1,
            options,
            sides,
            ranked: false,
            turn_limit: None,
            status: Status::Over,
            winner: outcome.winner.map(seat_of),
            reason: Some(outcome.reason),
            clock_deadline: None,
            started_at,
            ended_at: Some(ended_at),
        },
        moves,
        uploaded_at: now,
    };
    match store.store_offline_game(&upload).await? {
        None => Ok(answer(StatusCode::CREATED, &code)),
        Some(first) => Ok(answer(StatusCode::OK, &first)),
    }
}
