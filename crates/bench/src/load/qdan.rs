//! The load on qdan: games set up over HTTP and two sockets each, then played at a set rate.

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::net::TcpSocket;
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use wire::{ClientMsg, Intent, ServerMsg, Status};

use super::proc::{CpuWindow, percentile, rss_mib};
use super::tracker::Tracker;
use super::{Args, Step};
use crate::check::{AckedMove, Line, SeenError, TimedMove};
use testkit::{Api, Qdan, Ws};

/// What every game task reports into.
#[derive(Default)]
struct Stats {
    /// Round trips of acknowledged moves, in microseconds.
    latencies: Mutex<Vec<u32>>,
    sent: AtomicU64,
    acked: AtomicU64,
    errors: AtomicU64,
    games_over: AtomicU64,
    move_events: AtomicU64,
    move_event_bytes: AtomicU64,
    first_error: Mutex<Option<String>>,
    stop: AtomicBool,
    /// `--acked FILE`: the client's log for `qdan-bench check`.
    log: Option<Mutex<std::io::BufWriter<std::fs::File>>>,
}

impl Stats {
    /// Appends one line to the client's log, if there is one.
    fn log(&self, line: &crate::check::Line) {
        let Some(log) = &self.log else { return };
        let mut out = log.lock().expect("log lock");
        if serde_json::to_writer(&mut *out, line).is_err() || out.write_all(b"\n").is_err() {
            drop(out);
            self.error("writing the --acked file failed".into());
        }
    }

    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut first = self.first_error.lock().expect("stats lock");
        if first.is_none() {
            eprintln!("bench load: first error: {what}");
            *first = Some(what);
        }
    }
}

/// Now, in milliseconds since the Unix epoch (the log's times, comparable across processes).
fn unix_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// The `qdan` beside this binary.
fn default_bin() -> anyhow::Result<std::path::PathBuf> {
    let me = std::env::current_exe()?;
    Ok(me.with_file_name("qdan"))
}

pub async fn run(a: &Args) -> anyhow::Result<(Vec<Step>, bool)> {
    let _dir;
    let lookup = |url: String| async move {
        let hostport = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        tokio::net::lookup_host(hostport).await?.next().context("server address")
    };
    let (server, addr) = match (&a.server, a.split.first()) {
        (Some(url), _) | (None, Some(url)) => (None, lookup(url.clone()).await?),
        (None, None) => {
            let bin = match &a.bin {
                Some(b) => b.clone(),
                None => default_bin()?,
            };
            // A folder of this run's own, removed when the run ends: two runs in one process
            // (the tests) must not share a database.
            _dir = tempfile::Builder::new().prefix("qdan-bench-load-").tempdir()?;
            let db = format!("sqlite://{}", _dir.path().join("qdan.db").display());
            let mut args = vec!["--db", db.as_str(), "--tables", "off", "--http-rate", "1000000000"];
            // Every simulated player comes from this address: no per-address bounds (issue 19).
            args.extend(["--new-players-per-ip", "0", "--new-groups-per-ip", "0", "--sockets-per-ip", "0"]);
            args.extend(["--connections-per-ip", "0"]);
            args.extend(["--open-groups-per-player", "0"]);
            args.extend(a.serve_arg.iter().map(String::as_str));
            let q = Qdan::start(&bin, &args, false).await.with_context(|| format!("starting {}", bin.display()))?;
            let addr = q.addr;
            (Some(q), addr)
        }
    };
    // The second player's node, when the players sit on different nodes.
    let second = match a.split.get(1) {
        Some(url) => lookup(url.clone()).await?,
        None => addr,
    };
    let pids: Vec<u32> =
        if a.pids.is_empty() { server.as_ref().and_then(Qdan::pid).into_iter().collect() } else { a.pids.clone() };
    eprintln!("bench load: qdan on {addr}, {} move/s per game, {} s per step", a.rate, a.duration);
    let api = Api::new(format!("http://{addr}"));
    let log = match &a.acked {
        Some(path) => {
            let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
            Some(Mutex::new(std::io::BufWriter::new(file)))
        }
        None => None,
    };
    let stats = Arc::new(Stats { log, ..Stats::default() });
    let mut tasks = tokio::task::JoinSet::new();
    let mut steps = vec![];
    let mut running = 0usize;
    for &n in &a.games {
        let start = Instant::now();
        if n > running {
            let sem = Arc::new(tokio::sync::Semaphore::new(64));
            let mut setups = tokio::task::JoinSet::new();
            for i in running..n {
                let (api, size, sem) = (api.clone(), a.size.clone(), sem.clone());
                let cpu = a.cpu.clone().map(|level| (level, a.cpu_on_device));
                setups.spawn(async move {
                    let _permit = sem.acquire_owned().await;
                    let game = match cpu {
                        None => setup_game(&api, [addr, second], i, &size).await,
                        Some((level, on_device)) => setup_cpu_game(&api, addr, i, &size, &level, on_device).await,
                    };
                    game.with_context(|| format!("setting up game {i}"))
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
        let (events0, bytes0) =
            (stats.move_events.load(Ordering::Relaxed), stats.move_event_bytes.load(Ordering::Relaxed));
        let server_cpu: Vec<CpuWindow> = pids.iter().map(|&p| CpuWindow::start(p)).collect();
        let client_cpu = CpuWindow::start(std::process::id());
        let t0 = Instant::now();
        tokio::time::sleep(Duration::from_secs(a.duration)).await;
        let mut lat = std::mem::take(&mut *stats.latencies.lock().expect("stats lock"));
        let wall = t0.elapsed().as_secs_f64();
        lat.sort_unstable();
        let events = stats.move_events.load(Ordering::Relaxed) - events0;
        let bytes = stats.move_event_bytes.load(Ordering::Relaxed) - bytes0;
        let step = Step {
            games: n,
            sockets: if a.cpu.is_some() { n } else { 2 * n },
            setup_s,
            moves: lat.len() as u64,
            moves_per_s: lat.len() as f64 / wall,
            p50_ms: percentile(&lat, 0.50),
            p99_ms: percentile(&lat, 0.99),
            p999_ms: percentile(&lat, 0.999),
            max_ms: percentile(&lat, 1.0),
            server_cpu: server_cpu.iter().map(CpuWindow::percent).sum(),
            node_cpu: server_cpu.iter().map(CpuWindow::percent).collect(),
            server_rss_mib: pids.iter().map(|&p| rss_mib(p)).sum(),
            client_cpu: client_cpu.percent(),
            move_event_bytes: if events > 0 { bytes as f64 / events as f64 } else { 0.0 },
            errors: stats.errors.load(Ordering::Relaxed) - errors0,
        };
        eprintln!(
            "bench load: {n} games: {:.0} moves/s, p50 {:.1} ms, p99 {:.1} ms, p99.9 {:.1} ms, server {:.0}% CPU {:.0} MiB, load {:.0}% CPU, {:.0} B/move event, {} errors",
            step.moves_per_s,
            step.p50_ms,
            step.p99_ms,
            step.p999_ms,
            step.server_cpu,
            step.server_rss_mib,
            step.client_cpu,
            step.move_event_bytes,
            step.errors
        );
        steps.push(step);
    }
    // Stop sending; every game waits for its last answer (or gives up after 10 s).
    stats.stop.store(true, Ordering::Relaxed);
    while tasks.join_next().await.is_some() {}
    if let (Some(log), Some(path)) = (&stats.log, &a.acked) {
        log.lock().expect("log lock").flush().with_context(|| format!("writing {}", path.display()))?;
    }
    let (sent, acked, errors) =
        (stats.sent.load(Ordering::Relaxed), stats.acked.load(Ordering::Relaxed), stats.errors.load(Ordering::Relaxed));
    eprintln!(
        "bench load: {sent} moves sent, {acked} acknowledged, {} games finished, {errors} errors",
        stats.games_over.load(Ordering::Relaxed)
    );
    drop(server);
    Ok((steps, errors == 0 && sent == acked && sent > 0))
}

/// A game ready to play: two seated sockets (or one, against the CPU) and the table.
struct Game {
    code: String,
    ws: [Option<Ws>; 2],
    tracker: Tracker,
    /// Against the CPU on the device: this generator sends the CPU's moves from seat 0's socket.
    cpu_on_device: bool,
}

/// Opens a WebSocket from source address 127.0.0.x (so 20,000 sockets do not run out of
/// ports on one address).
async fn open(addr: SocketAddr, i: usize, code: &str) -> anyhow::Result<Ws> {
    let sock = TcpSocket::new_v4()?;
    if addr.ip().is_loopback() {
        sock.bind(SocketAddr::new(Ipv4Addr::new(127, 0, (1 + i / 250 % 250) as u8, (1 + i % 250) as u8).into(), 0))?;
    }
    let stream = sock.connect(addr).await?;
    stream.set_nodelay(true)?;
    // A small read buffer: tungstenite zero-fills it to capacity (128 KiB by default).
    let config = WebSocketConfig::default().read_buffer_size(8192);
    let url = format!("ws://{addr}/ws/{code}");
    let (ws, _) = tokio_tungstenite::client_async_with_config(url, MaybeTlsStream::Plain(stream), Some(config)).await?;
    Ok(ws)
}

async fn send(ws: &mut Ws, m: &ClientMsg) -> anyhow::Result<()> {
    ws.send(Message::Text(m.to_json().into())).await?;
    Ok(())
}

async fn next_text(ws: &mut Ws) -> anyhow::Result<String> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.context("no message in 30 s")?;
        match m {
            Some(Ok(Message::Text(t))) => return Ok(t.to_string()),
            Some(Ok(Message::Close(f))) => bail!("closed: {f:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("socket ended"),
        }
    }
}

async fn setup_game(api: &Api, addrs: [SocketAddr; 2], i: usize, size: &str) -> anyhow::Result<Game> {
    let (ta, _) = api.player(&format!("a{i}")).await?;
    let (tb, _) = api.player(&format!("b{i}")).await?;
    let code = api.group(&ta, &json!({"game": "dots", "options": {"size": size}})).await?;
    let mut sockets = vec![];
    for (j, token) in [ta, tb].into_iter().enumerate() {
        let mut ws = open(addrs[j], 2 * i + j, &code).await?;
        send(&mut ws, &ClientMsg::Hello { token: Some(token), since: None }).await?;
        sockets.push(ws);
    }
    let [a, mut b]: [Ws; 2] = sockets.try_into().map_err(|_| anyhow::anyhow!("two sockets"))?;
    send(&mut b, &ClientMsg::Intent { id: 1, intent: Intent::Sit {} }).await?;
    // Read up to the sit's ack and the event that started the game.
    let (mut tracker, mut acked) = (Tracker::Empty, false);
    while !(acked && tracker.status() == Some(Status::Playing)) {
        let text = next_text(&mut b).await?;
        match serde_json::from_str::<ServerMsg>(&text) {
            Ok(ServerMsg::Ack { id: 1, .. }) => acked = true,
            Ok(ServerMsg::Error { error, .. }) => bail!("sit refused: {}", error.message),
            Ok(ServerMsg::Welcome { .. } | ServerMsg::Pong | ServerMsg::Hint { .. } | ServerMsg::Ack { .. }) => {}
            // A state or event, of either protocol.
            _ => {
                tracker.absorb(&text)?;
            }
        }
    }
    Ok(Game { code, ws: [Some(a), Some(b)], tracker, cpu_on_device: false })
}

/// A game of one player (seat 0) against the CPU at `level`, played on the server or, with
/// `on_device`, by this generator as a page would.
async fn setup_cpu_game(
    api: &Api,
    addr: SocketAddr,
    i: usize,
    size: &str,
    level: &str,
    on_device: bool,
) -> anyhow::Result<Game> {
    let (ta, _) = api.player(&format!("a{i}")).await?;
    let body = json!({"game": "dots", "options": {"size": size}, "cpu": level, "cpuOnDevice": on_device});
    let code = api.group(&ta, &body).await?;
    let mut ws = open(addr, 2 * i, &code).await?;
    send(&mut ws, &ClientMsg::Hello { token: Some(ta), since: None }).await?;
    let mut tracker = Tracker::Empty;
    while tracker.status() != Some(Status::Playing) {
        let text = next_text(&mut ws).await?;
        match serde_json::from_str::<ServerMsg>(&text) {
            Ok(ServerMsg::Error { error, .. }) => bail!("refused: {}", error.message),
            Ok(ServerMsg::Welcome { .. } | ServerMsg::Pong | ServerMsg::Hint { .. } | ServerMsg::Ack { .. }) => {}
            _ => {
                tracker.absorb(&text)?;
            }
        }
    }
    Ok(Game { code, ws: [Some(ws), None], tracker, cpu_on_device: on_device })
}

/// The next message of an optional socket; a missing one never answers.
async fn next_of(ws: &mut Option<Ws>) -> Option<Result<Message, tokio_tungstenite::tungstenite::Error>> {
    match ws {
        Some(ws) => ws.next().await,
        None => std::future::pending().await,
    }
}

/// Plays one game (and its rematches) until told to stop: every `1/rate` seconds the seat
/// to move draws a random legal line, and waits for its ack before the next.
async fn play(game: Game, rate: f64, stats: Arc<Stats>) {
    let Game { code, ws: [a, mut b], mut tracker, cpu_on_device } = game;
    let Some(mut a) = a else { return };
    let period = Duration::from_secs_f64(1.0 / rate);
    let offset = period.mul_f64(rand::random::<f64>());
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + offset, period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_id = 10u64;
    // (id, seat, sent at) of the move waiting for its answer.
    let mut pending: Option<(u64, usize, Instant)> = None;
    // The pending move's game number (when the protocol says it), ply and text, for the log.
    let mut pending_move: (Option<u32>, u32, String) = (None, 0, String::new());
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
                if tracker.v() < need_v {
                    continue;
                }
                if tracker.status() == Some(Status::Over) {
                    if !rematch_asked {
                        rematch_asked = true;
                        stats.games_over.fetch_add(1, Ordering::Relaxed);
                        for ws in std::iter::once(&mut a).chain(b.as_mut()) {
                            next_id += 1;
                            if send(ws, &ClientMsg::Intent { id: next_id, intent: Intent::Rematch {} }).await.is_err() {
                                stats.error("send failed".into());
                                return;
                            }
                        }
                    }
                    continue;
                }
                let Some(turn) = tracker.turn().filter(|t| !t.legal.is_empty()) else { continue };
                if tracker.status() != Some(Status::Playing) {
                    continue;
                }
                let edge = turn.legal[rand::random::<usize>() % turn.legal.len()];
                next_id += 1;
                let (ws, seat, intent) = match (turn.seat, b.as_mut()) {
                    (0, _) => (&mut a, 0, Intent::Move { ply: turn.ply, mv: edge.to_string() }),
                    (_, Some(b)) => (b, 1, Intent::Move { ply: turn.ply, mv: edge.to_string() }),
                    // The CPU's turn: on the server, it moves by itself; on the device, the page
                    // (this generator) sends its move from the player's socket.
                    (_, None) if cpu_on_device => (&mut a, 0, Intent::CpuMove { ply: turn.ply, mv: edge.to_string() }),
                    (_, None) => continue,
                };
                pending_move = (tracker.game_no(), turn.ply, edge.to_string());
                let m = ClientMsg::Intent { id: next_id, intent };
                pending = Some((next_id, seat, Instant::now()));
                stats.sent.fetch_add(1, Ordering::Relaxed);
                if send(ws, &m).await.is_err() {
                    stats.error("send failed".into());
                    return;
                }
                continue;
            }
            m = a.next() => (0, m),
            m = next_of(&mut b) => (1, m),
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
        let t: &str = &text;
        if t.starts_with(r#"{"t":"event""#) || t.starts_with(r#"{"t":"state""#) {
            match tracker.absorb(t) {
                Ok(is_move) => {
                    // Both sockets receive every event: count each move event once.
                    if is_move && seat == 0 {
                        stats.move_events.fetch_add(1, Ordering::Relaxed);
                        stats.move_event_bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
                    }
                    if tracker.status() == Some(Status::Playing) {
                        rematch_asked = false;
                    }
                }
                Err(e) => stats.error(format!("undecodable table message: {e}")),
            }
            continue;
        }
        match serde_json::from_str::<ServerMsg>(t) {
            Ok(ServerMsg::Ack { id, v }) => {
                if let Some((pid, s, at)) = pending
                    && id == pid
                    && s == seat
                {
                    let us = at.elapsed().as_micros().min(u32::MAX as u128) as u32;
                    stats.latencies.lock().expect("stats lock").push(us);
                    stats.acked.fetch_add(1, Ordering::Relaxed);
                    if let (Some(game_no), ply, mv) = &pending_move {
                        let mv = AckedMove {
                            code: code.clone(),
                            game_no: i64::from(*game_no),
                            ply: i64::from(*ply),
                            mv: mv.clone(),
                        };
                        stats.log(&Line::Move(TimedMove { mv, at: Some(unix_ms()) }));
                    }
                    need_v = v;
                    pending = None;
                }
            }
            Ok(ServerMsg::Error { id, error }) => {
                // Both seats ask for the rematch; the later ask may find it already begun
                // (`game-in-progress`; `game-over` from servers before that code).
                let ours = pending.is_some_and(|(pid, s, _)| id == Some(pid) && s == seat);
                if ours {
                    pending = None;
                }
                let (error_code, at) = (error.code.as_str().to_string(), Some(unix_ms()));
                stats.log(&Line::Error(SeenError { error: error_code, at, code: Some(code.clone()) }));
                let late_rematch = matches!(error.code, wire::ErrorCode::GameOver | wire::ErrorCode::GameInProgress);
                if ours || !late_rematch {
                    stats.error(format!("error {} on seat {seat}", error.code.as_str()));
                }
            }
            Ok(_) => {}
            Err(e) => stats.error(format!("undecodable message: {e}")),
        }
    }
    // The run is over; a socket already closed by the server is fine.
    let _ = a.close(None).await;
    if let Some(mut b) = b {
        let _ = b.close(None).await;
    }
}
