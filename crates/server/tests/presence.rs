use std::time::Duration;

use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::common::{Client, TestServer};

async fn two_players(s: &TestServer, body: serde_json::Value) -> (String, Client, String, Client) {
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, body).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    (ta, a, tb, b)
}

#[tokio::test]
async fn a_dropped_player_is_replaced_by_the_cpu_until_the_same_device_returns() {
    let s = TestServer::start().await;
    let (_, mut a, tb, b) = two_players(&s, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let code = a.table["code"].as_str().unwrap().to_string();
    // Ben's connection drops without a close frame (network gone): a grace period, then away.
    drop(b);
    a.play("0").await;
    let t = a.wait_for(|t| t["seats"][1]["away"] == true).await;
    assert_eq!(t["seats"][1]["connected"], false);
    // The CPU plays Ben's turn.
    let t = a.wait_for(|t| t["plies"] == 2).await;
    let by: Vec<_> = a.events.iter().filter(|e| e["kind"] == "move").map(|e| e["by"].clone()).collect();
    assert_eq!(by, [json!("player"), json!("cpu-away")]);
    assert_eq!(t["seats"][1]["away"], true);
    // Ben comes back on the same device: his seat, no longer away.
    let b = s.client(&code, &tb).await;
    assert_eq!(b.seat(), Some(1));
    let t = a.wait_for(|t| t["seats"][1]["away"] == false).await;
    assert_eq!(t["seats"][1]["connected"], true);
}

#[tokio::test]
async fn closing_the_tab_counts_as_away_at_once() {
    let s = TestServer::start_with(
        server::Config { away_grace: Duration::from_secs(60), ..crate::common::fast_config() },
        None,
    )
    .await;
    let (_, mut a, _, mut b) = two_players(&s, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    b.send_raw(Message::Close(Some(CloseFrame { code: CloseCode::Away, reason: "".into() }))).await;
    let t = a.wait_for(|t| t["seats"][1]["away"] == true).await;
    assert_eq!(t["seats"][1]["connected"], false);
}

#[tokio::test]
async fn the_cpu_moves_when_the_turn_clock_runs_out() {
    let s = TestServer::start().await;
    // 30 "seconds" of 50 ms each in tests: 1.5 s.
    let (_, mut a, _, _b) = two_players(&s, json!({"game": "dots", "options": {"size": "3x3"}, "turnLimit": 30})).await;
    assert_eq!(a.table["turnLimit"], 30);
    let left = a.table["clock"]["remainingMs"].as_i64().unwrap();
    assert!(left > 1000 && left <= 1500, "{left}");
    let started = std::time::Instant::now();
    let t = a.wait_for(|t| t["plies"] == 1).await;
    assert!(started.elapsed() >= Duration::from_millis(1200), "{:?}", started.elapsed());
    let last = a.events.iter().rev().find(|e| e["kind"] == "move").unwrap();
    assert_eq!(last["by"], "timeout");
    assert_eq!(last["seat"], 0);
    // Ana is still seated and present; the clock restarted for Ben.
    assert_eq!(t["seats"][0]["away"], false);
    assert!(t["clock"]["remainingMs"].as_i64().unwrap() > 1000);
}

#[tokio::test]
async fn a_resumed_client_gets_the_clock_as_it_is_now() {
    let s = TestServer::start().await;
    // 30 "seconds" of 50 ms each: 1.5 s.
    let (ta, mut a, _, _b) =
        two_players(&s, json!({"game": "dots", "options": {"size": "3x3"}, "turnLimit": 30})).await;
    let code = a.table["code"].as_str().unwrap().to_string();
    let seen = a.v;
    a.play("0").await;
    let live = a.events.iter().rev().find(|e| e["kind"] == "move").unwrap().clone();
    assert_eq!(live["clock"]["remainingMs"], 1500);
    tokio::time::sleep(Duration::from_millis(600)).await;
    // Another tab of Ana's resumes from before the move: the move comes again as a replay, and
    // its clock counts from the moment it is sent, as every `remainingMs` does.
    let mut again = Client::connect(s.addr, &code, &ta, Some(seen)).await;
    let replayed = loop {
        let m = again.recv().await;
        if m["t"] == "state" {
            panic!("a replay was expected: {m}");
        }
        if m["kind"] == "move" {
            break m;
        }
    };
    assert_eq!(replayed["v"], live["v"]);
    let left = replayed["clock"]["remainingMs"].as_i64().unwrap();
    assert!((0..=900).contains(&left), "{left} ms left 600 ms into a 1500 ms turn");
}

#[tokio::test]
async fn a_game_both_players_left_waits_for_them() {
    let s = TestServer::start().await;
    let (ta, a, _, b) = two_players(&s, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let code = a.table["code"].as_str().unwrap().to_string();
    drop((a, b));
    tokio::time::sleep(Duration::from_millis(900)).await;
    // Both are away; nobody played for them.
    let a = s.client(&code, &ta).await;
    assert_eq!(a.table["plies"], 0);
    assert_eq!(a.table["seats"][1]["away"], true);
    // Ana is back and it is her turn: she plays, then the CPU answers for the absent Ben.
    let mut a = a;
    a.play("0").await;
    let t = a.wait_for(|t| t["plies"] == 2).await;
    assert_eq!(t["view"]["turn"], 0);
}
