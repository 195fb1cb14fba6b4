//! Whether this node should keep its players when it cannot reach the store (issue 39: a node
//! cut from PostgreSQL but not from its clients or NATS).
//!
//! A node that cannot reach PostgreSQL cannot store a move, so its tables stall; the balancer
//! still sees it healthy and keeps its players on it. It should hand them to the other nodes,
//! but only when another node can do better: with PostgreSQL down for every node, a node that
//! reported itself unhealthy would take every node out of the balancer, and nobody would serve
//! the players when the database came back. So each node tells the others over NATS, after each
//! lease renewal, how long it has reached the store without a failure, and the health check
//! answers `503 store unreachable` only while this node has not reached the store for half a
//! lease AND some other node, heard from within half a lease, has reached it steadily for half
//! a lease. The balancer then closes the node's sockets (`deploy/haproxy.cfg`), the players
//! reconnect to the other nodes, and those take the tables once the node's leases run out.
//!
//! "Steadily" keeps a database that comes back for everyone from shedding the nodes that reach
//! it a moment later than the first one: a node counts as a witness only once it has reached
//! the store for as long as the others are given to notice the failure.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The subject on which each node says how it reaches the store.
pub(crate) const SUBJECT: &str = "qdan.nodes.store";

/// What a node says about its store after each renewal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    pub node: String,
    /// How long it has reached the store without a failure; `None` when its last try failed.
    pub reachable_ms: Option<u64>,
}

/// Another node's last report, as this node heard it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer {
    /// How long ago the report came.
    pub heard_ago: Duration,
    /// How long that node had reached the store when it reported (`None`: it could not).
    pub reachable_for: Option<Duration>,
}

/// The health check's decision: shed this node's players (true) or keep them.
///
/// `silent_for` is how long this node has gone without reaching the store; `ttl` the lease.
pub(crate) fn should_shed(silent_for: Duration, peers: &[Peer], ttl: Duration) -> bool {
    let half = ttl / 2;
    silent_for >= half && peers.iter().any(|p| p.heard_ago <= half && p.reachable_for.is_some_and(|r| r >= half))
}

/// This node's view of the store's reachability: its own tries and the other nodes' reports.
#[derive(Debug)]
pub struct StoreHealth {
    ttl: Duration,
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The start of the last try that reached the store (the node's start until one does).
    last_ok: Instant,
    /// Since when every try has reached the store; `None` after a failure.
    reachable_since: Option<Instant>,
    /// Other nodes' last reports: when heard, and what they said.
    peers: HashMap<String, (Instant, Option<Duration>)>,
}

impl StoreHealth {
    pub fn new(ttl: Duration) -> StoreHealth {
        let now = Instant::now();
        StoreHealth { ttl, inner: Mutex::new(Inner { last_ok: now, reachable_since: None, peers: HashMap::new() }) }
    }

    /// A try begun at `asked_at` reached the store.
    pub fn reached(&self, asked_at: Instant) {
        let mut i = self.inner.lock().expect("store health lock");
        i.last_ok = i.last_ok.max(asked_at);
        i.reachable_since.get_or_insert(asked_at);
    }

    /// A try failed (an error, or no answer in time).
    pub fn failed(&self) {
        self.inner.lock().expect("store health lock").reachable_since = None;
    }

    /// What this node tells the others now.
    pub(crate) fn report(&self, node: &str) -> Report {
        let i = self.inner.lock().expect("store health lock");
        Report { node: node.to_string(), reachable_ms: i.reachable_since.map(|s| s.elapsed().as_millis() as u64) }
    }

    /// Another node's report (this node's own, echoed by NATS, is left out by the caller).
    pub(crate) fn heard(&self, r: Report) {
        let mut i = self.inner.lock().expect("store health lock");
        i.peers.insert(r.node, (Instant::now(), r.reachable_ms.map(Duration::from_millis)));
    }

    /// Whether the health check should take this node out of the balancer now.
    pub fn shedding(&self) -> bool {
        let mut i = self.inner.lock().expect("store health lock");
        let now = Instant::now();
        // Nodes not heard from for a while (gone, or cut from NATS) are forgotten.
        i.peers.retain(|_, (heard, _)| now - *heard < self.ttl * 4);
        let peers: Vec<Peer> =
            i.peers.values().map(|&(heard, reachable_for)| Peer { heard_ago: now - heard, reachable_for }).collect();
        should_shed(now - i.last_ok, &peers, self.ttl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TTL: Duration = Duration::from_secs(5);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn peer(heard_ago: u64, reachable_for: Option<u64>) -> Peer {
        Peer { heard_ago: ms(heard_ago), reachable_for: reachable_for.map(ms) }
    }

    #[test]
    fn a_node_alone_cut_from_the_store_sheds_its_players() {
        assert!(should_shed(ms(2500), &[peer(100, Some(60_000)), peer(900, None)], TTL));
        assert!(should_shed(ms(30_000), &[peer(2500, Some(2500))], TTL));
    }

    #[test]
    fn a_store_down_for_every_node_leaves_every_node_up() {
        assert!(!should_shed(ms(10_000), &[peer(100, None), peer(400, None)], TTL));
        assert!(!should_shed(ms(10_000), &[], TTL));
    }

    #[test]
    fn a_store_back_for_one_node_first_does_not_shed_the_others() {
        // The first node back has reached it for less than half a lease: not a witness yet.
        assert!(!should_shed(ms(12_000), &[peer(100, Some(1200)), peer(100, None)], TTL));
    }

    #[test]
    fn a_short_silence_or_a_stale_witness_sheds_nothing() {
        assert!(!should_shed(ms(2400), &[peer(100, Some(60_000))], TTL));
        assert!(!should_shed(ms(10_000), &[peer(2600, Some(60_000))], TTL));
    }

    #[test]
    fn the_node_sheds_once_silent_while_a_peer_reports_steady_access() {
        let h = StoreHealth::new(ms(400));
        h.heard(Report { node: "n2-1".into(), reachable_ms: Some(60_000) });
        assert!(!h.shedding(), "just started: not silent yet");
        std::thread::sleep(ms(250));
        h.heard(Report { node: "n2-1".into(), reachable_ms: Some(60_250) });
        assert!(h.shedding(), "silent for over half a lease, a peer reaches the store");
        h.reached(Instant::now());
        assert!(!h.shedding(), "reached it again");
        assert_eq!(h.report("n1-1").reachable_ms, Some(0));
        h.failed();
        assert_eq!(h.report("n1-1").reachable_ms, None);
    }

    #[test]
    fn a_node_sheds_nothing_when_every_peer_says_the_store_is_down() {
        let h = StoreHealth::new(ms(400));
        std::thread::sleep(ms(250));
        h.heard(Report { node: "n2-1".into(), reachable_ms: None });
        h.heard(Report { node: "n3-1".into(), reachable_ms: None });
        assert!(!h.shedding());
    }
}
