use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{TestServer, assert_schema, my_turn, play_out, schema_errors};

fn first_legal(t: &Value) -> String {
    match &t["view"]["legal"][0] {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

impl TestServer {
    async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut r = self.http.get(self.url(path));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn post_json(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self.http.post(self.url(path)).json(&body).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// The finished game, asked (plainly: the server reviews it) until its review is there
    /// (60 s at most: a 5x4 review in a debug build takes seconds).
    async fn reviewed(&self, code: &str, n: u32) -> Value {
        for _ in 0..600 {
            let (status, g) = self.get(&format!("/api/games/{code}/{n}"), None).await;
            assert_eq!(status, 200, "{g}");
            if !g["review"].is_null() {
                assert_eq!(g["reviewState"], "done", "{g}");
                return g;
            }
            assert_eq!(g["reviewState"], "making", "{g}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no review of {code}/{n} within 60 s");
    }

    /// Whether the store holds a review of game `n` of group `code`.
    async fn stored_review(&self, code: &str, n: u32) -> bool {
        let store = &self.state.ctx.store;
        let g = store.game_by_no(code, n).await.unwrap().expect("the game");
        store.review(&g.id).await.unwrap().is_some()
    }

    /// A finished game between two people on `options`, every move the first legal one.
    async fn finished(&self, options: Value) -> String {
        let (ta, _) = self.player("Ana").await;
        let (tb, _) = self.player("Ben").await;
        let code = self.group(&ta, json!({"game": "dots", "options": options})).await;
        let mut a = self.client(&code, &ta).await;
        let mut b = self.client(&code, &tb).await;
        b.intent(json!({"t": "sit"})).await;
        a.catch_up(b.v).await;
        play_out(&mut a, &mut b, first_legal).await;
        code
    }
}

#[tokio::test]
async fn a_finished_game_gets_a_stored_review_a_record_and_a_place_in_the_lists() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, ben) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "ranked": true})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    // Not over yet: no replay.
    assert_eq!(s.get(&format!("/api/games/{code}/1"), None).await.0, 404);
    let n = play_out(&mut a, &mut b, first_legal).await;

    let g = s.reviewed(&code, 1).await;
    assert_schema("GameRecordView", &g);
    // The check can fail: a value's `exact` as text, a review state the server never writes.
    let mut spoiled = g.clone();
    spoiled["review"]["plies"][0]["exact"] = json!("yes");
    spoiled["reviewState"] = json!("later");
    assert_eq!(schema_errors("GameRecordView", &spoiled).len(), 2, "{spoiled}");
    assert_eq!(g["game"], "dots");
    assert_eq!(g["players"][0]["name"], "Ana");
    assert_eq!(g["players"][1]["name"], "Ben");
    assert_eq!(g["moves"].as_array().unwrap().len(), n);
    assert_eq!(g["by"][0], "player");
    assert_eq!(g["result"]["reason"], "boxes");
    let review = &g["review"];
    let plies = review["plies"].as_array().unwrap();
    assert_eq!(plies.len(), n + 1);
    assert!(plies.iter().all(|p| p["exact"] == true), "3x3 is solved throughout");
    assert_eq!(plies[0]["text"], "-3", "the empty 3x3 board");
    // The last value is the final score.
    let t = &a.table;
    let margin = t["view"]["scores"][0].as_f64().unwrap() - t["view"]["scores"][1].as_f64().unwrap();
    assert_eq!(plies[n]["margin"].as_f64().unwrap(), margin);
    // Turning points are where the proven result changed.
    for tp in review["turning"].as_array().unwrap() {
        let k = tp["ply"].as_u64().unwrap() as usize;
        assert_ne!(plies[k - 1]["result"], plies[k]["result"]);
        assert_eq!(tp["played"], g["moves"][k - 1]);
    }
    // Reviews are stored: the same body again.
    assert_eq!(s.get(&format!("/api/games/{code}/1"), None).await.1["review"], *review);

    // The record downloads, and reads back as the same game.
    let r = s.http.get(s.url(&format!("/api/games/{code}/1/record"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"));
    let text = r.text().await.unwrap();
    assert!(text.contains("[First \"Ana\"]") && text.contains("[Reason \"boxes\"]"), "{text}");
    // The link is the replay's absolute URL, and lines are named by their dots, as the replay
    // names them (the walk of December 2026 found a bare path and bare line numbers).
    let link = format!("[Link \"{}/en/g/{code}/1\"]", s.state.ctx.config.public_url);
    assert!(link.contains("http") && text.contains(&link), "{link}\n{text}");
    let moves = text.split("\n\n").nth(1).unwrap();
    assert!(
        moves.starts_with("1. ")
            && moves.split_whitespace().filter(|w| !w.ends_with('.')).all(|w| {
                let b = w.as_bytes();
                b.len() == 5
                    && b[0].is_ascii_lowercase()
                    && b[1].is_ascii_digit()
                    && b[2] == b'-'
                    && b[3].is_ascii_lowercase()
                    && b[4].is_ascii_digit()
            }),
        "{moves}"
    );
    let r = s.http.post(s.url("/api/records")).body(text).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let back: Value = r.json().await.unwrap();
    assert_schema("RecordView", &back);
    assert_eq!(back["moves"], g["moves"]);
    assert_eq!(back["options"]["size"], "3x3");

    // Ana's own games, and Ben's public (ranked) ones.
    let (status, mine) = s.get("/api/me/games", Some(&ta)).await;
    assert_eq!(status, 200);
    assert_schema("[GameSummary]", &mine);
    assert_eq!(mine[0]["code"], code.as_str());
    assert_eq!(mine[0]["opponent"]["name"], "Ben");
    assert_eq!(mine[0]["plies"], n);
    assert_eq!(s.get("/api/me/games", None).await.0, 401);
    let (_, public) = s.get(&format!("/api/players/{ben}/games"), None).await;
    assert_schema("PlayerGames", &public);
    assert_eq!(public["player"]["name"], "Ben");
    assert_eq!(public["games"].as_array().unwrap().len(), 1);
    assert_eq!(public["games"][0]["opponent"]["name"], "Ana");
    assert_eq!(s.get("/api/players/p_nobody/games", None).await.0, 404);
    assert_eq!(s.get(&format!("/api/games/{code}/2"), None).await.0, 404);
}

#[tokio::test]
async fn unranked_games_are_not_public() {
    let s = TestServer::start().await;
    let (ta, ana) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    a.wait_for(|t| t["status"] == "playing").await;
    assert_eq!(a.intent(json!({"t": "resign"})).await["t"], "ack");
    let (_, mine) = s.get("/api/me/games", Some(&ta)).await;
    assert_schema("[GameSummary]", &mine);
    assert_eq!(mine[0]["opponent"]["cpu"], "beginner");
    assert_eq!(mine[0]["result"]["reason"], "resignation");
    let (_, public) = s.get(&format!("/api/players/{ana}/games"), None).await;
    assert_eq!(public["games"], json!([]));
    // A resigned game is reviewed too: its one position.
    let g = s.reviewed(&code, 1).await;
    assert_eq!(g["review"]["plies"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_analysis_values_a_position_and_each_move() {
    let s = TestServer::start().await;
    let (status, v) = s.post_json("/api/analysis", json!({"options": {"game": "dots", "size": "3x3"}})).await;
    assert_eq!(status, 200, "{v}");
    assert_schema("AnalysisView", &v);
    assert_eq!(v["value"]["text"], "-3");
    assert_eq!(v["value"]["exact"], true);
    assert_eq!(v["turn"], 0);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 24);
    assert!(moves.iter().all(|m| m["value"]["exact"] == true));
    // Best first for the side to move: the best keeps the value (side 0 loses by 3).
    assert_eq!(moves[0]["value"]["margin"], -3.0);

    // The Children trap the Parent in one move: c3-b2 closes the corner.
    let body = json!({"options": {"game": "musashi", "board": "33", "target": "none", "limit": "none"},
                      "position": "33:a1:a2,b1,c3:c:0"});
    assert_schema("AnalysisRequest", &body);
    let (status, v) = s.post_json("/api/analysis", body).await;
    assert_eq!(status, 200, "{v}");
    assert_schema("AnalysisView", &v);
    assert_eq!(v["value"]["text"], "children-win-in 1");
    assert_eq!(v["moves"][0]["move"], "c3-b2");
    assert_eq!(v["moves"][0]["value"]["text"], "children-win-in 0");

    // Moves after it, and bad input.
    let (status, v) =
        s.post_json("/api/analysis", json!({"options": {"game": "dots", "size": "3x3"}, "moves": ["0", "0"]})).await;
    assert_eq!(status, 400);
    assert!(v["message"].as_str().unwrap().contains("move 2"), "{v}");
    let (status, _) = s.post_json("/api/analysis", json!({"options": {"game": "chess"}})).await;
    assert_eq!(status, 400);
    let (status, _) =
        s.post_json("/api/analysis", json!({"options": {"game": "dots", "size": "3x3"}, "drawn": [0, 0]})).await;
    assert_eq!(status, 400);
}

/// The page's engine (`op: analyse`, `qdan_engine::analysis` on the device's work budget)
/// gives the server's answer wherever the server's is exact: Dots boards the solver finishes
/// (3x3 positions, late 5x4 positions of real games) and a Musashi trap. Each position's own
/// value is exact on both sides, and so is every move's the server solved.
#[tokio::test]
async fn the_device_analysis_is_the_servers_where_exact() {
    let s = TestServer::start().await;
    let mut bodies = vec![
        json!({"options": {"game": "dots", "size": "3x3"}}),
        json!({"options": {"game": "dots", "size": "3x3"}, "moves": ["0", "5", "17"]}),
        json!({"options": {"game": "dots", "size": "3x3"}, "drawn": [0, 5, 17], "turn": 1, "moves": ["2"]}),
        json!({"options": {"game": "musashi", "board": "33", "target": "none", "limit": "none"},
               "position": "33:a1:a2,b1,c3:c:0"}),
    ];
    for i in [7, 8, 9, 17, 18, 19] {
        bodies.push(json!({"options": {"game": "dots"}, "moves": qdan_engine::sample::game(rules::GameKind::Dots, i)}));
    }
    let mut moves_compared = 0;
    for body in bodies {
        assert_schema("AnalysisRequest", &body);
        let (status, server) = s.post_json("/api/analysis", body.clone()).await;
        assert_eq!(status, 200, "{server}");
        assert_schema("AnalysisView", &server);
        let mut req = body.clone();
        req["op"] = json!("analyse");
        // Through text, as the page reads it (an f32 as written, not widened).
        let device: Value =
            serde_json::from_str(&serde_json::to_string(&qdan_engine::handle(&req.to_string())).unwrap()).unwrap();
        assert_eq!(server["value"]["exact"], true, "{body}: {server}");
        assert_eq!(device["value"], server["value"], "{body}");
        assert_eq!(device["turn"], server["turn"], "{body}");
        let of = |v: &Value, mv: &Value| v["moves"].as_array().unwrap().iter().find(|m| m["move"] == *mv).cloned();
        for m in server["moves"].as_array().unwrap().iter().filter(|m| m["value"]["exact"] == true) {
            assert_eq!(of(&device, &m["move"]).as_ref(), Some(m), "{body}: move {}", m["move"]);
            moves_compared += 1;
        }
        if server["moves"].as_array().unwrap().iter().all(|m| m["value"]["exact"] == true) {
            assert_eq!(device, server, "every value exact, so the same order too: {body}");
        }
    }
    assert!(moves_compared > 60, "{moves_compared} exact move values compared");
}

/// One position, one value: where the solver does not finish (the empty 5x4), the position's
/// estimate is the value of its best move, from the same side's view and in the same units.
#[tokio::test]
async fn an_estimated_position_is_worth_its_best_move() {
    let s = TestServer::start().await;
    for drawn in [json!([]), json!([0, 7])] {
        let body = json!({"options": {"game": "dots", "size": "5x4"}, "drawn": drawn});
        let (status, v) = s.post_json("/api/analysis", body).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["value"]["exact"], false, "{v}");
        let here = v["value"]["margin"].as_f64().unwrap();
        let best = v["moves"][0]["value"]["margin"].as_f64().unwrap();
        assert!((here - best).abs() < 1e-3, "the position says {here}, its best move {best} ({drawn})");
        let (hs, bs) = (v["value"]["score"].as_f64().unwrap(), v["moves"][0]["value"]["score"].as_f64().unwrap());
        assert!((hs - bs).abs() < 1e-3, "scores {hs} and {bs} ({drawn})");
    }
}

#[tokio::test]
async fn a_bad_record_names_its_bad_move() {
    let s = TestServer::start().await;
    let r = s.http.post(s.url("/api/records")).body("[Game \"musashi\"]\n\n1. c3-d4 e1-e9\n").send().await.unwrap();
    assert_eq!(r.status(), 400);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "bad-move");
    assert!(v["message"].as_str().unwrap().contains("move 2 (\"e1-e9\")"), "{v}");
}

/// A record over its 64 KiB bound is `413 too-large` naming the bound, however far over: one
/// byte over and a megabyte over get the same answer (the body limit refused the longer ones
/// with its own words before).
#[tokio::test]
async fn a_record_over_its_bound_is_too_large_whatever_its_length() {
    let s = TestServer::start().await;
    let at_bound = format!("[Game \"dots\"]\n\n{}", " ".repeat(64 * 1024 - 15));
    assert_eq!(at_bound.len(), 64 * 1024);
    let r = s.http.post(s.url("/api/records")).body(at_bound).send().await.unwrap();
    assert_eq!(r.status(), 200, "a record of exactly 64 KiB is read");
    for len in [64 * 1024 + 1, 64 * 1024 + 2, 1 << 20] {
        let r = s.http.post(s.url("/api/records")).body("x".repeat(len)).send().await.unwrap();
        assert_eq!(r.status(), 413, "{len} bytes");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["code"], "too-large", "{len} bytes: {v}");
        assert_eq!(v["message"], "a record is at most 64 KiB", "{len} bytes: {v}");
    }
}

/// Reviews run in the spare CPU slots at the lowest priority, so a live game's CPU still
/// answers within its second while finished games wait for theirs: six 5x5 games are
/// finished and their records asked for, which starts their reviews (each takes about a
/// second, more in a debug build), then a person plays the
/// intermediate CPU on 5x4 and each CPU answer is timed, from the person's move sent to their
/// turn again. Reviews must still be pending when the CPU game starts, or this shows nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_answers_keep_their_second_while_reviews_run() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let mut finished = vec![];
    for _ in 0..6 {
        let code = s.group(&ta, json!({"game": "dots", "options": {"size": "5x5"}})).await;
        let mut a = s.client(&code, &ta).await;
        let mut b = s.client(&code, &tb).await;
        b.intent(json!({"t": "sit"})).await;
        a.catch_up(b.v).await;
        play_out(&mut a, &mut b, first_legal).await;
        finished.push(code);
    }
    let mut reviewed_before = 0;
    for code in &finished {
        reviewed_before += usize::from(!s.get(&format!("/api/games/{code}/1"), None).await.1["review"].is_null());
    }
    assert!(reviewed_before < finished.len(), "every review was done before the CPU game began");

    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "5x4"}, "cpu": "intermediate"})).await;
    let mut a = s.client(&code, &ta).await;
    let seat = a.seat().unwrap();
    let mut answers: Vec<Duration> = vec![];
    while a.table["status"] == "playing" {
        if !my_turn(&a.table, seat) {
            a.wait_for(|t| t["status"] != "playing" || my_turn(t, seat)).await;
            continue;
        }
        let t0 = std::time::Instant::now();
        let mv = first_legal(&a.table);
        a.play(&mv).await;
        if my_turn(&a.table, seat) {
            continue; // a box closed: the person moves again, nothing to answer
        }
        a.wait_for(|t| t["status"] != "playing" || my_turn(t, seat)).await;
        answers.push(t0.elapsed());
    }
    let mut reviewed_after = 0;
    for code in &finished {
        reviewed_after += usize::from(!s.get(&format!("/api/games/{code}/1"), None).await.1["review"].is_null());
    }
    answers.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "CPU answers while reviews ran: {} answers, median {:.0} ms, max {:.0} ms; reviews done {} of {} before the CPU game, {} after; load {}",
        answers.len(),
        ms(answers[answers.len() / 2]),
        ms(answers[answers.len() - 1]),
        reviewed_before,
        finished.len(),
        reviewed_after,
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
    assert!(answers.len() >= 5, "too few CPU answers to mean anything: {}", answers.len());
    // The CPU's own budget is under a second; a review may hold it back by one 100 ms slice.
    let slow: Vec<f64> = answers.iter().filter(|d| d.as_millis() >= 1000).map(|&d| ms(d)).collect();
    assert!(slow.is_empty(), "CPU answers over a second while reviews ran: {slow:?} ms");
}

/// The server reviews a finished game only when asked (issue 36): nothing is made when the
/// game ends; a client that reviews on its device (`?review=device`) is told `device` and
/// nothing starts; a plain request starts the review, which then appears, equal to the page
/// engine's answer for the same moves (`op: review`, the same function and work budget).
#[tokio::test]
async fn a_finished_game_is_reviewed_only_when_asked_and_as_the_device_would() {
    let s = TestServer::start().await;
    let code = s.finished(json!({"size": "5x4"})).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!s.stored_review(&code, 1).await, "a review was made before anyone asked");

    for _ in 0..3 {
        let (status, g) = s.get(&format!("/api/games/{code}/1?review=device"), None).await;
        assert_eq!(status, 200, "{g}");
        assert_eq!((&g["reviewState"], &g["review"]), (&json!("device"), &Value::Null), "{g}");
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!s.stored_review(&code, 1).await, "?review=device started a review");
    assert_eq!(s.get(&format!("/api/games/{code}/1?review=cloud"), None).await.0, 400);

    let (_, g) = s.get(&format!("/api/games/{code}/1"), None).await;
    assert_eq!((&g["reviewState"], &g["review"]), (&json!("making"), &Value::Null), "{g}");
    let g = s.reviewed(&code, 1).await;
    assert!(s.stored_review(&code, 1).await);
    // Stored now: the device's request gets it too, and nothing starts again.
    let (_, again) = s.get(&format!("/api/games/{code}/1?review=device"), None).await;
    assert_eq!((&again["reviewState"], &again["review"]), (&json!("done"), &g["review"]));

    let req = json!({"op": "review", "options": g["options"], "moves": g["moves"]});
    let device: Value =
        serde_json::from_str(&serde_json::to_string(&qdan_engine::handle(&req.to_string())).unwrap()).unwrap();
    let without_time = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("busyMs");
        v
    };
    assert_eq!(without_time(&g["review"]), without_time(&device), "the server's review is the device's");
    let plies = device["plies"].as_array().unwrap();
    let exact = plies.iter().filter(|p| p["exact"] == true).count();
    assert!(exact > 0 && exact < plies.len(), "exact values and estimates both compared: {exact} of {}", plies.len());
}

/// Reviews started on the server are limited per address: past the limit a plain request is
/// told `rate-limited` and nothing starts; asking again for a review already being made is
/// not counted again.
#[tokio::test]
async fn reviews_started_per_address_are_limited() {
    let config = server::Config { reviews_per_ip_hour: 1, ..crate::common::fast_config() };
    let s = TestServer::start_with(config, None).await;
    let first = s.finished(json!({"size": "3x3"})).await;
    let second = s.finished(json!({"size": "3x3"})).await;
    let (_, g) = s.get(&format!("/api/games/{first}/1"), None).await;
    assert_eq!(g["reviewState"], "making", "{g}");
    // The first game's review again: made, or still making; never refused.
    s.reviewed(&first, 1).await;
    for _ in 0..3 {
        let (_, g) = s.get(&format!("/api/games/{second}/1"), None).await;
        assert_eq!((&g["reviewState"], &g["review"]), (&json!("rate-limited"), &Value::Null), "{g}");
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert!(!s.stored_review(&second, 1).await, "a refused review was made");
    // The page reviews it itself and is not refused.
    let (_, g) = s.get(&format!("/api/games/{second}/1?review=device"), None).await;
    assert_eq!(g["reviewState"], "device", "{g}");
}
