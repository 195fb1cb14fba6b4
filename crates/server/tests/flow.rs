use std::time::Duration;

use serde_json::json;

use crate::common::TestServer;

#[tokio::test]
async fn undo_against_the_cpu_goes_back_to_your_last_move() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    assert_eq!(a.table["status"], "playing");
    assert_eq!(a.table["seats"][1]["cpu"], "beginner");
    a.play("0").await;
    let t = a.wait_for(|t| t["plies"] == 2).await;
    assert_eq!(t["view"]["turn"], 0);
    assert_eq!(a.intent(json!({"t": "undo"})).await["t"], "ack");
    assert_eq!(a.table["plies"], 0);
    assert_eq!(a.table["view"]["legal"].as_array().unwrap().len(), 24);
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), 0);
    // Nothing to take back now.
    assert_eq!(a.intent(json!({"t": "undo"})).await["code"], "no-undo");
    // A hint is offered against the CPU.
    let h = a.intent(json!({"t": "hint"})).await;
    assert_eq!(h["t"], "hint");
    assert!(h["move"].as_str().unwrap().parse::<u8>().unwrap() < 24);
}

#[tokio::test]
async fn a_cpu_move_worked_out_before_a_take_back_is_not_played_after_it() {
    // The CPU takes at least 400 ms: time to take the move back and play another meanwhile.
    let config = server::Config { cpu_delay: Duration::from_millis(400), ..crate::common::fast_config() };
    let s = TestServer::start_with(config, None).await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    a.play("0").await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert_eq!(a.intent(json!({"t": "undo"})).await["t"], "ack");
    assert_eq!(a.table["plies"], 0);
    let second = std::time::Instant::now();
    a.play("12").await;
    let t = a.wait_for(|t| t["plies"] == 2).await;
    // The CPU's reply is the one it works out for the position it is played in, after the
    // second move (the reply to the first would come 250 ms after it, and be another line).
    assert!(second.elapsed() >= Duration::from_millis(400), "{:?}", second.elapsed());
    let options: rules::AnyOptions = serde_json::from_value(t["options"].clone()).unwrap();
    let mut game = rules::AnyGame::new(options);
    game.play(0, "12").unwrap();
    let want = ai::choose(&game, ai::Level::Beginner, ai::move_seed(&code, 1, 1)).mv.unwrap();
    assert_eq!(t["moves"], json!(["12", want]));
}

#[tokio::test]
async fn undo_against_a_person_is_asked_and_answered() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    a.play("0").await;
    b.catch_up(a.v).await;
    b.play("1").await;
    a.catch_up(b.v).await;
    assert_eq!(a.intent(json!({"t": "hint"})).await["code"], "not-vs-cpu");
    // Declined: Ana must wait before asking again.
    assert_eq!(a.intent(json!({"t": "undo"})).await["t"], "ack");
    assert_eq!(a.intent(json!({"t": "undo"})).await["code"], "undo-pending");
    b.wait_for(|t| t["undo"]["requestedBy"] == 0).await;
    assert_eq!(a.intent(json!({"t": "undoAnswer", "accept": true})).await["code"], "no-undo");
    assert_eq!(b.intent(json!({"t": "undoAnswer", "accept": false})).await["t"], "ack");
    a.catch_up(b.v).await;
    assert_eq!(a.table["plies"], 2);
    assert_eq!(a.intent(json!({"t": "undo"})).await["code"], "undo-wait");
    tokio::time::sleep(Duration::from_millis(350)).await;
    // Accepted: back to before Ana's last move (Ben's reply goes too).
    assert_eq!(a.intent(json!({"t": "undo"})).await["t"], "ack");
    b.catch_up(a.v).await;
    assert_eq!(b.intent(json!({"t": "undoAnswer", "accept": true})).await["t"], "ack");
    a.catch_up(b.v).await;
    assert_eq!(a.table["plies"], 0);
    assert_eq!(a.table["view"]["turn"], 0);
    assert_eq!(s.state.ctx.store.count_moves().await.unwrap(), 0);
}

#[tokio::test]
async fn rematch_swaps_sides_and_takes_the_hosts_new_rules() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "musashi"})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    assert_eq!(a.table["seats"][0]["side"], 0);
    // Only the host changes the rules; they apply to the next game.
    assert_eq!(b.intent(json!({"t": "settings", "options": {"board": "25"}})).await["code"], "not-host");
    assert_eq!(a.intent(json!({"t": "settings", "options": {"board": "25", "target": "6"}})).await["t"], "ack");
    assert_eq!(a.intent(json!({"t": "settings", "options": {"board": "26"}})).await["code"], "bad-field");
    assert_eq!(a.table["view"]["board"], "33", "the game in progress keeps its rules");
    assert_eq!(a.intent(json!({"t": "rematch"})).await["code"], "game-in-progress");
    assert_eq!(b.intent(json!({"t": "resign"})).await["t"], "ack");
    a.catch_up(b.v).await;
    assert_eq!(a.table["result"]["winner"], 0);
    assert_eq!(a.table["result"]["reason"], "resignation");
    assert_eq!(a.intent(json!({"t": "rematch"})).await["t"], "ack");
    assert_eq!(a.table["status"], "over");
    b.catch_up(a.v).await;
    assert_eq!(b.table["rematch"], json!([true, false]));
    assert_eq!(b.intent(json!({"t": "rematch"})).await["t"], "ack");
    let t = b.table.clone();
    assert_eq!(t["gameNo"], 2);
    assert_eq!(t["status"], "playing");
    assert_eq!(t["seats"][0]["side"], 1, "roles swapped: Ana plays the Children");
    assert_eq!(t["view"]["board"], "25");
    assert_eq!(t["view"]["target"], 6);
    // Without the swap option the sides stay.
    a.catch_up(b.v).await;
    a.intent(json!({"t": "settings", "options": {"swapRoles": false}})).await;
    a.intent(json!({"t": "resign"})).await;
    a.intent(json!({"t": "rematch"})).await;
    b.catch_up(a.v).await;
    b.intent(json!({"t": "rematch"})).await;
    assert_eq!(b.table["gameNo"], 3);
    assert_eq!(b.table["seats"][0]["side"], 1);
}

#[tokio::test]
async fn dots_rematch_swaps_the_first_mover() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    a.intent(json!({"t": "resign"})).await;
    assert_eq!(a.table["result"]["winner"], 1);
    a.intent(json!({"t": "rematch"})).await;
    assert_eq!(a.table["gameNo"], 2, "the CPU always accepts");
    assert_eq!(a.table["seats"][0]["side"], 1);
    // The CPU moves first now, then it is Ana's turn.
    let t = a.wait_for(|t| t["plies"] == 1).await;
    assert_eq!(t["view"]["turn"], 1);
}

#[tokio::test]
async fn a_game_against_the_cpu_to_the_end() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "musashi", "options": {"board": "25"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &ta).await;
    let mut n = 0;
    while a.table["status"] == "playing" {
        if a.table["view"]["turn"] == a.table["seats"][0]["side"] {
            let mv = a.table["view"]["legal"][0].as_str().unwrap_or_else(|| panic!("{}", a.table)).to_string();
            a.play(&mv).await;
            n += 1;
            assert!(n < 200);
        } else {
            let p = a.table["plies"].as_u64().unwrap();
            a.wait_for(|t| t["plies"].as_u64().unwrap() > p || t["status"] != "playing").await;
        }
    }
    assert!(a.table["result"]["reason"].is_string());
}

/// One hint at a time per table. A connection already waits for each answer before reading its
/// next intent, but the same player in several tabs could start one CPU search per tab; the
/// second gets `rate-limited` and may ask again once the answer came.
#[tokio::test]
async fn a_second_hint_while_one_is_worked_out_is_refused() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    // The Musashi expert searches until its time budget here (no tables in tests).
    let code = s.group(&ta, json!({"game": "musashi", "cpu": "expert"})).await;
    let mut tab1 = s.client(&code, &ta).await;
    let mut tab2 = s.client(&code, &ta).await;
    assert_eq!(tab1.table["seats"][0]["side"], tab1.table["view"]["turn"]);
    tab1.send(json!({"t": "hint", "id": 900})).await;
    // Give the first request time to reach the table before the second tab asks.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let second = tab2.intent(json!({"t": "hint"})).await;
    assert_eq!(second["code"], "rate-limited", "{second}");
    let first = loop {
        let m = tab1.recv().await;
        if m["id"] == 900 {
            break m;
        }
    };
    assert_eq!(first["t"], "hint", "{first}");
    assert_eq!(tab2.intent(json!({"t": "hint"})).await["t"], "hint");
}
