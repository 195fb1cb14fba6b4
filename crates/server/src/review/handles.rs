//! What the server's shared context holds of the reviews and the analysis board: the
//! handles, below the context, while the work that needs the context stays in the module
//! above them.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use super::fair_queue::FairQueue;
use crate::ratelimit::PerKey;

/// The handle a server keeps of its on-demand reviews: the review thread (started on first
/// use), the games queued or being reviewed, and the per-address limit on starting one.
#[derive(Debug)]
pub struct Reviews {
    pub(super) enabled: bool,
    pub(super) jobs: OnceLock<std::sync::mpsc::Sender<super::Job>>,
    /// Games queued for the review thread or on it: asked again, they are `making` and
    /// nothing new starts.
    pub(super) making: Mutex<HashSet<String>>,
    /// Reviews each address may start: `per_hour` at once, refilled over the hour.
    pub(super) per_ip: Option<PerKey<IpAddr>>,
    /// When the server started: 25-point Musashi games wait this long for the tables being
    /// built at start-up (see [`crate::Config::review_tables_wait`]).
    pub(super) since: Instant,
    /// Reviews this node has worked out since it started: `GET /api/stats`, so a test can show
    /// that a game reviewed on the device cost the server none.
    pub made: std::sync::atomic::AtomicU64,
}

impl Reviews {
    /// `enabled`: the server reviews games when asked; `per_hour`: reviews one address may
    /// start an hour (`0`: no limit).
    pub fn new(enabled: bool, per_hour: u32) -> Reviews {
        Reviews {
            enabled,
            jobs: OnceLock::new(),
            making: Mutex::default(),
            per_ip: (per_hour > 0).then(|| PerKey::new(f64::from(per_hour) / 3600.0, f64::from(per_hour))),
            since: Instant::now(),
            made: Default::default(),
        }
    }
}

/// Analyses run one at a time, on a blocking thread, in spare slots like reviews; the queue
/// in front of them takes addresses in turn, at most two questions waiting per address.
#[derive(Debug)]
pub struct Analyses {
    pub(super) queue: std::sync::Arc<FairQueue>,
}

/// Questions one address may have waiting for the analysis board (a second tab, or a page
/// asking while its previous answer is on the way).
pub const ANALYSES_WAITING_PER_ADDRESS: usize = 2;

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses { queue: FairQueue::new(1, ANALYSES_WAITING_PER_ADDRESS) }
    }
}
