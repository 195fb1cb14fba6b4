//! Blocking a player (`docs/protocol.md`, "Blocking a player"): `POST /api/blocks`,
//! `DELETE /api/blocks/ID`, `GET /api/blocks`. The lobby keeps two players apart when either
//! blocked the other: no pairing between them, and neither sees nor accepts the other's
//! challenges (`Store::pool_wave`, `Store::accept_challenge`, `Lobby::refresh`).

use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get};
use axum::{Json, Router};
use serde::Deserialize;
use wire::ErrorCode;
use wire::http::{BlockRow, BlockedPlayer};

use crate::api::{authenticate, body_after_auth};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::ids::player_tag;
use crate::state::AppState;
use crate::store::Blocked;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/blocks", get(blocks_list).post(block)).route("/api/blocks/{id}", delete(unblock))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewBlock {
    player_id: String,
}

async fn block(State(state): State<AppState>, req: Request) -> Result<(StatusCode, Json<BlockedPlayer>), ApiError> {
    let me = authenticate(&state, req.headers()).await?;
    let b: NewBlock = body_after_auth(&state, req).await?;
    if b.player_id == me.id {
        return Err(ApiError::BadRequest(ErrorCode::BadField, "you cannot block yourself".into()));
    }
    let store = &state.ctx.store;
    let other = store.player(&b.player_id).await?.ok_or(ApiError::NotFound)?;
    let max = state.ctx.config.lobby.blocks_per_player;
    let status = match store.block(&me.id, &other.id, now_ms(), max).await? {
        Blocked::Added => StatusCode::CREATED,
        Blocked::Already => StatusCode::OK,
        Blocked::Full => {
            return Err(ApiError::BadRequest(
                ErrorCode::BadField,
                format!("at most {max} blocked players: unblock one first"),
            ));
        }
    };
    // Their challenges leave this player's lobby (and the other way) at once.
    state.lobby.poke();
    Ok((status, Json(BlockedPlayer { tag: player_tag(&other.id), player_id: other.id, name: other.name })))
}

async fn unblock(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let me = authenticate(&state, &headers).await?;
    if !state.ctx.store.unblock(&me.id, &id).await? {
        return Err(ApiError::NotFound);
    }
    state.lobby.poke();
    Ok(StatusCode::NO_CONTENT)
}

async fn blocks_list(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Vec<BlockRow>>, ApiError> {
    let me = authenticate(&state, &headers).await?;
    let rows = state.ctx.store.blocks_of(&me.id).await?;
    let list = rows
        .into_iter()
        .map(|r| BlockRow {
            tag: player_tag(&r.player_id),
            player_id: r.player_id,
            name: r.name,
            blocked_at: r.created_at,
        })
        .collect();
    Ok(Json(list))
}
