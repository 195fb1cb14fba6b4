//! Blocking a player (issue 35, part 7): two players of whom one blocked the other are never
//! paired while a third is; neither sees nor accepts the other's challenges. And the lobby's
//! bounds per player and per address hold across two nodes sharing one store.

use std::time::Duration;

use serde_json::{Value, json};
use server::Config;

use crate::common::TestServer;
use crate::lobby::{Lobby, challenge, delete, lobby_config, post};

/// Waves every 200 ms, so that "not paired over several waves" is quick to see.
fn quick_waves() -> Config {
    let mut c = lobby_config();
    c.lobby.wave_every = Duration::from_millis(200);
    c
}

async fn get(s: &TestServer, token: &str, path: &str) -> (u16, Value) {
    let r = s.http.get(s.url(path)).bearer_auth(token).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

async fn blocked_players_are_never_paired_but_a_third_is(db: Option<String>) {
    let s = TestServer::start_with(quick_waves(), db).await;
    let (ada, _) = s.player("Ada").await;
    let (ben, ben_id) = s.player("Ben").await;
    let (cy, _) = s.player("Cy").await;
    let (status, r) = post(&s, &ada, "/api/blocks", json!({"playerId": ben_id})).await;
    assert_eq!(status, 201, "{r}");
    assert_eq!((r["playerId"].as_str(), r["name"].as_str()), (Some(ben_id.as_str()), Some("Ben")));

    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    assert_eq!(post(&s, &ada, "/api/pools/dots-untimed", json!({})).await.0, 200);
    assert_eq!(post(&s, &ben, "/api/pools/dots-untimed", json!({})).await.0, 200);
    // Both wait through many waves (any two are allowed any rating gap after 26 s, but a
    // block is no gap: they are no pair at all), and the pool shows them both waiting.
    let seen = a.until(|m| m["t"] == "lobby" && m["pools"][0]["waiting"] == 2).await;
    assert_eq!(seen["myPool"], "dots-untimed");
    let deadline = tokio::time::Instant::now() + Duration::from_millis(2000);
    if let Ok(m) = tokio::time::timeout_at(deadline, b.until(|m| m["t"] == "paired")).await {
        panic!("Ben was paired with the player who blocked him: {m}");
    }
    // A third player is paired with one of them; the other keeps waiting.
    let mut c = Lobby::open(&s, Some(&cy), "dots").await;
    assert_eq!(post(&s, &cy, "/api/pools/dots-untimed", json!({})).await.0, 200);
    let code = c.until(|m| m["t"] == "paired").await["code"].as_str().unwrap().to_string();
    // Wait on both sockets at once: whichever was paired, the other's messages read
    // meanwhile are gone, but its last lobby state is kept, so it is checked first.
    let (told, mut left) = tokio::select! {
        m = a.until(|m| m["t"] == "paired") => (m, b),
        m = b.until(|m| m["t"] == "paired") => (m, a),
    };
    assert_eq!(told["code"], code.as_str());
    let waiting_alone = |m: &Value| m["t"] == "lobby" && m["myPool"] == "dots-untimed" && m["pools"][0]["waiting"] == 1;
    if !waiting_alone(&left.last) {
        left.until(waiting_alone).await;
    }
}

#[tokio::test]
async fn blocked_players_are_never_paired_but_a_third_is_sqlite() {
    blocked_players_are_never_paired_but_a_third_is(None).await;
}

#[tokio::test]
async fn blocked_players_are_never_paired_but_a_third_is_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("skipped: no PostgreSQL (QDAN_TEST_POSTGRES)");
        return;
    };
    blocked_players_are_never_paired_but_a_third_is(Some(url)).await;
}

async fn a_blocked_players_challenges_are_hidden_and_cannot_be_accepted(db: Option<String>) {
    let s = TestServer::start_with(lobby_config(), db).await;
    let (ada, ada_id) = s.player("Ada").await;
    let (ben, ben_id) = s.player("Ben").await;
    let (cy, _) = s.player("Cy").await;
    let mut a = Lobby::open(&s, Some(&ada), "dots").await;
    let mut b = Lobby::open(&s, Some(&ben), "dots").await;
    let mut c = Lobby::open(&s, Some(&cy), "dots").await;
    let bens = challenge(&s, &ben, json!({"game": "dots"})).await;
    a.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 1).await;

    assert_eq!(post(&s, &ada, "/api/blocks", json!({"playerId": ben_id})).await.0, 201);
    // Blocking twice changes nothing.
    assert_eq!(post(&s, &ada, "/api/blocks", json!({"playerId": ben_id})).await.0, 200);
    // Gone from Ada's lobby at once; Cy still sees it.
    a.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().is_empty()).await;
    c.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 1).await;
    let accept = |id: &str| format!("/api/challenges/{id}/accept");
    let (status, r) = post(&s, &ada, &accept(&bens), json!({})).await;
    assert_eq!((status, r["code"].as_str()), (409, Some("challenge-gone")), "{r}");

    // The other way: Ben does not see Ada's challenge and cannot accept it; Cy sees both.
    let adas = challenge(&s, &ada, json!({"game": "dots"})).await;
    c.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 2).await;
    b.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 1).await;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(1500);
    while let Ok(m) = tokio::time::timeout_at(deadline, b.until(|m| m["t"] == "lobby")).await {
        assert_eq!(b.challenge_ids(), vec![bens.clone()], "{m}");
    }
    assert_eq!(b.challenge_ids(), vec![bens.clone()]);
    let (status, r) = post(&s, &ben, &accept(&adas), json!({})).await;
    assert_eq!((status, r["code"].as_str()), (409, Some("challenge-gone")), "{r}");

    // Ada's list, and unblocking: each sees the other's challenge again.
    let (status, list) = get(&s, &ada, "/api/blocks").await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!((list[0]["playerId"].as_str(), list[0]["name"].as_str()), (Some(ben_id.as_str()), Some("Ben")));
    assert_eq!(list[0]["tag"].as_str().unwrap().len(), 4);
    assert_eq!(get(&s, &ben, "/api/blocks").await.1, json!([]), "Ben blocked nobody");
    assert_eq!(delete(&s, &ada, &format!("/api/blocks/{ben_id}")).await, 204);
    assert_eq!(delete(&s, &ada, &format!("/api/blocks/{ben_id}")).await, 404);
    a.until(|m| m["t"] == "lobby" && m["challenges"].as_array().unwrap().len() == 2).await;
    let (status, r) = post(&s, &ada, &accept(&bens), json!({})).await;
    assert_eq!(status, 200, "{r}");

    // Refused: yourself, nobody, no token, a field too many.
    let (status, r) = post(&s, &ada, "/api/blocks", json!({"playerId": ada_id})).await;
    assert_eq!((status, r["code"].as_str()), (400, Some("bad-field")), "{r}");
    assert_eq!(post(&s, &ada, "/api/blocks", json!({"playerId": "p_nobody"})).await.0, 404);
    assert_eq!(post(&s, &ada, "/api/blocks", json!({"playerId": ben_id, "why": "x"})).await.0, 400);
    let r = s.http.post(s.url("/api/blocks")).json(&json!({"playerId": ben_id})).send().await.unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(s.http.get(s.url("/api/blocks")).send().await.unwrap().status(), 401);
}

#[tokio::test]
async fn a_blocked_players_challenges_are_hidden_and_cannot_be_accepted_sqlite() {
    a_blocked_players_challenges_are_hidden_and_cannot_be_accepted(None).await;
}

#[tokio::test]
async fn a_blocked_players_challenges_are_hidden_and_cannot_be_accepted_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("skipped: no PostgreSQL (QDAN_TEST_POSTGRES)");
        return;
    };
    a_blocked_players_challenges_are_hidden_and_cannot_be_accepted(Some(url)).await;
}

/// Two nodes on one store: each bound counts what both took, whichever node a request
/// reaches (the counts are rows in the store, not a node's memory).
async fn lobby_bounds_hold_across_two_nodes(db: String) {
    let mut config = lobby_config();
    config.lobby.challenges_per_player_minute = 4;
    config.lobby.challenges_per_ip = 0;
    config.lobby.pool_entries_per_player = 3;
    config.lobby.pool_entries_per_ip = 5;
    let one = TestServer::start_with(config.clone(), Some(db.clone())).await;
    let two = TestServer::start_with(config, Some(db)).await;
    let nodes = [&one, &two];
    let (ada, _) = one.player("Ada").await;

    // Four new challenges a minute per player, two on each node (each withdrawn at once, so
    // the three open at once do not count); the fifth is refused, on either node.
    for i in 0..4 {
        let s = nodes[i % 2];
        let id = challenge(s, &ada, json!({"game": "dots"})).await;
        assert_eq!(delete(s, &ada, &format!("/api/challenges/{id}")).await, 204);
    }
    for s in nodes {
        let (status, r) = post(s, &ada, "/api/challenges", json!({"game": "dots"})).await;
        assert_eq!((status, r["code"].as_str()), (429, Some("rate-limited")), "{r}");
        assert!(r["message"].as_str().unwrap().contains("4 new challenges a minute per player"), "{r}");
    }
    // Another player has their own allowance.
    let (ben, _) = two.player("Ben").await;
    challenge(&one, &ben, json!({"game": "dots"})).await;

    // Three pool entries a minute per player across the nodes, then refused.
    for i in 0..3 {
        assert_eq!(post(nodes[i % 2], &ada, "/api/pools/dots-untimed", json!({})).await.0, 200);
    }
    let (status, r) = post(&two, &ada, "/api/pools/dots-30s", json!({})).await;
    assert_eq!((status, r["code"].as_str()), (429, Some("rate-limited")), "{r}");
    assert!(r["message"].as_str().unwrap().contains("per player"), "{r}");
    // Five a minute from one address: Ada's three (her refused fourth took nothing) and two
    // more players' on the other nodes; the sixth from this address is refused.
    let (cy, _) = one.player("Cy").await;
    assert_eq!(post(&one, &ben, "/api/pools/dots-untimed", json!({})).await.0, 200);
    assert_eq!(post(&two, &cy, "/api/pools/dots-untimed", json!({})).await.0, 200);
    let (dan, _) = two.player("Dan").await;
    for s in nodes {
        let (status, r) = post(s, &dan, "/api/pools/dots-untimed", json!({})).await;
        assert_eq!((status, r["code"].as_str()), (429, Some("rate-limited")), "{r}");
        assert!(r["message"].as_str().unwrap().contains("5 new pool entries a minute from one address"), "{r}");
    }
}

#[tokio::test]
async fn lobby_bounds_hold_across_two_nodes_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    lobby_bounds_hold_across_two_nodes(format!("sqlite://{}", dir.path().join("shared.db").display())).await;
}

#[tokio::test]
async fn lobby_bounds_hold_across_two_nodes_postgres() {
    let Some(url) = crate::store::postgres_url().await else {
        eprintln!("skipped: no PostgreSQL (QDAN_TEST_POSTGRES)");
        return;
    };
    lobby_bounds_hold_across_two_nodes(url).await;
}
