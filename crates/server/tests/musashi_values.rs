//! `POST /api/musashi/values` (issue 36, part 5): the Musashi values only the server's tables
//! know, and the device's review that takes them.
//!
//! The tables: the 25-point board's trap-only tables (target `none`), built here, slices of 0
//! to 6 Children (under a second; positions with more Children are not covered), then all of
//! them (0 to 16, a few seconds), so that every position of a game is covered. Installed
//! tables are the process's, so this is a test binary of its own: no other test sees them.

#[path = "common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::Duration;

use ai::clock::{Deadline, WorkClock};
use ai::review::Unpaced;
use ai::review::musashi::{NoTables, outlook, value};
use rules::AnyOptions;
use rules::musashi::{BoardKind, Game, Moves, Options, Role, Target};
use serde_json::{Value, json};

use common::{TestServer, assert_schema, fast_config};

/// The 25-point trap-only rules the tables are built for, with the site's move limit.
fn trap_only() -> Options {
    Options { board: BoardKind::Square25, target: Target::NONE, ..Options::default() }
}

fn options_json(o: Options) -> Value {
    serde_json::to_value(AnyOptions::Musashi(o)).unwrap()
}

/// A whole game: the Parent takes a Child whenever it can, otherwise it and the Children
/// move at random (a fixed stream), so the Children thin out to the slices the small tables
/// cover before the end.
fn a_game(o: Options, seed: u64) -> Vec<String> {
    let mut game = Game::new(o);
    let mut rng = seed;
    let mut next = move |n: usize| {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (rng >> 33) as usize % n
    };
    let mut moves = Vec::new();
    let mut legal = Moves::new();
    while game.outcome().is_none() {
        game.legal_moves(&mut legal);
        let children = game.position().children.count();
        let takes: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| {
                let mut g = game.clone();
                g.play_unchecked(m);
                g.position().children.count() < children
            })
            .collect();
        let m = if game.position().turn == Role::Parent && !takes.is_empty() {
            takes[next(takes.len())]
        } else {
            legal[next(legal.len())]
        };
        game.play(m).unwrap();
        moves.push(m.to_string());
    }
    moves
}

async fn post(s: &TestServer, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new().post(s.url("/api/musashi/values")).json(&body).send().await.unwrap();
    let status = r.status().as_u16();
    let answer = r.json().await.unwrap_or(Value::Null);
    // What the schema says of both, for every request the tests make that is answered.
    if status == 200 {
        assert_schema("KnownRequest", &body);
        assert_schema("KnownValues", &answer);
    }
    (status, answer)
}

/// The endpoint's values, checked against `ai::review::musashi::value` with `tables`: equal
/// wherever given, and given exactly where the tables cover the position (or the game is
/// over, or its only move leads there). Returns the answer's values and how many were given.
async fn values_checked(s: &TestServer, o: Options, moves: &[String], tables: &ai::musashi::Tables) -> (Value, usize) {
    let (status, answer) = post(s, json!({"options": options_json(o), "moves": moves})).await;
    assert_eq!(status, 200, "{answer}");
    let values = answer["values"].as_array().unwrap().clone();
    assert_eq!(values.len(), moves.len() + 1);
    let mut game = Game::new(o);
    let mut given = 0;
    for (i, got) in values.iter().enumerate() {
        if i > 0 {
            game.play(moves[i - 1].parse().unwrap()).unwrap();
        }
        let covered = tables.value(game.position()).is_some() || game.outcome().is_some();
        // No search here: a deadline already passed proves nothing, so only what the tables
        // (or the end of the game, or a forced move) say is exact.
        let v = value(&game, Some(tables), &Deadline::after(Arc::new(WorkClock::new()), Duration::ZERO));
        let exact = !matches!(v.value, ai::review::Value::MusashiEstimate { .. });
        if covered {
            assert!(exact, "ply {i}: covered but {v:?}");
        }
        if got.is_null() {
            assert!(!covered, "ply {i}: the tables cover it, the endpoint said null");
            continue;
        }
        given += 1;
        assert!(exact, "ply {i}: the endpoint gave {got} where only a search tells ({v:?})");
        let want = json!({
            "value": qdan_engine::analysis::view(v.value, outlook(v.value)),
            "best": v.best.map(|m| m.to_string()),
        });
        assert_eq!(got, &want, "ply {i}");
    }
    (Value::Array(values), given)
}

/// The device's review (the engine without tables) given `known`, and the server's own review
/// (`review_on`, the function its review thread runs, with the installed tables).
fn device_and_server(o: Options, moves: &[String], known: &Value) -> (Value, Value) {
    let known: Vec<Option<wire::review::KnownValue>> = serde_json::from_value(known.clone()).unwrap();
    let budget = qdan_engine::review::device_budget(rules::GameKind::Musashi);
    let clock = ai::clock::CappedWork::new(Arc::new(ai::clock::ThreadCpuClock), Duration::from_secs(20));
    let device = qdan_engine::review::review_known_with(
        AnyOptions::Musashi(o),
        moves,
        &known,
        &mut NoTables,
        &budget,
        &mut ai::review::Timed::new(clock),
    )
    .unwrap();
    let server = server::review::review_on(AnyOptions::Musashi(o), moves, &mut Unpaced).unwrap();
    let without_time = |v: wire::review::ReviewView| {
        let mut v = serde_json::to_value(v).unwrap();
        v.as_object_mut().unwrap().remove("busyMs");
        v
    };
    (without_time(device), without_time(server))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_values_are_the_tables_and_the_device_reviews_with_them_as_the_server_does() {
    let s = TestServer::start().await;
    let o = trap_only();
    let moves = a_game(o, 7);

    // No tables installed: nothing is known but the finished game's result.
    let (status, answer) = post(&s, json!({"options": options_json(o), "moves": moves})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["values"].as_array().unwrap()[..moves.len()].iter().all(Value::is_null), "{answer}");
    assert_eq!(answer["values"][moves.len()]["value"]["exact"], true, "{answer}");
    assert_eq!(answer["values"].as_array().unwrap().len(), moves.len() + 1);

    // The small tables: the positions of up to 6 Children are known, the others null.
    let small =
        ai::musashi::install_tables(ai::musashi::Tables::build(BoardKind::Square25, Target::NONE, 6, |_| {}).unwrap());
    let (known, given) = values_checked(&s, o, &moves, &small).await;
    assert!(
        given > 0 && given < moves.len() + 1,
        "known and unknown positions both checked: {given} of {}",
        moves.len() + 1
    );
    // Where the tables tell, the device's review is the server's.
    let (device, server) = device_and_server(o, &moves, &known);
    for (i, k) in known.as_array().unwrap().iter().enumerate() {
        if !k.is_null() {
            assert_eq!(device["plies"][i], server["plies"][i], "ply {i}");
        }
    }
    // Other rules on the same board have no tables here: null.
    let ten = Options { target: Target::TEN, ..o };
    let (_, answer) = post(&s, json!({"options": options_json(ten), "moves": moves[..4]})).await;
    assert_eq!(answer["values"], json!([null, null, null, null, null]));

    // All the tables: every position is known, and the device's whole review, turning points
    // and best moves included, is the server's.
    let all =
        ai::musashi::install_tables(ai::musashi::Tables::build(BoardKind::Square25, Target::NONE, 16, |_| {}).unwrap());
    let (known, given) = values_checked(&s, o, &moves, &all).await;
    assert_eq!(given, moves.len() + 1);
    let (device, server) = device_and_server(o, &moves, &known);
    assert_eq!(device, server);
    assert!(!device["turning"].as_array().unwrap().is_empty(), "turning points compared: {device}");
    // Without them the device's review differs: the known values are what made it equal.
    let (alone, _) = device_and_server(o, &moves, &Value::Array(vec![Value::Null; moves.len() + 1]));
    assert_ne!(alone, server);

    // Answers come from the cache the second time, the same.
    let (_, again) = post(&s, json!({"options": options_json(o), "moves": moves})).await;
    assert_eq!(again["values"], known);
}

#[tokio::test]
async fn bad_requests_get_a_clear_400() {
    let s = TestServer::start().await;
    let o = trap_only();
    let too_long: Vec<String> = std::iter::repeat_n("a1-a2".to_string(), 1001).collect();
    for (body, code, says) in [
        (json!({"options": {"game": "dots"}, "moves": []}), "bad-field", "only Juroku Musashi"),
        (json!({"options": {"game": "chess"}, "moves": []}), "bad-field", "options"),
        (json!({"options": options_json(o), "moves": ["zz"]}), "bad-move", "move 1"),
        (json!({"options": options_json(o), "moves": ["c3-d4 "]}), "bad-move", "move 1"),
        (json!({"options": options_json(o), "moves": too_long}), "bad-field", "at most 1000 moves"),
        (json!({"options": options_json(o)}), "bad-field", "moves"),
        (json!({"options": options_json(o), "moves": [], "seed": 1}), "bad-field", "seed"),
    ] {
        let (status, answer) = post(&s, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["code"], code, "{body}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains(says), "{body}: {answer}");
    }
    // A legal move that is illegal in its place, numbered.
    let game = a_game(o, 3);
    let mut wrong = game[..5].to_vec();
    wrong.push(game[4].clone());
    let (status, answer) = post(&s, json!({"options": options_json(o), "moves": wrong})).await;
    assert_eq!((status, &answer["code"]), (400, &json!("bad-move")), "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("move 6"), "{answer}");
}

#[tokio::test]
async fn each_address_asks_a_few_times_a_minute() {
    let s = TestServer::start_with(server::Config { musashi_values_per_ip_minute: 2, ..fast_config() }, None).await;
    let body = json!({"options": options_json(trap_only()), "moves": []});
    assert_eq!(post(&s, body.clone()).await.0, 200);
    assert_eq!(post(&s, body.clone()).await.0, 200);
    let (status, answer) = post(&s, body).await;
    assert_eq!((status, &answer["code"]), (429, &json!("rate-limited")), "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("at most 2 a minute"), "{answer}");
}

/// A finished game's result needs no tables: the last position of a 33-point game (no tables
/// for that board here) has its value, every other position of it none.
#[tokio::test]
async fn a_finished_game_has_its_result_without_tables() {
    let s = TestServer::start_with(fast_config(), None).await;
    let o = Options::default();
    let moves = a_game(o, 5);
    let (status, answer) = post(&s, json!({"options": options_json(o), "moves": moves})).await;
    assert_eq!(status, 200, "{answer}");
    let values = answer["values"].as_array().unwrap();
    assert_eq!(values.len(), moves.len() + 1);
    let last = &values[moves.len()];
    assert_eq!(last["value"]["exact"], true, "{last}");
    assert_eq!(last["best"], Value::Null, "{last}");
    assert!(values[..moves.len() - 1].iter().all(Value::is_null), "{answer}");
}
