use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{Client, TestServer};

/// A Musashi game between Ana (seat 0, Parent) and Ben, with Cat watching.
async fn setup(s: &TestServer) -> (String, Client, Client, Client) {
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let (tc, _) = s.player("Cat").await;
    let code = s.group(&ta, json!({"game": "musashi"})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    let c = s.client(&code, &tc).await;
    // Cat's welcome is the version before Cat's own arrival (one `spectators` event).
    a.catch_up(c.v + 1).await;
    (code, a, b, c)
}

async fn raw(c: &mut Client, text: &str) -> Value {
    c.send_raw(Message::Text(text.into())).await;
    answer(c).await
}

/// The next message that is not an event (events of others' arrivals may come first).
async fn answer(c: &mut Client) -> Value {
    c.next_answer().await
}

#[tokio::test]
async fn each_bad_message_gets_its_code_and_changes_nothing() {
    let s = TestServer::start().await;
    let (_, mut a, mut b, mut c) = setup(&s).await;
    let before = (a.table["view"].clone(), a.v);
    assert_eq!(raw(&mut a, "{not json").await["code"], "bad-json");
    assert_eq!(raw(&mut a, "[1,2]").await["code"], "bad-json");
    assert_eq!(raw(&mut a, r#"{"t":"teleport","id":4}"#).await["code"], "unknown-type");
    assert_eq!(raw(&mut a, r#"{"t":"move","ply":0,"move":"c3-c4"}"#).await["code"], "bad-field");
    assert_eq!(raw(&mut a, r#"{"t":"move","id":5,"ply":"zero","move":"c3-c4"}"#).await["code"], "bad-field");
    a.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    assert_eq!(answer(&mut a).await["code"], "bad-json");
    let e = |v: Value| v["code"].as_str().unwrap().to_string();
    assert_eq!(e(a.intent(json!({"t": "move", "ply": 3, "move": "c3-c4"})).await), "stale-ply");
    assert_eq!(e(a.intent(json!({"t": "move", "ply": 0, "move": "c3-c5"})).await), "not-a-line");
    assert_eq!(e(a.intent(json!({"t": "move", "ply": 0, "move": "a1-b2"})).await), "not-your-piece");
    assert_eq!(e(a.intent(json!({"t": "move", "ply": 0, "move": "c3-a1"})).await), "not-a-line");
    assert_eq!(e(a.intent(json!({"t": "move", "ply": 0, "move": "zz-c4"})).await), "bad-move");
    // Ben's token is Ben's seat only: he cannot move the Parent, the spectator nothing at all.
    assert_eq!(e(b.intent(json!({"t": "move", "ply": 0, "move": "c3-c4"})).await), "not-your-turn");
    assert_eq!(e(b.intent(json!({"t": "move", "ply": 0, "move": "a1-b2"})).await), "not-your-turn");
    assert_eq!(e(c.intent(json!({"t": "move", "ply": 0, "move": "c3-c4"})).await), "not-seated");
    assert_eq!(e(c.intent(json!({"t": "resign"})).await), "not-seated");
    assert_eq!(e(c.intent(json!({"t": "settings", "turnLimit": 30})).await), "not-host");
    assert_eq!(e(a.intent(json!({"t": "settings", "turnLimit": 45})).await), "bad-field");
    assert_eq!(e(a.intent(json!({"t": "name", "name": ""})).await), "bad-field");
    assert_eq!(e(a.intent(json!({"t": "undoAnswer", "accept": true})).await), "no-undo");
    assert_eq!((a.table["view"].clone(), a.v), before, "nothing changed");
    // Then a real move works, and a resend of it is acknowledged once, not replayed.
    a.play("c3-c4").await;
    let again = a.intent(json!({"t": "move", "ply": 0, "move": "c3-c4"})).await;
    assert_eq!(again["t"], "ack");
    assert_eq!(a.table["plies"], 1);
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), 1);
    // A move in the Children's turn that repeats is refused with its reason.
    b.catch_up(a.v).await;
    assert_eq!(e(b.intent(json!({"t": "move", "ply": 1, "move": "a1-a2"})).await), "occupied");
}

#[tokio::test]
async fn forged_tokens_and_unknown_groups_are_refused() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots"})).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/{code}", s.addr)).await.unwrap();
    use futures_util::{SinkExt, StreamExt};
    ws.send(Message::Text(json!({"t": "sit", "id": 1}).to_string().into())).await.unwrap();
    let m: Value = serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(m["code"], "hello-first");
    ws.send(Message::Text(json!({"t": "hello", "token": "forged"}).to_string().into())).await.unwrap();
    let m: Value = serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(m["code"], "bad-token");
    // Unknown and malformed group codes: 404 before any upgrade.
    assert!(tokio_tungstenite::connect_async(format!("ws://{}/ws/ABCDEFGHJKMN", s.addr)).await.is_err());
    let r = s.http.get(s.url("/api/groups/nope")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    // HTTP: no token, a bad token, a bad body.
    let r = s.http.post(s.url("/api/groups")).json(&json!({"game": "dots"})).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let r = s.http.get(s.url("/api/me")).bearer_auth("x").send().await.unwrap();
    assert_eq!(r.status(), 401);
    let r = s
        .http
        .post(s.url("/api/groups"))
        .bearer_auth(&ta)
        .body("{")
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let r = s.http.post(s.url("/api/groups")).bearer_auth(&ta).json(&json!({"game": "chess"})).send().await.unwrap();
    assert_eq!(r.status(), 400);
    let r = s
        .http
        .post(s.url("/api/groups"))
        .bearer_auth(&ta)
        .json(&json!({"game": "dots", "options": {"size": "9x9"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let r = s.http.post(s.url("/api/players")).json(&json!({"name": "x".repeat(40)})).send().await.unwrap();
    assert_eq!(r.status(), 400);
}

/// An HTTP body is read as a socket message is (`docs/protocol.md`, "Errors"): not JSON or not
/// an object is `bad-json`; a field missing, unknown or of the wrong type is `bad-field`; a
/// body left out is `{}`.
#[tokio::test]
async fn http_bodies_get_the_socket_codes() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ann").await;
    let post = |path: &'static str, body: Option<&'static str>| {
        let mut r = s.http.post(s.url(path)).bearer_auth(&ta);
        if let Some(b) = body {
            r = r.header("content-type", "application/json").body(b);
        }
        async move {
            let r = r.send().await.unwrap();
            let status = r.status().as_u16();
            let v: Value = r.json().await.unwrap_or(Value::Null);
            (status, v["code"].as_str().unwrap_or("").to_string())
        }
    };
    for (path, body, want) in [
        ("/api/players", Some("{"), (400, "bad-json")),
        ("/api/players", Some("[]"), (400, "bad-json")),
        ("/api/players", Some(r#"["Ann"]"#), (400, "bad-json")),
        ("/api/players", Some(r#"{"name":5}"#), (400, "bad-field")),
        ("/api/players", Some(r#"{"name":"Ann","foo":1}"#), (400, "bad-field")),
        ("/api/players", None, (201, "")),
        ("/api/groups", Some(r#"{"game":"dots","foo":1}"#), (400, "bad-field")),
        ("/api/groups", Some("{}"), (400, "bad-field")),
        ("/api/groups", None, (400, "bad-field")),
        ("/api/blocks", Some("{}"), (400, "bad-field")),
        ("/api/transfer", None, (201, "")),
    ] {
        let (status, code) = post(path, body).await;
        assert_eq!((status, code.as_str()), want, "{path} {body:?}");
    }
    // Another type than JSON is refused unread.
    let r = s.http.post(s.url("/api/players")).header("content-type", "text/plain").body("{}").send().await.unwrap();
    assert_eq!(r.status(), 400);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "bad-json");
    assert_eq!(s.state.ctx.store.count_groups().await.unwrap(), 0);
    // Refusals made before any handler runs have the same body.
    for (method, path, status, code) in [
        ("GET", "/api/games/0000000000/1?review=device&review=x", 400, "bad-field"),
        ("POST", "/api/stats", 405, "not-found"),
        ("GET", "/api/no-such-endpoint", 404, "not-found"),
    ] {
        let r = s.http.request(method.parse().unwrap(), s.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), status, "{method} {path}");
        let v: Value = r.json().await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        assert_eq!(v["code"], code, "{method} {path}: {v}");
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
    }
}

#[tokio::test]
async fn oversized_frames_and_floods_are_refused_and_others_keep_playing() {
    let s = TestServer::start_with(server::Config { ws_rate: 20.0, ..crate::common::fast_config() }, None).await;
    let (code, mut a, _b, _c) = setup(&s).await;
    let big = format!(r#"{{"t":"name","id":1,"name":"{}"}}"#, "x".repeat(5000));
    a.send_raw(Message::Text(big.into())).await;
    let m = answer(&mut a).await;
    assert_eq!(m["code"], "too-large");
    // Another player floods: refusals, and finally the socket is closed.
    let (td, _) = s.player("Dan").await;
    let mut d = s.client(&code, &td).await;
    let mut limited = 0;
    // 150 at once: 40 fit the burst, the rest are refused one by one.
    for i in 0..150 {
        if d.ws_send_text(&json!({"t": "ping", "id": i}).to_string()).await.is_err() {
            break;
        }
    }
    let mut seen = vec![];
    loop {
        let r = tokio::time::timeout(std::time::Duration::from_secs(2), futures_util::StreamExt::next(&mut d.ws)).await;
        let Ok(Some(Ok(m))) = r else {
            seen.push(format!("END {r:?}"));
            break;
        };
        seen.push(format!("{m:?}").chars().take(80).collect::<String>());
        if let Message::Text(t) = m
            && t.contains("rate-limited")
        {
            limited += 1;
        }
    }
    assert!(limited > 90, "{limited} {:?}", &seen[seen.len().saturating_sub(5)..]);
    // A connection that goes on flooding is closed.
    let mut d = s.client(&code, &td).await;
    for i in 0..1000 {
        if d.ws_send_text(&json!({"t": "ping", "id": i}).to_string()).await.is_err() {
            break;
        }
    }
    let mut closed = false;
    for _ in 0..2000 {
        match tokio::time::timeout(std::time::Duration::from_secs(2), futures_util::StreamExt::next(&mut d.ws)).await {
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => {
                closed = true;
                break;
            }
            Ok(Some(Ok(_))) => {}
            Err(_) => break,
        }
    }
    assert!(closed, "the flooding socket was closed");
    // The game is untouched and another table still serves.
    let (te, _) = s.player("Eve").await;
    let code2 = s.group(&te, json!({"game": "dots", "cpu": "beginner"})).await;
    let mut e = s.client(&code2, &te).await;
    e.play("0").await;
    assert!(e.table["plies"].as_u64().unwrap() >= 1);
    let (tf, _) = s.player("Fay").await;
    let f = s.client(&code, &tf).await;
    // Ana's socket was closed for the oversized frame, so the CPU may have stood in for her
    // since; nobody else moved.
    assert_eq!(f.table["status"], "playing");
    assert!(f.table["plies"].as_u64().unwrap() <= 2);
}
