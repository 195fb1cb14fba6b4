//! This crate provides qdan's game server: HTTP endpoints for identity and groups, one
//! WebSocket per open group page, one actor task per live table, and the store (SQLite by
//! default, PostgreSQL by URL). See `docs/protocol.md` for the wire protocol and
//! `docs/architecture.md` for how a move travels.
//!
//! Endpoints: `POST /api/players`, `GET|PATCH /api/me`, `POST /api/groups`,
//! `GET /api/groups/{code}`, `GET /api/options/{game}`, `GET /api/leaderboard/{game}`,
//! `GET /api/lesson/{game}`, `POST /api/lesson/{game}/{step}`, `GET /ws/{code}`, the replays,
//! lists of games and analysis of [`review::api`], and the pages of the `site` crate.
//! Invite codes in any of these paths are read as people type them ([`invite`]).

mod api;
pub mod client_ip;
pub mod cluster;
mod cluster_work;
mod error;
pub mod fd_limit;
pub mod ids;
pub mod invite;
pub mod lesson;
pub mod limits;
pub mod listen;
mod pages;
mod ratelimit;
pub mod ratings;
mod registry;
pub mod review;
pub mod store;
pub mod table;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, header};
use tokio::sync::Semaphore;
use tower::ServiceBuilder;
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
    /// A connection that had more than this many messages refused (over its rate) ...
    pub flood_refusals: usize,
    /// ... within this long is closed.
    pub flood_window: Duration,
    /// The turn time limits a host may choose, the default first (`None`: no limit).
    pub turn_limits: Vec<Option<u32>>,
    /// How SQLite makes a commit durable.
    pub durability: store::Durability,
    /// Join a cluster of nodes (PostgreSQL and NATS); `None`: this process serves alone.
    pub cluster: Option<cluster::ClusterConfig>,
    /// Reverse proxies whose forwarding header (`X-Forwarded-For` or `Forwarded`) names the
    /// client for the per-IP limits.
    pub trusted_proxies: client_ip::TrustedProxies,
    /// Review finished games in the background ([`review`]).
    pub reviews: bool,
    /// How long after start-up a 25-point Musashi game waits for its tables before it is
    /// reviewed without them (they are built in the background at start-up).
    pub review_tables_wait: Duration,
    /// The site's public base URL, for the absolute links crawlers and link previews read.
    pub public_url: site::PublicUrl,
    /// A table with no connection and nothing due (no CPU move, no grace or clock running) is
    /// unloaded from memory after this long; the next visit loads it from the store again.
    pub table_idle: Duration,
    /// A group in which no game was played (no move made, no result) is deleted this long
    /// after it was created, with its seats and its unstarted game.
    pub group_expiry: Duration,
    /// Groups one player may host at once in which no game was played yet (`0`: no limit).
    pub open_groups_per_player: u32,
    /// New players per minute per address, all of them at once if wanted (`0`: no limit).
    pub new_players_per_ip: u32,
    /// New groups per minute per address, all of them at once if wanted (`0`: no limit).
    pub new_groups_per_ip: u32,
    /// Sockets one address may hold open at once on this node (`0`: no limit).
    pub sockets_per_ip: u32,
    /// Hint searches one player may have running at once (`0`: no limit).
    pub hints_per_player: u32,
    /// Connections one address may hold open at once on this node, WebSockets included,
    /// counted at accept (`0`: no limit). The balancer's own are not counted ([`listen`]).
    pub connections_per_ip: u32,
    /// How long a request's header may take to arrive, and a kept-alive connection may wait
    /// for its next request, before the connection is closed.
    pub header_read_timeout: Duration,
    /// How long a request body may pause between two of its pieces before the request is
    /// refused and its connection closed.
    pub body_read_timeout: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            away_grace: Duration::from_secs(10),
            reload_grace: Duration::from_secs(2),
            cpu_delay: Duration::from_millis(400),
            stand_in_level: ai::Level::Intermediate,
            undo_wait_base: Duration::from_secs(10),
            clock_second: Duration::from_secs(1),
            http_rate: 20.0,
            ws_rate: 20.0,
            flood_refusals: 100,
            flood_window: Duration::from_secs(10),
            turn_limits: vec![None, Some(30), Some(60)],
            durability: store::Durability::default(),
            cluster: None,
            trusted_proxies: client_ip::TrustedProxies::default(),
            reviews: true,
            review_tables_wait: Duration::from_secs(300),
            public_url: "http://127.0.0.1:8080".parse().expect("a valid URL"),
            table_idle: Duration::from_secs(60),
            group_expiry: Duration::from_secs(7 * 24 * 3600),
            open_groups_per_player: 20,
            new_players_per_ip: 30,
            new_groups_per_ip: 30,
            sockets_per_ip: 100,
            hints_per_player: 1,
            connections_per_ip: 300,
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(10),
        }
    }
}

impl Config {
    /// How this node accepts and reads connections.
    pub fn conn_limits(&self) -> listen::ConnLimits {
        listen::ConnLimits {
            per_ip: self.connections_per_ip,
            header_read_timeout: self.header_read_timeout,
            trusted_proxies: self.trusted_proxies.clone(),
        }
    }

    /// What the pages print about these settings, and where the site is public.
    pub fn site_settings(&self) -> site::SiteSettings {
        site::SiteSettings {
            away_grace_secs: self.away_grace.as_secs(),
            reload_grace_secs: self.reload_grace.as_secs(),
            turn_limits: self.turn_limits.clone(),
            pair_rated_games_per_day: ratings::PAIR_GAMES_PER_DAY as u32,
            public_url: self.public_url.clone(),
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
    /// The number of CPU slots (one per core).
    pub cpu_total: usize,
    /// The background reviews of finished games.
    pub reviews: Arc<review::Reviews>,
    /// The analysis board's requests, one at a time.
    pub analyses: Arc<review::Analyses>,
    /// This node's membership of a cluster, if it is in one.
    pub cluster: Option<Arc<cluster::Cluster>>,
    /// Hint searches running per player.
    pub hints: Arc<limits::Held<String>>,
}

/// The state axum handlers extract.
#[derive(Clone, Debug)]
pub struct AppState {
    pub ctx: Ctx,
    pub tables: Arc<Registry>,
    pub http_limit: Arc<ratelimit::PerKey>,
    /// New players and new groups per address (`None`: no limit).
    pub new_players: Option<Arc<ratelimit::PerKey>>,
    pub new_groups: Option<Arc<ratelimit::PerKey>>,
    /// Sockets open per address.
    pub sockets: Arc<limits::Held<std::net::IpAddr>>,
    /// Set on SIGTERM: the health check fails and new sockets are refused.
    pub draining: Arc<std::sync::atomic::AtomicBool>,
}

impl AppState {
    /// A node serving alone.
    pub fn new(store: Store, config: Config) -> AppState {
        AppState::with_cluster(store, config, None)
    }

    /// A node, of `cluster` when given (start its background work with [`AppState::join`]).
    pub fn with_cluster(store: Store, config: Config, cluster: Option<Arc<cluster::Cluster>>) -> AppState {
        let http_rate = config.http_rate;
        let hints = limits::Held::new(config.hints_per_player);
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let ctx = Ctx {
            store,
            reviews: Arc::new(review::Reviews::new(config.reviews)),
            config: Arc::new(config),
            cpu_slots: Arc::new(Semaphore::new(cores)),
            cpu_total: cores,
            analyses: Arc::default(),
            cluster,
            hints,
        };
        // A minute's allowance at once, then refilled evenly over the minute.
        let per_minute = |n: u32| (n > 0).then(|| Arc::new(ratelimit::PerKey::new(f64::from(n) / 60.0, f64::from(n))));
        AppState {
            tables: Arc::new(Registry::new(ctx.clone())),
            new_players: per_minute(ctx.config.new_players_per_ip),
            new_groups: per_minute(ctx.config.new_groups_per_ip),
            sockets: limits::Held::new(ctx.config.sockets_per_ip),
            ctx,
            http_limit: Arc::new(ratelimit::PerKey::new(http_rate, http_rate * 2.0)),
            draining: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        }
    }
}

impl AppState {
    /// Starts the background work: the sweep of unplayed groups, and in a cluster answering
    /// other nodes, leases and orphans.
    pub fn join(&self) {
        if let Some(c) = self.ctx.cluster.as_ref() {
            cluster_work::start(c, self.tables.clone());
        }
        let state = self.clone();
        // Ten sweeps per expiry time, at least a second and at most an hour apart.
        let every = (self.ctx.config.group_expiry / 10).clamp(Duration::from_secs(1), Duration::from_secs(3600));
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                match state.expire_groups(now_ms()).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!("{n} unplayed groups expired"),
                    Err(e) => tracing::warn!("expiring unplayed groups: {e}"),
                }
            }
        });
    }

    /// Deletes the groups older than `group_expiry` at `now` (Unix ms) in which no game was
    /// played, except those whose table runs on this node or (by its lease) on another one.
    /// Every node of a cluster sweeps; a first move made meanwhile keeps the group
    /// (`Store::expire_unplayed_groups`).
    pub async fn expire_groups(&self, now: i64) -> Result<u64, store::StoreError> {
        let before = now - self.ctx.config.group_expiry.as_millis() as i64;
        self.ctx.store.expire_unplayed_groups(before, now, &self.tables.live_codes()).await
    }

    /// Whether this node is going away (SIGTERM): it takes no new sockets.
    pub fn draining(&self) -> bool {
        self.draining.load(std::sync::atomic::Ordering::Acquire)
    }
}

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The largest JSON body a request may have. Real ones are under 1 KiB; a game record read
/// from text (`POST /api/records`) has its own, larger bound.
pub const MAX_BODY: usize = 16 * 1024;

/// The browser features the site does not use, turned off for it and anything it embeds
/// (`docs/deploy.md`, "Security headers"). Copying an invite link (clipboard write) and the
/// share sheet (`web-share`) are used and keep their default, this origin only; so does
/// `autoplay`, which also governs the Web Audio of the move sounds.
pub const PERMISSIONS_POLICY: &str = "accelerometer=(), ambient-light-sensor=(), \
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
        .merge(ws::routes())
        .merge(review::api::routes())
        // Bodies are small (a name, a group's options, a position): one larger than this is
        // refused (400 `bad-json`) before more of it is read, so a request holds at most this much.
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        // A body that stops arriving is refused and its connection closed.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(state.ctx.config.body_read_timeout))
        // The balancer's health check: not rate-limited (`api::unlimited`), 503 while the node drains.
        .route("/health", axum::routing::get(health))
        .with_state(state.clone())
        .merge(site_pages);
    // Typed invite codes are rewritten before routing (a layer on the routes would run after
    // the router had already read the path), so the whole router sits inside that middleware.
    let service = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(
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
        .layer(axum::middleware::from_fn_with_state(state, invite::codes))
        .service(routes);
    Router::new().fallback_service(service)
}

/// Opens the store, joins the cluster if configured, restores every unfinished game, and
/// serves on `addr` until SIGTERM or ctrl-c. Then it drains: no new sockets, every table
/// stops and gives up its lease, every socket is told to reconnect (close code 4010).
pub async fn serve(addr: SocketAddr, db_url: &str, config: Config) -> Result<(), ServeError> {
    let store = Store::connect_with(db_url, config.durability).await?;
    let cluster = match &config.cluster {
        Some(c) if !store.is_postgres() => {
            return Err(ServeError::Cluster(format!("a cluster needs PostgreSQL, not {}", c.nats_url)));
        }
        Some(c) => Some(cluster::Cluster::connect(c).await.map_err(|e| ServeError::Cluster(e.to_string()))?),
        None => None,
    };
    let state = AppState::with_cluster(store, config, cluster);
    state.join();
    let restored = state.tables.restore().await?;
    // Games that ended before a restart get their review too.
    state.ctx.reviews.wake(&state.ctx);
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

/// `GET /health`: `200 ok`, or `503 draining` once the node is going away.
async fn health(axum::extract::State(state): axum::extract::State<AppState>) -> (axum::http::StatusCode, &'static str) {
    if state.draining() {
        (axum::http::StatusCode::SERVICE_UNAVAILABLE, "draining")
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

/// Sends small messages at once. Without it an event and its ack written back to back wait
/// for the client's delayed ACK (40 ms on Linux) under Nagle's algorithm (issue 17; the
/// environment variable `QDAN_TCP_NODELAY=0` turns it off, only to measure that).
pub fn no_delay(tcp: &mut tokio::net::TcpStream) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*ON.get_or_init(|| std::env::var("QDAN_TCP_NODELAY").as_deref() != Ok("0")) {
        return;
    }
    if let Err(e) = tcp.set_nodelay(true) {
        tracing::warn!("TCP_NODELAY: {e}");
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
}
