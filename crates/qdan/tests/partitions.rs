//! Network partitions (issue 39): PostgreSQL, NATS, three nodes and HAProxy each on a host of
//! its own (`testkit::hosts`, network namespaces on one bridge), clients playing through
//! HAProxy from outside (the cluster test's players, which reconnect and resend as real
//! clients do), and one fault per test while games are in play on every node:
//!
//! - a node cut from PostgreSQL but not from its clients or NATS;
//! - a node cut from NATS only;
//! - a node cut from everything (its cable pulled) until its lease has passed to another node,
//!   then healed;
//! - PostgreSQL unreachable from every node for 10 s;
//! - one node's link flapping (down 1 s, up 1 s) for 30 s;
//! - a node cut from HAProxy only.
//!
//! After each: `qdan-bench check`'s invariants (no acknowledged move lost, no ply stored twice,
//! no move under a superseded lease epoch, a fresh client through HAProxy sees the store), and
//! every table in play takes a move again within 8 s (the 5 s lease plus 3 s) of the fault
//! starting when other nodes can take over, or of the fault healing when none can: no wait
//! between two of its acknowledged moves from then until 8 s after the heal is longer. Each prints
//! its figures (docs/reliability.md, "Partitions") and what the nodes' `/metrics` showed.
//!
//! The long tier: root, `ip`, `nft`, PostgreSQL, `nats-server` and HAProxy, about a minute a
//! test; run only with `QDAN_TEST_PARTITIONS=1` (otherwise each test says so and returns):
//! `QDAN_TEST_PARTITIONS=1 cargo test -p qdan --test partitions -- --nocapture --test-threads 1`.
//! Each test plays its fault three times, each time on a fresh cluster
//! (`QDAN_TEST_PARTITION_ROUNDS=N` for another count).

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use testkit::Api;
use testkit::hosts::Cluster;
use testkit::player::Run;

const LEASE_MS: u64 = 5000;
/// A table in play takes a move again within this of the fault's start (or heal).
const RECOVERY: Duration = Duration::from_millis(LEASE_MS + 3000);
/// Games played at once (spread over the three nodes by the balancer's hash).
const GAMES: u64 = 9;

/// One cluster at a time: each test starts its own, and the machine may be small.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// The victim node cut from PostgreSQL.
    DbCut,
    /// The victim node cut from NATS.
    NatsCut,
    /// The victim node's cable pulled past its lease, then plugged back in.
    Isolated,
    /// PostgreSQL's cable pulled: no node reaches it.
    DbDown,
    /// The victim node's cable pulled and plugged back every second.
    Flapping,
    /// The victim node cut from HAProxy.
    LbCut,
}

impl Fault {
    fn name(self) -> &'static str {
        match self {
            Fault::DbCut => "node cut from PostgreSQL",
            Fault::NatsCut => "node cut from NATS",
            Fault::Isolated => "node cut from everything, healed after its lease passed",
            Fault::DbDown => "PostgreSQL unreachable from every node",
            Fault::Flapping => "a node's link flapping every second",
            Fault::LbCut => "node cut from HAProxy",
        }
    }

    fn length(self) -> Duration {
        match self {
            Fault::Flapping => Duration::from_secs(30),
            _ => Duration::from_secs(10),
        }
    }

    /// Whether other nodes can take the affected tables over while it lasts (otherwise
    /// the tables wait for the heal).
    fn others_take_over(self) -> bool {
        self != Fault::DbDown
    }
}

/// How many times each test plays its fault (three in the long tier).
fn rounds() -> u32 {
    std::env::var("QDAN_TEST_PARTITION_ROUNDS").ok().and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(3)
}

/// Whether this tier runs; says why not when it does not.
fn long_tier() -> bool {
    if std::env::var("QDAN_TEST_PARTITIONS").is_ok_and(|v| v == "1") {
        return true;
    }
    eprintln!(
        "the partition tests are the long tier (root, network namespaces, about a minute each): \
         QDAN_TEST_PARTITIONS=1 runs them"
    );
    false
}

/// Live leases by node index (node `nI` holds its tables under ids starting `nI-`).
async fn owners(store: &server::Store, nodes: usize) -> Vec<Vec<String>> {
    let mut by: Vec<Vec<String>> = vec![vec![]; nodes];
    for (code, node) in store.live_leases().await.unwrap() {
        if let Some(i) = (0..nodes).find(|i| node.starts_with(&format!("n{}-", i + 1))) {
            by[i].push(code);
        }
    }
    by
}

/// Plays `fault` on a fresh cluster each round (the long tier only).
async fn partition_rounds(fault: Fault) {
    if !long_tier() {
        return;
    }
    let n = rounds();
    for round in 1..=n {
        println!("{fault:?}: round {round} of {n}");
        partition(fault).await;
    }
}

async fn partition(fault: Fault) {
    let _one = SERIAL.lock().await;
    let lease = LEASE_MS.to_string();
    let args = [
        "--lease-ms",
        &lease,
        "--tables",
        "off",
        "--http-rate",
        "100000",
        "--cpu-delay-ms",
        "0",
        "--new-players-per-ip",
        "0",
        "--new-groups-per-ip",
        "0",
        "--sockets-per-ip",
        "0",
        "--connections-per-ip",
        "0",
    ];
    let c = Cluster::start(env!("CARGO_BIN_EXE_qdan").as_ref(), 3, &args).await.unwrap();
    let store = server::Store::connect(&c.db).await.unwrap();
    let warm = Duration::from_secs(8);
    let after = RECOVERY + Duration::from_secs(4);
    let run = Run::new(c.front, warm + fault.length() + after, false, 150);
    let api = Api::new(format!("http://{}", c.front));
    let keeper = common::keep_games(run.clone(), api.clone(), GAMES);
    tokio::time::sleep(warm).await;
    // Games in play on every node: the victim is the node with the most tables.
    let owned = owners(&store, c.nodes.len()).await;
    assert!(owned.iter().all(|o| !o.is_empty()), "a node owns no table: {owned:?}");
    let victim = (0..c.nodes.len()).max_by_key(|&i| owned[i].len()).unwrap();
    let (v, net) = (&c.node_hosts[victim], &c.net);
    let t0 = Instant::now();
    match fault {
        Fault::DbCut => net.cut(v, &c.pg_host).unwrap(),
        Fault::NatsCut => net.cut(v, &c.nats_host).unwrap(),
        Fault::Isolated => net.link_down(v).unwrap(),
        Fault::DbDown => net.link_down(&c.pg_host).unwrap(),
        Fault::LbCut => net.cut(v, &c.lb_host).unwrap(),
        Fault::Flapping => {
            while t0.elapsed() < fault.length() {
                net.link_down(v).unwrap();
                tokio::time::sleep(Duration::from_secs(1)).await;
                net.link_up(v).unwrap();
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
    tokio::time::sleep(fault.length().saturating_sub(t0.elapsed())).await;
    match fault {
        Fault::DbCut => net.heal(v, &c.pg_host).unwrap(),
        Fault::NatsCut => net.heal(v, &c.nats_host).unwrap(),
        Fault::Isolated => net.link_up(v).unwrap(),
        Fault::DbDown => net.link_up(&c.pg_host).unwrap(),
        Fault::LbCut => net.heal(v, &c.lb_host).unwrap(),
        Fault::Flapping => {}
    }
    let t1 = Instant::now();
    let games = keeper.await.unwrap();

    // The figures.
    let acked = run.acked.lock().unwrap().clone();
    let affected: HashSet<&str> = match fault {
        Fault::DbDown => owned.iter().flatten().map(String::as_str).collect(),
        _ => owned[victim].iter().map(String::as_str).collect(),
    };
    // The tables in play when the fault began: a move acknowledged in the 3 s before, and the
    // game not over by the fault's start (or heal, when no node can take over): over, with no
    // move after that, it has nothing left to take.
    let since = if fault.others_take_over() { t0 } else { t1 };
    let in_play = common::tables_in_play(&store, &acked, t0, since).await;
    // A table's longest stall: the longest wait for its next acknowledged move from the
    // fault's start (or heal, when no node can take over) until 8 s after the heal.
    let mut recovery: Vec<f64> = in_play
        .iter()
        .filter(|c| affected.contains(c.as_str()))
        .filter_map(|c| common::longest_wait(&acked, c, since, t1 + RECOVERY).map(|d| d.as_secs_f64() * 1000.0))
        .collect();
    recovery.sort_by(f64::total_cmp);
    let stalled = common::stalled(&acked, &in_play, since, t1 + RECOVERY, RECOVERY);
    let during = acked.iter().filter(|a| a.at >= t0 && a.at <= t1).count();
    let audit = common::audit(&store, &acked).await;
    let acked_moves = common::acked_moves(&acked);
    let through = format!("http://{}", c.front);
    let report = bench::check::check(&c.db, Some(&through), Some(&acked_moves)).await.unwrap();
    let twice = report.violations.iter().filter(|v| v.kind == bench::check::Kind::DuplicatePly).count();
    let errors: BTreeMap<String, u64> = run.stats.errors.lock().unwrap().clone();
    // What an operator saw: each node's `GET /metrics`, read from the balancer's host (a
    // trusted proxy; a node answers it to no one else), 12 s after the heal.
    let seen: Vec<String> = c
        .nodes
        .iter()
        .map(|n| tokio::task::block_in_place(|| c.lb_host.enter(|| common::scrape_metrics(n.addr))).unwrap())
        .collect();
    let takeovers: f64 =
        (0..seen.len()).filter(|&i| i != victim).map(|i| common::metric(&seen[i], "qdan_lease_takeovers_total")).sum();
    let losses = common::metric(&seen[victim], "qdan_lease_losses_total");
    let ack_p99 =
        seen.iter().filter_map(|t| common::histogram_quantile(t, "qdan_ack_seconds", 0.99)).fold(0.0, f64::max);
    println!(
        "partition: /metrics: {takeovers} takeovers on the other nodes, {losses} leases lost by n{}, ack p99 at most {:.0} ms on every node",
        victim + 1,
        ack_p99 * 1000.0
    );
    println!(
        "partition: {} (node n{} with {} tables, {:.1} s): {} tables in play, {} affected: longest wait for a move p50 {:.0} ms p99 {:.0} ms \
         from the fault's {}; acked {} during the fault, {} in all over {games} games ({} finished, {} moves stored); lost {}, stored twice {}; \
         errors {errors:?}, {} table-moved resends, {} connects",
        fault.name(),
        victim + 1,
        owned[victim].len(),
        (t1 - t0).as_secs_f64(),
        in_play.len(),
        recovery.len(),
        common::percentile(&recovery, 0.5),
        common::percentile(&recovery, 0.99),
        if fault.others_take_over() { "start" } else { "heal" },
        during,
        acked.len(),
        audit.finished,
        audit.stored,
        audit.lost.len(),
        twice,
        run.stats.moved.load(Ordering::Relaxed),
        run.stats.connects.load(Ordering::Relaxed),
    );
    println!("qdan-bench check: {report}");
    let said: HashMap<usize, String> =
        c.logs.iter().enumerate().map(|(i, l)| (i, std::fs::read_to_string(l).unwrap_or_default())).collect();
    let tail = |i: usize| said[&i].lines().rev().take(15).collect::<Vec<_>>().join("\n");
    assert!(audit.lost.is_empty(), "acknowledged but not stored: {:?}", audit.lost);
    assert!(report.is_clean(), "{report}");
    assert!(acked.len() >= 50, "the run played too little to mean anything: {} acked", acked.len());
    // A node cut from the store, or from everything, stores nothing: the moves its tables took
    // during the fault were stored by another node, which counted taking them over.
    if matches!(fault, Fault::DbCut | Fault::Isolated) && !recovery.is_empty() {
        assert!(takeovers >= 1.0, "/metrics: the victim's tables moved on, but no other node counted a takeover");
    }
    // Cut from the balancer only, the owner still reaches the store and NATS: its tables stay
    // with it, and the nodes its players reconnect to forward their moves to it.
    if fault == Fault::LbCut {
        assert_eq!(takeovers, 0.0, "/metrics: a node cut from HAProxy alone lost tables to the others");
    }
    assert!(
        stalled.is_empty(),
        "tables took no move within {RECOVERY:?} of the fault's {}: {stalled:?}; the nodes said (n{} the victim):\n{}",
        if fault.others_take_over() { "start" } else { "heal" },
        victim + 1,
        (0..c.nodes.len()).map(|i| format!("n{}:\n{}", i + 1, tail(i))).collect::<Vec<_>>().join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_postgres() {
    partition_rounds(Fault::DbCut).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_nats() {
    partition_rounds(Fault::NatsCut).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_everything_past_its_lease() {
    partition_rounds(Fault::Isolated).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_unreachable_from_every_node() {
    partition_rounds(Fault::DbDown).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_flapping() {
    partition_rounds(Fault::Flapping).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_haproxy() {
    partition_rounds(Fault::LbCut).await;
}
