//! The endpoints after the game (`docs/protocol.md`, "Replays, reviews and analysis"):
//!
//! - `GET /api/games/{code}/{n}`: game `n` of a group, finished, with its review once made
//!   (`?review=device`: the client works it out itself; otherwise the server starts one).
//! - `GET /api/games/{code}/{n}/record`: its text record (`docs/notation.md`), as a download.
//! - `GET /api/me/games`: the device's player's recent games (bearer token).
//! - `GET /api/players/{id}/games`: a player's ranked games, which are public.
//! - `POST /api/analysis`: the value of a position and of each of its legal moves.
//! - `POST /api/musashi/values`: the values this server's Musashi tables give every position
//!   of a game ([`super::known`]).
//! - `POST /api/records`: a text record read and checked.

use std::time::Duration;

use axum::Extension;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rules::record::Record;
use rules::{AnyOptions, Side};
use wire::review::{
    AnalysisRequest, AnalysisView, EndView, GameRecordView, GameSummary, KnownRequest, KnownValues, PlayerGames,
    PlayerView, RecordView,
};
use wire::{CpuLevel, ErrorCode, RatingChange, Seat};

use super::pace::SpareSlots;
use crate::api::{ClientIp, authenticate};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::state::AppState;
use crate::store::{GameRow, PlayedGame, PlayerRow, Sitters};
use crate::{ids, invite};

/// Games in a list.
const LIST: i64 = 50;
/// The longest record text read.
const MAX_RECORD: usize = 64 * 1024;
/// How long an analysis waits for a place. One analysis takes up to about 3 s (its search and
/// solve budgets), and the queue takes addresses in turn with at most two questions waiting
/// from each, so a visitor waits for the ones running and one per other waiting address.
const ANALYSIS_QUEUE: Duration = Duration::from_secs(10);

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{code}/{n}", get(game_get))
        .route("/api/games/{code}/{n}/record", get(record_get))
        .route("/api/me/games", get(my_games))
        .route("/api/players/{id}/games", get(player_games))
        .route("/api/analysis", post(analysis))
        .route("/api/musashi/values", post(musashi_values))
        // A longer body is refused while it is read: `record_read` answers what the bound is.
        .route("/api/records", post(record_read).layer(axum::extract::DefaultBodyLimit::max(MAX_RECORD)))
}

fn cpu_level(l: ai::Level) -> CpuLevel {
    match l {
        ai::Level::Beginner => CpuLevel::Beginner,
        ai::Level::Intermediate => CpuLevel::Intermediate,
        ai::Level::Expert => CpuLevel::Expert,
    }
}

fn level_name(l: CpuLevel) -> &'static str {
    match l {
        CpuLevel::Beginner => "beginner",
        CpuLevel::Intermediate => "intermediate",
        CpuLevel::Expert => "expert",
    }
}

fn person(p: &PlayerRow) -> PlayerView {
    PlayerView { player_id: Some(p.id.clone()), tag: Some(ids::player_tag(&p.id)), name: p.name.clone(), cpu: None }
}

/// Who sat in a seat: its player, else the CPU of a game against the CPU.
pub(crate) fn player_view(p: Option<&PlayerRow>, cpu: Option<ai::Level>) -> PlayerView {
    match p {
        Some(p) => person(p),
        None => PlayerView { player_id: None, tag: None, name: "CPU".into(), cpu: cpu.map(cpu_level) },
    }
}

fn end_of(g: &GameRow) -> Option<EndView> {
    Some(EndView { winner: g.winner, reason: g.reason? })
}

/// A finished game of a group the request names as people type codes.
async fn finished_game(state: &AppState, code: &str, n: &str) -> Result<GameRow, ApiError> {
    let no: u32 = n.parse().map_err(|_| ApiError::NotFound)?;
    let code = invite::resolve(state, code).await?.ok_or(ApiError::NotFound)?;
    let g = state.ctx.store.game_by_no(&code, no).await?.ok_or(ApiError::NotFound)?;
    // A game still being played has no replay yet (its table shows it live).
    if g.status != wire::Status::Over {
        return Err(ApiError::NotFound);
    }
    Ok(g)
}

/// `GET /api/games/{code}/{n}`'s query: `review=device` when the client reviews the game
/// itself.
#[derive(Debug, serde::Deserialize)]
struct GameQuery {
    review: Option<String>,
}

async fn game_get(
    State(state): State<AppState>,
    Path((code, n)): Path<(String, String)>,
    Query(q): Query<GameQuery>,
    ip: Option<Extension<ClientIp>>,
) -> Result<Json<GameRecordView>, ApiError> {
    let device = match q.review.as_deref() {
        None => false,
        Some("device") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(
                ErrorCode::BadField,
                format!("review={other}: only review=device is known"),
            ));
        }
    };
    let g = finished_game(&state, &code, &n).await?;
    let store = &state.ctx.store;
    let Sitters { players, cpu } = store.sitters(&g.group_code).await?;
    let moves = store.moves(&g.id).await?;
    let ratings = store
        .rating_changes(&g.id)
        .await?
        .into_iter()
        .map(|r| RatingChange { seat: r.seat, before: r.before.round() as i32, after: r.after.round() as i32 })
        .collect();
    let moves: Vec<_> = moves.into_iter().map(|m| (m.by, m.mv)).collect();
    let texts: Vec<String> = moves.iter().map(|(_, m)| m.clone()).collect();
    // Without a known address (a test server without connect info) everyone shares one key.
    let key = ip.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |Extension(ClientIp(ip))| ip);
    let (review_state, review) = super::asked(&state.ctx, &g, &texts, device, key).await?;
    Ok(Json(GameRecordView {
        code: g.group_code.clone(),
        game_no: g.game_no,
        game: g.options.kind(),
        options: g.options,
        ranked: g.ranked,
        sides: g.sides,
        players: [player_view(players[0].as_ref(), None), player_view(players[1].as_ref(), cpu)],
        result: end_of(&g).ok_or_else(|| crate::store::StoreError::Corrupt(format!("game {}: no end", g.id)))?,
        ratings,
        by: moves.iter().map(|(by, _)| *by).collect(),
        moves: texts,
        started_at: g.started_at,
        ended_at: g.ended_at.unwrap_or(g.started_at),
        review,
        review_state,
    }))
}

/// The record's tags: names by role, the result by role, the reason, the date, and the link:
/// the replay's absolute URL under `base` (the site's public URL, as canonical links are) in
/// `lang`, so that a record passed on leads back to its game.
fn record_tags(
    g: &GameRow,
    players: &[PlayerView; 2],
    base: &site::PublicUrl,
    lang: site::i18n::Lang,
) -> Vec<(String, String)> {
    let m = site::i18n::messages(lang);
    let seat_of_side = |side: Side| if g.sides[0] == side { 0 } else { 1 };
    // A record names the players by their sides: `[Parent "Ana"]`, `[Result "children"]`.
    let winner_names = g.options.sides();
    let capital = |s: &str| s[..1].to_uppercase() + &s[1..];
    let (role0, role1) = (capital(winner_names[0]), capital(winner_names[1]));
    let name = |seat: usize| {
        let p = &players[seat];
        match p.cpu {
            Some(l) => format!("CPU ({})", level_name(l)),
            // A default name in the language of whoever downloads the record.
            None => site::shown_name(m, &p.name),
        }
    };
    let mut tags = vec![(role0.to_string(), name(seat_of_side(0))), (role1.to_string(), name(seat_of_side(1)))];
    let result = match g.winner {
        Some(seat) => winner_names[g.sides[seat.index()] as usize].to_string(),
        None => "draw".to_string(),
    };
    tags.push(("Result".into(), result));
    if let Some(r) = g.reason {
        tags.push(("Reason".into(), r.as_str().into()));
    }
    if let Some(at) = g.ended_at {
        tags.push(("Date".into(), date(at)));
    }
    tags.push(("Link".into(), format!("{base}/{}/g/{}/{}", lang.code(), g.group_code, g.game_no)));
    tags
}

/// `YYYY-MM-DD` (UTC) of Unix milliseconds.
fn date(ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

async fn record_get(
    State(state): State<AppState>,
    Path((code, n)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let g = finished_game(&state, &code, &n).await?;
    let store = &state.ctx.store;
    let Sitters { players, cpu } = store.sitters(&g.group_code).await?;
    let players = [player_view(players[0].as_ref(), None), player_view(players[1].as_ref(), cpu)];
    let moves: Vec<String> = store.moves(&g.id).await?.into_iter().map(|m| m.mv).collect();
    let lang = site::preferred_lang(&headers);
    let tags = record_tags(&g, &players, &state.ctx.config.public_url, lang);
    let record = Record::new(g.options, &moves, tags)
        .map_err(|e| crate::store::StoreError::Corrupt(format!("game {}: {e}", g.id)))?;
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    let file =
        format!("attachment; filename=\"qdan-{}-{}-{}.txt\"", g.options.kind().as_str(), g.group_code, g.game_no);
    if let Ok(v) = HeaderValue::from_str(&file) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok((StatusCode::OK, h, record.to_string()).into_response())
}

fn summary(p: PlayedGame) -> Option<GameSummary> {
    let g = p.game;
    let opponent = player_view(p.opponent.as_ref(), if p.seat == Seat::First { p.cpu } else { None });
    Some(GameSummary {
        code: g.group_code.clone(),
        game_no: g.game_no,
        game: g.options.kind(),
        options: g.options,
        ranked: g.ranked,
        seat: p.seat,
        side: g.sides[p.seat.index()],
        opponent,
        result: end_of(&g)?,
        plies: p.plies,
        ended_at: g.ended_at.unwrap_or(g.started_at),
    })
}

async fn my_games(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let me = authenticate(&state, &headers).await?;
    let games = state.ctx.store.player_games(&me.id, false, LIST).await?;
    Ok(Json(games.into_iter().filter_map(summary).collect()))
}

async fn player_games(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<PlayerGames>, ApiError> {
    if id.len() > 64 {
        return Err(ApiError::NotFound);
    }
    let p = state.ctx.store.player(&id).await?.ok_or(ApiError::NotFound)?;
    // Only ranked games are public: they are what the leaderboard shows.
    let games = state.ctx.store.player_games(&p.id, true, LIST).await?;
    Ok(Json(PlayerGames { player: person(&p), games: games.into_iter().filter_map(summary).collect() }))
}

async fn analysis(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    JsonBody(req): JsonBody<AnalysisRequest>,
) -> Result<Json<AnalysisView>, ApiError> {
    if req.moves.len() > 1000 || req.drawn.as_ref().is_some_and(|d| d.len() > 64) {
        return Err(ApiError::BadRequest(ErrorCode::BadField, "too many moves".into()));
    }
    // Without a known address (a test server without connect info) everyone shares one key.
    let key = ip.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |Extension(ClientIp(ip))| ip);
    let permit = tokio::time::timeout(ANALYSIS_QUEUE, state.ctx.analyses.queue.acquire(key))
        .await
        .map_err(|_| ApiError::TooMany(ErrorCode::RateLimited, "the analysis board is busy; try again".into()))?
        .map_err(|e| ApiError::TooMany(ErrorCode::RateLimited, format!("{e}; wait for their answers")))?;
    if let Ok(o) = serde_json::from_value::<AnyOptions>(req.options.clone()) {
        super::values::want_tables(&o);
    }
    let mut pace = SpareSlots::new(state.ctx.cpu_slots.clone(), state.ctx.cpu_total);
    // The page's engine runs the same code on a work budget; here it runs on the server's
    // spare CPU time.
    let out = tokio::task::spawn_blocking(move || {
        qdan_engine::analysis::analyse(&req, &super::ANALYSIS, &mut ai::review::Busy::new(&mut pace))
    })
    .await
    .map_err(|_| ApiError::RateLimited)?;
    drop(permit);
    out.map(Json).map_err(|e| ApiError::BadRequest(ErrorCode::BadField, e.0))
}

async fn musashi_values(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    JsonBody(req): JsonBody<KnownRequest>,
) -> Result<Json<KnownValues>, ApiError> {
    // Without a known address (a test server without connect info) everyone shares one key.
    let key = ip.map_or(std::net::IpAddr::from([0, 0, 0, 0]), |Extension(ClientIp(ip))| ip);
    let known = state.musashi_values.clone();
    if !known.allow(key) {
        let n = state.ctx.config.musashi_values_per_ip_minute;
        return Err(ApiError::TooMany(ErrorCode::RateLimited, format!("at most {n} a minute from one address")));
    }
    // Lookups may read table files from disk: off the async threads.
    let out = tokio::task::spawn_blocking(move || known.values(&req.options, &req.moves))
        .await
        .map_err(|_| ApiError::RateLimited)?;
    out.map(Json).map_err(|e| {
        let code = match e {
            super::known::KnownError::Illegal { .. } => ErrorCode::BadMove,
            _ => ErrorCode::BadField,
        };
        ApiError::BadRequest(code, e.to_string())
    })
}

async fn record_read(State(state): State<AppState>, req: Request) -> Result<Json<RecordView>, ApiError> {
    // Over the bound is `413 too-large` with the bound in its message, however far over (the
    // body limit refuses it while reading), as an offline upload's is.
    let too_large = || ApiError::TooLarge(format!("a record is at most {} KiB", MAX_RECORD / 1024));
    let text = String::from_request(req, &state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::BadRequest(ErrorCode::BadField, e.body_text())
        }
    })?;
    if text.len() > MAX_RECORD {
        return Err(too_large());
    }
    let r: Record = text.parse().map_err(|e: rules::record::RecordError| {
        let code = if e.move_number().is_some() { ErrorCode::BadMove } else { ErrorCode::BadField };
        ApiError::BadRequest(code, e.to_string())
    })?;
    Ok(Json(RecordView { options: r.options, moves: r.moves, tags: r.tags }))
}
