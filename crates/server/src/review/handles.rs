//! What the server's shared context holds of the reviews and the analysis board: the
//! handles, below the context, while the work that needs the context stays in the module
//! above them.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tokio::sync::Notify;

use super::fair_queue::FairQueue;

/// The handle a server keeps: [`super::wake`] wakes the worker, which starts on first use.
#[derive(Debug)]
pub struct Reviews {
    pub(super) enabled: bool,
    pub(super) started: AtomicBool,
    pub(super) wake: Notify,
    /// When the server started: 25-point Musashi games wait this long for the tables being
    /// built at start-up (see [`crate::Config::review_tables_wait`]).
    pub(super) since: Instant,
}

impl Reviews {
    pub fn new(enabled: bool) -> Reviews {
        Reviews { enabled, started: AtomicBool::new(false), wake: Notify::new(), since: Instant::now() }
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
