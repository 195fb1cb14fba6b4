//! Continue on another device (issue 35, part 4): a one-time link, with its QR code, that moves
//! this device's player (games, seats, ratings) to another browser. It is a move, not a share:
//! the claim gives the new browser a new device token and the old token stops working; every
//! socket of the player, on every node, is closed with [`MOVED_CLOSE`] (`docs/protocol.md`,
//! "Continue on another device"; what it protects against: `docs/deploy.md`).
//!
//! The code is 256 random bits kept only as its SHA-256, valid for [`TransferConfig::ttl`]
//! and one claim; a player has one at a time (a new one replaces it).

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use site::i18n::Lang;
use tokio::sync::broadcast;
use wire::ErrorCode;
use wire::http::{NewToken, PlayerName, TransferLink};

use crate::api::{ClientIp, authenticate};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::ids;
use crate::ratelimit::PerKey;
use crate::state::AppState;

/// The close code of a socket whose player moved to another device; its reason is
/// `"moved"`. The page forgets its token and starts as a new guest.
pub const MOVED_CLOSE: u16 = 4003;

/// The NATS subject on which a node says that a player moved: every node closes that
/// player's sockets.
const MOVED_SUBJECT: &str = "qdan.players.moved";

/// How long a code lives and how fast one may be made or claimed.
#[derive(Clone, Debug)]
pub struct TransferConfig {
    /// How long a link works (10 minutes; tests shorten it).
    pub ttl: Duration,
    /// New links per minute per address (`0`: no limit).
    pub per_ip: u32,
    /// New links per minute per player (`0`: no limit).
    pub per_player: u32,
    /// Looks and claims per minute per address, good codes or not (`0`: no limit).
    pub claims_per_ip: u32,
}

impl Default for TransferConfig {
    fn default() -> TransferConfig {
        TransferConfig { ttl: Duration::from_secs(600), per_ip: 10, per_player: 5, claims_per_ip: 20 }
    }
}

/// This node's transfer limits and the news of players who moved, for its sockets.
#[derive(Debug)]
pub struct Transfers {
    per_ip: Option<PerKey>,
    per_player: Option<PerKey<String>>,
    claims: Option<PerKey>,
    moved: broadcast::Sender<Arc<str>>,
}

/// A minute's allowance at once, then refilled evenly over the minute (`None` for `0`).
fn per_minute<K: Eq + std::hash::Hash>(n: u32) -> Option<PerKey<K>> {
    (n > 0).then(|| PerKey::new(f64::from(n) / 60.0, f64::from(n)))
}

impl Transfers {
    pub fn new(c: &TransferConfig) -> Transfers {
        Transfers {
            per_ip: per_minute(c.per_ip),
            per_player: per_minute(c.per_player),
            claims: per_minute(c.claims_per_ip),
            moved: broadcast::channel(256).0,
        }
    }

    /// The players who move from now on, by id.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.moved.subscribe()
    }

    /// Tells this node's sockets that `player` moved.
    fn moved_here(&self, player: &str) {
        let _ = self.moved.send(Arc::from(player));
    }
}

/// Waits until `player` moves. A receiver that fell behind (more than 256 moves at once)
/// cannot tell whether its player was among them, so it counts as moved: the socket closes
/// and a page whose token still works reconnects.
pub async fn until_moved(rx: &mut broadcast::Receiver<Arc<str>>, player: &str) {
    loop {
        match rx.recv().await {
            Ok(id) if &*id == player => return,
            Ok(_) => {}
            Err(broadcast::error::RecvError::Lagged(_)) => return,
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}

/// Relays other nodes' moves to this node's sockets (a node hears its own too: harmless).
pub fn listen(state: &AppState) {
    let Some(cluster) = state.ctx.cluster.clone() else { return };
    let transfers = state.transfers.clone();
    tokio::spawn(async move {
        use futures_util::StreamExt;
        match cluster.client().subscribe(MOVED_SUBJECT).await {
            Ok(mut sub) => {
                while let Some(m) = sub.next().await {
                    if let Ok(id) = std::str::from_utf8(&m.payload) {
                        transfers.moved_here(id);
                    }
                }
            }
            Err(e) => tracing::warn!("transfers: subscribing to other nodes' moves: {e}"),
        }
    });
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/transfer", post(create))
        .route("/api/transfer/{code}", get(look))
        .route("/api/transfer/{code}/claim", post(claim))
        .route("/t/{code}", get(link))
        .route("/{lang}/t/{code}", get(link_in))
}

fn limited(limit: Option<&PerKey>, ip: Option<&Extension<ClientIp>>, what: &str) -> Result<(), ApiError> {
    match (limit, ip) {
        (Some(l), Some(Extension(ClientIp(ip)))) if !l.allow(*ip) => {
            Err(ApiError::TooMany(ErrorCode::RateLimited, format!("too many {what} from one address; wait a minute")))
        }
        _ => Ok(()),
    }
}

#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    /// The locale of the link's page (the site's default when absent).
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/transfer`: a new link for the bearer's player, replacing the one it had.
async fn create(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    req: axum::extract::Request,
) -> Result<Response, ApiError> {
    let p = authenticate(&state, req.headers()).await?;
    let req_token = crate::api::bearer(req.headers()).map(str::to_string);
    let b: CreateBody = crate::api::body_after_auth(&state, req).await?;
    let lang = match b.lang.as_deref() {
        None => Lang::En,
        Some(l) => Lang::from_code(l)
            .ok_or_else(|| ApiError::BadRequest(ErrorCode::BadField, "lang: unknown locale".into()))?,
    };
    limited(state.transfers.per_ip.as_ref(), ip.as_ref(), "transfer links")?;
    if let Some(l) = state.transfers.per_player.as_ref()
        && !l.allow(p.id.clone())
    {
        return Err(ApiError::TooMany(
            ErrorCode::RateLimited,
            "too many transfer links for one player; wait a minute".into(),
        ));
    }
    let code = ids::new_token();
    let now = now_ms();
    let expires_at = now + state.ctx.config.transfer.ttl.as_millis() as i64;
    let token = req_token.ok_or(ApiError::Unauthorized)?;
    if !state.ctx.store.put_transfer(&p.id, &ids::hash_token(&token), &ids::hash_token(&code), now, expires_at).await? {
        // The player moved to another device after this request was authenticated.
        return Err(ApiError::Unauthorized);
    }
    let path = format!("/{}/t/{code}", lang.code());
    let url = format!("{}{path}", state.ctx.config.public_url.as_str());
    let qr = qr_svg(&url);
    let body = TransferLink { url, path, expires_at, qr };
    Ok((StatusCode::CREATED, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The QR code of `url` as an SVG document, dark modules on white (a phone's camera reads it
/// in a dark theme too).
fn qr_svg(url: &str) -> String {
    use qrcode::render::svg;
    // A URL of a few dozen bytes always fits a QR code (version 40 holds 2,953 bytes).
    let code = qrcode::QrCode::new(url.as_bytes()).expect("a short URL fits a QR code");
    code.render::<svg::Color>().min_dimensions(200, 200).quiet_zone(true).build()
}

/// A code as the client sent it: base64url of 32 bytes, else nothing to look up.
fn plausible(code: &str) -> bool {
    code.len() == 43 && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `GET /api/transfer/{code}`: whom a valid link would move (the confirmation page's question).
/// An unknown, used or expired code is `404 not-found`, here and when claimed. `no-store` as
/// every answer about a code: the browser's cache would keep this one under a URL that holds
/// the code, which still works if the visitor looked and did not claim.
async fn look(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    limited(state.transfers.claims.as_ref(), ip.as_ref(), "transfer look-ups")?;
    if !plausible(&code) {
        return Err(ApiError::NotFound);
    }
    let p = state.ctx.store.transfer_player(&ids::hash_token(&code), now_ms()).await?;
    let p = p.ok_or_else(|| ApiError::NotFound)?;
    let body = PlayerName { player_id: p.id, name: p.name };
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// `POST /api/transfer/{code}/claim`: moves the player to the caller, who gets a new token;
/// the old token stops working and the player's sockets on every node close.
async fn claim(
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    limited(state.transfers.claims.as_ref(), ip.as_ref(), "transfer claims")?;
    if !plausible(&code) {
        return Err(ApiError::NotFound);
    }
    let token = ids::new_token();
    let p = state.ctx.store.claim_transfer(&ids::hash_token(&code), now_ms(), &ids::hash_token(&token)).await?;
    let p = p.ok_or_else(|| ApiError::NotFound)?;
    state.transfers.moved_here(&p.id);
    if let Some(c) = state.ctx.cluster.as_ref()
        && let Err(e) = c.client().publish(MOVED_SUBJECT, p.id.clone().into_bytes().into()).await
    {
        tracing::warn!("transfers: telling other nodes that a player moved: {e}");
    }
    let body = NewToken { token, player_id: p.id, name: p.name };
    Ok((StatusCode::OK, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The page of a link: "My games", whose script reads the code from the fragment and asks
/// before it claims (a fragment is never sent again, so the code stays out of later logs
/// and `Referer` headers).
fn to_page(lang: Lang, code: &str) -> Response {
    let to = format!("/{}/my-games#transfer={code}", lang.code());
    let mut r = Redirect::to(&to).into_response();
    r.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    r.headers_mut().insert(header::REFERRER_POLICY, header::HeaderValue::from_static("no-referrer"));
    r
}

async fn link(Path(code): Path<String>, headers: HeaderMap) -> Response {
    if !plausible(&code) {
        return StatusCode::NOT_FOUND.into_response();
    }
    to_page(site::preferred_lang(&headers), &code)
}

async fn link_in(Path((lang, code)): Path<(String, String)>) -> Response {
    match Lang::from_code(&lang) {
        Some(l) if plausible(&code) => to_page(l, &code),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}
