//! Three `qdan serve` nodes on one PostgreSQL and one NATS server behind HAProxy, all started
//! here on loopback ports (skipped, with a message, when `QDAN_TEST_POSTGRES` is not set or
//! `nats-server`/`haproxy` are not installed: `scripts/test` provides all three).
//!
//! 1. A game of each kind with the two players on different nodes and a spectator on the
//!    third: every move seen by all three, and after each one the third node's list of games
//!    in progress (`GET /api/me/playing`) already says whose turn it is. A quick message said
//!    on one node is heard on the other two, and its rate holds across them.
//! 2. Games through the balancer while a random node is SIGKILLed and restarted several
//!    times; then a node SIGSTOPped past its lease and SIGCONTed: its writes are refused by
//!    the fence; then a rolling restart (SIGTERM) of every node. NATS, the balancer and
//!    PostgreSQL (when `scripts/test` says where it runs) are restarted under load too.
//! 3. Every acknowledged move is stored exactly once at its ply and every stored game replays
//!    legally: `acked N stored M lost 0`, with the failover time (a kill to the next ack on a
//!    table the killed node owned). Then `qdan-bench check`'s invariants: from PostgreSQL
//!    (also no move under a lease epoch that was not current) and, for each table in play, a
//!    fresh client through the balancer that must see the stored moves.
//!
//! The default run takes about two minutes; a longer one:
//! `QDAN_CLUSTER_SECS=300 QDAN_CLUSTER_GAMES=40 QDAN_CLUSTER_KILLS=10 cargo test --release -p qdan --test cluster -- --nocapture`
//! (results in docs/reliability.md).

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use testkit::player::{Run, player};
use testkit::{Api, Qdan, Signal, TableClient, infra};
use wire::{ErrorCode, GameView, Intent, Phrase, Seat, ServerMsg, Status};

const LEASE_MS: u64 = 3000;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Cluster {
    nodes: Vec<Qdan>,
    logs: Vec<std::path::PathBuf>,
    nats: Option<infra::Daemon>,
    balancer: Option<infra::Daemon>,
    /// The balancer's address (the same after it restarts).
    front: SocketAddr,
    db: String,
    dir: tempfile::TempDir,
}

async fn start() -> Option<Cluster> {
    let Ok(base) = std::env::var("QDAN_TEST_POSTGRES") else {
        eprintln!("QDAN_TEST_POSTGRES not set: the cluster test is skipped (scripts/test sets it)");
        return None;
    };
    for p in ["nats-server", "haproxy", "psql"] {
        if !infra::installed(p) {
            eprintln!("{p} is not installed: the cluster test is skipped (scripts/test installs it)");
            return None;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let name = format!("qdan_cluster_{}", rand::random::<u32>());
    let db = infra::fresh_database(&base, &name).unwrap();
    let nats = infra::nats().await.unwrap();
    let nats_url = format!("nats://{}", nats.addr);
    let mut nodes = vec![];
    let mut logs = vec![];
    for i in 1..=3 {
        let log = dir.path().join(format!("node{i}.log"));
        let node = format!("n{i}");
        let lease = LEASE_MS.to_string();
        let args = ["--db", &db, "--nats", &nats_url, "--node", &node, "--lease-ms", &lease, "--tables", "off"];
        let args =
            [&args[..], &["--trusted-proxies", "127.0.0.1", "--http-rate", "100000", "--cpu-delay-ms", "0"], NO_PER_IP]
                .concat();
        nodes.push(Qdan::start_logged(env!("CARGO_BIN_EXE_qdan"), &args, &log).await.unwrap());
        logs.push(log);
    }
    let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
    let balancer = infra::haproxy(dir.path(), &addrs).await.unwrap();
    let front = balancer.addr;
    Some(Cluster { nodes, logs, nats: Some(nats), balancer: Some(balancer), front, db, dir })
}

/// The test's players all come from one address: the per-address bounds of issue 19 are off
/// (the balancer's own per-address bound, deploy/haproxy.cfg, stays on).
const NO_PER_IP: &[&str] =
    &["--new-players-per-ip", "0", "--new-groups-per-ip", "0", "--sockets-per-ip", "0", "--connections-per-ip", "0"];

/// The legal moves of a view, as text.
fn legal(v: &GameView) -> Vec<String> {
    v.legal()
}

/// Plays a whole game with its two players on nodes 1 and 2 and a watcher (no token) on node
/// 3; after every move all three have the same table, and node 3's lists of the two players'
/// games in progress say whose turn it is (the list is read from the store, which has every
/// acknowledged move, whichever node owns the table).
async fn three_nodes_one_game(c: &Cluster, body: serde_json::Value) -> usize {
    let api = Api::new(c.nodes[0].url());
    let third = Api::new(c.nodes[2].url());
    let (ta, _) = api.player("Ana").await.unwrap();
    let (tb, _) = api.player("Ben").await.unwrap();
    let code = api.group(&ta, &body).await.unwrap();
    let mut a = TableClient::connect(c.nodes[0].addr, &code, Some(&ta), None).await.unwrap();
    let mut b = TableClient::connect(c.nodes[1].addr, &code, Some(&tb), None).await.unwrap();
    let mut w = TableClient::connect(c.nodes[2].addr, &code, None, None).await.unwrap();
    let sat = b.intent(Intent::Sit {}).await.unwrap();
    assert!(matches!(sat, ServerMsg::Ack { .. }), "{sat:?}");
    let mut rng = StdRng::seed_from_u64(11);
    let mut moves = 0;
    loop {
        let v = a.version().max(b.version());
        for cl in [&mut a, &mut b, &mut w] {
            cl.catch_up(v).await.unwrap();
        }
        assert_eq!(a.table(), b.table(), "{code}: the players' tables differ");
        assert_eq!(a.table(), w.table(), "{code}: the watcher on the third node differs");
        if a.table().status != Status::Playing {
            break;
        }
        let t = a.table().clone();
        let mover = if t.is_turn_of(Seat::First) { &mut a } else { &mut b };
        let options = legal(t.view.as_ref().unwrap());
        let mv = options[rng.gen_range(0..options.len())].clone();
        let r = mover.intent(Intent::Move { ply: t.plies, mv }).await.unwrap();
        assert!(matches!(r, ServerMsg::Ack { .. }), "{r:?}");
        moves += 1;
        let after = mover.table().clone();
        for (token, seat) in [(&ta, Seat::First), (&tb, Seat::Second)] {
            let list = third.get("/api/me/playing", Some(token)).await.unwrap();
            let list = list.as_array().unwrap();
            if after.status == Status::Playing {
                assert_eq!(list.len(), 1, "{code}: {list:?}");
                assert_eq!(list[0]["myTurn"], after.is_turn_of(seat), "{code} after move {moves}: {list:?}");
            } else {
                assert!(list.is_empty(), "{code} is over: {list:?}");
            }
        }
    }
    moves
}

/// Quick messages (issue 35, part 5) with the players on nodes 1 and 2 and a watcher on node 3:
/// three phrases said through node 2 reach the other two nodes, and the same player's socket
/// on node 3 is refused the fourth (`rate-limited`): the bucket is the table's, on its owner.
async fn quick_across_nodes(c: &Cluster) {
    let api = Api::new(c.nodes[0].url());
    let (ta, _) = api.player("Ana").await.unwrap();
    let (tb, _) = api.player("Ben").await.unwrap();
    let code = api.group(&ta, &json!({"game": "dots", "options": {"size": "3x3"}})).await.unwrap();
    let mut a = TableClient::connect(c.nodes[0].addr, &code, Some(&ta), None).await.unwrap();
    let mut b = TableClient::connect(c.nodes[1].addr, &code, Some(&tb), None).await.unwrap();
    let mut w = TableClient::connect(c.nodes[2].addr, &code, None, None).await.unwrap();
    assert!(matches!(b.intent(Intent::Sit {}).await.unwrap(), ServerMsg::Ack { .. }));
    let phrases = [Phrase::Hello, Phrase::GoodLuck, Phrase::Oops];
    for phrase in phrases {
        let r = b.intent(Intent::Quick { phrase }).await.unwrap();
        assert!(matches!(r, ServerMsg::Ack { .. }), "{code}: {r:?}");
    }
    for cl in [&mut a, &mut w] {
        for phrase in phrases {
            let heard = loop {
                match cl.recv(Duration::from_secs(10)).await.unwrap() {
                    m @ ServerMsg::Quick { .. } => break m,
                    _ => continue,
                }
            };
            assert_eq!(heard, ServerMsg::Quick { seat: Seat::Second, phrase }, "{code}");
        }
    }
    let mut b3 = TableClient::connect(c.nodes[2].addr, &code, Some(&tb), None).await.unwrap();
    match b3.intent(Intent::Quick { phrase: Phrase::Sorry }).await.unwrap() {
        ServerMsg::Error { error, .. } => assert_eq!(error.code, ErrorCode::RateLimited, "{code}"),
        other => panic!("{code}: {other:?}"),
    }
}

/// Opens a game through the balancer and starts its two players; returns the group code.
async fn new_game(run: &Arc<Run>, api: &Api, n: u64) -> (String, Vec<tokio::task::JoinHandle<()>>) {
    let body = if n.is_multiple_of(2) {
        json!({"game": "dots", "options": {"size": "4x4"}})
    } else {
        json!({"game": "musashi", "options": {"board": "25"}})
    };
    let (ta, _) = api.player(&format!("A{n}")).await.unwrap();
    let (tb, _) = api.player(&format!("B{n}")).await.unwrap();
    let code = api.group(&ta, &body).await.unwrap();
    loop {
        if let Ok(mut c) = TableClient::connect(run.addr, &code, Some(&tb), None).await
            && matches!(c.intent(Intent::Sit {}).await, Ok(ServerMsg::Ack { .. }))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let handles = vec![
        tokio::spawn(player(run.clone(), code.clone(), ta, Seat::First, n * 2 + 1)),
        tokio::spawn(player(run.clone(), code.clone(), tb, Seat::Second, n * 2 + 2)),
    ];
    (code, handles)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_across_kills_pauses_and_rolling_restarts() {
    let Some(mut c) = start().await else { return };
    let secs = env_or("QDAN_CLUSTER_SECS", 45);
    let games = env_or("QDAN_CLUSTER_GAMES", 8);
    let kills = env_or("QDAN_CLUSTER_KILLS", 3);

    // 1. Players on different nodes, a watcher on the third.
    let dots = three_nodes_one_game(&c, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let musashi = three_nodes_one_game(&c, json!({"game": "musashi", "options": {"board": "25"}})).await;
    println!("cluster: a Dots game ({dots} moves) and a Musashi game ({musashi} moves) seen alike on three nodes");
    quick_across_nodes(&c).await;

    // 2. Load through the balancer while nodes die, pause and restart: `games` games at a
    // time, a finished one replaced by a new one, until the run's end.
    let store = server::Store::connect(&c.db).await.unwrap();
    let run = Run::new(c.front, Duration::from_secs(secs), false, 150);
    let api = Api::new(format!("http://{}", c.front));
    let keeper = {
        let (run, api) = (run.clone(), api.clone());
        tokio::spawn(async move {
            let mut n = 0;
            let mut running: Vec<Vec<tokio::task::JoinHandle<()>>> = vec![];
            while Instant::now() < run.deadline {
                running.retain(|pair| pair.iter().any(|h| !h.is_finished()));
                while (running.len() as u64) < games && Instant::now() < run.deadline {
                    running.push(new_game(&run, &api, n).await.1);
                    n += 1;
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            for h in running.into_iter().flatten() {
                h.await.unwrap();
            }
            n
        })
    };
    let mut rng = StdRng::seed_from_u64(3);
    let mut kill_times: Vec<(Instant, Vec<String>)> = vec![];
    let gap = Duration::from_secs(secs) / (kills as u32 + 7);
    for _ in 0..kills {
        tokio::time::sleep(gap).await;
        let i = rng.gen_range(0..c.nodes.len());
        let owned = owned_by(&store, i).await;
        c.nodes[i].kill();
        kill_times.push((Instant::now(), owned));
        tokio::time::sleep(Duration::from_millis(rng.gen_range(200..1500))).await;
        c.nodes[i].restart().await.unwrap();
    }
    // NATS goes away for a second and comes back; then the balancer does.
    tokio::time::sleep(gap).await;
    let nats_addr = c.nats.take().expect("NATS runs").addr;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    c.nats = Some(infra::nats_on(nats_addr).await.unwrap());
    tokio::time::sleep(gap).await;
    let addrs: Vec<SocketAddr> = c.nodes.iter().map(|n| n.addr).collect();
    c.balancer.take();
    tokio::time::sleep(Duration::from_millis(500)).await;
    c.balancer = Some(infra::haproxy_on(c.dir.path(), c.front, &addrs).await.unwrap());
    // PostgreSQL restarts (when scripts/test says where it is): every node's connections
    // are cut; writes in that moment fail and are not acknowledged, leases cannot be renewed.
    tokio::time::sleep(gap).await;
    let pg_at = Instant::now();
    let pg_restart = tokio::task::spawn_blocking(infra::restart_postgres).await.unwrap().unwrap();
    // The node with the most tables is paused past its lease: the others take its tables;
    // when it wakes, the fence refuses whatever it still tries to write for them (or it
    // finds the leases gone first and stops those tables).
    tokio::time::sleep(gap).await;
    let mut owned: Vec<Vec<String>> = vec![];
    for i in 0..c.nodes.len() {
        owned.push(owned_by(&store, i).await);
    }
    let paused = (0..c.nodes.len()).max_by_key(|&i| owned[i].len()).unwrap();
    let paused_tables = owned[paused].len();
    c.nodes[paused].signal(Signal::Stop);
    kill_times.push((Instant::now(), owned[paused].clone()));
    tokio::time::sleep(Duration::from_millis(LEASE_MS * 2)).await;
    c.nodes[paused].signal(Signal::Cont);
    // What an operator sees (`GET /metrics`): other nodes took the paused node's tables, and
    // the paused node, awake, counts them lost (its renewal finds the leases gone, or a write
    // is fenced). Counters start at 0 with each process; these have run since the kills.
    let (mut takeovers, mut losses) = (0.0, 0.0);
    let seen_by = Instant::now() + Duration::from_millis(LEASE_MS * 2);
    while paused_tables > 0 && (takeovers < 1.0 || losses < 1.0) && Instant::now() < seen_by {
        tokio::time::sleep(Duration::from_millis(200)).await;
        (takeovers, losses) = (0.0, 0.0);
        for (i, n) in c.nodes.iter().enumerate() {
            let text = tokio::task::block_in_place(|| common::scrape_metrics(n.addr));
            if i == paused {
                losses = common::metric(&text, "qdan_lease_losses_total");
            } else {
                takeovers += common::metric(&text, "qdan_lease_takeovers_total");
            }
        }
    }
    if paused_tables > 0 {
        assert!(takeovers >= 1.0, "/metrics: no takeover counted after the pause");
        assert!(losses >= 1.0, "/metrics: the paused node counted no lease lost");
        println!(
            "cluster: /metrics after the pause: {takeovers} takeovers on the others, {losses} leases lost by the paused node"
        );
    }
    // A rolling restart: each node drains on SIGTERM, then comes back.
    tokio::time::sleep(gap).await;
    let mut drains = vec![];
    for i in 0..c.nodes.len() {
        let t0 = Instant::now();
        c.nodes[i].signal(Signal::Term);
        let status = c.nodes[i].wait_exit(Duration::from_secs(20)).await.unwrap();
        drains.push(t0.elapsed().as_millis());
        assert!(status.success(), "node {} did not drain cleanly: {status}", i + 1);
        c.nodes[i].restart().await.unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    let games_played = keeper.await.unwrap();

    // 3. The audit.
    let acked = run.acked.lock().unwrap().clone();
    let audit = common::audit(&store, &acked).await;
    let mut failovers: Vec<f64> = vec![];
    for (at, owned) in &kill_times {
        for code in owned {
            if let Some(next) = acked.iter().filter(|a| &a.code == code && a.at > *at).map(|a| a.at).min() {
                failovers.push((next - *at).as_secs_f64() * 1000.0);
            }
        }
    }
    failovers.sort_by(f64::total_cmp);
    // After the PostgreSQL restart: the time to the next ack of each table that was being
    // played in the two seconds before it.
    let mut pg_gaps: Vec<f64> = vec![];
    if pg_restart.is_some() {
        let playing: std::collections::HashSet<&str> = acked
            .iter()
            .filter(|a| a.at < pg_at && a.at + Duration::from_secs(2) > pg_at)
            .map(|a| a.code.as_str())
            .collect();
        for code in playing {
            if let Some(next) = acked.iter().filter(|a| a.code == code && a.at > pg_at).map(|a| a.at).min() {
                pg_gaps.push((next - pg_at).as_secs_f64() * 1000.0);
            }
        }
        pg_gaps.sort_by(f64::total_cmp);
    }
    let said = |what: &str| -> usize {
        c.logs.iter().map(|l| std::fs::read_to_string(l).unwrap_or_default().matches(what).count()).sum()
    };
    let (refused, lost_leases) = (said("no longer owns table"), said("lost the lease of table"));
    let s = &run.stats;
    println!(
        "cluster: {secs} s, {games_played} games ({} finished), {kills} SIGKILLs, a NATS and a balancer restart, a SIGSTOP of {} ms (node {} with {paused_tables} tables), \
         a rolling restart (drains {drains:?} ms), {} connects, {} moves sent, {} refused, {} answered table-moved and sent again; \
         the woken node: {refused} writes refused by the fence, {lost_leases} tables stopped for a lost lease",
        audit.finished,
        LEASE_MS * 2,
        paused + 1,
        s.connects.load(Ordering::Relaxed),
        s.sent.load(Ordering::Relaxed),
        s.refused.load(Ordering::Relaxed),
        s.moved.load(Ordering::Relaxed),
    );
    println!(
        "acked {} stored {} lost {}; failover p50 {:.0} ms p99 {:.0} ms over {} tables",
        acked.len(),
        audit.stored,
        audit.lost.len(),
        percentile(&failovers, 0.5),
        percentile(&failovers, 0.99),
        failovers.len()
    );
    match pg_restart {
        Some(took) => println!(
            "PostgreSQL restarted in {} ms: next ack p50 {:.0} ms p99 {:.0} ms over {} tables in play",
            took.as_millis(),
            percentile(&pg_gaps, 0.5),
            percentile(&pg_gaps, 0.99),
            pg_gaps.len()
        ),
        None => println!("PostgreSQL was not restarted (QDAN_TEST_PG_BIN / QDAN_TEST_PG_DATA not set)"),
    }
    assert!(audit.lost.is_empty(), "acknowledged but not stored: {:?}", audit.lost);
    assert!(acked.len() >= 30, "the run played too little to mean anything: {} acked", acked.len());
    // The invariants as an operator checks them (`qdan-bench check`, docs/reliability.md):
    // from PostgreSQL (one move per ply, no gaps, every move under a current lease, every
    // acknowledged move stored) and through the balancer by a fresh client for each table.
    let acked_moves = common::acked_moves(&acked);
    let through = format!("http://{}", c.front);
    let report = bench::check::check(&c.db, Some(&through), Some(&acked_moves)).await.unwrap();
    println!("qdan-bench check: {report}");
    assert!(report.is_clean(), "{report}");
    assert!(report.without_epoch == 0, "every move of a cluster is written under a lease: {report}");
    let woken = std::fs::read_to_string(&c.logs[paused]).unwrap_or_default();
    assert!(
        paused_tables == 0 || refused + lost_leases > 0,
        "the woken node neither was refused nor gave up its tables; it said:\n{}",
        woken.lines().rev().take(30).collect::<Vec<_>>().join("\n")
    );
}

/// The tables node `i` (named `n{i+1}`) holds a live lease of now.
async fn owned_by(store: &server::Store, i: usize) -> Vec<String> {
    let prefix = format!("n{}-", i + 1);
    let leases = store.live_leases().await.unwrap();
    let mut by_node: HashMap<String, Vec<String>> = HashMap::new();
    for (code, node) in leases {
        by_node.entry(node).or_default().push(code);
    }
    by_node.into_iter().filter(|(n, _)| n.starts_with(&prefix)).flat_map(|(_, c)| c).collect()
}
