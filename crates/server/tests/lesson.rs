//! The lesson endpoint (`/api/lesson/{game}/{step}`): every step can be solved by its intended
//! moves, a wrong move earns a hint and leaves the board as it was, bad input gets an error.

use serde_json::{Value, json};

use crate::common::TestServer;

/// Posts one move of a step with the moves accepted before it; returns (status, body).
async fn post(s: &TestServer, game: &str, step: usize, moves: &[String], mv: &str) -> (u16, Value) {
    let r = s
        .http
        .post(s.url(&format!("/api/lesson/{game}/{step}")))
        .json(&json!({"moves": moves, "move": mv}))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

/// Plays `solution` from the step's start: every move but the last continues, the last is done.
async fn solve(s: &TestServer, game: &str, step: usize, solution: &[&str]) -> Value {
    let mut moves: Vec<String> = Vec::new();
    for (i, mv) in solution.iter().enumerate() {
        let (status, r) = post(s, game, step, &moves, mv).await;
        assert_eq!(status, 200, "{game} {step} {mv}: {r}");
        let want = if i + 1 == solution.len() { "done" } else { "continue" };
        assert_eq!(r["verdict"], want, "{game} step {step} move {mv}: {r}");
        moves = serde_json::from_value(r["moves"].clone()).unwrap();
    }
    post(s, game, step, &moves[..moves.len() - 1], solution.last().unwrap()).await.1
}

/// A wrong move: `try-again` with `hint`, and the view is the position before it.
async fn wrong(s: &TestServer, game: &str, step: usize, before: &[&str], mv: &str, hint: &str) -> Value {
    let moves: Vec<String> = before.iter().map(|m| m.to_string()).collect();
    let (status, r) = post(s, game, step, &moves, mv).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["verdict"], "try-again", "{game} step {step} {mv}: {r}");
    assert_eq!(r["hint"], hint, "{game} step {step} {mv}: {r}");
    assert_eq!(r["moves"], json!(before), "{r}");
    assert_eq!(r["replies"], json!([]));
    r
}

async fn steps(s: &TestServer, game: &str) -> Vec<Value> {
    let r: Value = s.http.get(s.url(&format!("/api/lesson/{game}"))).send().await.unwrap().json().await.unwrap();
    r["steps"].as_array().unwrap().clone()
}

#[tokio::test]
async fn musashi_lesson_solves_and_hints() {
    let s = TestServer::start().await;
    let list = steps(&s, "musashi").await;
    let ids: Vec<&str> = list.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["move", "pair", "two-pairs", "gap", "trap", "setchin", "limit", "target"]);
    // Both sides: the learner plays the Parent (0) and the Children (1).
    let sides: Vec<u64> = list.iter().map(|v| v["side"].as_u64().unwrap()).collect();
    assert_eq!(sides, [0, 0, 0, 1, 1, 1, 0, 0]);
    assert_eq!(list[5]["view"]["parent"], "g5");

    solve(&s, "musashi", 0, &["c3-d3"]).await;
    let r = solve(&s, "musashi", 1, &["c3-b3"]).await;
    assert_eq!(r["view"]["last"]["taken"], json!(["b2", "b4"]));
    wrong(&s, "musashi", 1, &[], "c3-c4", "no-pair").await;

    let r = solve(&s, "musashi", 2, &["d3-c3"]).await;
    assert_eq!(r["view"]["last"]["taken"].as_array().unwrap().len(), 4);
    assert!(r["view"]["outcome"].is_null());
    wrong(&s, "musashi", 2, &[], "d3-d2", "one-pair").await;
    wrong(&s, "musashi", 2, &[], "d3-e3", "no-pair").await;

    solve(&s, "musashi", 3, &["b2-b3"]).await;
    solve(&s, "musashi", 3, &["b4-b3"]).await;
    let r = wrong(&s, "musashi", 3, &[], "e1-d1", "gap").await;
    assert_eq!(r["args"]["points"], "b2, b4");
    assert_eq!(r["view"]["children"].as_array().unwrap().len(), 8);

    for m in ["a3-b2", "c1-b2", "c3-b2"] {
        let r = solve(&s, "musashi", 4, &[m]).await;
        assert_eq!(r["view"]["outcome"]["reason"], "trapped");
    }
    let r = wrong(&s, "musashi", 4, &[], "a2-b2", "trap").await;
    assert_eq!(r["args"]["points"], "a2");

    let r = solve(&s, "musashi", 5, &["g3-g4"]).await;
    assert_eq!(r["view"]["outcome"]["reason"], "trapped");
    let r = wrong(&s, "musashi", 5, &[], "f4-g4", "trap").await;
    assert_eq!(r["args"]["points"], "f4");

    let r = solve(&s, "musashi", 6, &["g3-f2"]).await;
    assert_eq!(r["view"]["outcome"]["reason"], "move-limit");
    assert_eq!(r["view"]["childrenMoves"], 100);
    assert_eq!(r["replies"].as_array().unwrap().len(), 1);
    assert_eq!(r["note"], "limit");
    wrong(&s, "musashi", 6, &[], "g3-g4", "limit-trapped").await;

    let r = solve(&s, "musashi", 7, &["c3-b3"]).await;
    assert_eq!(r["view"]["outcome"]["reason"], "target-reached");
    assert_eq!(r["view"]["taken"], 10);
    wrong(&s, "musashi", 7, &[], "c3-d3", "no-pair").await;
}

#[tokio::test]
async fn dots_lesson_solves_and_hints() {
    let s = TestServer::start().await;
    let list = steps(&s, "dots").await;
    let ids: Vec<&str> = list.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["line", "box", "third-side", "chain", "double-deal"]);
    // The lines drawn before a step are in its view.
    assert_eq!(list[1]["view"]["lines"].as_array().unwrap().len(), 5);
    assert_eq!(list[1]["view"]["size"], "3x3");

    solve(&s, "dots", 0, &["5"]).await;
    let r = solve(&s, "dots", 1, &["18", "1"]).await;
    assert_eq!(r["view"]["scores"], json!([1, 0]));
    wrong(&s, "dots", 1, &[], "1", "no-box").await;

    solve(&s, "dots", 2, &["2"]).await;
    wrong(&s, "dots", 2, &[], "13", "third-side").await;

    solve(&s, "dots", 3, &["13", "14", "15"]).await;
    wrong(&s, "dots", 3, &["13"], "20", "take-chain").await;

    // Take one, give two away: the opponent takes them and opens the long chain.
    let (_, r) = post(&s, "dots", 4, &[], "13").await;
    assert_eq!(r["note"], "leave");
    let (_, r) = post(&s, "dots", 4, &["13".into()], "15").await;
    assert_eq!(r["verdict"], "continue");
    assert_eq!(r["note"], "dealt");
    assert_eq!(r["replies"], json!(["14", "8"]));
    let r = solve(&s, "dots", 4, &["13", "15", "18", "17", "16", "22", "21", "20"]).await;
    assert_eq!(r["view"]["scores"], json!([7, 2]));
    assert_eq!(r["view"]["outcome"]["winner"], 0);
    wrong(&s, "dots", 4, &["13"], "14", "all-in").await;
    wrong(&s, "dots", 4, &["13"], "16", "opens-chain").await;
    wrong(&s, "dots", 4, &[], "15", "take-first").await;
}

#[tokio::test]
async fn lesson_bad_input_changes_nothing() {
    let s = TestServer::start().await;
    let cases: [(&str, Value, u16, &str); 12] = [
        ("/api/lesson/musashi/1", json!({"move": "c3"}), 400, "bad-move"),
        ("/api/lesson/musashi/1", json!({"move": "c3-e5"}), 400, "illegal-move"),
        ("/api/lesson/musashi/3", json!({"move": "c3-c4"}), 400, "illegal-move"),
        ("/api/lesson/dots/0", json!({"move": "50"}), 400, "illegal-move"),
        ("/api/lesson/dots/0", json!({"move": "99"}), 400, "bad-move"),
        ("/api/lesson/dots/0", json!({"move": "x"}), 400, "bad-move"),
        // A move's own text only, as on a table's socket.
        ("/api/lesson/dots/0", json!({"move": "+5"}), 400, "bad-move"),
        ("/api/lesson/dots/0", json!({"move": " 5"}), 400, "bad-move"),
        ("/api/lesson/musashi/0", json!({"move": "c3-b3 "}), 400, "bad-move"),
        ("/api/lesson/dots/3", json!({"moves": ["20"], "move": "13"}), 400, "bad-history"),
        ("/api/lesson/dots/9", json!({"move": "1"}), 404, "not-found"),
        ("/api/lesson/chess/0", json!({"move": "1"}), 404, "not-found"),
    ];
    for (path, body, status, code) in cases {
        let r = s.http.post(s.url(path)).json(&body).send().await.unwrap();
        assert_eq!(r.status().as_u16(), status, "{path} {body}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["code"], code, "{path} {body}: {v}");
    }
    let r = s.http.post(s.url("/api/lesson/dots/0")).body("{").header("content-type", "application/json").send().await;
    assert_eq!(r.unwrap().status(), 400);
    assert_eq!(s.http.get(s.url("/api/lesson/chess")).send().await.unwrap().status(), 404);
}
