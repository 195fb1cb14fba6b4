//! `qdan-bench pairing`: players arriving in the quick-pairing pools at a steady rate, on one
//! node (SQLite) or on three (PostgreSQL and NATS), each one a real client as
//! `docs/protocol.md` ("The lobby") describes: `POST /api/players`, `/ws/lobby` with `hello`,
//! `POST /api/pools/KEY` (the pools of one game in turn), wait for `paired`, then `/ws/CODE`,
//! `hello`, and leave once the table has both players.
//!
//! It reports the time from the pool entry to `paired` (p50, p99, max), players paired twice
//! (a player id seated at two tables, or two different codes on one lobby socket), players
//! still waiting when the run ends (and how many of them had someone waiting in the same
//! pool, who could have been their partner), tables where a player did not show, and the
//! servers' CPU time per pairing (`/proc/PID/stat` of the `qdan serve` processes before the
//! first arrival and after the last; PostgreSQL and NATS are not counted).
//!
//! Every player is new, so every rating is the initial 1500: the matching is never held back
//! by a rating gap. The servers it starts have the per-address limits turned off (every
//! player comes from one machine): `--new-players-per-ip 0 --pool-entries-per-ip 0
//! --sockets-per-ip 0 --connections-per-ip 0` and a raised `--http-rate`.

mod player;
mod servers;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Args as ClapArgs;

use crate::load::proc::{cpu_seconds, percentile, raise_nofile};
use player::{Outcome, Player};

#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// `qdan serve` nodes to start: 1 (SQLite) or more (PostgreSQL and NATS; needs
    /// `--postgres`). Players are spread over the nodes in turn.
    #[arg(long, default_value_t = 1)]
    nodes: usize,
    /// Players entering the pools per second, all nodes together.
    #[arg(long, default_value_t = 50.0)]
    rate: f64,
    /// Seconds during which players arrive.
    #[arg(long, default_value_t = 60)]
    secs: u64,
    /// Seconds after the last arrival before the players still waiting are counted (a wave
    /// every 2 s: the default is three waves and the second of a node's look).
    #[arg(long, default_value_t = 8)]
    drain: u64,
    /// The game whose pools the players enter (each player the next pool of its lobby).
    #[arg(long, default_value = "dots")]
    game: String,
    /// A PostgreSQL server for a cluster (`postgres://user@host:port/db`); a fresh database
    /// is created on it for each run.
    #[arg(long, env = "QDAN_TEST_POSTGRES")]
    postgres: Option<String>,
    /// The `qdan` binary to start (default: the one beside `qdan-bench`).
    #[arg(long)]
    bin: Option<PathBuf>,
    /// Fail (non-zero exit) when a player was paired twice, was left waiting with a partner
    /// available, or a client failed.
    #[arg(long)]
    strict: bool,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub nodes: usize,
    pub players: usize,
    pub paired: usize,
    /// Tables made (pairs), from the codes the players saw.
    pub pairs: usize,
    pub p50_s: f64,
    pub p99_s: f64,
    pub max_s: f64,
    pub paired_twice: usize,
    pub waiting_at_end: usize,
    pub waiting_with_partner: usize,
    /// Tables where the table sent `noShow` or a player did not see both seated.
    pub no_show: usize,
    pub errors: usize,
    /// CPU seconds of all `qdan serve` processes over the run.
    pub server_cpu_s: f64,
    pub server_cpu_ms_per_pair: f64,
    pub wall_s: f64,
}

impl Report {
    /// No one paired twice, no one left waiting with someone to play, no client error.
    pub fn clean(&self) -> bool {
        self.paired_twice == 0 && self.waiting_with_partner == 0 && self.errors == 0 && self.pairs > 0
    }
}

/// Parses `pairing`'s arguments (without the program name) and runs it.
pub fn measure<I: IntoIterator<Item = String>>(args: I) -> anyhow::Result<Report> {
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }
    let cli = <Cli as clap::Parser>::try_parse_from(std::iter::once("pairing".to_string()).chain(args))?;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(go(&cli.args))
}

pub fn run(a: Args) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let r = rt.block_on(go(&a))?;
    println!();
    println!(
        "| nodes | players/s | s | players | pairs | p50 s | p99 s | max s | paired twice | waiting at end (with a partner) | no-show tables | errors | server CPU s | CPU ms/pairing |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|");
    println!(
        "| {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {} | {} ({}) | {} | {} | {:.1} | {:.1} |",
        r.nodes,
        a.rate,
        a.secs,
        r.players,
        r.pairs,
        r.p50_s,
        r.p99_s,
        r.max_s,
        r.paired_twice,
        r.waiting_at_end,
        r.waiting_with_partner,
        r.no_show,
        r.errors,
        r.server_cpu_s,
        r.server_cpu_ms_per_pair
    );
    println!("load average after: {}", std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
    if a.strict && !r.clean() {
        bail!("a player paired twice, left waiting with a partner, or a client error (see above)");
    }
    Ok(())
}

async fn go(a: &Args) -> anyhow::Result<Report> {
    if a.nodes == 0 || a.rate <= 0.0 || a.secs == 0 {
        bail!("give --nodes >= 1, a positive --rate and --secs");
    }
    let total = (a.rate * a.secs as f64).ceil() as usize;
    // A lobby socket and a table socket per player at most, plus HTTP connections.
    raise_nofile(2 * total as u64 + 4096)?;
    eprintln!("bench pairing: load average before: {}", std::fs::read_to_string("/proc/loadavg")?.trim());
    let servers = servers::start(a).await?;
    let pids = servers.pids();
    let cpu0: f64 = pids.iter().map(|&p| cpu_seconds(p)).sum();
    let t0 = Instant::now();
    let period = Duration::from_secs_f64(1.0 / a.rate);
    let arrivals_end = t0 + Duration::from_secs(a.secs);
    let give_up = arrivals_end + Duration::from_secs(a.drain);
    let mut tasks = tokio::task::JoinSet::new();
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let seen: Arc<Mutex<HashMap<String, HashSet<String>>>> = Arc::default();
    for i in 0..total {
        tick.tick().await;
        let node = servers.addrs[i % servers.addrs.len()];
        let p = Player { i, node, api: servers.apis[i % servers.apis.len()].clone(), game: a.game.clone() };
        tasks.spawn(p.run(give_up.into(), seen.clone()));
    }
    eprintln!("bench pairing: {total} players arrived in {:.1} s", t0.elapsed().as_secs_f64());
    let mut outcomes = vec![];
    while let Some(r) = tasks.join_next().await {
        outcomes.push(r?);
    }
    let wall = t0.elapsed().as_secs_f64();
    let cpu: f64 = pids.iter().map(|&p| cpu_seconds(p)).sum::<f64>() - cpu0;
    drop(servers);
    Ok(summarize(a.nodes, &outcomes, &seen.lock().expect("seen lock"), cpu, wall))
}

fn summarize(
    nodes: usize,
    outcomes: &[Outcome],
    seen: &HashMap<String, HashSet<String>>,
    cpu: f64,
    wall: f64,
) -> Report {
    let mut waits: Vec<u32> = outcomes.iter().filter_map(|o| o.waited).map(|d| d.as_millis() as u32).collect();
    waits.sort_unstable();
    let codes: HashSet<&str> = outcomes.iter().flat_map(|o| o.codes.iter().map(String::as_str)).collect();
    // Seated at two tables (as the tables' seats say), or two codes on one lobby socket.
    let twice_by_seat: HashSet<&str> = seen.iter().filter(|(_, c)| c.len() > 1).map(|(p, _)| p.as_str()).collect();
    let paired_twice = outcomes
        .iter()
        .filter(|o| o.codes.len() > 1 || o.player_id.as_deref().is_some_and(|p| twice_by_seat.contains(p)))
        .count();
    // Per pool, the players still waiting at the end: two or more could have met.
    let mut left: HashMap<&str, usize> = HashMap::new();
    for o in outcomes.iter().filter(|o| o.waited.is_none() && o.entered) {
        *left.entry(o.pool.as_str()).or_default() += 1;
    }
    let waiting_at_end = left.values().sum();
    for (pool, n) in &left {
        eprintln!("bench pairing: {n} still waiting in {pool}");
    }
    let mut per_code: HashMap<&str, usize> = HashMap::new();
    for c in outcomes.iter().flat_map(|o| o.codes.iter()) {
        *per_code.entry(c.as_str()).or_default() += 1;
    }
    let lone = per_code.values().filter(|&&n| n != 2).count();
    if lone > 0 {
        eprintln!("bench pairing: {lone} tables whose `paired` reached one player only");
    }
    let waiting_with_partner = left.values().filter(|&&n| n >= 2).sum();
    let pairs = codes.len();
    for o in outcomes.iter().filter_map(|o| o.error.as_ref()).take(5) {
        eprintln!("bench pairing: client error: {o}");
    }
    Report {
        nodes,
        players: outcomes.len(),
        paired: waits.len(),
        pairs,
        p50_s: percentile(&waits, 0.50),
        p99_s: percentile(&waits, 0.99),
        max_s: percentile(&waits, 1.0),
        paired_twice,
        waiting_at_end,
        waiting_with_partner,
        no_show: outcomes.iter().filter(|o| o.no_show).map(|o| o.codes.first()).collect::<HashSet<_>>().len(),
        errors: outcomes.iter().filter(|o| o.error.is_some()).count(),
        server_cpu_s: cpu,
        server_cpu_ms_per_pair: if pairs > 0 { cpu * 1000.0 / pairs as f64 } else { 0.0 },
        wall_s: wall,
    }
}
