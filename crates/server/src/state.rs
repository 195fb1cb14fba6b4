//! The state axum handlers extract: the shared [`Ctx`], the live tables and the per-address
//! limits, and the node's background work (the sweep of unplayed groups, the cluster's).
//! It lives apart from the crate root so that handlers import it from here and nothing below
//! the root reaches back up to it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::clock::now_ms;
use crate::cluster::Cluster;
use crate::config::Config;
use crate::ctx::Ctx;
use crate::registry::Registry;
use crate::store::{Store, StoreError};
use crate::{cluster_work, limits, ratelimit, review};

/// The state axum handlers extract.
#[derive(Clone, Debug)]
pub struct AppState {
    pub ctx: Ctx,
    pub tables: Arc<Registry>,
    pub http_limit: Arc<ratelimit::PerKey>,
    /// New players and new groups per address (`None`: no limit).
    pub new_players: Option<Arc<ratelimit::PerKey>>,
    pub new_groups: Option<Arc<ratelimit::PerKey>>,
    /// This node's lobby sockets.
    pub lobby: Arc<crate::lobby::Lobby>,
    /// Transfer links' limits, and the players who moved (their sockets close).
    pub transfers: Arc<crate::transfer::Transfers>,
    /// Sockets open per address.
    pub sockets: Arc<limits::Held<std::net::IpAddr>>,
    /// `POST /api/musashi/values`: its cache and its per-address limit.
    pub musashi_values: Arc<review::known::Known>,
    /// Hint searches running per address (`Config::hints_per_ip`).
    pub hint_addresses: Arc<limits::Held<std::net::IpAddr>>,
    /// Set on SIGTERM: the health check fails and new sockets are refused.
    pub draining: Arc<std::sync::atomic::AtomicBool>,
}

impl AppState {
    /// A node serving alone.
    pub fn new(store: Store, config: Config) -> AppState {
        AppState::with_cluster(store, config, None)
    }

    /// A node, of `cluster` when given (start its background work with [`AppState::join`]).
    pub fn with_cluster(store: Store, config: Config, cluster: Option<Arc<Cluster>>) -> AppState {
        let http_rate = config.http_rate;
        let hints = limits::Held::new(config.hints_per_player);
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let ctx = Ctx {
            store,
            reviews: Arc::new(review::handles::Reviews::new(config.reviews, config.reviews_per_ip_hour)),
            config: Arc::new(config),
            cpu_slots: Arc::new(Semaphore::new(cores)),
            cpu_total: cores,
            analyses: Arc::default(),
            cluster,
            hints,
            cpu_moves: Arc::default(),
            hints_worked: Arc::default(),
            metrics: Arc::default(),
        };
        // A minute's allowance at once, then refilled evenly over the minute.
        let per_minute = |n: u32| (n > 0).then(|| Arc::new(ratelimit::PerKey::new(f64::from(n) / 60.0, f64::from(n))));
        AppState {
            tables: Arc::new(Registry::new(ctx.clone())),
            new_players: per_minute(ctx.config.new_players_per_ip),
            new_groups: per_minute(ctx.config.new_groups_per_ip),
            lobby: Arc::default(),
            transfers: Arc::new(crate::transfer::Transfers::new(&ctx.config.transfer)),
            sockets: limits::Held::new(ctx.config.sockets_per_ip),
            hint_addresses: limits::Held::new(ctx.config.hints_per_ip),
            musashi_values: Arc::new(review::known::Known::new(ctx.config.musashi_values_per_ip_minute)),
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
        tokio::spawn(self.lobby.clone().run(self.ctx.clone(), self.tables.clone()));
        crate::transfer::listen(self);
        // Samples fold into the histograms at each scrape; this bounds them between scrapes.
        let metrics = Arc::downgrade(&self.ctx.metrics);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(crate::node_metrics::UPKEEP_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(m) = metrics.upgrade() else { break };
                m.upkeep();
            }
        });
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
    pub async fn expire_groups(&self, now: i64) -> Result<u64, StoreError> {
        let before = now - self.ctx.config.group_expiry.as_millis() as i64;
        self.ctx.store.expire_unplayed_groups(before, now, &self.tables.live_codes()).await
    }

    /// Whether this node is going away (SIGTERM): it takes no new sockets.
    pub fn draining(&self) -> bool {
        self.draining.load(std::sync::atomic::Ordering::Acquire)
    }
}
