//! The lobby's HTTP endpoints (`docs/protocol.md`, "The lobby"): open, withdraw and accept a
//! challenge; enter and leave a pool; block a player (`blocks`). What the lobby shows comes
//! over its socket.

use axum::extract::{Extension, Path, Request, State};
use axum::http::StatusCode;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;
use wire::ErrorCode;
use wire::http::{ChallengeMade, GroupLink, PoolEntered};

use super::pools;
use crate::api::{ClientIp, authenticate, body_after_auth, game_settings};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::ids;
use crate::state::AppState;
use crate::store::{ChallengeRow, GroupRow, Meeting, NewMatch};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/challenges", post(challenge_open))
        .route("/api/challenges/{id}", delete(challenge_cancel))
        .route("/api/challenges/{id}/accept", post(challenge_accept))
        .route("/api/pools/{key}", post(pool_enter))
        .route("/api/pools", delete(pool_leave))
        .merge(super::blocks::routes())
}

/// Takes one from the player's and the address's allowance of `what` (new challenges, pool
/// entries), kept in the store so that it holds across a cluster's nodes: `429 rate-limited`
/// naming the bound when either is used up (and then neither is taken).
async fn allow_lobby(
    state: &AppState,
    what: &str,
    player: &str,
    ip: Option<Extension<ClientIp>>,
    per_player: u32,
    per_ip: u32,
) -> Result<(), ApiError> {
    let mut buckets = Vec::new();
    let mut whose = Vec::new();
    if per_player > 0 {
        buckets.push((format!("{what}:p:{player}"), per_player));
        whose.push(format!("at most {per_player} new {what} a minute per player"));
    }
    if let (true, Some(Extension(ClientIp(ip)))) = (per_ip > 0, ip) {
        buckets.push((format!("{what}:ip:{ip}"), per_ip));
        whose.push(format!("at most {per_ip} new {what} a minute from one address"));
    }
    if buckets.is_empty() {
        return Ok(());
    }
    match state.ctx.store.take_tokens(&buckets, now_ms()).await? {
        None => Ok(()),
        Some(i) => Err(ApiError::TooMany(ErrorCode::RateLimited, format!("{}: wait a little", whose[i]))),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewChallenge {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    turn_limit: Option<u32>,
    #[serde(default)]
    ranked: bool,
}

/// The time after which a lobby row counts as its player's (they were seen since).
fn alive_after(state: &AppState) -> i64 {
    super::alive_after(&state.ctx.config, now_ms())
}

async fn challenge_open(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    req: Request,
) -> Result<(StatusCode, Json<ChallengeMade>), ApiError> {
    let player = authenticate(&state, req.headers()).await?;
    let b: NewChallenge = body_after_auth(&state, req).await?;
    let (game, options) = game_settings(&state, &b.game, b.options.as_ref(), b.turn_limit)?;
    let cfg = &state.ctx.config.lobby;
    allow_lobby(&state, "challenges", &player.id, ip, cfg.challenges_per_player_minute, cfg.challenges_per_ip).await?;
    let now = now_ms();
    let row = ChallengeRow {
        id: ids::new_invite_code(),
        game,
        player_id: player.id.clone(),
        name: player.name.clone(),
        rating: None,
        options,
        turn_limit: b.turn_limit,
        ranked: b.ranked,
        created_at: now,
    };
    let max = cfg.challenges_per_player;
    if !state.ctx.store.create_challenge(&row, now, alive_after(&state), max).await? {
        return Err(ApiError::TooMany(
            ErrorCode::TooManyChallenges { max },
            format!("at most {max} open challenges per player: withdraw one first"),
        ));
    }
    state.lobby.poke();
    Ok((StatusCode::CREATED, Json(ChallengeMade { id: row.id })))
}

async fn challenge_cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    req: Request,
) -> Result<StatusCode, ApiError> {
    let player = authenticate(&state, req.headers()).await?;
    if !state.ctx.store.cancel_challenge(&id, &player.id).await? {
        return Err(ApiError::NotFound);
    }
    state.lobby.poke();
    Ok(StatusCode::NO_CONTENT)
}

async fn challenge_accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    req: Request,
) -> Result<Json<GroupLink>, ApiError> {
    let player = authenticate(&state, req.headers()).await?;
    let store = &state.ctx.store;
    let gone = || ApiError::Conflict(ErrorCode::ChallengeGone, "that challenge was taken, withdrawn or left".into());
    let Some(c) = store.open_challenge(&id, alive_after(&state)).await? else { return Err(gone()) };
    if c.player_id == player.id {
        return Err(ApiError::BadRequest(ErrorCode::OwnChallenge, "that is your own challenge".into()));
    }
    let now = now_ms();
    // Who sits first is drawn, as on most sites when a challenge leaves the colour open.
    let seats = if rand::random::<bool>() {
        [c.player_id.clone(), player.id.clone()]
    } else {
        [player.id.clone(), c.player_id.clone()]
    };
    let code = ids::new_invite_code();
    let m = NewMatch {
        group: GroupRow {
            code: code.clone(),
            game: c.game,
            host_id: c.player_id.clone(),
            options: c.options,
            turn_limit: c.turn_limit,
            ranked: c.ranked,
            cpu: None,
            created_at: now,
        },
        seats,
        meeting: Meeting { meet_by: Some(now + state.ctx.config.lobby.meet_within.as_millis() as i64), pool: None },
    };
    if !store.accept_challenge(&id, &player.id, alive_after(&state), &m).await? {
        return Err(gone());
    }
    state.lobby.poke();
    Ok(Json(GroupLink::to(code)))
}

async fn pool_enter(
    State(state): State<AppState>,
    Path(key): Path<String>,
    ip: Option<Extension<ClientIp>>,
    req: Request,
) -> Result<Json<PoolEntered>, ApiError> {
    let player = authenticate(&state, req.headers()).await?;
    let pool = pools::pool(&state.ctx.config, &key).ok_or(ApiError::NotFound)?;
    let cfg = &state.ctx.config.lobby;
    allow_lobby(&state, "pool entries", &player.id, ip, cfg.pool_entries_per_player, cfg.pool_entries_per_ip).await?;
    let store = &state.ctx.store;
    let game = pool.options.kind();
    let rating = store.rating(&player.id, game.as_str()).await?.unwrap_or_else(crate::ratings::initial).rating;
    let now = now_ms();
    store.enter_pool(&player.id, &pool.key, rating, now, now).await?;
    state.lobby.poke();
    Ok(Json(PoolEntered { pool: pool.key }))
}

async fn pool_leave(State(state): State<AppState>, req: Request) -> Result<StatusCode, ApiError> {
    let player = authenticate(&state, req.headers()).await?;
    if !state.ctx.store.leave_pool(&player.id).await? {
        return Err(ApiError::NotFound);
    }
    state.lobby.poke();
    Ok(StatusCode::NO_CONTENT)
}
