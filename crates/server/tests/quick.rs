//! Quick messages (issue 35, parts 5 and 7): a seated player of a table between two people
//! says a preset phrase, by its id; every socket of the table hears it as a `quick` message
//! with no version; spectators, watchers and a table against the CPU cannot send; a bad phrase
//! or an extra field is `bad-field`; beyond three at once and one a second it is
//! `rate-limited`, and nothing is broadcast. Nothing is stored (no store is involved, so
//! SQLite alone covers it).

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Client, TestServer};

/// Two players at a 3x3 Dots table, a game started, both sockets current; the code and Ana's
/// token with them.
async fn two_players(s: &TestServer) -> (String, String, Client, Client) {
    let (ta, _) = s.player("Ana").await;
    let (tb, _) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    assert_eq!(b.intent(json!({"t": "sit"})).await["t"], "ack");
    a.wait_for(|t| t["status"] == "playing" && t["seats"][1]["connected"] == true).await;
    a.catch_up(b.v).await;
    b.catch_up(a.v).await;
    (code, ta, a, b)
}

/// The messages `c` gets up to the answer to a ping: what the server had queued for it.
async fn until_pong(c: &mut Client) -> Vec<Value> {
    c.send(json!({"t": "ping"})).await;
    let mut got = vec![];
    loop {
        let m = c.recv().await;
        if m["t"] == "pong" {
            return got;
        }
        got.push(m);
    }
}

/// The quick messages among those (events are left out).
async fn heard(c: &mut Client) -> Vec<Value> {
    until_pong(c).await.into_iter().filter(|m| m["t"] == "quick").collect()
}

fn quick(seat: u64, phrase: &str) -> Value {
    json!({"t": "quick", "seat": seat, "phrase": phrase})
}

#[tokio::test]
async fn a_phrase_reaches_every_socket_of_the_table_without_a_version() {
    let s = TestServer::start().await;
    let (code, _, mut a, mut b) = two_players(&s).await;
    let mut watcher = Client::watch(s.addr, &code).await;
    // (`heard` reads past events without applying them: each client is current first.)
    a.wait_for(|t| t["spectators"] == 1).await;
    b.wait_for(|t| t["spectators"] == 1).await;
    let v = b.v;
    let ack = b.intent(json!({"t": "quick", "phrase": "good-luck"})).await;
    assert_eq!(ack["t"], "ack", "{ack}");
    // No version is taken: it is not an event.
    assert_eq!(ack["v"], v);
    assert_eq!(heard(&mut a).await, vec![quick(1, "good-luck")]);
    // Spectators hear it too (watcher's own arrival came as a spectators event first).
    assert_eq!(heard(&mut watcher).await, vec![quick(1, "good-luck")]);
    // The sender's own socket gets it as well (before its ack, like an event).
    assert_eq!(a.intent(json!({"t": "quick", "phrase": "thanks"})).await["t"], "ack");
    assert_eq!(heard(&mut b).await, vec![quick(0, "thanks")]);
    // A socket that resumes from an older version gets the events, not the phrases.
    let (tc, _) = s.player("Cy").await;
    let mut c = Client::connect(s.addr, &code, &tc, Some(v - 1)).await;
    let again = until_pong(&mut c).await;
    assert!(again.iter().all(|m| m["t"] == "event"), "{again:?}");
}

#[tokio::test]
async fn only_a_seated_player_facing_a_person_may_send_one_of_the_phrases() {
    let s = TestServer::start().await;
    // Alone at the table: nobody to say it to.
    let (ta, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let mut alone = s.client(&code, &ta).await;
    assert_eq!(alone.intent(json!({"t": "quick", "phrase": "hello"})).await["code"], "no-opponent");
    alone.close().await;

    let (code, _, mut a, mut b) = two_players(&s).await;
    // A spectator with a player of their own, and a watcher without one.
    let (tz, _) = s.player("Zed").await;
    let mut z = s.client(&code, &tz).await;
    assert_eq!(z.intent(json!({"t": "quick", "phrase": "hello"})).await["code"], "not-seated");
    let mut w = Client::watch(s.addr, &code).await;
    assert_eq!(w.intent(json!({"t": "quick", "phrase": "hello"})).await["code"], "bad-token");
    // Phrases only: no text of the sender's own, no phrase that is not in the list, no more fields.
    for bad in [
        json!({"t": "quick", "phrase": "you are bad"}),
        json!({"t": "quick", "phrase": "Hello"}),
        json!({"t": "quick"}),
        json!({"t": "quick", "phrase": "hello", "text": "hi"}),
        json!({"t": "quick", "phrase": 1}),
    ] {
        assert_eq!(a.intent(bad.clone()).await["code"], "bad-field", "{bad}");
    }
    // None of it was heard.
    assert_eq!(heard(&mut b).await, Vec::<Value>::new());

    // Against the CPU: nobody to say it to.
    let (tc, _) = s.player("Cat").await;
    let cpu = s.group(&tc, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut c = s.client(&cpu, &tc).await;
    assert_eq!(c.intent(json!({"t": "quick", "phrase": "good-game"})).await["code"], "no-opponent");
}

#[tokio::test]
async fn a_burst_of_three_then_one_a_second_beyond_that_rate_limited_and_nothing_heard() {
    let s = TestServer::start().await;
    let (code, ta, mut a, mut b) = two_players(&s).await;
    let phrases = ["hello", "good-luck", "oops"];
    for p in phrases {
        assert_eq!(a.intent(json!({"t": "quick", "phrase": p})).await["t"], "ack", "{p}");
    }
    let refused = a.intent(json!({"t": "quick", "phrase": "sorry"})).await;
    assert_eq!(refused["t"], "error");
    assert_eq!(refused["code"], "rate-limited", "{refused}");
    // The limit is the player's, not the socket's: a second socket of Ana's is refused too.
    let mut a2 = s.client(&code, &ta).await;
    assert_eq!(a2.intent(json!({"t": "quick", "phrase": "sorry"})).await["code"], "rate-limited");
    assert_eq!(heard(&mut b).await, phrases.map(|p| quick(0, p)).to_vec());
    // The other player has a bucket of their own (their own socket hears it before the ack).
    assert_eq!(b.intent(json!({"t": "quick", "phrase": "well-played"})).await["t"], "ack");
    assert_eq!(heard(&mut a).await, vec![quick(1, "well-played")]);
    // A second later, one more.
    tokio::time::sleep(Duration::from_millis(1050)).await;
    assert_eq!(a.intent(json!({"t": "quick", "phrase": "must-go"})).await["t"], "ack");
    assert_eq!(a.intent(json!({"t": "quick", "phrase": "must-go"})).await["code"], "rate-limited");
    assert_eq!(heard(&mut b).await, vec![quick(0, "must-go")]);
}
