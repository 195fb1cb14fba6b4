//! `GET /metrics` (issue 39, part 5): the values an operator reads move with play, and only
//! loopback and the trusted proxies are answered unless the operator opens it.

use std::time::Duration;

use serde_json::json;

use crate::common::{TestServer, fast_config};

/// The page, as a scraper on this host reads it.
async fn scrape(s: &TestServer) -> String {
    let r = s.http.get(s.url("/metrics")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let kind = r.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    r.text().await.unwrap()
}

/// The value of the sample `name` (with its labels, as printed), or `None` if absent.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

fn value(text: &str, name: &str) -> f64 {
    sample(text, name).unwrap_or_else(|| panic!("no {name} in:\n{text}"))
}

#[tokio::test]
async fn a_move_moves_the_counters_and_the_sockets_are_counted() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;

    let before = scrape(&s).await;
    assert_eq!(value(&before, "qdan_sockets_open{kind=\"table\"}"), 2.0);
    assert_eq!(value(&before, "qdan_tables_owned"), 1.0);
    let moves = value(&before, "qdan_moves_stored_total");
    let acks = sample(&before, "qdan_ack_seconds_count").unwrap_or(0.0);
    let commits = sample(&before, "qdan_store_commit_seconds_count").unwrap_or(0.0);

    assert_eq!(a.play("0").await["t"], "ack");
    let after = scrape(&s).await;
    assert_eq!(value(&after, "qdan_moves_stored_total"), moves + 1.0);
    assert_eq!(value(&after, "qdan_ack_seconds_count"), acks + 1.0);
    assert!(value(&after, "qdan_ack_seconds_sum") > 0.0);
    // The move was one write at least; the ack's latency fell in a bucket under 10 s.
    assert!(value(&after, "qdan_store_commit_seconds_count") > commits);
    assert_eq!(value(&after, "qdan_ack_seconds_bucket{le=\"10\"}"), acks + 1.0);
    // A refused move is not stored and not timed as acknowledged.
    let refusal = a.intent(json!({"t": "move", "ply": 1, "move": "1"})).await;
    assert_eq!(refusal["code"], "not-your-turn");
    let refused = scrape(&s).await;
    assert_eq!(value(&refused, "qdan_moves_stored_total"), moves + 1.0);
    assert_eq!(value(&refused, "qdan_ack_seconds_count"), acks + 1.0);

    // A socket that closes is no longer counted.
    b.close().await;
    let mut open = 2.0;
    for _ in 0..100 {
        open = value(&scrape(&s).await, "qdan_sockets_open{kind=\"table\"}");
        if open == 1.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(open, 1.0);
    // Nothing cluster-wide happened on a node serving alone.
    assert_eq!(value(&after, "qdan_lease_takeovers_total"), 0.0);
    assert_eq!(value(&after, "qdan_lease_losses_total"), 0.0);
}

#[tokio::test]
async fn the_cpus_moves_are_counted() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    assert_eq!(value(&scrape(&s).await, "qdan_cpu_moves_total"), 0.0);
    a.play("0").await;
    a.wait_for(|t| t["plies"] == 2).await;
    let text = scrape(&s).await;
    assert_eq!(value(&text, "qdan_cpu_moves_total"), 1.0);
    assert_eq!(value(&text, "qdan_moves_stored_total"), 2.0);
}

/// A client forwarded by the trusted proxy (the test client on 127.0.0.1 plays the proxy), or
/// by a proxy on loopback that is not trusted, is answered 404; `metrics_open` answers anyone.
#[tokio::test]
async fn refused_to_anyone_but_loopback_and_the_trusted_proxies() {
    let get = |s: &TestServer, header: Option<(&'static str, &'static str)>| {
        let mut r = s.http.get(s.url("/metrics"));
        if let Some((k, v)) = header {
            r = r.header(k, v);
        }
        async move { r.send().await.unwrap().status().as_u16() }
    };
    let trusted =
        TestServer::start_with(server::Config { trusted_proxies: "127.0.0.1".parse().unwrap(), ..fast_config() }, None)
            .await;
    assert_eq!(get(&trusted, None).await, 200, "the proxy's own host");
    assert_eq!(get(&trusted, Some(("x-forwarded-for", "198.51.100.1"))).await, 404);
    assert_eq!(get(&trusted, Some(("x-forwarded-for", "127.0.0.1"))).await, 200, "a scraper on the proxy's host");

    let alone = TestServer::start().await;
    assert_eq!(get(&alone, None).await, 200);
    assert_eq!(get(&alone, Some(("x-forwarded-for", "198.51.100.1"))).await, 404);
    assert_eq!(get(&alone, Some(("forwarded", "for=198.51.100.1"))).await, 404);

    let open = TestServer::start_with(server::Config { metrics_open: true, ..fast_config() }, None).await;
    assert_eq!(get(&open, Some(("x-forwarded-for", "198.51.100.1"))).await, 200);
}

/// Two players in a quick-pairing pool: both waits are counted once the wave paired them, and
/// the lobby's sockets are counted apart from the tables'.
#[tokio::test]
async fn pairing_waits_and_lobby_sockets() {
    use crate::lobby::{Lobby, lobby_config, post};
    let s = TestServer::start_with(lobby_config(), None).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, _) = s.player("Ben").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    let before = scrape(&s).await;
    assert_eq!(value(&before, "qdan_sockets_open{kind=\"lobby\"}"), 2.0);
    assert_eq!(sample(&before, "qdan_pairing_wait_seconds_count").unwrap_or(0.0), 0.0);
    assert_eq!(post(&s, &ada, "/api/pools/dots-30s", json!({})).await.0, 200);
    a.until(|m| m["t"] == "lobby" && m["myPool"] == "dots-30s").await;
    assert_eq!(post(&s, &ben, "/api/pools/dots-30s", json!({})).await.0, 200);
    a.until(|m| m["t"] == "paired").await;
    b.until(|m| m["t"] == "paired").await;
    let after = scrape(&s).await;
    assert_eq!(value(&after, "qdan_pairing_wait_seconds_count"), 2.0);
    // Both waited less than the 10 s bucket's bound (a wave every 2 s).
    assert_eq!(value(&after, "qdan_pairing_wait_seconds_bucket{le=\"10\"}"), 2.0);
}
