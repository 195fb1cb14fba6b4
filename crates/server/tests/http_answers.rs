//! The smaller HTTP answers against their definitions in `docs/protocol.schema.json`
//! (`wire::http`): what a client written from the schema would check, one request each.

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestServer, assert_schema, both_move};

/// `(status, body)` of `method path` with an optional device token and JSON body.
async fn call(s: &TestServer, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let mut r = s.http.request(method, s.url(path));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    if let Some(b) = body {
        r = r.json(&b);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Panics unless the answer has `status` and is an instance of `def`.
fn expect(def: &str, status: u16, answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, status, "{def}: {}", answer.1);
    assert_schema(def, &answer.1);
    answer.1
}

#[tokio::test]
async fn each_answer_is_an_instance_of_its_definition() {
    let s = TestServer::start().await;
    let new = call(&s, Method::POST, "/api/players", None, Some(json!({"name": "Ana"}))).await;
    let ana = expect("NewToken", 201, new);
    let ta = ana["token"].as_str().unwrap().to_string();
    let (tb, ben_id) = s.player("Ben").await;

    expect("PlayerName", 200, call(&s, Method::GET, "/api/me", Some(&ta), None).await);
    let renamed = call(&s, Method::PATCH, "/api/me", Some(&ta), Some(json!({"name": "Ana B"}))).await;
    assert_eq!(expect("PlayerName", 200, renamed)["name"], "Ana B");

    for game in ["musashi", "dots", "bagh-chal"] {
        expect("GameOptions", 200, call(&s, Method::GET, &format!("/api/options/{game}"), None, None).await);
    }
    expect("NodeStats", 200, call(&s, Method::GET, "/api/stats", None, None).await);

    let group = call(&s, Method::POST, "/api/groups", Some(&ta), Some(json!({"game": "dots"}))).await;
    let link = expect("GroupLink", 201, group);
    assert_eq!(link["url"], format!("/g/{}", link["code"].as_str().unwrap()));

    // The lobby: a challenge Ben accepts, then a pool.
    let made = call(&s, Method::POST, "/api/challenges", Some(&ta), Some(json!({"game": "dots"}))).await;
    let id = expect("ChallengeMade", 201, made)["id"].as_str().unwrap().to_string();
    let accept = call(&s, Method::POST, &format!("/api/challenges/{id}/accept"), Some(&tb), None).await;
    expect("GroupLink", 200, accept);
    expect("PoolEntered", 200, call(&s, Method::POST, "/api/pools/dots-untimed", Some(&ta), None).await);

    let block = call(&s, Method::POST, "/api/blocks", Some(&ta), Some(json!({"playerId": ben_id}))).await;
    expect("BlockedPlayer", 201, block);
    let blocks = expect("[BlockRow]", 200, call(&s, Method::GET, "/api/blocks", Some(&ta), None).await);
    assert_eq!(blocks.as_array().map(Vec::len), Some(1));

    // A game played offline: one line, then the player resigned.
    let upload = json!({"id": "http-answers-offline-1", "game": "dots", "options": {"size": "3x3"},
        "cpu": "beginner", "moves": ["0"], "resigned": true, "startedAt": 1_000, "endedAt": 2_000});
    let stored = call(&s, Method::POST, "/api/games/offline", Some(&ta), Some(upload.clone())).await;
    expect("OfflineStored", 201, stored);
    expect("OfflineStored", 200, call(&s, Method::POST, "/api/games/offline", Some(&ta), Some(upload)).await);

    // Ana moves to another device.
    let made = call(&s, Method::POST, "/api/transfer", Some(&ta), Some(json!({"lang": "de"}))).await;
    let link = expect("TransferLink", 201, made);
    let code = link["path"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    expect("PlayerName", 200, call(&s, Method::GET, &format!("/api/transfer/{code}"), None, None).await);
    expect("NewToken", 200, call(&s, Method::POST, &format!("/api/transfer/{code}/claim"), None, None).await);
}

#[tokio::test]
async fn leaderboard_rows_are_instances_of_their_definition() {
    let s = TestServer::start().await;
    let (_, _, mut a, mut b) =
        s.two_at_table(json!({"game": "dots", "options": {"size": "3x3"}, "ranked": true})).await;
    both_move(&mut a, &mut b).await;
    b.intent(json!({"t": "resign"})).await;
    a.catch_up(b.v).await;
    let rows = expect("[LeaderboardRow]", 200, call(&s, Method::GET, "/api/leaderboard/dots", None, None).await);
    assert_eq!(rows.as_array().map(Vec::len), Some(2), "{rows}");
    // A row that breaks its definition is caught: the check can fail.
    let mut spoiled = rows.clone();
    spoiled[0]["games"] = json!(0);
    assert!(!crate::common::schema_errors("[LeaderboardRow]", &spoiled).is_empty());
}
