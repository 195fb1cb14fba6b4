//! What the whole-process tests share: the audit of every acknowledged move against the store,
//! the moves as `qdan-bench check` takes them, and the tables' waits around a fault.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use testkit::player::{Acked, Run, player};
use testkit::{Api, TableClient};
use wire::{Intent, Seat, ServerMsg, Status};

/// What the store holds of the games a run played.
#[derive(Debug)]
pub struct Audit {
    /// Games stored as over.
    pub finished: usize,
    /// Moves stored (including the CPU's stand-ins, which no client acknowledged).
    pub stored: usize,
    /// Acknowledged moves missing from the store at their ply.
    pub lost: Vec<Acked>,
}

/// Checks the games of `acked` in `store`: every stored game replays legally ply after ply
/// and agrees with its stored end, and every acknowledged move is stored at its ply.
pub async fn audit(store: &server::Store, acked: &[Acked]) -> Audit {
    let mut codes: Vec<&str> = acked.iter().map(|a| a.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    let (mut finished, mut stored, mut lost) = (0, 0, Vec::new());
    for code in codes {
        let game = store.latest_game(code).await.unwrap().expect("the game is stored");
        let moves = store.moves(&game.id).await.unwrap();
        stored += moves.len();
        let mut replay = rules::AnyGame::new(game.options);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.ply, i, "{code}: plies run without gaps");
            replay.play(m.side, &m.mv).unwrap_or_else(|e| panic!("{code} ply {i} {}: {e}", m.mv));
        }
        if game.status == Status::Over {
            finished += 1;
            match replay.outcome() {
                Some(end) => assert_eq!(game.reason, Some(end.reason), "{code}"),
                None => assert_eq!(game.reason, Some(rules::EndReason::Resignation), "{code}: over without an end"),
            }
        } else {
            assert!(replay.outcome().is_none(), "{code}: the moves end the game but it is stored as playing");
        }
        for a in acked.iter().filter(|a| a.code == code) {
            if moves.get(a.ply as usize).map(|m| m.mv.as_str()) != Some(a.mv.as_str()) {
                lost.push(a.clone());
            }
        }
    }
    Audit { finished, stored, lost }
}

/// The acknowledged moves as `qdan-bench check --acked` takes them.
pub fn acked_moves(acked: &[Acked]) -> Vec<bench::check::AckedMove> {
    acked
        .iter()
        .map(|a| bench::check::AckedMove {
            code: a.code.clone(),
            game_no: a.game_no.into(),
            ply: a.ply as i64,
            mv: a.mv.clone(),
        })
        .collect()
}

/// The tables in play when a fault began at `start`: a move acknowledged in the 3 s before it,
/// and the game not over by `since` (the fault's start, or its heal when no node can take over)
/// with no move after it (over, it has nothing left to take).
pub async fn tables_in_play(store: &server::Store, acked: &[Acked], start: Instant, since: Instant) -> Vec<String> {
    let recent: HashSet<&str> = acked
        .iter()
        .filter(|a| a.at <= start && a.at + Duration::from_secs(3) > start)
        .map(|a| a.code.as_str())
        .collect();
    let mut in_play = Vec::new();
    for code in recent {
        let game = store.latest_game(code).await.unwrap().expect("stored");
        if game.status != Status::Over || acked.iter().any(|a| a.code == code && a.at > since) {
            in_play.push(code.to_string());
        }
    }
    in_play.sort();
    in_play
}

/// A table's longest wait for its next acknowledged move from `since` until `until`; `None`
/// when it took none.
pub fn longest_wait(acked: &[Acked], code: &str, since: Instant, until: Instant) -> Option<Duration> {
    let mut at: Vec<Instant> = acked.iter().filter(|a| a.code == code).map(|a| a.at).collect();
    at.sort();
    let (mut prev, mut longest, mut any) = (since, Duration::ZERO, false);
    for t in at.into_iter().filter(|&t| t > since && t <= until) {
        longest = longest.max(t - prev);
        (prev, any) = (t, true);
    }
    any.then_some(longest)
}

/// The tables of `in_play` that took no move within `bound`, each with its wait.
pub fn stalled(acked: &[Acked], in_play: &[String], since: Instant, until: Instant, bound: Duration) -> Vec<String> {
    in_play
        .iter()
        .filter_map(|c| match longest_wait(acked, c, since, until) {
            Some(d) if d <= bound => None,
            wait => Some(format!("{c} ({})", wait.map_or("no move".into(), |d| format!("{d:?}")))),
        })
        .collect()
}

/// Opens a game through the balancer (tried again while no node answers) and starts its two
/// players.
pub async fn new_game(run: &Arc<Run>, api: &Api, n: u64) -> Vec<tokio::task::JoinHandle<()>> {
    let body = if n.is_multiple_of(2) {
        json!({"game": "dots", "options": {"size": "5x5"}})
    } else {
        json!({"game": "musashi", "options": {"board": "25"}})
    };
    // Nodes come and go: an API call that finds none is tried again.
    let (ta, tb, code) = loop {
        let made = async {
            let (ta, _) = api.player(&format!("A{n}")).await?;
            let (tb, _) = api.player(&format!("B{n}")).await?;
            let code = api.group(&ta, &body).await?;
            Ok::<_, testkit::KitError>((ta, tb, code))
        };
        match made.await {
            Ok(m) => break m,
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };
    seat_and_play(run, code, ta, tb, n).await
}

/// Seats `tb` (tried again until a node takes it) in game `n`'s group `code`, opened by `ta`,
/// and starts both players.
pub async fn seat_and_play(
    run: &Arc<Run>,
    code: String,
    ta: String,
    tb: String,
    n: u64,
) -> Vec<tokio::task::JoinHandle<()>> {
    loop {
        if let Ok(mut c) = TableClient::connect(run.addr, &code, Some(&tb), None).await
            && matches!(c.intent(Intent::Sit {}).await, Ok(ServerMsg::Ack { .. }))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    vec![
        tokio::spawn(player(run.clone(), code.clone(), ta, Seat::First, n * 2 + 1)),
        tokio::spawn(player(run.clone(), code, tb, Seat::Second, n * 2 + 2)),
    ]
}

/// Keeps `games` games in play through the balancer until the run's deadline, a finished one
/// replaced by a new one; ends when the last has stopped, with how many were started.
pub fn keep_games(run: Arc<Run>, api: Api, games: u64) -> tokio::task::JoinHandle<u64> {
    tokio::spawn(async move {
        let mut n = 0;
        let mut running: Vec<Vec<tokio::task::JoinHandle<()>>> = vec![];
        while Instant::now() < run.deadline {
            running.retain(|pair| pair.iter().any(|h| !h.is_finished()));
            while (running.len() as u64) < games && Instant::now() < run.deadline {
                running.push(new_game(&run, &api, n).await);
                n += 1;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        for h in running.into_iter().flatten() {
            h.await.unwrap();
        }
        n
    })
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// `GET /metrics` of a node, as a scraper reads it (HTTP/1.0: the node closes the connection
/// after the answer). Blocking, so that a test can run it on a thread inside a host's network
/// namespace (`testkit::netns::Host::enter`): a node answers `/metrics` only to loopback and
/// its trusted proxies.
pub fn scrape_metrics(addr: std::net::SocketAddr) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(2)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(b"GET /metrics HTTP/1.0\r\nHost: node\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.0 200") || text.starts_with("HTTP/1.1 200"), "{text}");
    text
}

/// A sample's value in the text format (0 when absent).
pub fn metric(text: &str, name: &str) -> f64 {
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok()).unwrap_or(0.0)
}

/// The `q` quantile of a histogram as a Prometheus `histogram_quantile` would bound it: the
/// upper edge of the first bucket holding that share of the samples (None without samples,
/// infinity past the last finite edge).
pub fn histogram_quantile(text: &str, name: &str, q: f64) -> Option<f64> {
    let prefix = format!("{name}_bucket{{le=\"");
    let buckets: Vec<(f64, f64)> = text
        .lines()
        .filter_map(|l| {
            let (le, count) = l.strip_prefix(&prefix)?.split_once("\"} ")?;
            let le = if le == "+Inf" { f64::INFINITY } else { le.parse().ok()? };
            Some((le, count.trim().parse().ok()?))
        })
        .collect();
    let total = buckets.last()?.1;
    (total > 0.0).then(|| buckets.iter().find(|(_, c)| *c >= q * total).map_or(f64::INFINITY, |(le, _)| *le))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_histograms_quantile_is_the_edge_of_the_bucket_that_holds_it() {
        let text = "x_bucket{le=\"0.005\"} 90\nx_bucket{le=\"0.01\"} 98\nx_bucket{le=\"0.1\"} 100\nx_bucket{le=\"+Inf\"} 100\nx_sum 0.4\nx_count 100\n";
        assert_eq!(super::histogram_quantile(text, "x", 0.5), Some(0.005));
        assert_eq!(super::histogram_quantile(text, "x", 0.98), Some(0.01));
        assert_eq!(super::histogram_quantile(text, "x", 0.99), Some(0.1));
        assert_eq!(super::histogram_quantile("x_bucket{le=\"+Inf\"} 0\n", "x", 0.5), None);
        assert_eq!(super::metric(text, "x_count"), 100.0);
    }
}
