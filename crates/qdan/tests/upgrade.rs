//! A rolling upgrade with a migration (issue 39, part 4), on the cluster as separate hosts
//! (`testkit::hosts`): three nodes of the previous version (the commit before the newest
//! migration was added, built once from `git archive` with a target directory of its own)
//! behind HAProxy, with games in play through the balancer; then, one node at a time, each old
//! node drains (SIGTERM: the balancer sends its players to the others) and a node of this
//! version starts on its host. The first new node runs the newest migration while the two old
//! nodes serve; then an old node is killed and restarted against the migrated database (the
//! rule of `docs/deploy.md`, "Upgrades": a node ignores applied migrations it does not know, and
//! migrations are additive), and must come up and serve; then the other two are upgraded.
//! At the end `qdan-bench check`'s invariants hold (no acknowledged move lost, no ply stored
//! twice, no move under a superseded lease, a fresh client through HAProxy sees the store), and
//! no table in play waited longer than 8 s (the lease plus 3 s) for a move.
//!
//! The long tier, as the partition tests (root, network namespaces, PostgreSQL, `nats-server`,
//! HAProxy; and `git` and `cargo` for the previous version, a few minutes the first time):
//! `QDAN_TEST_PARTITIONS=1 cargo test -p qdan --test upgrade -- --nocapture`

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use testkit::hosts::Cluster;
use testkit::player::Run;
use testkit::{Api, Signal};

const LEASE_MS: u64 = 5000;
/// No table in play waits longer than this for its next acknowledged move.
const RECOVERY: Duration = Duration::from_millis(LEASE_MS + 3000);
/// Games played at once.
const GAMES: u64 = 9;
/// Play on the mixed cluster between two steps of the upgrade.
const STEP: Duration = Duration::from_secs(4);

fn long_tier() -> bool {
    if std::env::var("QDAN_TEST_PARTITIONS").is_ok_and(|v| v == "1") {
        return true;
    }
    eprintln!(
        "the rolling upgrade test is the long tier (root, network namespaces, a build of the \
         previous version): QDAN_TEST_PARTITIONS=1 runs it"
    );
    false
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn git(args: &[&str]) -> String {
    let out = Command::new("git").current_dir(repo()).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("git prints text").trim().to_string()
}

/// The previous version: the parent of the commit that added the newest migration.
fn previous_commit() -> String {
    let newest = git(&["log", "-1", "--diff-filter=A", "--format=%H", "--", "crates/server/migrations"]);
    git(&["rev-parse", &format!("{newest}^")])
}

/// The highest migration version this version has (`NNNN_name.sql`).
fn newest_migration() -> i64 {
    std::fs::read_dir(repo().join("crates/server/migrations"))
        .expect("the migrations")
        .filter_map(|e| e.ok()?.file_name().to_str()?.split('_').next()?.parse::<i64>().ok())
        .max()
        .expect("a migration")
}

/// `qdan` of `commit`, built once (its sources from `git archive`, its own target directory)
/// under this test's temporary directory, and kept for the next run.
fn build_previous(commit: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("upgrade").join(&commit[..12]);
    let bin = dir.join("target/debug/qdan");
    if bin.exists() {
        return bin;
    }
    let src = dir.join("src");
    if !src.join("Cargo.toml").exists() {
        std::fs::create_dir_all(&src).unwrap();
        let archive = Command::new("sh")
            .current_dir(repo())
            .arg("-c")
            .arg(format!("git archive {commit} | tar -x -C '{}'", src.display()))
            .status()
            .unwrap();
        assert!(archive.success(), "git archive {commit}");
    }
    eprintln!("building qdan of the previous version {commit} (once; a few minutes)");
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    let built = Command::new(cargo)
        .current_dir(&src)
        .args(["build", "-p", "qdan", "--target-dir"])
        .arg(dir.join("target"))
        .status()
        .unwrap();
    assert!(built.success() && bin.exists(), "building qdan of {commit}");
    bin
}

/// The newest migration applied to `db`.
async fn applied_migration(db: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.unwrap();
    let v: i64 = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations").fetch_one(&pool).await.unwrap();
    pool.close().await;
    v
}

/// SIGTERM: the node drains (its tables hand their leases over, its sockets are told to
/// reconnect, the balancer sees 503) and exits.
async fn drain(c: &mut Cluster, i: usize) {
    c.nodes[i].signal(Signal::Term);
    c.nodes[i].wait_exit(Duration::from_secs(20)).await.expect("the node drains and exits");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_upgrade_with_a_migration_loses_nothing() {
    if !long_tier() {
        return;
    }
    let old_commit = previous_commit();
    let old_bin = tokio::task::block_in_place(|| build_previous(&old_commit));
    let new_bin = Path::new(env!("CARGO_BIN_EXE_qdan"));
    let newest = newest_migration();
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
    let mut c = Cluster::start(&old_bin, 3, &args).await.unwrap();
    let before = applied_migration(&c.db).await;
    assert!(before < newest, "the previous version {old_commit} has migration {newest} already");
    let warm = Duration::from_secs(6);
    // Long enough for the upgrade's steps (each drain and start takes a second or two) and the
    // 8 s after the last one.
    let run = Run::new(c.front, warm + STEP * 3 + Duration::from_secs(30), false, 150);
    let api = Api::new(format!("http://{}", c.front));
    let keeper = common::keep_games(run.clone(), api.clone(), GAMES);
    tokio::time::sleep(warm).await;

    let t0 = Instant::now();
    // n1: the first node of this version; it runs the newest migration while n2 and n3, of the
    // previous version, serve.
    drain(&mut c, 0).await;
    c.replace_node(0, new_bin, &args).await.expect("a node of this version starts beside the old ones");
    assert_eq!(applied_migration(&c.db).await, newest, "the new node migrated the database");
    tokio::time::sleep(STEP).await;
    // An old node killed and started again against the migrated database (a crash, or a host
    // rebooted, in the middle of the upgrade): it must come up and serve.
    c.nodes[2].kill();
    c.nodes[2].restart().await.expect("a node of the previous version restarts against the newer migration");
    tokio::time::sleep(STEP).await;
    for i in [1, 2] {
        drain(&mut c, i).await;
        c.replace_node(i, new_bin, &args).await.expect("a node of this version starts");
        tokio::time::sleep(STEP).await;
    }
    let t1 = Instant::now();
    assert!(run.deadline > t1 + RECOVERY, "the upgrade took {:?}: too long for the run", t1 - t0);
    let games = keeper.await.unwrap();

    // The figures and the invariants, as the partition tests take them.
    let store = server::Store::connect(&c.db).await.unwrap();
    let acked = run.acked.lock().unwrap().clone();
    let in_play = common::tables_in_play(&store, &acked, t0, t0).await;
    // A table's longest wait for its next acknowledged move, from the upgrade's start until 8 s
    // after its end.
    let mut waits: Vec<f64> = in_play
        .iter()
        .filter_map(|c| common::longest_wait(&acked, c, t0, t1 + RECOVERY).map(|d| d.as_secs_f64() * 1000.0))
        .collect();
    waits.sort_by(f64::total_cmp);
    let stalled = common::stalled(&acked, &in_play, t0, t1 + RECOVERY, RECOVERY);
    let during = acked.iter().filter(|a| a.at >= t0 && a.at <= t1).count();
    let audit = common::audit(&store, &acked).await;
    let acked_moves = common::acked_moves(&acked);
    let through = format!("http://{}", c.front);
    let report = bench::check::check(&c.db, Some(&through), Some(&acked_moves)).await.unwrap();
    let errors: BTreeMap<String, u64> = run.stats.errors.lock().unwrap().clone();
    println!(
        "upgrade: {old_commit:.12} (migrations to {before}) to this version (to {newest}), {:.1} s: {} tables in play, \
         longest wait for a move p50 {:.0} ms p99 {:.0} ms; acked {during} during the upgrade, {} in all over {games} games \
         ({} finished, {} moves stored); lost {}; errors {errors:?}, {} connects",
        (t1 - t0).as_secs_f64(),
        in_play.len(),
        common::percentile(&waits, 0.5),
        common::percentile(&waits, 0.99),
        acked.len(),
        audit.finished,
        audit.stored,
        audit.lost.len(),
        run.stats.connects.load(std::sync::atomic::Ordering::Relaxed),
    );
    println!("qdan-bench check: {report}");
    assert!(audit.lost.is_empty(), "acknowledged but not stored: {:?}", audit.lost);
    assert!(report.is_clean(), "{report}");
    assert!(acked.len() >= 50, "the run played too little to mean anything: {} acked", acked.len());
    assert!(during >= 20, "too little played during the upgrade: {during} acked");
    assert!(stalled.is_empty(), "tables took no move within {RECOVERY:?} during the upgrade: {stalled:?}");
}
