//! The flood guard (issue 17): a connection that had more than `flood_refusals` messages
//! refused within `flood_window` is closed, after every message it sent up to then was
//! answered, with a close frame (never a reset that would lose answers the client had not
//! read yet); a client that is only a little over its rate is slowed, not closed.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::common::{Client, TestServer, fast_config};

/// What a flooding client read: pongs, refusals, and how the socket ended.
#[derive(Debug, Default)]
struct Seen {
    pongs: usize,
    refused: usize,
    close: Option<CloseCode>,
    error: Option<String>,
}

async fn read_all(c: &mut Client) -> Seen {
    let mut seen = Seen::default();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), c.ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                if t.contains("\"pong\"") {
                    seen.pongs += 1;
                } else if t.contains("rate-limited") {
                    seen.refused += 1;
                }
            }
            Ok(Some(Ok(Message::Close(f)))) => {
                seen.close = f.map(|f| f.code);
                return seen;
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => {
                seen.error = Some(e.to_string());
                return seen;
            }
            Ok(None) | Err(_) => return seen,
        }
    }
}

async fn flooder(s: &TestServer) -> Client {
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "cpu": "beginner"})).await;
    s.client(&code, &ta).await
}

fn site_limits() -> server::Config {
    server::Config { ws_rate: 20.0, flood_refusals: 100, flood_window: Duration::from_secs(10), ..fast_config() }
}

#[tokio::test]
async fn three_hundred_at_once_are_answered_then_closed_after_the_101st_refusal() {
    let s = TestServer::start_with(site_limits(), None).await;
    let mut c = flooder(&s).await;
    for _ in 0..300 {
        if c.ws_send_text(r#"{"t":"ping"}"#).await.is_err() {
            break;
        }
    }
    let seen = read_all(&mut c).await;
    assert_eq!(seen.refused, 101, "{seen:?}");
    assert!((40..=45).contains(&seen.pongs), "the burst of 40 (and what refilled meanwhile): {seen:?}");
    assert_eq!(seen.close, Some(CloseCode::Policy), "a close frame, not a reset: {seen:?}");
    assert_eq!(seen.error, None);
}

#[tokio::test]
async fn three_hundred_in_one_second_are_closed_after_the_101st_refusal() {
    let s = TestServer::start_with(site_limits(), None).await;
    let c = flooder(&s).await;
    let (mut ws_tx, mut ws_rx) = c.ws.split();
    let sender = tokio::spawn(async move {
        let start = Instant::now();
        for i in 0..300u32 {
            tokio::time::sleep_until((start + Duration::from_micros(3333 * i as u64)).into()).await;
            if futures_util::SinkExt::send(&mut ws_tx, Message::Text(r#"{"t":"ping"}"#.into())).await.is_err() {
                break;
            }
        }
    });
    let mut seen = Seen::default();
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(5), ws_rx.next()).await {
        match m {
            Ok(Message::Text(t)) if t.contains("\"pong\"") => seen.pongs += 1,
            Ok(Message::Text(t)) if t.contains("rate-limited") => seen.refused += 1,
            Ok(Message::Close(f)) => {
                seen.close = f.map(|f| f.code);
                break;
            }
            Ok(_) => {}
            Err(e) => {
                seen.error = Some(e.to_string());
                break;
            }
        }
    }
    let _ = sender.await;
    assert_eq!(seen.refused, 101, "{seen:?}");
    assert!((40..=80).contains(&seen.pongs), "the burst and what refilled until the close: {seen:?}");
    assert_eq!(seen.close, Some(CloseCode::Policy), "{seen:?}");
    assert_eq!(seen.error, None);
}

#[tokio::test]
async fn a_client_a_little_over_its_rate_is_slowed_not_closed() {
    // Scaled down: 10 messages a second (burst 20), closed after more than 20 refusals in 2 s.
    let config =
        server::Config { ws_rate: 10.0, flood_refusals: 20, flood_window: Duration::from_secs(2), ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let mut c = flooder(&s).await;
    // 15 a second for 6 s: the burst lasts 4 s, then about 5 refusals a second, 10 per window.
    let start = Instant::now();
    let mut sent = 0;
    let mut seen = Seen::default();
    while start.elapsed() < Duration::from_secs(6) {
        c.ws_send_text(r#"{"t":"ping"}"#).await.unwrap();
        sent += 1;
        tokio::time::sleep_until((start + Duration::from_micros(66_667 * sent)).into()).await;
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(1), c.ws.next()).await {
            if let Message::Text(t) = m {
                seen.pongs += t.contains("\"pong\"") as usize;
                seen.refused += t.contains("rate-limited") as usize;
            }
        }
    }
    // Still open: a ping is answered.
    c.ws_send_text(r#"{"t":"ping"}"#).await.unwrap();
    let m = tokio::time::timeout(Duration::from_secs(2), c.ws.next()).await.unwrap().unwrap().unwrap();
    assert!(matches!(m, Message::Text(_)), "{m:?}");
    assert!(seen.refused > 0 && seen.refused < 20, "slowed: {seen:?} of {sent}");
}
