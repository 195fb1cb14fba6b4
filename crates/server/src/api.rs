//! The JSON HTTP endpoints: identity, groups, options, leaderboard (`docs/protocol.md`).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Extension, FromRequest, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::GameKind;
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::json_body::JsonBody;
use wire::ErrorCode;
use wire::http::{GameOptions, GroupLink, LeaderboardRow, NewToken, NodeStats, PlayerName};

use crate::clock::now_ms;
use crate::state::AppState;
use crate::store::{GroupRow, PlayerRow};
use crate::{ids, ratelimit};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players", post(players_create))
        .route("/api/me", get(me_get).patch(me_patch))
        .route("/api/groups", post(groups_create))
        .route("/api/groups/{code}", get(groups_get))
        .route("/api/options/{game}", get(options_get))
        .route("/api/leaderboard/{game}", get(leaderboard_get))
        .route("/api/stats", get(stats_get))
}

/// The client's address as the per-IP limits count it (an IPv6 address as its /64,
/// `client_ip::limit_key`), for the handlers' own limits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientIp(pub IpAddr);

/// Paths outside the per-address limit: the balancer's health check, and files that cost no
/// store work and that browsers cache (scripts, styles, images, message catalogues, the
/// favicon, robots.txt and the service worker, which browsers fetch again at every navigation).
/// A page with all its files counts as the page and its API calls.
fn unlimited(path: &str) -> bool {
    path == "/health"
        || path.starts_with("/static/")
        || path.starts_with("/l10n/")
        || path == "/favicon.ico"
        || path == "/robots.txt"
        || path == "/sw.js"
}

/// Refuses a request when its IP address has used up its share (pages, HTTP API, invite-code
/// look-ups and socket opens). Behind a trusted reverse proxy the address comes from its
/// forwarding header (`client_ip`).
pub(crate) async fn limit_per_ip(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if unlimited(req.uri().path()) {
        return next.run(req).await;
    }
    let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let client = peer.map(|peer| state.ctx.config.trusted_proxies.client_ip(peer, req.headers()));
    // Every limit per address counts an IPv6 client by its /64.
    if let Some(ip) = client.map(crate::client_ip::limit_key) {
        // `--http-rate 0` turns the bound off, as 0 does for every count (docs/deploy.md).
        if state.ctx.config.http_rate > 0.0 && !state.http_limit.allow(ip) {
            return ApiError::RateLimited.into_response();
        }
        req.extensions_mut().insert(ClientIp(ip));
    }
    next.run(req).await
}

/// Takes one from the address's allowance of new players or groups (issue 19).
pub(crate) fn allow_new(
    limit: Option<&ratelimit::PerKey>,
    ip: Option<Extension<ClientIp>>,
    per_minute: u32,
    what: &str,
) -> Result<(), ApiError> {
    match (limit, ip) {
        (Some(l), Some(Extension(ClientIp(ip)))) if !l.allow(ip) => Err(ApiError::TooMany(
            ErrorCode::RateLimited,
            format!("at most {per_minute} new {what} a minute from one address"),
        )),
        _ => Ok(()),
    }
}

/// The player whose device token is in the `Authorization: Bearer` header.
pub(crate) async fn authenticate(state: &AppState, headers: &HeaderMap) -> Result<PlayerRow, ApiError> {
    let token = bearer(headers).ok_or(ApiError::Unauthorized)?;
    player_for_token(state, token).await?.ok_or(ApiError::Unauthorized)
}

/// The device token of an `Authorization: Bearer` header.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "))
}

pub(crate) async fn player_for_token(state: &AppState, token: &str) -> Result<Option<PlayerRow>, ApiError> {
    if token.is_empty() || token.len() > 128 {
        return Ok(None);
    }
    Ok(state.ctx.store.player_by_token_hash(&ids::hash_token(token)).await?)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NameBody {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewPlayer {
    #[serde(default)]
    name: Option<String>,
    /// The page's locale. Read and let be: a default name is shown in each viewer's own
    /// language (`wire::names`), so the creator's does not matter any more.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

/// A name for a player who has not chosen one: a number that each page shows in its own
/// language, "Player 4821", "Игрок 4821" (`wire::names`).
fn default_name() -> String {
    wire::names::default_name(1000 + rand::random::<u16>() % 9000)
}

async fn players_create(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    JsonBody(b): JsonBody<NewPlayer>,
) -> Result<(StatusCode, [(header::HeaderName, &'static str); 1], Json<NewToken>), ApiError> {
    let name = match b.name {
        Some(n) => ids::clean_name(&n)
            .ok_or_else(|| ApiError::BadRequest(ErrorCode::BadField, crate::ids::NAME_RULE.into()))?,
        None => default_name(),
    };
    // Only a player about to be made counts against the address (as a group does): a refused
    // name takes nothing, so a person retrying a name the rules refuse is not locked out.
    allow_new(state.new_players.as_deref(), ip, state.ctx.config.new_players_per_ip, "players")?;
    let (token, id) = (ids::new_token(), ids::new_player_id());
    state.ctx.store.create_player(&id, &ids::hash_token(&token), &name, now_ms()).await?;
    // The one answer that carries a device token: no cache (a shared proxy, the browser's
    // back-forward cache) may keep it.
    let no_store = [(header::CACHE_CONTROL, "no-store")];
    Ok((StatusCode::CREATED, no_store, Json(NewToken { token, player_id: id, name })))
}

async fn me_get(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<PlayerName>, ApiError> {
    let p = authenticate(&state, &headers).await?;
    Ok(Json(PlayerName { player_id: p.id, name: p.name }))
}

/// The JSON body of `req`, read only now: a handler that needs a device token checks it
/// first, so a stranger's body (up to `MAX_BODY` of keys) is neither read nor parsed.
pub(crate) async fn body_after_auth<T: serde::de::DeserializeOwned>(
    state: &AppState,
    req: Request,
) -> Result<T, ApiError> {
    JsonBody::<T>::from_request(req, state).await.map(|JsonBody(t)| t)
}

async fn me_patch(State(state): State<AppState>, req: Request) -> Result<Json<PlayerName>, ApiError> {
    let p = authenticate(&state, req.headers()).await?;
    let b: NameBody = body_after_auth(&state, req).await?;
    let name = b
        .name
        .as_deref()
        .and_then(ids::clean_name)
        .ok_or_else(|| ApiError::BadRequest(ErrorCode::BadField, crate::ids::NAME_RULE.into()))?;
    state.ctx.store.rename(&p.id, &name).await?;
    Ok(Json(PlayerName { player_id: p.id, name }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CreateGroup {
    game: String,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    turn_limit: Option<u32>,
    #[serde(default)]
    ranked: bool,
    #[serde(default)]
    cpu: Option<String>,
    /// The CPU opponent is played on the creator's device (issue 36): the page sends its moves.
    #[serde(default)]
    cpu_on_device: bool,
    /// A CPU game while waiting in a quick-pairing pool (issue 35): the pool place is kept,
    /// and a pairing ends this game.
    #[serde(default)]
    keep_pool: bool,
}

/// The one place a game's settings from a client are checked (groups and lobby challenges):
/// the game, its options (the site defaults for those not given) and the turn limit.
pub(crate) fn game_settings(
    state: &AppState,
    game: &str,
    options: Option<&Value>,
    turn_limit: Option<u32>,
) -> Result<(GameKind, rules::AnyOptions), ApiError> {
    let kind: GameKind = game.parse().map_err(|e| ApiError::BadRequest(ErrorCode::BadField, e))?;
    let options = wire::group_options(kind, options).map_err(|e| ApiError::BadRequest(ErrorCode::BadField, e))?;
    let limits = &state.ctx.config.turn_limits;
    if !limits.contains(&turn_limit) {
        return Err(ApiError::BadRequest(ErrorCode::BadField, crate::config::turn_limit_rule(limits)));
    }
    Ok((kind, options))
}

async fn groups_create(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    req: Request,
) -> Result<(StatusCode, Json<GroupLink>), ApiError> {
    let host = authenticate(&state, req.headers()).await?;
    let b: CreateGroup = body_after_auth(&state, req).await?;
    let (kind, options) = game_settings(&state, &b.game, b.options.as_ref(), b.turn_limit)?;
    let cpu = match b.cpu.as_deref() {
        None => None,
        Some(l) => Some(l.parse::<ai::Level>().map_err(|e| ApiError::BadRequest(ErrorCode::BadField, e))?),
    };
    if b.ranked && cpu.is_some() {
        return Err(ApiError::BadRequest(ErrorCode::BadField, "games against the CPU are not ranked".into()));
    }
    if b.cpu_on_device && cpu.is_none() {
        return Err(ApiError::BadRequest(ErrorCode::BadField, "cpuOnDevice needs a cpu level".into()));
    }
    if b.keep_pool && cpu.is_none() {
        return Err(ApiError::BadRequest(ErrorCode::BadField, "keepPool needs a cpu level".into()));
    }
    // Bounds of issue 19: what one player holds unplayed, and how fast one address opens groups.
    let max = state.ctx.config.open_groups_per_player;
    let too_many = || {
        ApiError::TooMany(
            ErrorCode::TooManyGroups { max },
            format!("at most {max} groups waiting to be played per player: play one, or wait for them to expire"),
        )
    };
    if max > 0 && state.ctx.store.unplayed_groups_of(&host.id).await? >= i64::from(max) {
        return Err(too_many());
    }
    allow_new(state.new_groups.as_deref(), ip, state.ctx.config.new_groups_per_ip, "groups")?;
    let code = ids::new_invite_code();
    let row = GroupRow {
        code: code.clone(),
        game: kind,
        host_id: host.id.clone(),
        options,
        turn_limit: b.turn_limit,
        ranked: b.ranked,
        cpu,
        created_at: now_ms(),
    };
    // Counted again with the insert: the check above lets a burst of requests through.
    if !state.ctx.store.create_group_within(&row, max).await? {
        return Err(too_many());
    }
    if b.cpu_on_device {
        state.ctx.store.set_cpu_on_device(&code).await?;
    }
    // A player who starts a game here leaves the lobby (their challenges and pool place go),
    // unless they play the CPU while they wait in a pool and keep their place.
    if b.keep_pool {
        state.ctx.store.keep_pool_for_cpu(&host.id, &code).await?;
    } else {
        state.ctx.store.leave_lobby(&host.id).await?;
    }
    state.lobby.poke();
    // The creator takes the first seat: Parent / first mover in the first game.
    state.ctx.store.add_seat(&code, 0, &host.id, None).await?;
    Ok((StatusCode::CREATED, Json(GroupLink::to(code))))
}

async fn groups_get(State(state): State<AppState>, Path(code): Path<String>) -> Result<Json<Value>, ApiError> {
    let handle = state.tables.get(&code).await?.ok_or(ApiError::NotFound)?;
    let snap = handle.snapshot().await.map_err(|_| ApiError::NotFound)?;
    let v: Value = serde_json::from_str(&snap).expect("our own JSON");
    Ok(Json(v["table"].clone()))
}

async fn options_get(State(state): State<AppState>, Path(game): Path<String>) -> Result<Json<GameOptions>, ApiError> {
    let kind: GameKind = game.parse().map_err(|_| ApiError::NotFound)?;
    Ok(Json(GameOptions { options: wire::option_specs(kind), turn_limits: state.ctx.config.turn_limits.clone() }))
}

/// This node's work counters since it started (issue 36): the CPU moves, the hints and the
/// reviews it worked out.
async fn stats_get(State(state): State<AppState>) -> Json<NodeStats> {
    use std::sync::atomic::Ordering::Relaxed;
    let cpu_moves = state.ctx.cpu_moves.load(Relaxed);
    let hints = state.ctx.hints_worked.load(Relaxed);
    let reviews = state.ctx.reviews.made.load(Relaxed);
    Json(NodeStats { cpu_moves, hints, reviews })
}

/// The best 100 of a game. Each row carries the player's tag (`ids::player_tag`), so two
/// players of the same name can be told apart.
async fn leaderboard_get(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> Result<Json<Vec<LeaderboardRow>>, ApiError> {
    let kind: GameKind = game.parse().map_err(|_| ApiError::NotFound)?;
    let rows = state.ctx.store.leaderboard(kind.as_str(), 100).await?;
    let rows = rows
        .into_iter()
        .map(|r| LeaderboardRow {
            tag: ids::player_tag(&r.player_id),
            player_id: r.player_id,
            name: r.name,
            rating: r.rating,
            deviation: r.deviation,
            games: u32::try_from(r.games).unwrap_or(u32::MAX),
        })
        .collect();
    Ok(Json(rows))
}
