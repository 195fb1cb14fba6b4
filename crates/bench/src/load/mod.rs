//! `qdan-bench load`: many Dots and Boxes games at once over real WebSockets on loopback.
//!
//! Each game has two clients (two devices, two sockets) that play legal moves at a set rate
//! (with `--cpu LEVEL`, one client against the CPU, worked out by the server or, with
//! `--cpu-on-device`, sent by the client as a page would: what a CPU game costs a node);
//! the number of games is ramped step by step (each step adds games to the ones already
//! playing). Per step it reports the move round trip (move sent -> its `ack` seen) at p50,
//! p99 and p99.9, moves per second, the server's memory (RSS) and CPU from `/proc/<pid>`,
//! the load generator's own CPU, the bytes of each move event and the server's CPU per move,
//! and errors. By default it starts `qdan serve` itself (the `qdan` binary beside this one, or
//! `--bin`) on a fresh SQLite file with the per-IP HTTP limit raised (`--http-rate`, for
//! benchmarks only); sockets are spread over 127.0.0.x source addresses. With `--server` it
//! aims at a running server or a balancer instead. With `--peer boardgameio` it then runs the
//! same steps against the boardgame.io server in `bench/peers/boardgameio/` and prints both
//! side by side.

mod peer;
pub(crate) mod proc;
mod qdan;
mod tracker;

use std::path::PathBuf;

use anyhow::bail;
use clap::Args as ClapArgs;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Games at each step, ramped in order (e.g. 100,500,1000,2000).
    #[arg(long, value_delimiter = ',', default_value = "100,500,1000")]
    games: Vec<usize>,
    /// Moves per second per game.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Seconds measured at each step.
    #[arg(long, default_value_t = 20)]
    duration: u64,
    /// Seconds of play before each step's measurement starts.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// Board size of every game.
    #[arg(long, default_value = "5x4")]
    size: String,
    /// A running server or balancer (`http://127.0.0.1:8080`) instead of a `qdan serve` child.
    /// It must allow this many connections per IP address (`qdan serve --http-rate`).
    #[arg(long)]
    server: Option<String>,
    /// Two nodes of a cluster (`http://...,http://...`): each game's first player connects to
    /// the first, its second player to the second (the latency of a table whose players sit on
    /// different nodes). Games are opened on the first.
    #[arg(long, value_delimiter = ',')]
    split: Vec<String>,
    /// Server processes to measure (CPU, memory) when aiming at running servers: their CPU
    /// is summed in the table and printed per process below it.
    #[arg(long, value_delimiter = ',')]
    pids: Vec<u32>,
    /// The `qdan` binary to start (default: the one beside `qdan-bench`). Aim two runs at two
    /// builds to compare them; the generator reads both the current protocol (delta events)
    /// and the one before it (every event with the whole table).
    #[arg(long)]
    bin: Option<PathBuf>,
    /// Extra arguments for `qdan serve` (e.g. `--durability power`).
    #[arg(long, allow_hyphen_values = true)]
    serve_arg: Vec<String>,
    /// Also run the same steps against a peer server and print both side by side.
    #[arg(long, value_enum)]
    peer: Option<Peer>,
    /// Folder of the boardgame.io peer (`npm ci` is run there when node_modules is missing).
    #[arg(long, default_value = "bench/peers/boardgameio")]
    peer_dir: PathBuf,
    /// Fail (non-zero exit) unless there were no errors and every move sent was acknowledged.
    #[arg(long)]
    strict: bool,
    /// Games against the CPU at this level (beginner, intermediate, expert) instead of games
    /// between two people: one player each, whose moves are measured.
    #[arg(long)]
    cpu: Option<String>,
    /// With --cpu: the CPU is played on the device (`cpuOnDevice`): this generator sends the
    /// CPU's moves as a page would (`cpuMove`, a random legal line: the server's cost is what is
    /// measured, not the page's), and the server only checks and stores them.
    #[arg(long, requires = "cpu")]
    cpu_on_device: bool,
    /// Write every acknowledged move (with its time) and every error the server sent to this
    /// file, one JSON object a line, for `qdan-bench check --acked FILE` (docs/reliability.md).
    #[arg(long)]
    acked: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Peer {
    Boardgameio,
}

/// One measured step.
#[derive(Clone, Debug, Default)]
pub struct Step {
    pub games: usize,
    /// The players' sockets (two a game; one against the CPU).
    pub sockets: usize,
    pub setup_s: f64,
    pub moves: u64,
    pub moves_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
    /// Percent of one core (all measured server processes together).
    pub server_cpu: f64,
    /// Percent of one core of each measured server process.
    pub node_cpu: Vec<f64>,
    pub server_rss_mib: f64,
    pub client_cpu: f64,
    /// Mean bytes of a move event's text (as the table's sockets receive it).
    pub move_event_bytes: f64,
    pub errors: u64,
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// One row per step.
    pub steps: Vec<Step>,
    /// No errors, and every move sent was acknowledged.
    pub clean: bool,
}

/// Parses `load`'s arguments (without the program name) and runs it, printing nothing.
pub fn measure<I: IntoIterator<Item = String>>(args: I) -> anyhow::Result<Outcome> {
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }
    let cli = <Cli as clap::Parser>::try_parse_from(std::iter::once("load".to_string()).chain(args))?;
    let a = cli.args;
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let (steps, clean) = rt.block_on(qdan::run(&a))?;
    Ok(Outcome { steps, clean })
}

pub fn run(a: Args) -> anyhow::Result<()> {
    if a.games.is_empty() || a.rate <= 0.0 {
        bail!("give --games N[,N...] and a positive --rate");
    }
    if !a.split.is_empty() && a.split.len() != 2 {
        bail!("--split takes two node URLs: http://a:port,http://b:port");
    }
    let sockets = 2 * a.games.iter().max().copied().unwrap_or(0) + 256;
    let nofile = proc::raise_nofile(sockets as u64 + 1024)?;
    if nofile < sockets as u64 {
        bail!("only {nofile} open files allowed; {sockets} sockets needed");
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let (ours, strict_ok) = rt.block_on(qdan::run(&a))?;
    let peer = match a.peer {
        Some(Peer::Boardgameio) => Some(peer::run_boardgameio(&a)?),
        None => None,
    };
    println!();
    print_table("qdan", &ours);
    if let Some(p) = &peer {
        println!();
        print_table("boardgame.io 0.50.2", p);
        println!();
        println!("| games | p99 qdan / boardgame.io | server CPU qdan / boardgame.io | RSS qdan / boardgame.io |");
        println!("|---:|---:|---:|---:|");
        for s in &ours {
            if let Some(b) = p.iter().find(|b| b.games == s.games) {
                println!(
                    "| {} | {:.2} | {:.2} | {:.2} |",
                    s.games,
                    s.p99_ms / b.p99_ms,
                    s.server_cpu / b.server_cpu,
                    s.server_rss_mib / b.server_rss_mib
                );
            }
        }
    }
    if a.strict && !strict_ok {
        bail!("errors or unacknowledged moves (see above)");
    }
    Ok(())
}

fn print_table(name: &str, steps: &[Step]) {
    print_steps(name, steps);
    for s in steps.iter().filter(|s| s.node_cpu.len() > 1) {
        let per: Vec<String> = s.node_cpu.iter().map(|c| format!("{c:.0}")).collect();
        let per_move: Vec<String> = s
            .node_cpu
            .iter()
            .map(|c| format!("{:.0}", if s.moves_per_s > 0.0 { c * 1e4 / s.moves_per_s } else { 0.0 }))
            .collect();
        println!(
            "{} games: CPU % per server process {}; µs of CPU per move per process {}",
            s.games,
            per.join(" / "),
            per_move.join(" / ")
        );
    }
}

fn print_steps(name: &str, steps: &[Step]) {
    println!("{name}");
    println!(
        "| games | sockets | moves | moves/s | p50 ms | p99 ms | p99.9 ms | max ms | server CPU % | server RSS MiB | load CPU % | errors | setup s | µs CPU/move | B/move event |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for s in steps {
        let cpu_per_move = if s.moves_per_s > 0.0 { s.server_cpu * 1e4 / s.moves_per_s } else { 0.0 };
        println!(
            "| {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {} | {:.1} | {:.0} | {:.0} |",
            s.games,
            s.sockets,
            s.moves,
            s.moves_per_s,
            s.p50_ms,
            s.p99_ms,
            s.p999_ms,
            s.max_ms,
            s.server_cpu,
            s.server_rss_mib,
            s.client_cpu,
            s.errors,
            s.setup_s,
            cpu_per_move,
            s.move_event_bytes
        );
    }
}
