use serde_json::{Value, json};

use crate::common::{TestServer, play_out};

fn first_legal(t: &Value) -> String {
    match &t["view"]["legal"][0] {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

#[tokio::test]
async fn a_whole_dots_game_through_an_invite_link_with_a_spectator() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let (tc, _) = s.player("Cat").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    assert_eq!(a.seat(), Some(0), "the creator sits first");
    assert_eq!(a.table["status"], "waiting");
    let mut b = s.client(&code, &tb).await;
    assert_eq!(b.seat(), None);
    assert_eq!(b.intent(json!({"t": "sit"})).await["t"], "ack");
    assert_eq!(b.table["status"], "playing");
    let mut c = s.client(&code, &tc).await;
    assert_eq!(c.intent(json!({"t": "sit"})).await["code"], "table-full");
    a.catch_up(b.v).await;
    assert_eq!(a.table["seats"][0]["side"], 0, "first seated moves first");

    let moves = play_out(&mut a, &mut b, first_legal).await;
    assert_eq!(moves, 24);
    let t = c.wait_for(|t| t["status"] == "over").await;
    // The spectator saw every move, in order.
    let seen: Vec<u64> = c.events.iter().filter(|e| e["kind"] == "move").map(|e| e["ply"].as_u64().unwrap()).collect();
    assert_eq!(seen, (0..24).collect::<Vec<_>>());
    assert_eq!(t["spectators"], 1);
    let scores = &t["view"]["scores"];
    assert_eq!(scores[0].as_u64().unwrap() + scores[1].as_u64().unwrap(), 9);
    assert_eq!(t["result"]["reason"], "boxes");
}

#[tokio::test]
async fn a_whole_musashi_game_to_its_end() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "musashi", "options": {"board": "25"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    assert_eq!(a.table["seats"][0]["side"], 0, "first seated is the Parent");
    assert_eq!(a.table["view"]["board"], "25");
    let n = play_out(&mut a, &mut b, first_legal).await;
    let t = a.table.clone();
    assert_eq!(t["status"], "over");
    assert!(
        ["trapped", "target-reached", "children-no-move", "move-limit"]
            .contains(&t["result"]["reason"].as_str().unwrap())
    );
    assert_eq!(t["plies"], n);
    // A move after the end is refused and changes nothing.
    let r = a.intent(json!({"t": "move", "ply": n, "move": "a1-a2"})).await;
    assert_eq!(r["code"], "game-over");
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), n as i64);
}

/// Bagh-Chal over the wire: its local rules from the options endpoint, its own refusal for a
/// goat step while goats are in hand, and a whole game between two people (the first legal
/// move each time) to one of its ends, with the captured goat in each jump's move event.
#[tokio::test]
async fn a_whole_bagh_chal_game_to_its_end() {
    let s = TestServer::start().await;
    let o: Value = s.http.get(s.url("/api/options/bagh-chal")).send().await.unwrap().json().await.unwrap();
    let ids: Vec<&str> = o["options"].as_array().unwrap().iter().map(|x| x["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["target", "first", "repetition", "swapRoles"]);
    assert_eq!(o["options"][0]["values"], json!(["5", "4", "6", "all"]));
    // Without the repetition rule a game can go on for ever: the analysis board's choice only.
    assert_eq!(o["options"][2]["values"], json!(["forbidden"]));

    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let endless = json!({"game": "bagh-chal", "options": {"repetition": "allowed"}});
    let r = s.http.post(s.url("/api/groups")).bearer_auth(&ta).json(&endless).send().await.unwrap();
    assert_eq!(r.status(), 400);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "bad-field");
    let code = s.group(&ta, json!({"game": "bagh-chal", "options": {"target": "4"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    assert_eq!(a.table["seats"][0]["side"], 0, "first seated plays the tigers");
    assert_eq!(a.table["view"]["inHand"], 20);
    assert_eq!(a.table["view"]["turn"], 1, "the goats move first");
    let r = b.intent(json!({"t": "move", "ply": 0, "move": "a2-a3"})).await;
    assert_eq!(r["code"], "must-place");

    let n = play_out(&mut a, &mut b, first_legal).await;
    let t = a.table.clone();
    assert_eq!(t["status"], "over");
    assert!(["target-reached", "tigers-blocked", "goats-blocked"].contains(&t["result"]["reason"].as_str().unwrap()));
    assert_eq!(t["plies"], n);
    let jumps: Vec<&Value> =
        a.events.iter().filter(|e| e["kind"] == "move" && e["move"].as_str().unwrap().contains('x')).collect();
    assert_eq!(jumps.len() as u64, t["view"]["captured"].as_u64().unwrap());
    assert!(jumps.iter().all(|e| e["taken"].as_array().is_some_and(|t| t.len() == 1)), "{jumps:?}");
}
