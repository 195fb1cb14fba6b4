//! What a stranger can make the server do (issue 19): the CPU plays only for a game a present
//! person plays, a visit creates no player, and what one address or player can hold open is
//! bounded with a clear error.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{Client, TestServer, fast_config};

/// A CPU group created over HTTP by a player whose page never connects.
async fn abandoned_cpu_group(s: &TestServer, body: Value) -> (String, String) {
    let (token, _) = s.player("Ghost").await;
    let code = s.group(&token, body).await;
    (token, code)
}

#[tokio::test]
async fn issue_19_a_watcher_never_sets_the_cpu_playing_nobody() {
    let s = TestServer::start().await;
    // The CPU moves first in the first game (it plays the Children, who move first), and in the
    // other the absent creator is to move: neither may get a CPU move for a watcher alone.
    let bodies = [
        json!({"game": "musashi", "options": {"first": "children"}, "cpu": "beginner"}),
        json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"}),
    ];
    let mut codes = vec![];
    for body in bodies {
        let (token, code) = abandoned_cpu_group(&s, body).await;
        // A visitor's page view and its watching socket (no device token).
        let page = s.http.get(s.url(&format!("/en/g/{code}"))).send().await.unwrap();
        assert_eq!(page.status(), 200);
        let w = Client::watch(s.addr, &code).await;
        assert_eq!(w.table["status"], "playing");
        codes.push((token, code, w));
    }
    // Five times the away grace (300 ms): the creator is away long since.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), 0, "the CPU played for nobody");
    for (_, _, w) in &mut codes {
        let t = w.wait_for(|t| t["seats"][0]["away"] == true).await;
        assert_eq!(t["plies"], 0);
    }
    // The creator arrives: the CPU plays its move at once.
    let (token, code, _) = &codes[0];
    let mut a = s.client(code, token).await;
    let t = a.wait_for(|t| t["plies"] == 1).await;
    assert_eq!(t["view"]["turn"], 0, "the CPU (Children) moved; the creator (Parent) is to move");
}

#[tokio::test]
async fn issue_19_a_page_view_and_a_watching_socket_create_no_player() {
    let s = TestServer::start().await;
    let (token, _) = s.player("Host").await;
    let code = s.group(&token, json!({"game": "dots"})).await;
    let before = s.state.ctx.store.count_players().await.unwrap();
    for path in [format!("/en/g/{code}"), format!("/ru/g/{code}"), format!("/api/groups/{code}")] {
        let r = s.http.get(s.url(&path)).header("user-agent", "Googlebot/2.1").send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
    }
    let mut w = Client::watch(s.addr, &code).await;
    assert_eq!(w.welcome["you"]["playerId"], Value::Null);
    // A watcher cannot act, so nothing is made for it on the way.
    let r = w.intent(json!({"t": "sit"})).await;
    assert_eq!(r["code"], "bad-token", "{r}");
    w.close().await;
    assert_eq!(s.state.ctx.store.count_players().await.unwrap(), before);
}

/// Settings with every bound of issue 19 low, to reach each in a few requests.
fn tight() -> server::Config {
    server::Config {
        open_groups_per_player: 3,
        new_players_per_ip: 6,
        new_groups_per_ip: 5,
        sockets_per_ip: 3,
        ..fast_config()
    }
}

/// Posts a new group and returns the answer's status and body.
async fn try_group(s: &TestServer, token: &str, body: Value) -> (u16, Value) {
    let r = s.http.post(s.url("/api/groups")).bearer_auth(token).json(&body).send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn issue_19_a_player_holds_few_unplayed_groups_and_an_address_opens_few_a_minute() {
    let s = TestServer::start_with(tight(), None).await;
    let (ta, _) = s.player("Ana").await;
    let dots = json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"});
    let mut codes = vec![];
    for _ in 0..3 {
        codes.push(s.group(&ta, dots.clone()).await);
    }
    let (status, e) = try_group(&s, &ta, dots.clone()).await;
    assert_eq!((status, &e["code"], &e["args"]["max"]), (429, &json!("too-many-groups"), &json!(3)), "{e}");
    // A game played in one of them frees its place: a move makes the group played.
    let mut a = s.client(&codes[0], &ta).await;
    a.play("0").await;
    let fourth = s.group(&ta, dots.clone()).await;
    assert!(!codes.contains(&fourth));
    // Four groups from this address so far; a second player on it may open one more this minute.
    let (tb, _) = s.player("Ben").await;
    s.group(&tb, dots.clone()).await;
    let (status, e) = try_group(&s, &tb, dots.clone()).await;
    assert_eq!((status, &e["code"]), (429, &json!("rate-limited")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("5 new groups a minute"), "{e}");
    // New players too: two made, four more this minute, then none.
    for _ in 0..4 {
        s.player("Cy").await;
    }
    let r = s.http.post(s.url("/api/players")).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status(), 429);
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["code"], "rate-limited", "{e}");
}

/// A refused request takes nothing from the address's bound on new players, as a refused
/// group takes nothing from the bound on new groups: names the rules refuse, however many,
/// leave the address all its new players.
#[tokio::test]
async fn a_refused_name_takes_no_new_player_from_the_address() {
    let s = TestServer::start_with(tight(), None).await;
    for name in ["", "   ", "\u{E000}1234", "a\u{200B}b", &"x".repeat(25)].iter().cycle().take(10) {
        let r = s.http.post(s.url("/api/players")).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 400, "{name:?}");
        let e: Value = r.json().await.unwrap();
        assert_eq!(e["code"], "bad-field", "{name:?}: {e}");
    }
    // The bound is 6 a minute: all six are still there, then none.
    for _ in 0..6 {
        s.player("Cy").await;
    }
    let r = s.http.post(s.url("/api/players")).json(&json!({"name": "Di"})).send().await.unwrap();
    assert_eq!(r.status(), 429);
}

#[tokio::test]
async fn issue_19_an_address_holds_few_sockets() {
    let s = TestServer::start_with(tight(), None).await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots"})).await;
    let mut open = vec![];
    for _ in 0..3 {
        open.push(Client::watch(s.addr, &code).await);
    }
    // The fourth is told why, in a code the page shows in its own words, and closed.
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/{code}", s.addr)).await.unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
    let e: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(
        (&e["t"], &e["code"], &e["args"]["max"]),
        (&json!("error"), &json!("too-many-sockets"), &json!(3)),
        "{e}"
    );
    let closed = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
    match closed {
        Message::Close(Some(f)) => assert_eq!(u16::from(f.code), 4029),
        m => panic!("{m:?}"),
    }
    // The lobby's socket is bounded with the same count, and says so the same way.
    let (mut lobby, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/lobby", s.addr)).await.unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), lobby.next()).await.unwrap().unwrap().unwrap();
    let e: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!((&e["code"], &e["args"]["max"]), (&json!("too-many-sockets"), &json!(3)), "{e}");
    match tokio::time::timeout(Duration::from_secs(5), lobby.next()).await.unwrap().unwrap().unwrap() {
        Message::Close(Some(f)) => assert_eq!(u16::from(f.code), 4029),
        m => panic!("{m:?}"),
    }
    // A socket closed gives its place back.
    open.pop().unwrap().close().await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while s.state.sockets.count(&"127.0.0.1".parse().unwrap()) > 2 {
        assert!(tokio::time::Instant::now() < deadline, "the closed socket's place came back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Client::watch(s.addr, &code).await;
}

#[tokio::test]
async fn issue_19_a_player_has_one_hint_search_at_a_time_across_tables() {
    let s = TestServer::start().await;
    let (ta, pa) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    // A search of Ana's runs at another table (held here as that table would hold it).
    let elsewhere = s.state.ctx.hints.take(pa.clone()).unwrap();
    let r = a.intent(json!({"t": "hint"})).await;
    assert_eq!((&r["t"], &r["code"]), (&json!("error"), &json!("rate-limited")), "{r}");
    assert!(r["message"].as_str().unwrap().contains("per player"), "{r}");
    drop(elsewhere);
    let r = a.intent(json!({"t": "hint"})).await;
    assert_eq!(r["t"], "hint", "{r}");
    assert_eq!(s.state.ctx.hints.count(&pa), 0, "the search's place is given back");
}

/// Issue 40: many players behind one address do not get many hint searches: each address has
/// `hints_per_ip` of them at once, and another address is not held up.
#[tokio::test]
async fn the_players_behind_one_address_share_its_hint_searches() {
    let config = server::Config { hints_per_ip: 1, ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    // A search for another player from the same address (127.0.0.1) runs elsewhere.
    let elsewhere = s.state.hint_addresses.take(std::net::IpAddr::from([127, 0, 0, 1])).unwrap();
    let r = a.intent(json!({"t": "hint"})).await;
    assert_eq!((&r["t"], &r["code"]), (&json!("error"), &json!("rate-limited")), "{r}");
    assert!(r["message"].as_str().unwrap().contains("per address"), "{r}");
    // A player from another address gets their hint meanwhile.
    let (tb, _) = s.player("Ben").await;
    let code_b = s.group(&tb, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut b = Client::connect_from(std::net::IpAddr::from([127, 0, 0, 2]), s.addr, &code_b, &tb).await;
    let r = b.intent(json!({"t": "hint"})).await;
    assert_eq!(r["t"], "hint", "{r}");
    drop(elsewhere);
    let r = a.intent(json!({"t": "hint"})).await;
    assert_eq!(r["t"], "hint", "{r}");
    assert_eq!(s.state.hint_addresses.count(&std::net::IpAddr::from([127, 0, 0, 1])), 0, "places are given back");
}

#[tokio::test]
async fn issue_19_tables_nobody_uses_leave_memory() {
    let config = server::Config { table_idle: Duration::from_millis(300), ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let mut codes = vec![];
    for _ in 0..5 {
        let (_, code) =
            abandoned_cpu_group(&s, json!({"game": "musashi", "options": {"first": "children"}, "cpu": "expert"}))
                .await;
        Client::watch(s.addr, &code).await.close().await;
        codes.push(code);
    }
    assert!(!s.state.tables.is_empty());
    // The creators' away grace (300 ms), then the idle time (300 ms), with room to spare.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !s.state.tables.is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "{} tables still loaded", s.state.tables.len());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // They load again on the next visit, as they were.
    let w = Client::watch(s.addr, &codes[0]).await;
    assert_eq!(w.table["plies"], 0);
}

/// On SQLite, and on PostgreSQL when the test script started one.
#[tokio::test]
async fn issue_19_unplayed_groups_expire() {
    let mut urls = vec![None];
    urls.extend(crate::store::postgres_url().await.map(Some));
    for url in urls {
        let config = server::Config { group_expiry: Duration::from_secs(3600), ..fast_config() };
        let s = TestServer::start_with(config, url).await;
        let (ta, pa) = s.player("Ana").await;
        let dots = json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"});
        // Never opened; opened and watched now; played one move; ended at move 0.
        let (never, watched, played, resigned) = (
            s.group(&ta, dots.clone()).await,
            s.group(&ta, dots.clone()).await,
            s.group(&ta, dots.clone()).await,
            s.group(&ta, dots.clone()).await,
        );
        let _w = Client::watch(s.addr, &watched).await;
        let mut a = s.client(&played, &ta).await;
        a.play("0").await;
        a.close().await;
        let mut a = s.client(&resigned, &ta).await;
        a.intent(json!({"t": "resign"})).await;
        a.close().await;
        assert_eq!(s.state.ctx.store.unplayed_groups_of(&pa).await.unwrap(), 2);
        // Not yet: an hour has not passed.
        assert_eq!(s.state.expire_groups(server::now_ms()).await.unwrap(), 0);
        let later = server::now_ms() + 3_600_001;
        assert_eq!(s.state.expire_groups(later).await.unwrap(), 1, "only the group never opened or played");
        assert_eq!(s.state.ctx.store.count_groups().await.unwrap(), 3);
        let r = s.http.get(s.url(&format!("/api/groups/{never}"))).send().await.unwrap();
        assert_eq!(r.status(), 404);
        for code in [&watched, &played, &resigned] {
            let r = s.http.get(s.url(&format!("/api/groups/{code}"))).send().await.unwrap();
            assert_eq!(r.status(), 200, "{code}");
        }
    }
}
