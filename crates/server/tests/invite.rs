//! Issue 16: invite codes as people type them, invite links to no group, default names in the
//! player's language and the leaderboard's tags.

use serde_json::{Value, json};
use server::store::GroupRow;

use crate::common::{Client, TestServer, both_move, first_legal, play_out};

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// A code typed in lower case, with hyphens, or with I, L and O for 1 and 0 reaches its group
/// on every route: the page redirects to the code as stored, the API and the socket answer.
#[tokio::test]
async fn typed_codes_reach_their_group_on_every_route() {
    let s = TestServer::start().await;
    let (token, _) = s.player("Ana").await;
    let code = s.group(&token, json!({"game": "musashi"})).await;
    assert!(code.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()), "{code}");
    let spelled = |c: &str| {
        let mut typed = String::new();
        for (i, ch) in c.chars().enumerate() {
            if i == 4 || i == 8 {
                typed.push('-');
            }
            typed.push(match ch {
                '1' => 'l',
                '0' => 'O',
                ch => ch.to_ascii_lowercase(),
            });
        }
        typed
    };
    let typed = spelled(&code);
    let http = no_redirects();
    let r = http.get(s.url(&format!("/ru/g/{typed}"))).send().await.unwrap();
    assert!(r.status().is_redirection(), "{}", r.status());
    assert_eq!(r.headers()["location"], format!("/ru/g/{code}"));
    let r = http.get(s.url(&format!("/ru/g/{code}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let r = http.get(s.url(&format!("/api/groups/{typed}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let table: Value = r.json().await.unwrap();
    assert_eq!(table["code"], code.as_str());
    // The socket: the table it joins is the group's.
    let c = Client::connect(s.addr, &typed, &token, None).await;
    assert_eq!(c.table["code"], code.as_str());
}

/// A finished game's page and record, with the code typed as people type it: the page
/// redirects to the stored code, the API answers for it; a game that is not there is a 404.
#[tokio::test]
async fn typed_codes_reach_a_finished_game() {
    let s = TestServer::start().await;
    let (token, _) = s.player("Ana").await;
    let code = s.group(&token, json!({"game": "dots", "options": {"size": "3x3"}, "cpu": "beginner"})).await;
    let mut a = s.client(&code, &token).await;
    a.wait_for(|t| t["status"] == "playing").await;
    assert_eq!(a.intent(json!({"t": "resign"})).await["t"], "ack");
    let typed = format!("{}-{}-{}", &code[..4], &code[4..8], &code[8..]).to_lowercase();
    let http = no_redirects();
    let r = http.get(s.url(&format!("/hi/g/{typed}/1"))).send().await.unwrap();
    assert!(r.status().is_redirection(), "{}", r.status());
    assert_eq!(r.headers()["location"], format!("/hi/g/{code}/1"));
    assert_eq!(http.get(s.url(&format!("/hi/g/{code}/1"))).send().await.unwrap().status(), 200);
    // Game 2 was never played: the stored code's page says so.
    assert_eq!(http.get(s.url(&format!("/hi/g/{code}/2"))).send().await.unwrap().status(), 404);
    let r = http.get(s.url(&format!("/api/games/{typed}/1?review=device"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], code.as_str());
    let r = http.get(s.url(&format!("/api/games/{typed}/1/record"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(http.get(s.url(&format!("/api/games/{typed}/2"))).send().await.unwrap().status(), 404);
}

/// An invite link to no group is a 404 page in the link's language that offers the games; the
/// API answers 404 as before.
#[tokio::test]
async fn links_to_no_group_answer_a_localised_404() {
    let s = TestServer::start().await;
    let http = no_redirects();
    for (lang, words) in [("en", "There is no game at this link"), ("tl", "Walang laro sa link na ito")] {
        let r = http.get(s.url(&format!("/{lang}/g/ZZZZZZZZZZZZ"))).send().await.unwrap();
        assert_eq!(r.status(), 404);
        let body = r.text().await.unwrap();
        assert!(body.contains(words), "{lang}");
        assert!(body.contains(&format!("href=\"/{lang}/games/dots\"")));
    }
    // Malformed codes too, in the page's language.
    let r = http.get(s.url("/de/g/no-such-code")).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.text().await.unwrap().contains("<html lang=\"de\">"));
    assert_eq!(http.get(s.url("/api/groups/zzzzzzzzzzzz")).send().await.unwrap().status(), 404);
}

/// Codes made before the change (with a lower-case `a`) still work as stored, and in capitals.
#[tokio::test]
async fn old_codes_keep_working() {
    let s = TestServer::start().await;
    let (token, host) = s.player("Ana").await;
    let old = "K3J9QW2MaXAB";
    s.state
        .ctx
        .store
        .create_group(&GroupRow {
            code: old.into(),
            game: rules::GameKind::Dots,
            host_id: host,
            options: wire::group_options(rules::GameKind::Dots, Some(&json!({"size": "3x3", "swapFirst": true})))
                .unwrap(),
            turn_limit: None,
            ranked: false,
            cpu: None,
            // Now: a group left unplayed long enough is swept away (issue 19).
            created_at: server::now_ms(),
        })
        .await
        .unwrap();
    s.state
        .ctx
        .store
        .add_seat(
            old,
            0,
            &s.state.ctx.store.player_by_token_hash(&server::ids::hash_token(&token)).await.unwrap().unwrap().id,
            None,
        )
        .await
        .unwrap();
    let http = no_redirects();
    assert_eq!(http.get(s.url(&format!("/en/g/{old}"))).send().await.unwrap().status(), 200);
    let r = http.get(s.url("/en/g/K3J9QW2MAXAB")).send().await.unwrap();
    assert!(r.status().is_redirection());
    assert_eq!(r.headers()["location"], format!("/en/g/{old}"));
    assert_eq!(http.get(s.url(&format!("/api/groups/{old}"))).send().await.unwrap().status(), 200);
    let mut a = Client::connect(s.addr, old, &token, None).await;
    assert_eq!(a.table["code"], old);
    // A finished game of the old group: its replay page, as stored and as typed.
    let (tb, _) = s.player("Ben").await;
    let mut b = s.client(old, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.catch_up(b.v).await;
    play_out(&mut a, &mut b, first_legal).await;
    assert_eq!(http.get(s.url(&format!("/en/g/{old}/1"))).send().await.unwrap().status(), 200);
    let r = http.get(s.url("/en/g/K3J9QW2MAXAB/1")).send().await.unwrap();
    assert!(r.status().is_redirection(), "{}", r.status());
    assert_eq!(r.headers()["location"], format!("/en/g/{old}/1"));
}

/// A player who gives no name gets a default one: a mark and a number that each page shows in
/// its viewer's language (`wire::names`); a typed name never looks like one.
#[tokio::test]
async fn default_names_are_shown_in_each_viewers_language() {
    let s = TestServer::start().await;
    let create = |body: Value, accept: &'static str| {
        let req = s.http.post(s.url("/api/players")).header("accept-language", accept).json(&body);
        async move { req.send().await.unwrap().json::<Value>().await.unwrap()["name"].as_str().unwrap().to_string() }
    };
    for (body, accept) in [(json!({"lang": "ru"}), "en"), (json!({}), "de-DE,de;q=0.9"), (json!({"lang": "xx"}), "hi")]
    {
        let name = create(body, accept).await;
        assert!(wire::names::default_name_number(&name).is_some_and(|n| n.len() == 4), "{name:?}");
    }
    assert_eq!(create(json!({"name": "Ana", "lang": "tl"}), "tl").await, "Ana");
    let fake = s.http.post(s.url("/api/players")).json(&json!({"name": "\u{E000}1234"})).send().await.unwrap();
    assert_eq!(fake.status(), 400, "a typed name never looks like a default one");
}

/// Every leaderboard row carries its player's tag, the same in every answer.
#[tokio::test]
async fn leaderboard_rows_carry_tags() {
    let s = TestServer::start().await;
    let (ta, pa) = s.player("Ana").await;
    let (tb, _) = s.player("Ana").await;
    let code = s.group(&ta, json!({"game": "dots", "ranked": true, "options": {"size": "3x3"}})).await;
    let mut a = s.client(&code, &ta).await;
    let mut b = s.client(&code, &tb).await;
    b.intent(json!({"t": "sit"})).await;
    a.wait_for(|t| t["status"] == "playing").await;
    // Rated once both have moved.
    both_move(&mut a, &mut b).await;
    a.intent(json!({"t": "resign"})).await;
    a.wait_for(|t| t["status"] == "over").await;
    let rows: Value = s.http.get(s.url("/api/leaderboard/dots")).send().await.unwrap().json().await.unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r["name"] == "Ana"));
    let tags: Vec<&str> = rows.iter().map(|r| r["tag"].as_str().unwrap()).collect();
    assert_ne!(tags[0], tags[1], "two Anas, two tags");
    let ana = rows.iter().find(|r| r["playerId"] == pa.as_str()).unwrap();
    assert_eq!(ana["tag"], server::ids::player_tag(&pa));
}
