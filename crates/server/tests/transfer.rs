//! Continue on another device (issue 35, part 4): a one-time link moves a player, with its
//! games and ratings, to another browser. The claim gives a new token and the old one stops
//! working; the old device's sockets close with 4003; a used, replaced, expired or unknown
//! code changes nothing; of two claims at once exactly one wins. On SQLite, and on PostgreSQL
//! when `QDAN_TEST_POSTGRES` is set.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{TestServer, close_code, fast_config};

/// A new transfer link for `token`: its code (the last part of its path) and the answer.
async fn link(s: &TestServer, token: &str) -> (String, Value) {
    let r = s.http.post(s.url("/api/transfer")).bearer_auth(token).json(&json!({"lang": "de"})).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let v: Value = r.json().await.unwrap();
    let path = v["path"].as_str().unwrap().to_string();
    assert!(path.starts_with("/de/t/"), "{path}");
    assert!(v["url"].as_str().unwrap().ends_with(&path));
    (path.rsplit('/').next().unwrap().to_string(), v)
}

async fn claim(s: &TestServer, code: &str) -> (u16, Value) {
    let r = s.http.post(s.url(&format!("/api/transfer/{code}/claim"))).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn me(s: &TestServer, token: &str) -> (u16, Value) {
    let r = s.http.get(s.url("/api/me")).bearer_auth(token).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn playing(s: &TestServer, token: &str) -> Value {
    let r = s.http.get(s.url("/api/me/playing")).bearer_auth(token).send().await.unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

async fn moves_the_player(s: TestServer) {
    let (old, id) = s.player("Ana").await;
    let code = s.group(&old, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &old).await;
    a.play("0").await;
    let before = playing(&s, &old).await;
    assert_eq!(before.as_array().unwrap().len(), 1, "{before}");
    // Ana's lobby socket, open too.
    let (mut lobby, _) = connect_async(format!("ws://{}/ws/lobby", s.addr)).await.unwrap();
    let hello = json!({"t": "hello", "token": old, "game": "dots"});
    lobby.send(Message::Text(hello.to_string().into())).await.unwrap();
    lobby.next().await.unwrap().unwrap();
    let (t, v) = link(&s, &old).await;
    assert!(v["qr"].as_str().unwrap().starts_with("<?xml"), "the QR code is an SVG document");
    // The confirmation page's question names the player; looking uses nothing up.
    let look: Value = s.http.get(s.url(&format!("/api/transfer/{t}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(look["name"], "Ana");
    let (status, got) = claim(&s, &t).await;
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["playerId"], id.as_str());
    let new = got["token"].as_str().unwrap();
    assert_ne!(new, old);
    // The same player on the new device, with its game in progress and its seat.
    assert_eq!(me(&s, new).await.1["playerId"], id.as_str());
    assert_eq!(playing(&s, new).await[0]["code"], before[0]["code"]);
    // The old device: its socket closes as "moved", its token is refused.
    assert_eq!(close_code(&mut a.ws).await, 4003);
    assert_eq!(close_code(&mut lobby).await, 4003, "the lobby socket closes too");
    assert_eq!(me(&s, &old).await.0, 401);
    assert_eq!(me(&s, &old).await.1["code"], "bad-token");
    // The link worked once.
    assert_eq!(claim(&s, &t).await.0, 404);
    assert_eq!(s.http.get(s.url(&format!("/api/transfer/{t}"))).send().await.unwrap().status(), 404);
    assert_eq!(me(&s, new).await.0, 200, "a refused second claim changes nothing");
    // The new device can sit down again at the table.
    let b = s.client(&code, new).await;
    assert_eq!(b.seat(), Some(0));
}

#[tokio::test]
async fn the_link_moves_the_player_once() {
    moves_the_player(TestServer::start().await).await;
}

#[tokio::test]
async fn the_link_moves_the_player_once_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("QDAN_TEST_POSTGRES not set: the PostgreSQL transfer test is skipped");
        return;
    };
    moves_the_player(TestServer::start_with(fast_config(), Some(url)).await).await;
}

#[tokio::test]
async fn expired_replaced_and_unknown_codes_change_nothing() {
    let mut config = fast_config();
    config.transfer.ttl = Duration::from_millis(300);
    let s = TestServer::start_with(config, None).await;
    let (old, _) = s.player("Ana").await;
    let (first, _) = link(&s, &old).await;
    let (second, _) = link(&s, &old).await;
    assert_eq!(claim(&s, &first).await.0, 404, "a new link replaces the old one");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(claim(&s, &second).await.0, 404, "expired");
    assert_eq!(claim(&s, &"A".repeat(43)).await.0, 404, "unknown");
    assert_eq!(claim(&s, "short").await.0, 404, "not even a code");
    assert_eq!(me(&s, &old).await.0, 200, "nothing changed");
    let r = s.http.post(s.url("/api/transfer")).send().await.unwrap();
    assert_eq!(r.status(), 401, "a link needs a device token");
}

async fn one_of_two_claims_wins(s: TestServer) {
    for _ in 0..5 {
        let (old, id) = s.player("Ana").await;
        let (t, _) = link(&s, &old).await;
        let (x, y) = tokio::join!(claim(&s, &t), claim(&s, &t));
        let won: Vec<&Value> = [&x, &y].into_iter().filter(|r| r.0 == 200).map(|r| &r.1).collect();
        assert_eq!(won.len(), 1, "{x:?} {y:?}");
        assert!([x.0, y.0].contains(&404));
        assert_eq!(me(&s, won[0]["token"].as_str().unwrap()).await.1["playerId"], id.as_str());
    }
}

#[tokio::test]
async fn two_claims_at_once_one_wins() {
    one_of_two_claims_wins(TestServer::start().await).await;
}

#[tokio::test]
async fn two_claims_at_once_one_wins_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("QDAN_TEST_POSTGRES not set: the PostgreSQL transfer race is skipped");
        return;
    };
    one_of_two_claims_wins(TestServer::start_with(fast_config(), Some(url)).await).await;
}

#[tokio::test]
async fn links_and_claims_are_rate_limited() {
    let mut config = fast_config();
    config.transfer.per_player = 2;
    config.transfer.claims_per_ip = 3;
    let s = TestServer::start_with(config, None).await;
    let (token, _) = s.player("Ana").await;
    link(&s, &token).await;
    link(&s, &token).await;
    let r = s.http.post(s.url("/api/transfer")).bearer_auth(&token).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status(), 429);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "rate-limited");
    for _ in 0..3 {
        assert_eq!(claim(&s, &"A".repeat(43)).await.0, 404);
    }
    assert_eq!(claim(&s, &"A".repeat(43)).await.0, 429, "a guesser is slowed down");
}

/// Every answer that names a working code stays out of caches, the look-up too (its URL holds
/// the code, which still works when the visitor looked and did not claim), and the link's
/// redirect keeps the `no-referrer` it asks for: the site's default policy used to replace it.
#[tokio::test]
async fn answers_about_a_code_are_not_cached() {
    let s = TestServer::start().await;
    let (token, _) = s.player("Ana").await;
    let (code, _) = link(&s, &token).await;
    let header = |r: &reqwest::Response, name: &str| r.headers().get(name).map(|v| v.to_str().unwrap().to_string());
    let look = s.http.get(s.url(&format!("/api/transfer/{code}"))).send().await.unwrap();
    assert_eq!(look.status(), 200);
    assert_eq!(header(&look, "cache-control").as_deref(), Some("no-store"));
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for path in [format!("/t/{code}"), format!("/de/t/{code}")] {
        let r = http.get(s.url(&path)).send().await.unwrap();
        assert_eq!(r.status(), 303, "{path}");
        assert_eq!(header(&r, "cache-control").as_deref(), Some("no-store"), "{path}");
        assert_eq!(header(&r, "referrer-policy").as_deref(), Some("no-referrer"), "{path}");
        assert!(header(&r, "location").is_some_and(|l| l.ends_with(&format!("/my-games#transfer={code}"))), "{path}");
    }
    // Other answers keep the site's policy.
    let r = s.http.get(s.url("/en/")).send().await.unwrap();
    assert_eq!(header(&r, "referrer-policy").as_deref(), Some("strict-origin-when-cross-origin"));
    let (status, _) = claim(&s, &code).await;
    assert_eq!(status, 200);
}
