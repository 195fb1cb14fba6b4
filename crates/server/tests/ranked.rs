use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::common::{Client, TestServer, both_move, play_out};

async fn ranked_pair(s: &TestServer) -> (Client, Client) {
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code =
        s.group(&ta, json!({"game": "dots", "options": {"size": "4x3", "swapFirst": false}, "ranked": true})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    assert_eq!(a.table["ranked"], true);
    (a, b)
}

fn expect(a: Glicko2Rating, b: Glicko2Rating, o: Outcomes) -> (f64, f64) {
    let (x, y) = glicko2(&a, &b, &o, &Glicko2Config::new());
    (x.rating, y.rating)
}

fn ratings(t: &Value) -> (f64, f64) {
    let r = &t["result"]["ratings"];
    (r[0]["after"].as_f64().unwrap(), r[1]["after"].as_f64().unwrap())
}

/// A 4x3 line order that ends 6-6, found with the rules crate.
fn drawn_line_order() -> Vec<String> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    loop {
        let mut g = rules::dots::Game::new(rules::dots::Options { size: "4x3".parse().unwrap(), swap_first: false });
        let mut order = vec![];
        let mut moves = rules::dots::Edges::new();
        while g.outcome().is_none() {
            g.legal_moves(&mut moves);
            let e = moves[rng.gen_range(0..moves.len())];
            g.play(e).unwrap();
            order.push(e.to_string());
        }
        if g.outcome().unwrap().winner().is_none() {
            return order;
        }
    }
}

#[tokio::test]
async fn ranked_win_loss_and_draw_follow_glicko2() {
    let s = TestServer::start().await;
    let (mut a, mut b) = ranked_pair(&s).await;
    // Game 1: Ben resigns once both have moved. Both start at the default rating.
    both_move(&mut a, &mut b).await;
    b.intent(json!({"t": "resign"})).await;
    a.catch_up(b.v).await;
    let (ra, rb) = ratings(&a.table);
    let (ea, eb) = expect(Glicko2Rating::new(), Glicko2Rating::new(), Outcomes::WIN);
    assert_eq!((ra, rb), (ea.round(), eb.round()));
    assert!(ra > 1500.0 && rb < 1500.0);
    // Game 2: a draw counts half: equal ratings before would stay, unequal ones move closer.
    a.intent(json!({"t": "rematch"})).await;
    b.catch_up(a.v).await;
    b.intent(json!({"t": "rematch"})).await;
    a.catch_up(b.v).await;
    let order = drawn_line_order();
    let mut i = 0;
    play_out(&mut a, &mut b, |_| {
        i += 1;
        order[i - 1].clone()
    })
    .await;
    let t = a.table.clone();
    assert_eq!(t["result"]["winner"], Value::Null);
    let (da, db) = ratings(&t);
    assert!(da < ra && db > rb, "a draw moves the ratings towards each other: {da} {db}");
    // Game 3: Ana resigns: Ben's rating goes up.
    a.intent(json!({"t": "rematch"})).await;
    b.catch_up(a.v).await;
    b.intent(json!({"t": "rematch"})).await;
    a.catch_up(b.v).await;
    both_move(&mut a, &mut b).await;
    a.intent(json!({"t": "resign"})).await;
    let (la, lb) = ratings(&a.table);
    assert!(la < da && lb > db);
    // The leaderboard lists both, best first.
    let board: Value = s.http.get(s.url("/api/leaderboard/dots")).send().await.unwrap().json().await.unwrap();
    assert_eq!(board.as_array().unwrap().len(), 2);
    assert_eq!(board[0]["games"], 3);
    assert!(board[0]["rating"].as_f64().unwrap() >= board[1]["rating"].as_f64().unwrap());
}

#[tokio::test]
async fn cpu_games_are_never_ranked() {
    let s = TestServer::start().await;
    let (ta, _) = s.player("Ana").await;
    let r = s
        .http
        .post(s.url("/api/groups"))
        .bearer_auth(&ta)
        .json(&json!({"game": "dots", "ranked": true, "cpu": "beginner"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
}

/// A rating earned at one table shows at another of the player's tables from its next game
/// on (a seat's rating used to be read only when its player joined).
#[tokio::test]
async fn a_rating_earned_elsewhere_shows_from_the_next_game() {
    let s = TestServer::start().await;
    let (ta, ana) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let (tc, _) = s.player("Cat").await;
    let dots = json!({"size": "4x3", "swapFirst": false});
    let ranked = s.group(&ta, json!({"game": "dots", "options": dots, "ranked": true})).await;
    let casual = s.group(&ta, json!({"game": "dots", "options": dots})).await;
    let (mut a1, mut b) = (s.client(&ranked, &ta).await, s.client(&ranked, &tb).await);
    b.intent(json!({"t": "sit"})).await;
    a1.catch_up(b.v).await;
    let (mut a2, mut c) = (s.client(&casual, &ta).await, s.client(&casual, &tc).await);
    c.intent(json!({"t": "sit"})).await;
    a2.catch_up(c.v).await;
    let ana_seat = |t: &Value| {
        t["seats"].as_array().unwrap().iter().find(|seat| seat["playerId"] == ana.as_str()).unwrap()["rating"].clone()
    };
    assert_eq!(ana_seat(&a2.table), Value::Null, "no ranked game yet");
    both_move(&mut a1, &mut b).await;
    b.intent(json!({"t": "resign"})).await;
    a1.catch_up(b.v).await;
    let earned = ratings(&a1.table).0;
    // The casual table's game goes on as it began; its next game shows the new rating.
    c.intent(json!({"t": "resign"})).await;
    a2.catch_up(c.v).await;
    a2.intent(json!({"t": "rematch"})).await;
    c.catch_up(a2.v).await;
    c.intent(json!({"t": "rematch"})).await;
    a2.catch_up(c.v).await;
    assert_eq!(ana_seat(&a2.table).as_f64(), Some(earned));
}
