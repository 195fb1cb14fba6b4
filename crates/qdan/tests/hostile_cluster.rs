//! One hostile address against two `qdan serve` nodes (one PostgreSQL, one NATS server) behind
//! HAProxy with `deploy/haproxy.cfg` as shipped, all started here on loopback ports (skipped,
//! with a message, when `QDAN_TEST_POSTGRES` is not set or `nats-server`/`haproxy` are not
//! installed: `scripts/test` provides all three). `crates/server/tests/hostile.rs` runs the
//! same attacks against one node without a balancer.
//!
//! Meanwhile a visitor from 127.0.0.2 fetches `/en/` one page after another through the
//! balancer, each on a new connection; every fetch must be answered 200 within a second.
//! 1. 1,500 idle connections from 127.0.0.1: a third send nothing, a third half a request
//!    header, a third half a header and then a header line every second: the balancer holds
//!    at most 300 of them (its per-address `conn_cur` bound) and closes those within
//!    `timeout http-request` (10 s).
//! 2. 200 slow POSTs from 127.0.0.3 (2 MB announced, sent 10 bytes short or stopped after
//!    20,000 bytes; 8,000 bytes sent 10 bytes short; 1,000 bytes trickled a byte every half
//!    second): all answered or closed within 10 s (the balancer's `timeout http-request`,
//!    which `option http-buffer-request` makes cover the body, and its `timeout client`; the
//!    nodes' body timeout), and neither node's memory grows by more than 24 MiB
//!    (`docs/deploy.md`, "Slow bodies").
//! 3. 127.0.0.4 asks for `/en/` as fast as it can for 3 s on four kept-alive connections: the
//!    nodes see its address in the balancer's `X-Forwarded-For` (`option forwardfor`,
//!    `--trusted-proxies 127.0.0.1`) and answer it 429 past its rate (`--http-rate`, per
//!    node), while the visitor's own allowance is untouched.
//!
//! To check that a test fails against a weaker balancer, point `QDAN_TEST_HAPROXY_CFG` at a
//! copy of `deploy/haproxy.cfg` without one of its settings. About 25 s:
//! `cargo test -p qdan --test hostile_cluster -- --nocapture` (figures in docs/reliability.md).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use testkit::{Qdan, infra};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

/// The visitor's address; each attack comes from another one, so that the balancer's
/// per-address counts of one attack do not carry over to the next.
const VISITOR: [u8; 4] = [127, 0, 0, 2];
const IDLER: [u8; 4] = [127, 0, 0, 1];
const SLOW_POSTER: [u8; 4] = [127, 0, 0, 3];
const FLOODER: [u8; 4] = [127, 0, 0, 4];

/// `deploy/haproxy.cfg`: connections one address may hold open at the balancer.
const BALANCER_CONN_CUR: usize = 300;
/// `deploy/haproxy.cfg`'s `timeout http-request`.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The nodes' `--body-read-timeout` (their default).
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the flooder asks for pages.
const FLOOD: Duration = Duration::from_secs(3);
/// What is allowed on top of a timeout on a shared, loaded machine.
const SLACK: Duration = Duration::from_secs(2);

struct Site {
    nodes: Vec<Qdan>,
    front: SocketAddr,
    _balancer: infra::Daemon,
    _nats: infra::Daemon,
    _dir: tempfile::TempDir,
}

async fn start() -> Option<Site> {
    let Ok(base) = std::env::var("QDAN_TEST_POSTGRES") else {
        eprintln!("QDAN_TEST_POSTGRES not set: the hostile cluster test is skipped (scripts/test sets it)");
        return None;
    };
    for p in ["nats-server", "haproxy", "psql"] {
        if !infra::installed(p) {
            eprintln!("{p} is not installed: the hostile cluster test is skipped (scripts/test installs it)");
            return None;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let db = infra::fresh_database(&base, &format!("qdan_hostile_{}", rand::random::<u32>())).unwrap();
    let nats = infra::nats().await.unwrap();
    let nats_url = format!("nats://{}", nats.addr);
    let mut nodes = vec![];
    // The nodes run with their default limits, as a deployment would (docs/deploy.md).
    for i in 1..=2 {
        let log = dir.path().join(format!("node{i}.log"));
        let node = format!("n{i}");
        let args =
            ["--db", &db, "--nats", &nats_url, "--node", &node, "--tables", "off", "--trusted-proxies", "127.0.0.1"];
        nodes.push(Qdan::start_logged(env!("CARGO_BIN_EXE_qdan"), &args, &log).await.unwrap());
    }
    let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
    let balancer = infra::haproxy(dir.path(), &addrs).await.unwrap();
    let front = balancer.addr;
    Some(Site { nodes, front, _balancer: balancer, _nats: nats, _dir: dir })
}

/// A connection to `to` from the loopback address `from`.
async fn connect_from(from: [u8; 4], to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(to).await
}

/// `GET path` from `from` on a new connection: the answer's status (0 for none within 5 s or
/// a refused connection) and how long it took.
async fn get(from: [u8; 4], to: SocketAddr, path: &str) -> (u16, Duration) {
    let t = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(5), async {
        let mut c = connect_from(from, to).await?;
        c.write_all(format!("GET {path} HTTP/1.1\r\nHost: qdan\r\nConnection: close\r\n\r\n").as_bytes()).await?;
        let mut reply = Vec::new();
        c.read_to_end(&mut reply).await?;
        Ok::<_, std::io::Error>(reply)
    })
    .await;
    let status = match answer {
        // "HTTP/1.1 200 OK"
        Ok(Ok(reply)) => std::str::from_utf8(&reply[..reply.len().min(12)])
            .ok()
            .and_then(|l| l.get(9..12))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        _ => 0,
    };
    (status, t.elapsed())
}

/// The visitor: fetches `/en/` through the balancer every 50 ms (about 10 a second per node,
/// within its rate) until `stop` is set; returns each fetch's status and time.
fn visitor(front: SocketAddr, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<Vec<(u16, Duration)>> {
    tokio::spawn(async move {
        let mut fetches = vec![];
        while !stop.load(Ordering::Relaxed) {
            fetches.push(get(VISITOR, front, "/en/").await);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        fetches
    })
}

/// Stops the visitor, checks that every fetch was answered 200 within a second, and prints
/// the p50 and p99 of their times.
async fn visitor_was_served(during: &str, stop: &AtomicBool, v: tokio::task::JoinHandle<Vec<(u16, Duration)>>) {
    stop.store(true, Ordering::Relaxed);
    let fetches = v.await.unwrap();
    let failed: Vec<&(u16, Duration)> =
        fetches.iter().filter(|(s, t)| *s != 200 || *t >= Duration::from_secs(1)).collect();
    let mut ms: Vec<f64> = fetches.iter().map(|(_, t)| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    println!(
        "{during}: the visitor's /en/ {} fetches, p50 {:.1} ms p99 {:.1} ms, {} not 200 within 1 s",
        fetches.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.99),
        failed.len()
    );
    assert!(fetches.len() >= 5, "{during}: the visitor fetched only {} times", fetches.len());
    assert!(failed.is_empty(), "{during}: the visitor was not served (status, time): {failed:?}");
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// How long the other end keeps `c` open, counted from `since`: until it closes it (after an
/// answer or not); `None` when it is still open at `since + wait`.
async fn held_for(mut c: impl AsyncRead + Unpin, since: Instant, wait: Duration) -> Option<Duration> {
    let mut buf = [0u8; 4096];
    let left = (since + wait).saturating_duration_since(Instant::now());
    tokio::time::timeout(left, async {
        loop {
            match c.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .ok()
    .map(|()| since.elapsed())
}

/// How a slow POST sends its body.
#[derive(Clone, Copy, Debug)]
enum Body {
    /// The header announces `.0` bytes, `.1` of them are written, then nothing.
    Stalls(usize, usize),
    /// The header announces 1,000 bytes; one is written every half second.
    Trickles,
}

/// One slow POST from `from`; how long it is held, counted from its connect (`None`: still
/// held after `wait`). `spaces` holds the bytes to send, shared by all the requests.
async fn slow_post(
    from: [u8; 4],
    to: SocketAddr,
    body: Body,
    spaces: Arc<Vec<u8>>,
    wait: Duration,
) -> Option<Duration> {
    let since = Instant::now();
    let Ok(c) = connect_from(from, to).await else { return Some(since.elapsed()) };
    let (mut read, mut write) = c.into_split();
    let length = match body {
        Body::Stalls(length, _) => length,
        Body::Trickles => 1000,
    };
    let head = format!(
        "POST /api/players HTTP/1.1\r\nHost: qdan\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    );
    let writer = tokio::spawn(async move {
        // The other end may answer and close before the body is all written.
        if write.write_all(head.as_bytes()).await.is_ok() {
            match body {
                Body::Stalls(_, sent) => {
                    let _ = write.write_all(&spaces[..sent]).await;
                }
                Body::Trickles => {
                    for _ in 0..length {
                        if write.write_all(b" ").await.is_err() {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
        }
        // Keep the writing half open: the body never ends.
        tokio::time::sleep(Duration::from_secs(60)).await;
        drop(write);
    });
    let mut buf = [0u8; 4096];
    let gone = tokio::time::timeout(wait, async {
        loop {
            match read.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok();
    writer.abort();
    gone.then(|| since.elapsed())
}

/// Asks for `/en/` from `from` back to back on one kept-alive connection (a new one when
/// the other end closes it) until `until`; returns the answers' statuses (0: none came).
async fn flood(from: [u8; 4], to: SocketAddr, until: Instant) -> Vec<u16> {
    let mut statuses = vec![];
    let mut conn: Option<BufReader<TcpStream>> = None;
    while Instant::now() < until {
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match connect_from(from, to).await {
                Ok(c) => conn.insert(BufReader::new(c)),
                Err(_) => {
                    statuses.push(0);
                    continue;
                }
            },
        };
        match tokio::time::timeout(Duration::from_secs(5), ask(c)).await {
            Ok(Ok(status)) => statuses.push(status),
            _ => {
                statuses.push(0);
                conn = None;
            }
        }
    }
    statuses
}

/// One `GET /en/` on a kept-alive connection: the answer's status, its body read past.
async fn ask(c: &mut BufReader<TcpStream>) -> std::io::Result<u16> {
    c.get_mut().write_all(b"GET /en/ HTTP/1.1\r\nHost: qdan\r\n\r\n").await?;
    let mut line = String::new();
    c.read_line(&mut line).await?;
    // "HTTP/1.1 200 OK"
    let status = line.get(9..12).and_then(|s| s.parse().ok()).ok_or(std::io::ErrorKind::UnexpectedEof)?;
    let mut length = 0;
    loop {
        line.clear();
        if c.read_line(&mut line).await? == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().map_err(|_| std::io::ErrorKind::InvalidData)?;
        }
    }
    let mut body = vec![0; length];
    c.read_exact(&mut body).await?;
    Ok(status)
}

/// A process's resident memory in bytes (`/proc/PID/statm`).
fn rss(pid: u32) -> u64 {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).expect("Linux /proc");
    let pages: u64 = statm.split(' ').nth(1).expect("resident").parse().expect("a number");
    pages * 4096
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_through_the_balancer_neither_holds_connections_nor_crowds_out_another() {
    let Some(site) = start().await else { return };
    // 1,500 connections held here.
    server::fd_limit::raise_to_hard().unwrap();
    let front = site.front;
    println!("load before: {}", loadavg());
    // The nodes and the balancer warmed up: a page served by each node.
    for _ in 0..4 {
        assert_eq!(get(VISITOR, front, "/en/").await.0, 200);
    }

    // 1. Idle connections: each watched from its connect until the balancer closes it.
    let stop = Arc::new(AtomicBool::new(false));
    let v = visitor(front, stop.clone());
    let mut watched = Vec::with_capacity(1500);
    let mut refused_at_connect = 0;
    for i in 0..1500 {
        let since = Instant::now();
        let Ok(mut c) = connect_from(IDLER, front).await else {
            // Refused so fast that the connect itself saw the reset.
            refused_at_connect += 1;
            continue;
        };
        // A third send nothing; a third half a request header and then nothing; a third
        // half a header and then another header line every second, as a slow client would
        // (each line resets an inactivity timeout: only a bound on the whole header holds).
        // A connection the balancer refused may refuse the writes.
        if i % 3 != 0 {
            let _ = c.write_all(b"GET /en/ HTTP/1.1\r\nHost: qdan\r\n").await;
        }
        if i % 3 == 2 {
            let (read, mut write) = c.into_split();
            tokio::spawn(async move {
                while write.write_all(b"X-Pad: 1\r\n").await.is_ok() {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            });
            watched.push(tokio::spawn(held_for(read, since, HEADER_TIMEOUT + SLACK)));
        } else {
            watched.push(tokio::spawn(held_for(c, since, HEADER_TIMEOUT + SLACK)));
        }
    }
    let mut times = vec![];
    for w in watched {
        times.push(w.await.unwrap());
    }
    visitor_was_served("idle connections", &stop, v).await;
    // Past the address's share a connection is closed as soon as it is accepted.
    let held = times.iter().filter(|t| t.is_none_or(|t| t > Duration::from_secs(1))).count();
    let still_open = times.iter().filter(|t| t.is_none()).count();
    let longest = times.iter().flatten().max().copied().unwrap_or_default();
    println!(
        "idle: of 1500 connections {refused_at_connect} reset while connecting, {held} held past a second, \
         {still_open} still open after {:?}; the longest held {:.1} s",
        HEADER_TIMEOUT + SLACK,
        longest.as_secs_f64()
    );
    assert!(
        held <= BALANCER_CONN_CUR,
        "{held} of 1500 idle connections from one address held past a second (at most {BALANCER_CONN_CUR} may be)"
    );
    assert_eq!(still_open, 0, "idle connections still open {:?} after they were opened", HEADER_TIMEOUT + SLACK);

    // 2. Slow bodies, 50 of each kind: a 2 MB body 10 bytes short; a 2 MB body that stops
    // after 20,000 bytes (past what a node reads before refusing it); an 8,000-byte body 10
    // bytes short; a 1,000-byte body trickled a byte every half second.
    let pids: Vec<u32> = site.nodes.iter().map(|n| n.pid().expect("running")).collect();
    let before: Vec<u64> = pids.iter().map(|&p| rss(p)).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let v = visitor(front, stop.clone());
    const TWO_MB: usize = 2 * 1024 * 1024;
    let spaces = Arc::new(vec![b' '; TWO_MB]);
    let kinds =
        [Body::Stalls(TWO_MB, TWO_MB - 10), Body::Stalls(TWO_MB, 20_000), Body::Stalls(8000, 7990), Body::Trickles];
    // A node refuses a stalled body after its body timeout, the balancer after its header
    // timeout (which then covers the body too) or its client timeout: all 10 s.
    let wait = HEADER_TIMEOUT.max(BODY_TIMEOUT) + SLACK;
    let attack: Vec<_> =
        (0..200).map(|i| tokio::spawn(slow_post(SLOW_POSTER, front, kinds[i % 4], spaces.clone(), wait))).collect();
    let mut peak = before.clone();
    while !attack.iter().all(|a| a.is_finished()) {
        for (p, &pid) in peak.iter_mut().zip(&pids) {
            *p = (*p).max(rss(pid));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut held = [0usize; 4];
    let mut longest = Duration::ZERO;
    for (i, a) in attack.into_iter().enumerate() {
        match a.await.unwrap() {
            Some(t) => longest = longest.max(t),
            None => held[i % 4] += 1,
        }
    }
    visitor_was_served("slow bodies", &stop, v).await;
    let grown: Vec<u64> = peak.iter().zip(&before).map(|(p, b)| p.saturating_sub(*b)).collect();
    println!(
        "slow bodies: held after {wait:?} (of 50 each): {held:?}; the longest let go after {:.1} s; \
         the nodes' memory {:?} MiB before, grew by {:?} KiB at the peak",
        longest.as_secs_f64(),
        before.iter().map(|b| b >> 20).collect::<Vec<_>>(),
        grown.iter().map(|g| g >> 10).collect::<Vec<_>>()
    );
    for (kind, n) in kinds.iter().zip(held) {
        assert_eq!(n, 0, "{n} of 50 slow bodies {kind:?} still held {wait:?} after they were sent");
    }
    for (i, g) in grown.iter().enumerate() {
        assert!(*g < 24 << 20, "node {} grew by {} MiB under 200 slow bodies", i + 1, g >> 20);
    }

    // 3. One address asking for pages as fast as it can, on kept-alive connections (new
    // ones would soon meet the balancer's bound on connections opened per 10 s instead).
    let stop = Arc::new(AtomicBool::new(false));
    let v = visitor(front, stop.clone());
    // Give the visitor a few fetches of its own first.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let until = Instant::now() + FLOOD;
    let loops: Vec<_> = (0..4).map(|_| tokio::spawn(flood(FLOODER, front, until))).collect();
    let mut statuses = vec![];
    for l in loops {
        statuses.extend(l.await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    visitor_was_served("one address asking for pages as fast as it can", &stop, v).await;
    let count = |s: u16| statuses.iter().filter(|&&x| x == s).count();
    let (ok, refused) = (count(200), count(429));
    println!(
        "flood: {} requests in {FLOOD:?} on 4 kept-alive connections: {ok} answered 200, {refused} 429, {} otherwise",
        statuses.len(),
        statuses.len() - ok - refused
    );
    // Each node allows an address `--http-rate` (20/s, a burst of 40): the balancer's
    // forwarding header must name the flooder, or its requests would count as the balancer's.
    let allowed = site.nodes.len() * (40 + 20 * FLOOD.as_secs() as usize);
    assert!(refused > 0, "{} requests from one address in {FLOOD:?}, none refused", statuses.len());
    assert!(ok <= allowed + 20, "{ok} of one address's requests answered in {FLOOD:?}, past its rate ({allowed})");
    println!("load after: {}", loadavg());
}
