//! One hostile address against the server: idle connections, slow bodies, an IPv6 client
//! rotating through its /64, two players farming a rating, and one address looping on the
//! analysis board (a queue the whole node shares). Each attack must neither take
//! the site down for a visitor from another address (127.0.0.2 here) nor get its way.
//!
//! Its own test binary, run one test at a time: the slow-body test reads this process's
//! memory (`/proc/self/statm`) and the idle test holds 1,500 descriptors.

#[path = "common/mod.rs"]
mod common;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use common::{TestServer, fast_config};

/// The tests run one after another.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The visitor's address: another loopback address than the attacker's 127.0.0.1.
const VISITOR: [u8; 4] = [127, 0, 0, 2];

/// A page fetched from `from`: its status and how long it took.
async fn visit(from: [u8; 4], addr: SocketAddr, path: &str) -> (u16, Duration) {
    let http = reqwest::Client::builder().local_address(IpAddr::from(from)).build().unwrap();
    let t = Instant::now();
    let r = tokio::time::timeout(Duration::from_secs(5), http.get(format!("http://{addr}{path}")).send()).await;
    let status = match r {
        Ok(Ok(r)) => r.status().as_u16(),
        _ => 0,
    };
    (status, t.elapsed())
}

/// How many moves the visitor plays during an attack.
const VISITOR_MOVES: usize = 40;

/// Two players from `from`, seated at a fresh 3x3 Dots group: players, group and sockets all
/// come from `from`, so that the attacker's address and its limits do not touch them.
async fn seat_pair(from: [u8; 4], addr: SocketAddr) -> (common::Client, common::Client) {
    let http = reqwest::Client::builder().local_address(IpAddr::from(from)).build().unwrap();
    let mut tokens = Vec::new();
    for name in ["Vera", "Vik"] {
        let r: serde_json::Value = http
            .post(format!("http://{addr}/api/players"))
            .json(&json!({"name": name}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        tokens.push(r["token"].as_str().expect("a token").to_string());
    }
    let r = http
        .post(format!("http://{addr}/api/groups"))
        .bearer_auth(&tokens[0])
        .json(&json!({"game": "dots", "options": {"size": "3x3"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let code: serde_json::Value = r.json().await.unwrap();
    let code = code["code"].as_str().unwrap();
    let mut a = common::Client::connect_from(IpAddr::from(from), addr, code, &tokens[0]).await;
    let mut b = common::Client::connect_from(IpAddr::from(from), addr, code, &tokens[1]).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    (a, b)
}

/// Whichever of `a` and `b` is to move plays, `n` moves in all (a rematch when a game ends,
/// not timed): how long each move took from its sending to its ack.
async fn play_moves(a: &mut common::Client, b: &mut common::Client, n: usize) -> Vec<Duration> {
    let mut took = Vec::with_capacity(n);
    while took.len() < n {
        if a.table["status"] != "playing" {
            rematch(a, b).await;
            continue;
        }
        let a_moves = common::my_turn(&a.table, a.seat().unwrap());
        let (mover, other) = if a_moves { (&mut *a, &mut *b) } else { (&mut *b, &mut *a) };
        let mv = common::first_legal(&mover.table);
        let t = Instant::now();
        mover.play(&mv).await;
        took.push(t.elapsed());
        let v = mover.v;
        other.catch_up(v).await;
    }
    took
}

/// Every move acked within a second; prints the median and the 99th percentile.
fn moves_were_quick(attack: &str, mut took: Vec<Duration>) {
    took.sort();
    let at = |q: f64| took[((took.len() as f64 * q).ceil() as usize).clamp(1, took.len()) - 1];
    let (p50, p99) = (at(0.5), at(0.99));
    eprintln!("{attack}: the visitor's {} moves took p50 {p50:?}, p99 {p99:?}", took.len());
    assert!(p99 < Duration::from_secs(1), "{attack}: a visitor's move waited {p99:?} for its ack");
}

/// Whether the server lets go of `c` within `wait`: it closes it (after an answer or not).
async fn let_go(c: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 4096];
    tokio::time::timeout(wait, async {
        loop {
            match c.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

/// How many of `conns` the server still holds open `wait` from now.
async fn still_open(conns: &mut [TcpStream], wait: Duration) -> usize {
    join_all(conns.iter_mut().map(|c| let_go(c, wait))).await.into_iter().filter(|gone| !gone).count()
}

/// This process's resident memory in bytes.
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    let pages: u64 = statm.split(' ').nth(1).expect("resident").parse().expect("a number");
    pages * 4096
}

/// Issue: a few thousand idle connections (nothing sent, or half a header sent) from one
/// address were all kept, with no timeout, until the server had no descriptors left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_from_one_address_are_capped_and_timed_out_and_others_are_served() {
    let _one = SERIAL.lock().await;
    server::fd_limit::raise_to_hard().unwrap();
    const CAP: u32 = 100;
    const HEADER_TIMEOUT: Duration = Duration::from_millis(1500);
    let config = server::Config { connections_per_ip: CAP, header_read_timeout: HEADER_TIMEOUT, ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let (mut a, mut b) = seat_pair(VISITOR, s.addr).await;
    let mut conns = Vec::with_capacity(1500);
    for i in 0..1500 {
        let mut c = TcpStream::connect(s.addr).await.unwrap();
        if i % 2 == 1 {
            // Half a request header, as a slow client would send it a line at a time. A
            // connection the server closed already may refuse the write.
            let _ = c.write_all(b"GET /en/ HTTP/1.1\r\nHost: qdan\r\n").await;
        }
        conns.push(c);
    }
    let opened = Instant::now();
    // Another address is served at once meanwhile.
    let (status, took) = visit(VISITOR, s.addr, "/en/").await;
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(1), "the visitor waited {took:?}");
    // And plays, while the address's share of connections is held (until the header timeout).
    let moves = play_moves(&mut a, &mut b, VISITOR_MOVES).await;
    let played = opened.elapsed();
    assert!(played < HEADER_TIMEOUT, "the moves ended {played:?} after the attack, past the header timeout");
    moves_were_quick("idle connections", moves);
    // Past its share, each connection was closed as soon as it was accepted.
    let open = still_open(&mut conns, Duration::from_millis(300)).await;
    assert!(open <= CAP as usize, "{open} of 1500 idle connections held open (at most {CAP} may be)");
    // And those within it are closed once the header has not come in time.
    tokio::time::sleep(
        (opened + HEADER_TIMEOUT + Duration::from_millis(500)).saturating_duration_since(Instant::now()),
    )
    .await;
    let open = still_open(&mut conns, Duration::from_millis(300)).await;
    assert_eq!(open, 0, "idle connections still open after the header timeout");
    drop(conns);
    // Their places are given back: the address is served again.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = visit([127, 0, 0, 1], s.addr, "/en/").await;
    assert_eq!(status, 200);
}

/// One slow POST: the header announces `length` bytes of body, `sent` of them are written,
/// then nothing. Whether the server lets go of it within `wait`.
/// `spaces` holds at least `sent` bytes, allocated once for all the requests so that this
/// process's own memory does not grow with them.
async fn slow_post(addr: SocketAddr, length: usize, sent: usize, spaces: Arc<Vec<u8>>, wait: Duration) -> bool {
    let c = TcpStream::connect(addr).await.unwrap();
    let (mut read, mut write) = c.into_split();
    let head = format!(
        "POST /api/players HTTP/1.1\r\nHost: qdan\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    );
    let writer = tokio::spawn(async move {
        // The server may answer and close before the body is all written.
        if write.write_all(head.as_bytes()).await.is_ok() {
            let _ = write.write_all(&spaces[..sent]).await;
        }
        // Keep the writing half open: the body never ends.
        tokio::time::sleep(Duration::from_secs(30)).await;
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
    gone
}

/// Issue: a POST announcing a 2 MB body (the old default limit) that stops 10 bytes short was
/// held open with its body buffered. Now a body is at most `MAX_BODY` (16 KiB), a larger one is
/// refused before more is read, and a body that stops arriving is refused after the body
/// timeout. The bound: per connection about `MAX_BODY` plus hyper's read buffer (at most
/// 64 KiB), per address `connections_per_ip` times that (about 24 MiB with the default 300).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_are_refused_and_memory_stays_bounded() {
    let _one = SERIAL.lock().await;
    const BODY_TIMEOUT: Duration = Duration::from_millis(1000);
    let config = server::Config { connections_per_ip: 100, body_read_timeout: BODY_TIMEOUT, ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    // Warm up the server and this process (a player made, a page served) before measuring.
    s.player("Warm").await;
    let (mut a, mut b) = seat_pair(VISITOR, s.addr).await;
    const TWO_MB: usize = 2 * 1024 * 1024;
    let spaces = Arc::new(vec![b' '; TWO_MB]);
    let before = rss();
    let attack = tokio::spawn({
        let addr = s.addr;
        let spaces = spaces.clone();
        async move {
            join_all((0..50).map(|_| slow_post(addr, TWO_MB, TWO_MB - 10, spaces.clone(), Duration::from_secs(4))))
                .await
        }
    });
    let mut peak = before;
    while !attack.is_finished() {
        peak = peak.max(rss());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let held = attack.await.unwrap().into_iter().filter(|gone| !gone).count();
    assert_eq!(held, 0, "{held} of 50 two-megabyte bodies 10 bytes short still held");
    let grown = peak.saturating_sub(before);
    // 50 bodies of 2 MB would be 100 MB buffered; 50 × (16 KiB + 64 KiB) is 4 MB.
    assert!(grown < 24 << 20, "memory grew by {} MiB under 50 slow 2 MB bodies", grown >> 20);
    // A body within the bound that stops short is refused after the body timeout.
    let t = Instant::now();
    // Meanwhile another address plays.
    let (small, moves) = tokio::join!(
        join_all((0..50).map(|_| slow_post(s.addr, 1000, 990, spaces.clone(), BODY_TIMEOUT * 3))),
        async {
            let moves = play_moves(&mut a, &mut b, VISITOR_MOVES).await;
            (moves, t.elapsed())
        }
    );
    let (moves, played) = moves;
    assert!(played < BODY_TIMEOUT, "the moves ended {played:?} after the attack began, past the body timeout");
    moves_were_quick("stalled small bodies", moves);
    let held = small.into_iter().filter(|gone| !gone).count();
    assert_eq!(held, 0, "{held} of 50 stalled small bodies still held after {:?}", t.elapsed());
    // Meanwhile, and after, another address is served.
    let (status, took) = visit(VISITOR, s.addr, "/en/").await;
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(1), "the visitor waited {took:?}");
}

/// Issue: every per-address limit counted the exact address, so an IPv6 client with a /64 to
/// itself had 2^64 allowances. Now an IPv6 client counts as its /64, and an IPv4 client seen as
/// an IPv4-mapped IPv6 address as its IPv4 address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ipv6_client_is_counted_by_its_64() {
    let _one = SERIAL.lock().await;
    let config =
        server::Config { trusted_proxies: "127.0.0.1".parse().unwrap(), new_players_per_ip: 3, ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let new_player = |from: String| {
        let r = s.http.post(s.url("/api/players")).header("x-forwarded-for", from).json(&json!({"name": "Rota"}));
        async move { r.send().await.unwrap().status().as_u16() }
    };
    let mut statuses = Vec::new();
    for i in 1..=6 {
        statuses.push(new_player(format!("2001:db8:1:2:{i:x}:{i:x}:{i:x}:{i:x}")).await);
    }
    assert_eq!(statuses, [201, 201, 201, 429, 429, 429], "six addresses of one /64");
    // The next /64 is another client.
    assert_eq!(new_player("2001:db8:1:3::1".into()).await, 201);
    // An IPv4 client is the same whichever way its address is written.
    for _ in 0..3 {
        assert_eq!(new_player("198.51.100.7".into()).await, 201);
    }
    assert_eq!(new_player("::ffff:198.51.100.7".into()).await, 429);
    // The /64 keeps asking from new addresses, refused each time, while another address plays.
    let (mut a, mut b) = seat_pair(VISITOR, s.addr).await;
    let done = std::sync::atomic::AtomicBool::new(false);
    let attack = async {
        let mut refused = 0;
        for i in 0x100u32.. {
            if done.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            assert_eq!(new_player(format!("2001:db8:1:2::{i:x}")).await, 429);
            refused += 1;
        }
        refused
    };
    let play = async {
        let moves = play_moves(&mut a, &mut b, VISITOR_MOVES).await;
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        moves
    };
    let (refused, moves) = tokio::join!(attack, play);
    eprintln!("{refused} new players from the /64 refused while the visitor played");
    assert!(refused > VISITOR_MOVES, "the attack ran throughout the moves");
    moves_were_quick("a rotating /64", moves);
}

/// The rating changes shown with the game just ended (none for an unrated one).
fn rating_changes(t: &serde_json::Value) -> usize {
    t["result"]["ratings"].as_array().map_or(0, Vec::len)
}

/// Both ask for the next game.
async fn rematch(a: &mut common::Client, b: &mut common::Client) {
    a.intent(json!({"t": "rematch"})).await;
    b.catch_up(a.v).await;
    b.intent(json!({"t": "rematch"})).await;
    a.catch_up(b.v).await;
}

/// Issue: two players from one address in a ranked group, one resigning at move 0 and both
/// asking for a rematch, took a rating from 1500 to 1917 in 30 games and 17 s. Now a game in
/// which a side never moved is not rated, and at most `PAIR_GAMES_PER_DAY` (3) games a day
/// between the same two players are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn farming_a_rating_with_a_second_account_gets_nothing() {
    let _one = SERIAL.lock().await;
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "ranked": true})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    let leaderboard = || async {
        let rows: serde_json::Value =
            s.http.get(s.url("/api/leaderboard/dots")).send().await.unwrap().json().await.unwrap();
        rows.as_array()
            .unwrap()
            .iter()
            .map(|r| (r["rating"].as_f64().unwrap(), r["games"].as_u64().unwrap()))
            .collect::<Vec<_>>()
    };
    // The farm: Ben resigns at move 0, both ask for a rematch, ten times over.
    for game in 1..=10 {
        b.intent(json!({"t": "resign"})).await;
        a.catch_up(b.v).await;
        assert_eq!(a.table["status"], "over");
        assert_eq!(rating_changes(&a.table), 0, "game {game}, resigned at move 0, was rated");
        rematch(&mut a, &mut b).await;
    }
    assert_eq!(leaderboard().await, [], "nobody has a rating");
    // Games in which both moved are rated, but only three a day between the same two.
    let rated: Vec<usize> = {
        let mut rated = Vec::new();
        for _ in 0..5 {
            common::both_move(&mut a, &mut b).await;
            b.intent(json!({"t": "resign"})).await;
            a.catch_up(b.v).await;
            rated.push(rating_changes(&a.table));
            rematch(&mut a, &mut b).await;
        }
        rated
    };
    assert_eq!(rated, [2, 2, 2, 0, 0]);
    let board = leaderboard().await;
    assert!(board.iter().all(|&(_, games)| games == 3), "{board:?}");
}

/// One analysis question from `from`: its status, body and how long it took.
async fn analyse(from: [u8; 4], addr: SocketAddr, body: serde_json::Value) -> (u16, String, Duration) {
    let http = reqwest::Client::builder().local_address(IpAddr::from(from)).build().unwrap();
    let t = Instant::now();
    let r = http.post(format!("http://{addr}/api/analysis")).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.text().await.unwrap(), t.elapsed())
}

/// Four loops from one address on the analysis board (each question a 5x4 board, 1.5-3 s of
/// search) do not keep a visitor from another address waiting behind them: the visitor is
/// served after the question that is running, and the fourth loop is refused at once. Before
/// the queue took addresses in turn, the visitor queued behind the loops' waiting questions
/// too (three answers: 4.5 s and more).
#[tokio::test]
async fn one_address_looping_on_the_analysis_board_does_not_hold_up_another() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let _one = SERIAL.lock().await;
    let s = TestServer::start().await;
    let addr = s.addr;
    let stop = Arc::new(AtomicBool::new(false));
    // The loops' answers: how long each took from its start to its end once served, and how
    // many were refused.
    let served = Arc::new(std::sync::Mutex::new((Vec::<Duration>::new(), 0usize)));
    let loops: Vec<_> = (0..4)
        .map(|_| {
            let (stop, served) = (stop.clone(), served.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let (status, body, took) =
                        analyse([127, 0, 0, 1], addr, json!({"options": {"game": "dots", "size": "5x4"}})).await;
                    if status == 429 {
                        assert!(body.contains("waiting"), "a clear refusal: {body}");
                        served.lock().unwrap().1 += 1;
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    } else {
                        assert_eq!(status, 200, "{body}");
                        served.lock().unwrap().0.push(took);
                    }
                }
            })
        })
        .collect();
    // The loops fill the queue: one question running, two waiting.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let mut waits = Vec::new();
    for _ in 0..3 {
        let (status, body, took) = analyse(VISITOR, addr, json!({"options": {"game": "dots", "size": "3x3"}})).await;
        assert_eq!(status, 200, "the visitor is served: {body}");
        waits.push(took);
    }
    stop.store(true, Ordering::Relaxed);
    for l in loops {
        l.await.unwrap();
    }
    let (answers, refused) = served.lock().unwrap().clone();
    // A loop's question, once served, took at least one whole analysis; the quickest of them
    // bounds one analysis from above (the others also waited in the queue).
    let one = *answers.iter().min().expect("the loops were answered");
    let worst = *waits.iter().max().unwrap();
    eprintln!(
        "visitor's answers took {waits:?}; one analysis at most {one:?}; {refused} of the loops' questions refused"
    );
    // The visitor waits for the running question and its own (a 3x3 board: a fraction of a
    // 5x4), never for the loops' waiting ones.
    assert!(worst < one + one / 2, "the visitor waited {worst:?}, one analysis takes {one:?}");
    assert!(refused > 0, "the fourth loop is refused while three questions are in");
}
