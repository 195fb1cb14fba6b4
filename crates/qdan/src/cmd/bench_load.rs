//! `qdan bench load`: many Dots and Boxes games at once over real WebSockets on loopback.
//!
//! Each game has two clients (two devices, two sockets) that play legal moves at a set rate;
//! the number of games is ramped step by step (each step adds games to the ones already
//! playing). Per step it reports the move round trip (move sent -> its `ack` seen) at p50,
//! p99 and p99.9, moves per second, the server's memory (RSS) and CPU from `/proc/<pid>`,
//! the load generator's own CPU, and errors. By default it starts `qdan serve` itself on a
//! fresh SQLite file with the per-IP HTTP limit raised (`--http-rate`, for benchmarks only);
//! sockets are spread over 127.0.0.x source addresses. With `--peer boardgameio` it then runs
//! the same steps against the boardgame.io server in `bench/peers/boardgameio/` and prints
//! both side by side.

use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args as ClapArgs;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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
    /// A running server (`http://127.0.0.1:8080`) instead of a `qdan serve` child. It must
    /// allow this many connections per IP address (`qdan serve --http-rate`).
    #[arg(long)]
    server: Option<String>,
    /// Also run the same steps against a peer server and print both side by side.
    #[arg(long, value_enum)]
    peer: Option<Peer>,
    /// Folder of the boardgame.io peer (`npm ci` is run there when node_modules is missing).
    #[arg(long, default_value = "bench/peers/boardgameio")]
    peer_dir: PathBuf,
    /// Fail (non-zero exit) unless there were no errors and every move sent was acknowledged.
    #[arg(long)]
    strict: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Peer {
    Boardgameio,
}

/// One measured step.
#[derive(Clone, Debug, Default)]
struct Step {
    games: usize,
    setup_s: f64,
    moves: u64,
    moves_per_s: f64,
    p50_ms: f64,
    p99_ms: f64,
    p999_ms: f64,
    max_ms: f64,
    server_cpu: f64,
    server_rss_mib: f64,
    client_cpu: f64,
    errors: u64,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    if a.games.is_empty() || a.rate <= 0.0 {
        bail!("give --games N[,N...] and a positive --rate");
    }
    let sockets = 2 * a.games.iter().max().copied().unwrap_or(0) + 256;
    let nofile = raise_nofile(sockets as u64 + 1024)?;
    if nofile < sockets as u64 {
        bail!("only {nofile} open files allowed; {sockets} sockets needed");
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let (ours, strict_ok) = rt.block_on(run_qdan(&a))?;
    let peer = match a.peer {
        Some(Peer::Boardgameio) => Some(run_boardgameio(&a)?),
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
    println!("{name}");
    println!(
        "| games | sockets | moves | moves/s | p50 ms | p99 ms | p99.9 ms | max ms | server CPU % | server RSS MiB | load CPU % | errors | setup s |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for s in steps {
        println!(
            "| {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {} | {:.1} |",
            s.games,
            2 * s.games,
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
            s.setup_s
        );
    }
}

/// Raises this process's open-file limit (soft, and hard when allowed) to at least `want`;
/// children inherit it. Returns the soft limit now in force.
fn raise_nofile(want: u64) -> anyhow::Result<u64> {
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit/setrlimit only read and write the struct we pass.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            bail!("getrlimit: {}", std::io::Error::last_os_error());
        }
        if lim.rlim_cur >= want {
            return Ok(lim.rlim_cur);
        }
        let raised = libc::rlimit { rlim_cur: want, rlim_max: lim.rlim_max.max(want) };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
            return Ok(want);
        }
        // Not allowed above the hard limit: take all of it.
        let capped = libc::rlimit { rlim_cur: lim.rlim_max, rlim_max: lim.rlim_max };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &capped) != 0 {
            bail!("setrlimit: {}", std::io::Error::last_os_error());
        }
        Ok(lim.rlim_max)
    }
}

// ---- /proc ----

/// CPU seconds (user + system) used so far by process `pid`.
fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    ticks / hz
}

/// Resident memory of process `pid` in MiB.
fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Samples a process's CPU over a window.
struct CpuWindow {
    pid: u32,
    cpu: f64,
    at: Instant,
}

impl CpuWindow {
    fn start(pid: u32) -> CpuWindow {
        CpuWindow { pid, cpu: cpu_seconds(pid), at: Instant::now() }
    }

    /// Percent of one core used since `start`.
    fn percent(&self) -> f64 {
        100.0 * (cpu_seconds(self.pid) - self.cpu) / self.at.elapsed().as_secs_f64()
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i] as f64 / 1000.0
}

// ---- qdan ----

/// What every game task reports into.
#[derive(Default)]
struct Stats {
    /// Round trips of acknowledged moves, in microseconds.
    latencies: Mutex<Vec<u32>>,
    sent: AtomicU64,
    acked: AtomicU64,
    errors: AtomicU64,
    games_over: AtomicU64,
    first_error: Mutex<Option<String>>,
    stop: AtomicBool,
}

impl Stats {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut first = self.first_error.lock().expect("stats lock");
        if first.is_none() {
            eprintln!("bench load: first error: {what}");
            *first = Some(what);
        }
    }
}

/// A `qdan serve` child on a fresh SQLite file, removed with it.
struct ServerChild {
    child: Child,
    dir: PathBuf,
}

impl Drop for ServerChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

async fn wait_for_port(addr: SocketAddr, child: &mut Child) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(addr).await.is_err() {
        if let Some(status) = child.try_wait()? {
            bail!("the server exited: {status}");
        }
        if Instant::now() > deadline {
            bail!("the server did not listen on {addr} within 30 s");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

async fn spawn_qdan() -> anyhow::Result<(ServerChild, SocketAddr)> {
    let dir = std::env::temp_dir().join(format!("qdan-bench-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()?).parse()?;
    let child = Command::new(std::env::current_exe()?)
        .args(["serve", "--addr", &addr.to_string(), "--tables", "off", "--http-rate", "1000000000"])
        .arg("--db")
        .arg(format!("sqlite://{}", dir.join("qdan.db").display()))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .context("starting qdan serve")?;
    let mut server = ServerChild { child, dir };
    wait_for_port(addr, &mut server.child).await?;
    Ok((server, addr))
}

async fn run_qdan(a: &Args) -> anyhow::Result<(Vec<Step>, bool)> {
    let (server, addr) = match &a.server {
        Some(url) => {
            let hostport = url.trim_start_matches("http://").trim_end_matches('/');
            let addr = tokio::net::lookup_host(hostport).await?.next().context("server address")?;
            (None, addr)
        }
        None => {
            let (s, addr) = spawn_qdan().await?;
            (Some(s), addr)
        }
    };
    let pid = server.as_ref().map(|s| s.child.id());
    eprintln!("bench load: qdan on {addr}, {} move/s per game, {} s per step", a.rate, a.duration);
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let stats = Arc::new(Stats::default());
    let mut tasks = tokio::task::JoinSet::new();
    let mut steps = vec![];
    let mut running = 0usize;
    for &n in &a.games {
        let start = Instant::now();
        if n > running {
            let sem = Arc::new(tokio::sync::Semaphore::new(64));
            let mut setups = tokio::task::JoinSet::new();
            for i in running..n {
                let (http, size, sem) = (http.clone(), a.size.clone(), sem.clone());
                setups.spawn(async move {
                    let _permit = sem.acquire_owned().await;
                    setup_game(&http, addr, i, &size).await.with_context(|| format!("setting up game {i}"))
                });
            }
            while let Some(r) = setups.join_next().await {
                let game = r??;
                tasks.spawn(play(game, a.rate, stats.clone()));
            }
            running = n;
        }
        let setup_s = start.elapsed().as_secs_f64();
        tokio::time::sleep(Duration::from_secs(a.warmup)).await;
        stats.latencies.lock().expect("stats lock").clear();
        let errors0 = stats.errors.load(Ordering::Relaxed);
        let server_cpu = pid.map(CpuWindow::start);
        let client_cpu = CpuWindow::start(std::process::id());
        let t0 = Instant::now();
        tokio::time::sleep(Duration::from_secs(a.duration)).await;
        let mut lat = std::mem::take(&mut *stats.latencies.lock().expect("stats lock"));
        let wall = t0.elapsed().as_secs_f64();
        lat.sort_unstable();
        let step = Step {
            games: n,
            setup_s,
            moves: lat.len() as u64,
            moves_per_s: lat.len() as f64 / wall,
            p50_ms: percentile(&lat, 0.50),
            p99_ms: percentile(&lat, 0.99),
            p999_ms: percentile(&lat, 0.999),
            max_ms: percentile(&lat, 1.0),
            server_cpu: server_cpu.as_ref().map_or(0.0, CpuWindow::percent),
            server_rss_mib: pid.map_or(0.0, rss_mib),
            client_cpu: client_cpu.percent(),
            errors: stats.errors.load(Ordering::Relaxed) - errors0,
        };
        eprintln!(
            "bench load: {n} games: {:.0} moves/s, p50 {:.1} ms, p99 {:.1} ms, p99.9 {:.1} ms, server {:.0}% CPU {:.0} MiB, load {:.0}% CPU, {} errors",
            step.moves_per_s,
            step.p50_ms,
            step.p99_ms,
            step.p999_ms,
            step.server_cpu,
            step.server_rss_mib,
            step.client_cpu,
            step.errors
        );
        steps.push(step);
    }
    // Stop sending; every game waits for its last answer (or gives up after 10 s).
    stats.stop.store(true, Ordering::Relaxed);
    while tasks.join_next().await.is_some() {}
    let (sent, acked, errors) =
        (stats.sent.load(Ordering::Relaxed), stats.acked.load(Ordering::Relaxed), stats.errors.load(Ordering::Relaxed));
    eprintln!(
        "bench load: {sent} moves sent, {acked} acknowledged, {} games finished, {errors} errors",
        stats.games_over.load(Ordering::Relaxed)
    );
    drop(server);
    Ok((steps, errors == 0 && sent == acked && sent > 0))
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A game ready to play: two seated sockets and the first state.
struct Game {
    ws: [Ws; 2],
    table: TableLite,
    v: u64,
}

/// The parts of a server message the load generator reads.
#[derive(Deserialize)]
struct Msg {
    t: String,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    v: Option<u64>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    table: Option<TableLite>,
}

#[derive(Deserialize, Default, Clone)]
struct TableLite {
    status: String,
    plies: u64,
    seats: Vec<Option<SeatLite>>,
    view: Option<ViewLite>,
}

#[derive(Deserialize, Clone)]
struct SeatLite {
    side: u8,
}

#[derive(Deserialize, Clone)]
struct ViewLite {
    turn: u8,
    legal: Vec<u16>,
}

async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> anyhow::Result<Value> {
    let mut req = http.post(url).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await?;
    let status = r.status();
    let v: Value = r.json().await?;
    if !status.is_success() {
        bail!("{status}: {v}");
    }
    Ok(v)
}

/// Opens a WebSocket from source address 127.0.0.x (so 20,000 sockets do not run out of
/// ports on one address) and says hello; returns it after `welcome` and `state`.
async fn connect(addr: SocketAddr, i: usize, code: &str, token: &str) -> anyhow::Result<(Ws, TableLite, u64)> {
    let sock = TcpSocket::new_v4()?;
    if addr.ip().is_loopback() {
        sock.bind(SocketAddr::new(Ipv4Addr::new(127, 0, (1 + i / 250 % 250) as u8, (1 + i % 250) as u8).into(), 0))?;
    }
    let stream = sock.connect(addr).await?;
    stream.set_nodelay(true)?;
    // A small read buffer: tungstenite zero-fills it to capacity (128 KiB by default).
    let config = WebSocketConfig::default().read_buffer_size(8192);
    let url = format!("ws://{addr}/ws/{code}");
    let (mut ws, _) =
        tokio_tungstenite::client_async_with_config(url, MaybeTlsStream::Plain(stream), Some(config)).await?;
    ws.send(Message::Text(json!({"t": "hello", "token": token}).to_string().into())).await?;
    let mut v = 0;
    loop {
        let m = next_msg(&mut ws).await?;
        match m.t.as_str() {
            "welcome" => v = m.v.unwrap_or(0),
            "state" => return Ok((ws, m.table.unwrap_or_default(), m.v.unwrap_or(v))),
            other => bail!("unexpected {other} before state"),
        }
    }
}

async fn next_msg(ws: &mut Ws) -> anyhow::Result<Msg> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.context("no message in 30 s")?;
        match m {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t)?),
            Some(Ok(Message::Close(f))) => bail!("closed: {f:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("socket ended"),
        }
    }
}

async fn setup_game(http: &reqwest::Client, addr: SocketAddr, i: usize, size: &str) -> anyhow::Result<Game> {
    let base = format!("http://{addr}");
    let mut tokens = vec![];
    for who in ["a", "b"] {
        let p = post(http, format!("{base}/api/players"), None, json!({"name": format!("{who}{i}")})).await?;
        tokens.push(p["token"].as_str().context("token")?.to_string());
    }
    let g =
        post(http, format!("{base}/api/groups"), Some(&tokens[0]), json!({"game": "dots", "options": {"size": size}}))
            .await?;
    let code = g["code"].as_str().context("code")?;
    let (a, _, _) = connect(addr, 2 * i, code, &tokens[0]).await?;
    let (mut b, _, _) = connect(addr, 2 * i + 1, code, &tokens[1]).await?;
    b.send(Message::Text(json!({"t": "sit", "id": 1}).to_string().into())).await?;
    // Read up to the sit's ack and the event that started the game.
    let (mut table, mut v, mut acked) = (TableLite::default(), 0, false);
    while !(acked && table.status == "playing") {
        let m = next_msg(&mut b).await?;
        match m.t.as_str() {
            "event" => {
                if let Some(t) = m.table {
                    table = t;
                    v = m.v.unwrap_or(v);
                }
            }
            "ack" if m.id == Some(1) => acked = true,
            "error" => bail!("sit refused: {:?}", m.code),
            _ => {}
        }
    }
    Ok(Game { ws: [a, b], table, v })
}

/// Plays one game (and its rematches) until told to stop: every `1/rate` seconds the seat
/// to move draws a random legal line, and waits for its ack before the next.
async fn play(game: Game, rate: f64, stats: Arc<Stats>) {
    let Game { ws: [mut a, mut b], mut table, mut v } = game;
    let period = Duration::from_secs_f64(1.0 / rate);
    let offset = period.mul_f64(rand::random::<f64>());
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + offset, period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_id = 10u64;
    // (id, seat, sent at) of the move waiting for its answer.
    let mut pending: Option<(u64, usize, Instant)> = None;
    // The version the table must reach before the next move (the last ack's).
    let mut need_v = 0u64;
    let mut rematch_asked = false;
    let mut stopping_since: Option<Instant> = None;
    loop {
        let (seat, msg) = tokio::select! {
            _ = tick.tick() => {
                if stats.stop.load(Ordering::Relaxed) {
                    let since = *stopping_since.get_or_insert_with(Instant::now);
                    if pending.is_none() {
                        break;
                    }
                    if since.elapsed() > Duration::from_secs(10) {
                        stats.error("a move got no answer within 10 s".into());
                        break;
                    }
                    continue;
                }
                if let Some((_, _, at)) = pending {
                    if at.elapsed() > Duration::from_secs(10) {
                        stats.error("a move got no answer within 10 s".into());
                        break;
                    }
                    continue;
                }
                if v < need_v {
                    continue;
                }
                if table.status == "over" {
                    if !rematch_asked {
                        rematch_asked = true;
                        stats.games_over.fetch_add(1, Ordering::Relaxed);
                        for ws in [&mut a, &mut b] {
                            next_id += 1;
                            let m = json!({"t": "rematch", "id": next_id}).to_string();
                            if ws.send(Message::Text(m.into())).await.is_err() {
                                stats.error("send failed".into());
                                return;
                            }
                        }
                    }
                    continue;
                }
                let Some(view) = table.view.as_ref().filter(|_| table.status == "playing") else { continue };
                let Some(mover) = table.seats.iter().position(|s| s.as_ref().is_some_and(|s| s.side == view.turn)) else {
                    continue;
                };
                if view.legal.is_empty() {
                    continue;
                }
                let edge = view.legal[rand::random::<usize>() % view.legal.len()];
                next_id += 1;
                let m = json!({"t": "move", "id": next_id, "ply": table.plies, "move": edge.to_string()}).to_string();
                let ws = if mover == 0 { &mut a } else { &mut b };
                pending = Some((next_id, mover, Instant::now()));
                stats.sent.fetch_add(1, Ordering::Relaxed);
                if ws.send(Message::Text(m.into())).await.is_err() {
                    stats.error("send failed".into());
                    return;
                }
                continue;
            }
            m = a.next() => (0, m),
            m = b.next() => (1, m),
        };
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(f))) => {
                stats.error(format!("server closed a socket: {f:?}"));
                return;
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                stats.error(format!("socket error: {e}"));
                return;
            }
            None => {
                stats.error("socket ended".into());
                return;
            }
        };
        let m: Msg = match serde_json::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                stats.error(format!("undecodable message: {e}"));
                continue;
            }
        };
        match m.t.as_str() {
            "event" | "state" => {
                if let (Some(mv), Some(t)) = (m.v, m.table)
                    && mv > v
                {
                    v = mv;
                    if t.status == "playing" {
                        rematch_asked = false;
                    }
                    table = t;
                }
            }
            "ack" => {
                if let Some((id, s, at)) = pending
                    && m.id == Some(id)
                    && s == seat
                {
                    let us = at.elapsed().as_micros().min(u32::MAX as u128) as u32;
                    stats.latencies.lock().expect("stats lock").push(us);
                    stats.acked.fetch_add(1, Ordering::Relaxed);
                    need_v = m.v.unwrap_or(0);
                    pending = None;
                }
            }
            "error" => {
                let code = m.code.unwrap_or_default();
                // Both seats ask for the rematch; the later ask may find it already begun.
                let ours = pending.is_some_and(|(id, s, _)| m.id == Some(id) && s == seat);
                if ours {
                    pending = None;
                }
                if ours || code != "game-over" {
                    stats.error(format!("error {code} on seat {seat}"));
                }
            }
            _ => {}
        }
    }
    let _ = a.close(None).await;
    let _ = b.close(None).await;
}

// ---- the boardgame.io peer ----

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
fn run_boardgameio(a: &Args) -> anyhow::Result<Vec<Step>> {
    let dir = &a.peer_dir;
    if !dir.join("node_modules").exists() {
        let ok = Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(dir).status()?.success();
        if !ok {
            bail!("npm ci failed in {}", dir.display());
        }
    }
    let port = free_port()?;
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
    rt.block_on(wait_for_port(SocketAddr::from(([127, 0, 0, 1], port)), &mut server.0))?;
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
