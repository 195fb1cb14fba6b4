//! What every table and handler shares: the store, the settings, the CPU slots, the
//! background reviews and this node's cluster membership. Handlers reach it through
//! [`crate::state::AppState`]; tables and the review worker hold it directly.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::cluster::Cluster;
use crate::config::Config;
use crate::limits::Held;
use crate::review::handles::{Analyses, Reviews};
use crate::store::Store;

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
    pub reviews: Arc<Reviews>,
    /// The analysis board's requests, one at a time.
    pub analyses: Arc<Analyses>,
    /// This node's membership of a cluster, if it is in one.
    pub cluster: Option<Arc<Cluster>>,
    /// Hint searches running per player.
    pub hints: Arc<Held<String>>,
    /// CPU moves this node has worked out since it started (the CPU opponent, stand-ins and
    /// run-out clocks; not hints): `GET /api/stats`, so a test can show that a game whose CPU
    /// is played on the device cost the server none.
    pub cpu_moves: Arc<std::sync::atomic::AtomicU64>,
    /// Hints this node has worked out since it started: `GET /api/stats` (a page whose CPU
    /// plays on the device works its hints out there too).
    pub hints_worked: Arc<std::sync::atomic::AtomicU64>,
    /// What `GET /metrics` shows.
    pub metrics: Arc<crate::node_metrics::NodeMetrics>,
}
