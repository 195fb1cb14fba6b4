//! The same steps against boardgame.io (`bench/peers/boardgameio/`): its server and its own
//! load script in Node, measured from `/proc` here over the same windows.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use anyhow::{Context, bail};
use serde_json::Value;

use super::proc::{CpuWindow, rss_mib};
use super::{Args, Step};

/// A child process killed when dropped.
struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs the same steps against boardgame.io: `node server.js` on a free port, measured from
/// /proc here, driven by `node load.js`, which plays the games and reports each step as a
/// JSON line (and says when its measuring window starts, so the server's CPU is sampled over
/// the same window).
pub fn run_boardgameio(a: &Args) -> anyhow::Result<Vec<Step>> {
    let dir = &a.peer_dir;
    if !dir.join("node_modules").exists() {
        let ok = Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(dir).status()?.success();
        if !ok {
            bail!("npm ci failed in {}", dir.display());
        }
    }
    let port = testkit::free_port();
    let mut server = Kill(
        Command::new("node")
            .arg("server.js")
            .env("PORT", port.to_string())
            .current_dir(dir)
            .stdout(Stdio::null())
            .spawn()
            .context("starting node server.js")?,
    );
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    rt.block_on(testkit::wait_for_port(addr, &mut server.0, std::time::Duration::from_secs(30)))?;
    let pid = server.0.id();
    eprintln!("bench load: boardgame.io on 127.0.0.1:{port}");
    let games: Vec<String> = a.games.iter().map(usize::to_string).collect();
    let mut load = Kill(
        Command::new("node")
            .arg("load.js")
            .args(["--server", &format!("http://127.0.0.1:{port}"), "--games", &games.join(",")])
            .args(["--rate", &a.rate.to_string(), "--duration", &a.duration.to_string()])
            .args(["--warmup", &a.warmup.to_string(), "--size", &a.size])
            .current_dir(dir)
            .stdout(Stdio::piped())
            .spawn()
            .context("starting node load.js")?,
    );
    let out = load.0.stdout.take().context("load.js output")?;
    let load_pid = load.0.id();
    let mut steps = vec![];
    let mut window: Option<(CpuWindow, CpuWindow)> = None;
    for line in BufReader::new(out).lines() {
        let line = line?;
        let Ok(m) = serde_json::from_str::<Value>(&line) else {
            eprintln!("load.js: {line}");
            continue;
        };
        if m["event"] == "window" {
            window = Some((CpuWindow::start(pid), CpuWindow::start(load_pid)));
        } else if m["event"] == "step" {
            let f = |k: &str| m[k].as_f64().unwrap_or(0.0);
            let (server_cpu, client_cpu) = window.take().map_or((0.0, 0.0), |(s, c)| (s.percent(), c.percent()));
            let step = Step {
                sockets: 2 * f("games") as usize,
                games: f("games") as usize,
                setup_s: f("setupS"),
                moves: f("moves") as u64,
                moves_per_s: f("movesPerS"),
                p50_ms: f("p50"),
                p99_ms: f("p99"),
                p999_ms: f("p999"),
                max_ms: f("max"),
                server_cpu,
                server_rss_mib: rss_mib(pid),
                client_cpu,
                errors: f("errors") as u64,
                ..Step::default()
            };
            eprintln!(
                "bench load: boardgame.io {} games: {:.0} moves/s, p50 {:.1} ms, p99 {:.1} ms, server {:.0}% CPU {:.0} MiB, {} errors",
                step.games,
                step.moves_per_s,
                step.p50_ms,
                step.p99_ms,
                step.server_cpu,
                step.server_rss_mib,
                step.errors
            );
            steps.push(step);
        }
    }
    let status = load.0.wait()?;
    if !status.success() {
        bail!("load.js failed: {status}");
    }
    Ok(steps)
}
