//! Games played offline and uploaded (issue 36, part 6): `POST /api/games/offline` replays
//! every move through the rules, stores a finished unranked game against the CPU once per
//! (player, id), and works out no CPU move and no review. On SQLite, and on PostgreSQL when
//! the suite has one.

use reqwest::StatusCode;
use rules::{AnyGame, AnyOptions, GameKind};
use serde_json::{Value, json};
use server::offline::{MAX_UPLOAD, UPLOADS_PER_HOUR};

use crate::common::{TestServer, fast_config};
use crate::store::postgres_url;

/// On SQLite, and on PostgreSQL when the suite has one.
async fn each_store(f: impl AsyncFn(TestServer)) {
    f(TestServer::start().await).await;
    match postgres_url().await {
        Some(url) => f(TestServer::start_with(fast_config(), Some(url)).await).await,
        None => eprintln!("QDAN_TEST_POSTGRES not set: the PostgreSQL run of the offline uploads is skipped"),
    }
}

/// A whole game under `options`, played to its end by the rules' legal moves, picked by a
/// fixed sequence (`seed`) so that each run plays the same game.
fn finished_game(options: AnyOptions, seed: u64) -> Vec<String> {
    let mut game = AnyGame::new(options);
    let mut x = seed | 1;
    while game.outcome().is_none() {
        assert!(game.plies() < 5000, "a game that does not end");
        let legal = game.legal_moves();
        // xorshift64: any spread of choices will do.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = legal[(x % legal.len() as u64) as usize].clone();
        game.play(game.turn(), &mv).unwrap();
    }
    game.moves()
}

/// A fresh name for an offline game, as the page makes one.
fn new_id() -> String {
    format!("test-{}", server::ids::new_player_id()[2..].replace('_', "-"))
}

fn body(game: &str, options: Value, moves: &[String], id: &str) -> Value {
    json!({"id": id, "game": game, "options": options, "cpu": "beginner", "moves": moves,
           "startedAt": 1_000, "endedAt": 2_000})
}

async fn upload(s: &TestServer, token: &str, b: &Value) -> (StatusCode, Value) {
    let r = s.http.post(s.url("/api/games/offline")).bearer_auth(token).json(b).send().await.unwrap();
    (r.status(), r.json().await.unwrap())
}

async fn get(s: &TestServer, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let mut r = s.http.get(s.url(path));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

/// The server's work counters (`GET /api/stats`): CPU moves, hints and reviews.
async fn stats(s: &TestServer) -> Value {
    get(s, "/api/stats", None).await.1
}

/// What the store holds: groups and moves.
async fn stored(s: &TestServer) -> (i64, i64) {
    let store = &s.state.ctx.store;
    (store.count_groups().await.unwrap(), store.count_moves().await.unwrap())
}

/// The three games, each with options of its own.
fn games() -> [(&'static str, Value); 3] {
    [("musashi", json!({"board": "25"})), ("dots", json!({"size": "3x3"})), ("bagh-chal", json!({}))]
}

fn options_of(game: &str, options: &Value) -> AnyOptions {
    wire::group_options(game.parse::<GameKind>().unwrap(), Some(options)).unwrap()
}

#[tokio::test]
async fn a_finished_game_of_each_kind_becomes_a_replay_in_my_games() {
    each_store(each_game_stored).await;
}

async fn each_game_stored(s: TestServer) {
    let (token, pid) = s.player("Ana").await;
    let before = stats(&s).await;
    for (i, (game, options)) in games().into_iter().enumerate() {
        let moves = finished_game(options_of(game, &options), 7 + i as u64);
        let mut b = body(game, options.clone(), &moves, &new_id());
        // A device clock far ahead, and a start before the player existed: both are clamped.
        let now = server::now_ms();
        b["startedAt"] = json!(0);
        b["endedAt"] = json!(now + 86_400_000);
        let (status, r) = upload(&s, &token, &b).await;
        assert_eq!(status, StatusCode::CREATED, "{game}: {r}");
        let code = r["code"].as_str().unwrap().to_string();
        assert_eq!(r["n"], 1);
        assert_eq!(r["url"], format!("/g/{code}/1"));
        assert!(s.state.ctx.store.played_offline(&code).await.unwrap(), "{game}: marked as played offline");

        // The replay, reviewed on the device as the page asks for it.
        let (status, g) = get(&s, &format!("/api/games/{code}/1?review=device"), None).await;
        assert_eq!(status, StatusCode::OK, "{game}: {g}");
        assert_eq!(g["game"], game);
        assert_eq!(g["ranked"], false);
        assert_eq!(g["moves"], json!(moves));
        assert_eq!(g["players"][0]["playerId"], pid.as_str());
        assert_eq!(g["players"][1]["cpu"], "beginner");
        let by: Vec<&str> = g["by"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(by.iter().all(|b| ["player", "cpu"].contains(b)), "{by:?}");
        // The result is the rules' own.
        let mut rules_game = AnyGame::new(options_of(game, &options));
        for mv in &moves {
            rules_game.play(rules_game.turn(), mv).unwrap();
        }
        let out = rules_game.outcome().unwrap();
        assert_eq!(g["result"]["reason"], out.reason.as_str());
        assert_eq!(g["result"]["winner"], json!(out.winner.map(|side| side as u64)), "{game}: seat 0 plays side 0");
        // Times: not in the future, not before the player existed.
        let ended = g["endedAt"].as_i64().unwrap();
        let started = g["startedAt"].as_i64().unwrap();
        assert!(ended <= server::now_ms() && ended >= now - 60_000, "{game}: ended {ended}, now {now}");
        assert!(started > 0 && started <= ended, "{game}: started {started}");

        let (status, mine) = get(&s, "/api/me/games", Some(&token)).await;
        assert_eq!(status, StatusCode::OK);
        let listed = mine.as_array().unwrap().iter().find(|x| x["code"] == code.as_str());
        let listed = listed.unwrap_or_else(|| panic!("{game}: {code} not in my games: {mine}"));
        assert_eq!(listed["opponent"]["cpu"], "beginner");
        assert_eq!(listed["plies"], moves.len());
    }
    // The server worked out no CPU move and no review for any of it.
    assert_eq!(stats(&s).await, before);
}

#[tokio::test]
async fn an_illegal_move_or_a_game_not_over_is_refused_and_nothing_stored() {
    each_store(refusals).await;
}

async fn refusals(s: TestServer) {
    let (token, _) = s.player("Ana").await;
    let options = json!({"size": "3x3"});
    let moves = finished_game(options_of("dots", &options), 3);
    let before = stored(&s).await;
    // Ply 5 draws the line ply 0 drew: against the rules.
    let mut bad = moves.clone();
    bad[5] = bad[0].clone();
    let (status, r) = upload(&s, &token, &body("dots", options.clone(), &bad, &new_id())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{r}");
    assert_eq!(r["code"], "illegal-move");
    assert_eq!(r["args"]["ply"], 5);
    // A move that is no move of this game, and a move after the end.
    let mut bad = moves.clone();
    bad[2] = "c3-c4".into();
    let (_, r) = upload(&s, &token, &body("dots", options.clone(), &bad, &new_id())).await;
    assert_eq!((r["code"].as_str(), r["args"]["ply"].as_u64()), (Some("illegal-move"), Some(2)), "{r}");
    // A move's own text only, as a table's socket takes it.
    let mut bad = moves.clone();
    bad[3] = format!(" {}", bad[3]);
    let (_, r) = upload(&s, &token, &body("dots", options.clone(), &bad, &new_id())).await;
    assert_eq!((r["code"].as_str(), r["args"]["ply"].as_u64()), (Some("illegal-move"), Some(3)), "{r}");
    let mut bad = moves.clone();
    bad.push("0".into());
    let (_, r) = upload(&s, &token, &body("dots", options.clone(), &bad, &new_id())).await;
    assert_eq!((r["code"].as_str(), r["args"]["ply"].as_u64()), (Some("illegal-move"), Some(moves.len() as u64)));
    // Not over, not resigned.
    let short = &moves[..moves.len() - 1];
    let (status, r) = upload(&s, &token, &body("dots", options.clone(), short, &new_id())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{r}");
    assert_eq!(r["code"], "not-over");
    // Malformed fields.
    for (field, value) in [
        ("id", json!("short")),
        ("id", json!("not/a/name/of/sixteen/chars")),
        ("game", json!("chess")),
        ("cpu", json!("grandmaster")),
        ("options", json!({"size": "9x9"})),
        ("moves", json!("0,1,2")),
        ("startedAt", json!("yesterday")),
    ] {
        let mut b = body("dots", options.clone(), &moves, &new_id());
        b[field] = value;
        let (status, r) = upload(&s, &token, &b).await;
        assert_eq!((status, r["code"].as_str()), (StatusCode::BAD_REQUEST, Some("bad-field")), "{field}: {r}");
    }
    let r = s
        .http
        .post(s.url("/api/games/offline"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(stored(&s).await, before, "nothing refused was stored");
}

#[tokio::test]
async fn a_resigned_game_is_the_cpus_win() {
    each_store(resigned).await;
}

async fn resigned(s: TestServer) {
    let (token, _) = s.player("Ana").await;
    for (game, options) in games() {
        let moves = finished_game(options_of(game, &options), 11);
        let part = &moves[..moves.len() / 2];
        let mut b = body(game, options.clone(), part, &new_id());
        b["resigned"] = json!(true);
        let (status, r) = upload(&s, &token, &b).await;
        assert_eq!(status, StatusCode::CREATED, "{game}: {r}");
        let (_, g) = get(&s, &format!("/api/games/{}/1?review=device", r["code"].as_str().unwrap()), None).await;
        assert_eq!(g["result"], json!({"winner": 1, "reason": "resignation"}), "{game}");
        assert_eq!(g["moves"], json!(part));
    }
    // Resigning with no move made is a result too.
    let mut b = body("dots", json!({}), &[], &new_id());
    b["resigned"] = json!(true);
    assert_eq!(upload(&s, &token, &b).await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn an_upload_is_stored_once_per_player_and_id() {
    each_store(idempotent).await;
}

async fn idempotent(s: TestServer) {
    let (ana, _) = s.player("Ana").await;
    let (ben, _) = s.player("Ben").await;
    let options = json!({"size": "3x3"});
    let moves = finished_game(options_of("dots", &options), 5);
    let id = new_id();
    let b = body("dots", options.clone(), &moves, &id);
    let before = stored(&s).await;
    let (status, first) = upload(&s, &ana, &b).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (status, again) = upload(&s, &ana, &b).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again, first, "the same answer");
    assert_eq!(stored(&s).await, (before.0 + 1, before.1 + moves.len() as i64), "one record");
    // Another player's game of the same id is a game of its own.
    let (status, other) = upload(&s, &ben, &b).await;
    assert_eq!(status, StatusCode::CREATED, "{other}");
    assert_ne!(other["code"], first["code"]);
    // Two tries at once (a retry racing its first try): one record, the same code to both.
    let b = body("dots", options.clone(), &moves, &new_id());
    let before = stored(&s).await;
    let (x, y) = tokio::join!(upload(&s, &ana, &b), upload(&s, &ana, &b));
    let mut statuses = [x.0, y.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CREATED], "{x:?} {y:?}");
    assert_eq!(x.1, y.1);
    assert_eq!(stored(&s).await, (before.0 + 1, before.1 + moves.len() as i64));
}

#[tokio::test]
async fn uploads_need_a_token_a_small_body_and_a_pace() {
    each_store(bounds).await;
}

async fn bounds(s: TestServer) {
    let (ana, _) = s.player("Ana").await;
    let (ben, _) = s.player("Ben").await;
    let options = json!({"size": "3x3"});
    let moves = finished_game(options_of("dots", &options), 9);
    let b = body("dots", options.clone(), &moves, &new_id());
    let r = s.http.post(s.url("/api/games/offline")).json(&b).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(upload(&s, "not-a-token", &b).await.0, StatusCode::UNAUTHORIZED);
    // Over 64 KiB: refused before it is read whole.
    let mut big = b.clone();
    big["moves"] = json!(vec!["0"; MAX_UPLOAD / 4]);
    assert!(big.to_string().len() > MAX_UPLOAD);
    let (status, r) = upload(&s, &ana, &big).await;
    assert_eq!((status, r["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("too-large")), "{r}");
    // 30 an hour per player: the 31st is refused, a retry of a stored one is still answered,
    // and another player has an allowance of their own.
    let before = stored(&s).await;
    let mut first = None;
    for i in 0..UPLOADS_PER_HOUR {
        let b = body("dots", options.clone(), &moves, &new_id());
        let (status, r) = upload(&s, &ana, &b).await;
        assert_eq!(status, StatusCode::CREATED, "upload {i}: {r}");
        first.get_or_insert((b, r));
    }
    let (status, r) = upload(&s, &ana, &body("dots", options.clone(), &moves, &new_id())).await;
    assert_eq!((status, r["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate-limited")), "{r}");
    let (b, r) = first.unwrap();
    assert_eq!(upload(&s, &ana, &b).await, (StatusCode::OK, r));
    assert_eq!(upload(&s, &ben, &b).await.0, StatusCode::CREATED);
    assert_eq!(stored(&s).await.0, before.0 + i64::from(UPLOADS_PER_HOUR) + 1);
}

#[tokio::test]
async fn an_hourly_bucket_is_not_swept_full_after_a_minute() {
    each_store(hourly_sweep).await;
}

async fn hourly_sweep(s: TestServer) {
    let store = &s.state.ctx.store;
    // Now, so that the server's own sweep (which runs at its now) never finds it an hour old.
    let t = server::now_ms();
    let key = [("offline:p:test".to_string(), 2)];
    assert_eq!(store.take_hourly_tokens(&key, t).await.unwrap(), None);
    assert_eq!(store.take_hourly_tokens(&key, t).await.unwrap(), None);
    assert_eq!(store.take_hourly_tokens(&key, t).await.unwrap(), Some(0));
    // A minute on, the lobby's sweep runs: the bucket has a thirtieth of a token back, and stays.
    store.sweep_rate_buckets(t + 61_000).await.unwrap();
    assert_eq!(store.take_hourly_tokens(&key, t + 61_000).await.unwrap(), Some(0), "swept full too early");
    // Over half an hour on, one token is back; an hour after its last use it is full and swept.
    let later = t + 1_900_000;
    assert_eq!(store.take_hourly_tokens(&key, later).await.unwrap(), None);
    assert_eq!(store.take_hourly_tokens(&key, later).await.unwrap(), Some(0));
    assert_eq!(store.sweep_rate_buckets(later + 3_600_000).await.unwrap(), 0, "not yet an hour");
    assert_eq!(store.sweep_rate_buckets(later + 3_600_001).await.unwrap(), 1);
}

#[tokio::test]
async fn the_documented_example_is_a_real_upload() {
    let doc = include_str!("../../../docs/protocol.md");
    let example = doc.split("```json offline\n").nth(1).and_then(|rest| rest.split("\n```").next());
    let b: Value = serde_json::from_str(example.expect("docs/protocol.md has the example")).unwrap();
    let s = TestServer::start().await;
    let (token, _) = s.player("Ana").await;
    let (status, r) = upload(&s, &token, &b).await;
    assert_eq!(status, StatusCode::CREATED, "{r}");
    assert_eq!(upload(&s, &token, &b).await, (StatusCode::OK, r));
}
