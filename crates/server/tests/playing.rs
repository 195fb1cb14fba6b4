//! `GET /api/me/playing`: a player's unfinished games with whose turn it is (issue 35, part 3).

use std::time::Duration;

use serde_json::{Value, json};
use server::Config;

use crate::common::{TestServer, assert_schema, fast_config};
use crate::store::postgres_url;

impl TestServer {
    async fn playing(&self, token: Option<&str>) -> (u16, Value) {
        let mut r = self.http.get(self.url("/api/me/playing"));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// The list, expected to answer 200.
    async fn playing_ok(&self, token: &str) -> Vec<Value> {
        let (status, list) = self.playing(Some(token)).await;
        assert_eq!(status, 200, "{list}");
        assert_schema("[PlayingGame]", &list);
        list.as_array().unwrap().clone()
    }
}

/// On SQLite, and on PostgreSQL when the suite has one (a cluster's store: the list reads its
/// games and their moves in one repeatable-read snapshot there).
#[tokio::test]
async fn the_list_holds_unfinished_games_with_whose_turn_it_is() {
    let mut urls = vec![None];
    urls.extend(postgres_url().await.map(Some));
    for url in urls {
        lists(url).await;
    }
}

async fn lists(db_url: Option<String>) {
    // Real seconds on the turn clock, so that no clock runs out while the test plays.
    let s = TestServer::start_with(Config { clock_second: Duration::from_secs(1), ..fast_config() }, db_url).await;
    let (ta, ana) = s.player("Ana").await;
    let (tb, ben) = s.player("Ben").await;
    let (tc, _) = s.player("Carl").await;

    // Unauthenticated: no token, or one the server does not know.
    let (status, body) = s.playing(None).await;
    assert_eq!((status, &body["code"]), (401, &json!("bad-token")));
    assert_eq!(s.playing(Some("not-a-token")).await.0, 401);
    assert!(s.playing_ok(&ta).await.is_empty(), "no games yet");

    // A timed Dots game between Ana (seat 0, moves first) and Ben.
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "turnLimit": 60})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    let mine = s.playing_ok(&ta).await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    let g = &mine[0];
    assert_eq!(g["code"], code.as_str());
    assert_eq!(g["url"], format!("/g/{code}"));
    assert_eq!((&g["game"], &g["gameNo"], &g["plies"]), (&json!("dots"), &json!(1), &json!(0)));
    assert_eq!((&g["seat"], &g["turn"], &g["myTurn"]), (&json!(0), &json!(0), &json!(true)));
    assert_eq!((&g["opponent"]["name"], &g["opponent"]["playerId"]), (&json!("Ben"), &json!(ben)));
    let left = g["clock"]["remainingMs"].as_i64().unwrap();
    assert!(left > 50_000 && left <= 60_000, "{g}");
    assert_eq!(g["clock"]["limit"], 60);
    let theirs = s.playing_ok(&tb).await;
    assert_eq!((&theirs[0]["seat"], &theirs[0]["myTurn"]), (&json!(1), &json!(false)));
    assert_eq!(theirs[0]["opponent"]["playerId"], ana.as_str());

    // Once a move is acknowledged, the list says it is the other player's turn, at once.
    a.play("0").await;
    assert_eq!(s.playing_ok(&ta).await[0]["myTurn"], false);
    assert_eq!(s.playing_ok(&tb).await[0]["myTurn"], true);
    b.catch_up(a.v).await;
    b.play("3").await;
    a.catch_up(b.v).await;
    a.play("12").await;
    b.catch_up(a.v).await;
    // Ben closes box 0 (edges 0, 3, 12, 13) and moves again: four moves, still Ben's turn.
    b.play("13").await;
    let g = &s.playing_ok(&ta).await[0];
    assert_eq!((&g["plies"], &g["turn"], &g["myTurn"]), (&json!(4), &json!(1), &json!(false)), "{g}");
    assert_eq!(s.playing_ok(&tb).await[0]["myTurn"], true);
    let moved_at = g["updatedAt"].as_i64().unwrap();
    assert!(moved_at >= g["startedAt"].as_i64().unwrap());

    // A game against the CPU, Ana to move: listed first (her turn), the CPU with its level.
    let cpu = s.group(&ta, json!({"game": "musashi", "cpu": "beginner"})).await;
    let c = s.client(&cpu, &ta).await;
    let mine = s.playing_ok(&ta).await;
    assert_eq!(mine.len(), 2, "{mine:?}");
    assert_eq!((&mine[0]["code"], &mine[0]["myTurn"]), (&json!(cpu), &json!(true)));
    assert_eq!((&mine[0]["opponent"]["cpu"], &mine[0]["opponent"]["playerId"]), (&json!("beginner"), &Value::Null));
    assert_eq!(mine[0]["clock"], Value::Null, "no turn limit");
    assert_eq!(mine[1]["code"], code.as_str());
    c.close().await;

    // A finished game is not in progress: Carl's game that Ana resigns is in neither list.
    let over = s.group(&tc, json!({"game": "dots"})).await;
    let mut cc = s.client(&over, &tc).await;
    let mut ac = s.client(&over, &ta).await;
    ac.intent(json!({"t": "sit"})).await;
    cc.catch_up(ac.v).await;
    assert_eq!(s.playing_ok(&tc).await.len(), 1);
    assert_eq!(ac.intent(json!({"t": "resign"})).await["t"], "ack");
    assert!(s.playing_ok(&tc).await.is_empty());
    let mine = s.playing_ok(&ta).await;
    assert!(mine.iter().all(|g| g["code"] != over.as_str()), "{mine:?}");
    assert_eq!(mine.len(), 2);
}
