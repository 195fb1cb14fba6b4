//! This crate provides qdan's game server: HTTP endpoints for identity and groups, one
//! WebSocket per open group page, one actor task per live table, and the store (SQLite by
//! default, PostgreSQL by URL). See `docs/protocol.md` for the wire protocol and
//! `docs/architecture.md` for how a move travels.
//!
//! Endpoints: `POST /api/players`, `GET|PATCH /api/me`, `POST /api/groups`,
//! `GET /api/groups/{code}`, `GET /api/options/{game}`, `GET /api/leaderboard/{game}`,
//! `GET /api/lesson/{game}`, `POST /api/lesson/{game}/{step}`, `GET /ws/{code}`, and the pages of the `site` crate.

mod api;
pub mod client_ip;
mod error;
pub mod ids;
pub mod lesson;
mod pages;
pub mod protocol;
mod ratelimit;
pub mod ratings;
mod registry;
pub mod store;
pub mod table;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, header};
use tokio::sync::Semaphore;
use tower_http::set_header::SetResponseHeaderLayer;

pub use error::ApiError;
pub use registry::Registry;
pub use site::PublicUrl;
pub use store::Store;

/// Settings of a running server.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a dropped connection may stay away before the CPU plays for its seat.
    pub away_grace: Duration,
    /// How long a page closed on purpose keeps its seat before the CPU stands in: long
    /// enough for a reload, short enough that closing the tab counts at once.
    pub reload_grace: Duration,
    /// The CPU opponent's least time per move, so people see their own move land.
    pub cpu_delay: Duration,
    /// The level that plays for an away or timed-out player.
    pub stand_in_level: ai::Level,
    /// The first wait after a declined undo request; it doubles with each decline.
    pub undo_wait_base: Duration,
    /// How long one second of a turn limit lasts (tests shorten it; the site uses 1 s).
    pub clock_second: Duration,
    /// HTTP requests per second allowed per IP address (burst: twice as many).
    pub http_rate: f64,
    /// WebSocket messages per second allowed per connection (burst: twice as many).
    pub ws_rate: f64,
    /// Reverse proxies whose forwarding header (`X-Forwarded-For` or `Forwarded`) names the
    /// client for the per-IP limits.
    pub trusted_proxies: client_ip::TrustedProxies,
    /// The site's public base URL, for the absolute links crawlers and link previews read.
    pub public_url: site::PublicUrl,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            // The rules pages print these two, so they live beside the page's text.
            away_grace: Duration::from_secs(site::rules_page::AWAY_GRACE_SECS),
            reload_grace: Duration::from_secs(site::rules_page::RELOAD_GRACE_SECS),
            cpu_delay: Duration::from_millis(400),
            stand_in_level: ai::Level::Intermediate,
            undo_wait_base: Duration::from_secs(10),
            clock_second: Duration::from_secs(1),
            http_rate: 20.0,
            ws_rate: 20.0,
            trusted_proxies: client_ip::TrustedProxies::default(),
            public_url: "http://127.0.0.1:8080".parse().expect("a valid URL"),
        }
    }
}

/// What every table and handler shares.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub store: Store,
    pub config: Arc<Config>,
    /// CPU thinking runs on blocking threads; this bounds how many at once.
    pub cpu_slots: Arc<Semaphore>,
}

/// The state axum handlers extract.
#[derive(Clone, Debug)]
pub struct AppState {
    pub ctx: Ctx,
    pub tables: Arc<Registry>,
    pub http_limit: Arc<ratelimit::PerKey>,
}

impl AppState {
    pub fn new(store: Store, config: Config) -> AppState {
        let http_rate = config.http_rate;
        let ctx = Ctx {
            store,
            config: Arc::new(config),
            cpu_slots: Arc::new(Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))),
        };
        AppState {
            tables: Arc::new(Registry::new(ctx.clone())),
            ctx,
            http_limit: Arc::new(ratelimit::PerKey::new(http_rate, http_rate * 2.0)),
        }
    }
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The whole site: API, WebSocket and pages, with security headers on every answer.
pub fn app(state: AppState) -> Router {
    let csp = HeaderValue::from_static(site::content_security_policy());
    let site = site::router(site::Settings {
        public_url: state.ctx.config.public_url.clone(),
        backend: Arc::new(pages::StoreBackend::new(state.ctx.store.clone())),
    });
    Router::new()
        .merge(api::routes())
        .merge(lesson::routes())
        .merge(ws::routes())
        .layer(axum::middleware::from_fn_with_state(state.clone(), api::limit_per_ip))
        .with_state(state)
        .merge(site)
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
}

/// Opens the store, restores every unfinished game, and serves on `addr` until ctrl-c.
pub async fn serve(addr: SocketAddr, db_url: &str, config: Config) -> Result<(), ServeError> {
    let store = Store::connect(db_url).await?;
    let state = AppState::new(store, config);
    let restored = state.tables.restore().await?;
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(ServeError::Bind)?;
    tracing::info!(
        "qdan serving on http://{} ({restored} unfinished games restored)",
        listener.local_addr().map_err(ServeError::Bind)?
    );
    axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(ServeError::Bind)
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("listening: {0}")]
    Bind(std::io::Error),
}
