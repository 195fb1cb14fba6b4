//! This crate provides qdan's game server: HTTP endpoints for identity and groups, one
//! WebSocket per open group page, one actor task per live table, and the store (SQLite by
//! default, PostgreSQL by URL). See `docs/protocol.md` for the wire protocol and
//! `docs/architecture.md` for how a move travels.
//!
//! Endpoints: `POST /api/players`, `GET|PATCH /api/me`, `POST /api/groups`,
//! `GET /api/groups/{code}`, `GET /api/options/{game}`, `GET /api/leaderboard/{game}`,
//! `GET /api/lesson/{game}`, `POST /api/lesson/{game}/{step}`, `GET /ws/{code}`,
//! `GET /api/me/playing` (the unfinished games, `playing.rs`), `POST /api/transfer` and its
//! claim (continue on another device, [`transfer`]), `POST /api/games/offline` (a game played
//! offline, uploaded: [`offline`]), the replays,
//! lists of games and analysis of [`review::api`], and the pages of the `site` crate.
//! Invite codes in any of these paths are read as people type them ([`invite`]).

mod api;
pub mod client_ip;
mod clock;
pub mod cluster;
mod cluster_health;
mod cluster_work;
mod config;
mod ctx;
mod error;
pub mod fd_limit;
mod http_errors;
pub mod ids;
pub mod invite;
pub(crate) mod json_body;
pub mod lesson;
pub mod limits;
pub mod listen;
pub mod lobby;
pub mod node_metrics;
pub mod offline;
mod origin;
mod pages;
mod playing;
mod ratelimit;
pub mod ratings;
mod registry;
pub mod review;
mod state;
pub mod store;
pub mod table;
pub mod transfer;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, header};
use tower::ServiceBuilder;
use tower_http::set_header::SetResponseHeaderLayer;

pub use clock::now_ms;
pub use config::Config;
pub use ctx::Ctx;
pub use error::ApiError;
pub use listen::no_delay;
pub use registry::Registry;
pub use site::PublicUrl;
pub use state::AppState;
pub use store::Store;

/// The largest JSON body a request may have. Real ones are under 1 KiB; a game record read
/// from text (`POST /api/records`) has its own, larger bound.
pub const MAX_BODY: usize = 16 * 1024;

/// The browser features the site does not use, turned off for it and anything it embeds
/// (`docs/deploy.md`, "Security headers"). Copying an invite link (clipboard write) and the
/// share sheet (`web-share`) are used and keep their default, this origin only; so does
/// `autoplay`, which also governs the Web Audio of the move sounds. Only features browsers
/// know: Chromium logs an error on every page for one it does not (`ambient-light-sensor` did).
pub const PERMISSIONS_POLICY: &str = "accelerometer=(), \
camera=(), display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), hid=(), \
idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), \
screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()";

/// The whole site: API, WebSocket and pages, with security headers on every answer.
pub fn app(state: AppState) -> Router {
    let csp = HeaderValue::from_static(site::content_security_policy());
    let backend = Arc::new(pages::StoreBackend::new(state.ctx.store.clone()));
    let site_pages = site::router(state.ctx.config.site_settings(), backend);
    // HSTS only where the site is public over HTTPS: over plain HTTP browsers ignore it, and a
    // local or test server must not pin its host to HTTPS. Two years, as the preload list asks.
    let hsts = state.ctx.config.public_url.as_str().starts_with("https://").then(|| {
        SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000; includeSubDomains"),
        )
    });
    let routes = Router::new()
        .merge(api::routes())
        .merge(lesson::routes())
        .merge(lobby::routes())
        .merge(lobby::api::routes())
        .merge(ws::routes())
        .merge(review::api::routes())
        .merge(playing::routes())
        .merge(transfer::routes())
        .merge(offline::routes())
        // Bodies are small (a name, a group's options, a position): one larger than this is
        // refused (400 `bad-json`) before more of it is read, so a request holds at most this much.
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        // A body that stops arriving is refused and its connection closed.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(state.ctx.config.body_read_timeout))
        // The balancer's health check: not rate-limited (`api::unlimited`), 503 while the node drains.
        .route("/health", axum::routing::get(health))
        // For operators: loopback and the trusted proxies only, unless opened (docs/deploy.md).
        .route("/metrics", axum::routing::get(node_metrics::get))
        .with_state(state.clone())
        .merge(site_pages);
    // Typed invite codes are rewritten before routing (a layer on the routes would run after
    // the router had already read the path), so the whole router sits inside that middleware.
    let service = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        // An answer that chose a stricter policy keeps it (the transfer link's redirect:
        // `no-referrer`).
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static(PERMISSIONS_POLICY),
        ))
        .option_layer(hsts)
        // The per-address limit comes before everything that costs work: the invite-code
        // look-up below, the API, the socket and the pages (all but static files).
        .layer(axum::middleware::from_fn_with_state(state.clone(), api::limit_per_ip))
        // Under /api/, axum's own refusals get the body of our errors too.
        .layer(axum::middleware::from_fn(http_errors::as_json))
        .layer(axum::middleware::from_fn_with_state(state, invite::codes))
        .service(routes);
    Router::new().fallback_service(service)
}

/// Opens the store, joins the cluster if configured, restores every unfinished game, and
/// serves on `addr` until SIGTERM or ctrl-c. Then it drains: no new sockets, every table
/// stops and gives up its lease, every socket is told to reconnect (close code 4010).
pub async fn serve(addr: SocketAddr, db_url: &str, config: Config) -> Result<(), ServeError> {
    site::assets::load()?;
    let store = Store::connect_with(db_url, config.durability).await?;
    let cluster = match &config.cluster {
        Some(_) if !store.is_postgres() => {
            // The URLs are not repeated: they may hold passwords, and this goes to the log.
            return Err(ServeError::Cluster("a cluster (--nats) needs a PostgreSQL store: --db postgres://…".into()));
        }
        Some(c) => Some(cluster::Cluster::connect(c).await.map_err(|e| ServeError::Cluster(e.to_string()))?),
        None => None,
    };
    let state = AppState::with_cluster(store, config, cluster);
    state.join();
    let restored = state.tables.restore().await?;
    match fd_limit::raise_to_hard() {
        Ok((before, after)) if before != after => {
            tracing::info!("open files: soft limit raised from {before} to {after}")
        }
        Ok((_, n)) => tracing::info!("open files: limit {n}"),
        Err(e) => tracing::warn!("open files: the soft limit could not be raised: {e}"),
    }
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(ServeError::Bind)?;
    let node = state.ctx.cluster.as_ref().map_or_else(String::new, |c| format!(" as node {}", c.node));
    tracing::info!(
        "qdan serving on http://{}{node} ({restored} unfinished games restored)",
        listener.local_addr().map_err(ServeError::Bind)?
    );
    let drain = state.clone();
    let limits = state.ctx.config.conn_limits();
    listen::serve(listener, app(state), limits, async move {
        shutdown_signal().await;
        tracing::info!("draining: handing tables over and asking clients to reconnect");
        drain.draining.store(true, std::sync::atomic::Ordering::Release);
        if let Some(c) = drain.ctx.cluster.as_ref() {
            c.start_draining();
        }
        drain.tables.drain().await;
    })
    .await
    .map_err(ServeError::Bind)
}

/// `GET /health`: `200 ok`; `503 draining` once the node is going away; in a cluster,
/// `503 store unreachable` while this node cannot reach the store and another node can, so
/// that the balancer sends its players there (`cluster_health`).
async fn health(axum::extract::State(state): axum::extract::State<AppState>) -> (axum::http::StatusCode, &'static str) {
    if state.draining() {
        (axum::http::StatusCode::SERVICE_UNAVAILABLE, "draining")
    } else if state.ctx.cluster.as_ref().is_some_and(|c| c.store_health.shedding()) {
        (axum::http::StatusCode::SERVICE_UNAVAILABLE, "store unreachable")
    } else {
        (axum::http::StatusCode::OK, "ok")
    }
}

/// SIGTERM (a deploy, a rolling restart) or ctrl-c.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!("ctrl-c: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::warn!("SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("listening: {0}")]
    Bind(std::io::Error),
    #[error("cluster: {0}")]
    Cluster(String),
    #[error(transparent)]
    WebDir(#[from] site::assets::WebDirError),
}
