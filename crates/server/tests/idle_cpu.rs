//! Issue 19, measured: 1,000 CPU groups created and watched (a socket each, no device token)
//! but never played make no CPU move and use no CPU time.
//!
//! Its own test binary, so the process's CPU time (`/proc/self/stat`) is this test's alone.
//! The groups are Juroku Musashi with the Children moving first: the CPU (always the second
//! seat, here the Children) would be the first to move, at the expert level the issue saw.
//! Grace and idle times are shortened 50 times (away grace 200 ms for 10 s), so the three
//! seconds measured stand for two and a half minutes of the site.

#[path = "common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use serde_json::json;

use common::{Client, TestServer, fast_config};

const GROUPS: usize = 1000;
/// Groups per creator (a player may hold only so many unplayed ones).
const PER_CREATOR: usize = 10;
const WINDOW: Duration = Duration::from_secs(3);

/// CPU time this process has used (user + system), from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux /proc");
    // Fields after the command name (which may hold spaces) start at `)`: utime and stime are
    // fields 14 and 15 of the line, 12 and 13 after it, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
    let f: Vec<u64> = rest.split(' ').skip(11).take(2).map(|x| x.parse().expect("a number")).collect();
    Duration::from_millis((f[0] + f[1]) * 10)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_19_a_thousand_watched_cpu_groups_nobody_plays_use_no_cpu() {
    let config = server::Config {
        away_grace: Duration::from_millis(200),
        reload_grace: Duration::from_millis(100),
        http_rate: 100_000.0,
        sockets_per_ip: 0,
        new_players_per_ip: 0,
        new_groups_per_ip: 0,
        ..fast_config()
    };
    let s = TestServer::start_with(config, None).await;
    // The site compresses its files once at start: start-up work, not idleness.
    let warming = Instant::now();
    while !site::assets::warmed() {
        assert!(warming.elapsed() < Duration::from_secs(60), "the assets' compression never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (cpu0, t0) = (cpu_time(), Instant::now());
    let mut codes = Vec::with_capacity(GROUPS);
    let mut token = String::new();
    for i in 0..GROUPS {
        if i % PER_CREATOR == 0 {
            token = s.player("Ghost").await.0;
        }
        let body = json!({"game": "musashi", "options": {"first": "children"}, "cpu": "expert"});
        codes.push(s.group(&token, body).await);
    }
    let mut watchers = Vec::with_capacity(GROUPS);
    for code in &codes {
        watchers.push(Client::watch(s.addr, code).await);
    }
    let setup = (cpu_time() - cpu0, t0.elapsed());
    assert_eq!(s.state.tables.len(), GROUPS);
    // The creators' grace runs out: every creator's seat is away.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (cpu1, t1) = (cpu_time(), Instant::now());
    tokio::time::sleep(WINDOW).await;
    let used = cpu_time() - cpu1;
    let wall = t1.elapsed();
    let moves = s.state.ctx.store.count_moves().await.unwrap();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    eprintln!(
        "idle_cpu: {GROUPS} groups created and watched in {:.2} s wall, {:.2} s CPU; then {:.2} s wall: \
         {:.2} s CPU ({:.1} % of one core), {moves} moves stored, {} tables loaded; loadavg {}",
        setup.1.as_secs_f64(),
        setup.0.as_secs_f64(),
        wall.as_secs_f64(),
        used.as_secs_f64(),
        100.0 * used.as_secs_f64() / wall.as_secs_f64(),
        s.state.tables.len(),
        load.trim()
    );
    assert_eq!(moves, 0, "the CPU played for nobody");
    // Nothing should run at all; a tenth of a core leaves room for the test's own clock ticks.
    assert!(used < WINDOW / 10, "{used:?} of CPU while nobody plays");
    drop(watchers);
}
