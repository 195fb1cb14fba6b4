//! What an operator watches on each node: `GET /metrics` in the Prometheus text format
//! (docs/deploy.md, "Metrics", lists each one with the alert to set on it).
//!
//! Each node has its own recorder rather than the process-wide one of the `metrics` macros:
//! the tests run several servers in one process, and each must count only its own. The
//! handles are registered once, so the hot path (a move's counter, its acknowledgement's
//! histogram) is an atomic add with no name looked up.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use metrics::{Counter, Gauge, Histogram, Key, Label, Metadata, Recorder, SharedString, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::client_ip::TrustedProxies;
use crate::state::AppState;

/// Buckets of the latencies (seconds): a move is acknowledged in milliseconds on a healthy
/// node; the top buckets catch a stalled store or a failover.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Buckets of a quick-pairing wait (seconds): a wave runs every few seconds, and a player
/// gives up after minutes.
const PAIRING_BUCKETS: &[f64] = &[1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0];

/// How often recorded samples are folded into the histograms when nobody scrapes, so an
/// unscraped node holds a bounded number of them.
pub const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// This node's metrics: the handles the code records into, and the recorder that renders them.
pub struct NodeMetrics {
    handle: PrometheusHandle,
    /// Open game sockets (`/ws/{code}`) on this node.
    pub table_sockets: Gauge,
    /// Open lobby sockets on this node.
    pub lobby_sockets: Gauge,
    tables_owned: Gauge,
    /// Moves stored (a player's or the CPU's): its rate is the moves per second.
    pub moves_stored: Counter,
    /// A player's move received on a socket until its `ack` is queued to that socket.
    pub ack_seconds: Histogram,
    /// One write of a table's change to the store, from the table's side (queue and commit).
    pub commit_seconds: Histogram,
    /// Tables this node took over from another node (its lease had expired or its process was gone).
    pub lease_takeovers: Counter,
    /// Tables this node lost to another node (a renewal found the lease gone, or a write was fenced).
    pub lease_losses: Counter,
    /// A quick-pairing player's wait from entering the pool to being paired (pairs made by this node).
    pub pairing_wait_seconds: Histogram,
    cpu_moves: Counter,
    hints: Counter,
}

impl std::fmt::Debug for NodeMetrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NodeMetrics")
    }
}

impl Default for NodeMetrics {
    fn default() -> NodeMetrics {
        NodeMetrics::new()
    }
}

impl NodeMetrics {
    pub fn new() -> NodeMetrics {
        let mut builder = PrometheusBuilder::new();
        for (name, buckets) in [
            ("qdan_ack_seconds", LATENCY_BUCKETS),
            ("qdan_store_commit_seconds", LATENCY_BUCKETS),
            ("qdan_pairing_wait_seconds", PAIRING_BUCKETS),
        ] {
            builder = builder
                .set_buckets_for_metric(Matcher::Full(name.to_string()), buckets)
                .expect("the buckets are not empty");
        }
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        let meta = Metadata::new(module_path!(), metrics::Level::INFO, Some(module_path!()));
        let counter = |name: &'static str, help: &'static str| {
            recorder.describe_counter(name.into(), None, SharedString::const_str(help));
            recorder.register_counter(&Key::from_static_name(name), &meta)
        };
        let histogram = |name: &'static str, help: &'static str| {
            recorder.describe_histogram(name.into(), Some(Unit::Seconds), SharedString::const_str(help));
            recorder.register_histogram(&Key::from_static_name(name), &meta)
        };
        recorder.describe_gauge(
            "qdan_sockets_open".into(),
            None,
            SharedString::const_str("WebSockets open on this node, by kind (table or lobby)"),
        );
        let sockets = |kind: &'static str| {
            let key = Key::from_parts("qdan_sockets_open", vec![Label::new("kind", kind)]);
            recorder.register_gauge(&key, &meta)
        };
        let table_sockets = sockets("table");
        let lobby_sockets = sockets("lobby");
        recorder.describe_gauge(
            "qdan_tables_owned".into(),
            None,
            SharedString::const_str("Tables running on this node (in a cluster: whose lease it holds)"),
        );
        let tables_owned = recorder.register_gauge(&Key::from_static_name("qdan_tables_owned"), &meta);
        NodeMetrics {
            table_sockets,
            lobby_sockets,
            tables_owned,
            moves_stored: counter("qdan_moves_stored_total", "Moves stored by this node's tables"),
            ack_seconds: histogram(
                "qdan_ack_seconds",
                "A player's move received on a socket of this node until its ack is sent",
            ),
            commit_seconds: histogram("qdan_store_commit_seconds", "One write of a table's change to the store"),
            lease_takeovers: counter(
                "qdan_lease_takeovers_total",
                "Tables this node took over from another node (lease expired or owner gone)",
            ),
            lease_losses: counter("qdan_lease_losses_total", "Tables this node lost to another node"),
            pairing_wait_seconds: histogram(
                "qdan_pairing_wait_seconds",
                "Quick pairing: from entering a pool to being paired (pairs made by this node)",
            ),
            cpu_moves: counter("qdan_cpu_moves_total", "CPU moves worked out on this node (not hints)"),
            hints: counter("qdan_hints_total", "Hints worked out on this node"),
            handle,
        }
    }

    /// Folds the samples recorded since the last time into the histograms.
    pub fn upkeep(&self) {
        self.handle.run_upkeep();
    }

    /// The text format, with the figures the node keeps elsewhere read now.
    pub fn render(&self, state: &AppState) -> String {
        self.tables_owned.set(state.tables.len() as f64);
        self.cpu_moves.absolute(state.ctx.cpu_moves.load(Ordering::Relaxed));
        self.hints.absolute(state.ctx.hints_worked.load(Ordering::Relaxed));
        self.upkeep();
        self.handle.render()
    }
}

/// One open socket, counted while it lives.
pub struct OpenSocket(Gauge);

impl OpenSocket {
    pub fn new(gauge: &Gauge) -> OpenSocket {
        gauge.increment(1.0);
        OpenSocket(gauge.clone())
    }
}

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

/// Whether `/metrics` answers this request: from loopback or a trusted proxy, not forwarded
/// for anyone else; or from anywhere when the operator opened it (`--metrics-open`).
///
/// A trusted proxy that forwards a client names it in its header, so a scrape from outside
/// through the balancer is refused; a proxy that is not trusted (one on loopback, say) is
/// seen by its forwarding header, and refused too: its requests may come from anyone.
pub fn allowed(open: bool, proxies: &TrustedProxies, peer: IpAddr, headers: &HeaderMap) -> bool {
    if open {
        return true;
    }
    let client = proxies.client_ip(peer, headers);
    let forwarded = headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED);
    let near = |ip: IpAddr| ip.to_canonical().is_loopback() || proxies.is_trusted(ip);
    near(client) && (!forwarded || proxies.is_trusted(peer))
}

/// `GET /metrics`: 404 to anyone it does not answer, as to a path that does not exist.
pub(crate) async fn get(
    State(state): State<AppState>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
) -> Response {
    let config = &state.ctx.config;
    let ok = peer.is_some_and(|p| allowed(config.metrics_open, &config.trusted_proxies, p.0.0.ip(), &headers));
    if !ok {
        return StatusCode::NOT_FOUND.into_response();
    }
    let body = state.ctx.metrics.render(&state);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn forwarded_for(client: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", client.parse().unwrap());
        h
    }

    #[test]
    fn loopback_and_trusted_proxies_only() {
        let none = TrustedProxies::default();
        let proxy: TrustedProxies = "10.0.0.5".parse().unwrap();
        let plain = HeaderMap::new();
        assert!(allowed(false, &none, ip("127.0.0.1"), &plain));
        assert!(allowed(false, &none, ip("::1"), &plain));
        assert!(allowed(false, &none, ip("::ffff:127.0.0.1"), &plain));
        assert!(!allowed(false, &none, ip("198.51.100.7"), &plain), "an outside address");
        assert!(!allowed(false, &none, ip("10.0.0.5"), &plain), "a proxy not listed");
        // The trusted proxy itself (a scraper on its host), but not a client it forwards.
        assert!(allowed(false, &proxy, ip("10.0.0.5"), &plain));
        assert!(!allowed(false, &proxy, ip("10.0.0.5"), &forwarded_for("198.51.100.7")));
        // A proxy on loopback that is not trusted forwards anyone: refused.
        assert!(!allowed(false, &none, ip("127.0.0.1"), &forwarded_for("198.51.100.7")));
        // Opened by the operator.
        assert!(allowed(true, &none, ip("198.51.100.7"), &plain));
    }

    #[test]
    fn renders_the_recorded_values() {
        let m = NodeMetrics::new();
        m.moves_stored.increment(3);
        m.ack_seconds.record(0.002);
        let _s = OpenSocket::new(&m.table_sockets);
        m.upkeep();
        let text = m.handle.render();
        assert!(text.contains("qdan_moves_stored_total 3"), "{text}");
        assert!(text.contains("qdan_ack_seconds_bucket{le=\"0.0025\"} 1"), "{text}");
        assert!(text.contains("qdan_sockets_open{kind=\"table\"} 1"), "{text}");
        drop(_s);
        assert!(m.handle.render().contains("qdan_sockets_open{kind=\"table\"} 0"));
    }
}
