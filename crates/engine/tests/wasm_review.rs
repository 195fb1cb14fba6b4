//! Reviews are the same natively and in WebAssembly: the checked-in module
//! (`web/engine/qdan_engine.wasm`), run under Node, answers the same `review` requests as this
//! crate built natively, for whole games of each game (the intermediate against itself, seeded:
//! `qdan_engine::sample::game_to_end`). Small work budgets (`work`, per thousand of the
//! device's review budget) keep it quick, and some games get the whole budget; the code path
//! is the same at any budget. Also fails when the module is out of date with the sources
//! (`scripts/build-engine` rebuilds it).

mod common;

use rules::GameKind;

/// Whole games reviewed per game kind.
const PER_GAME: u64 = 24;

fn requests() -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        for i in 0..PER_GAME {
            let moves = qdan_engine::sample::game_to_end(kind, i);
            // Every sixth game on the full budget: most positions of a Dots game exact.
            let work = if i % 6 == 0 { 1_000 } else { 20 + i * 7 };
            out.push(serde_json::json!({
                "op": "review",
                "options": {"game": kind.as_str()},
                "moves": moves,
                "work": work,
            }));
        }
    }
    // A solved 3x3 Dots game: every value exact.
    let moves: Vec<String> =
        ["0", "5", "17", "2", "9", "12", "20", "1", "14", "22"].iter().map(|m| m.to_string()).collect();
    out.push(serde_json::json!({"op": "review", "options": {"game": "dots", "size": "3x3"}, "moves": moves}));
    out
}

/// Every number as an f64 (Node writes the score 1.0 as `1`, which serde_json reads as an
/// integer), and without `busyMs`: the time the review took, which differs between runs.
fn comparable(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => serde_json::json!(n.as_f64().expect("a finite number")),
        Value::Array(a) => Value::Array(a.into_iter().map(comparable).collect()),
        Value::Object(o) => {
            Value::Object(o.into_iter().filter(|(k, _)| k != "busyMs").map(|(k, v)| (k, comparable(v))).collect())
        }
        other => other,
    }
}

#[test]
fn native_and_webassembly_give_the_same_review() {
    let reqs = requests();
    let answers = common::wasm_answers(&reqs);
    let (mut plies, mut exact, mut turning) = (0, 0, 0);
    for (req, wasm) in reqs.iter().zip(answers) {
        // Through text, as the module's answer comes (an f32 read back as written, not widened).
        let native = serde_json::to_string(&qdan_engine::handle(&req.to_string())).expect("JSON");
        let (native, wasm) = (comparable(serde_json::from_str(&native).expect("JSON")), comparable(wasm));
        assert_eq!(native, wasm, "{req}");
        let p = native["plies"].as_array().unwrap_or_else(|| panic!("a review: {req} -> {native}"));
        assert_eq!(p.len(), req["moves"].as_array().map_or(0, Vec::len) + 1, "{req}");
        plies += p.len();
        exact += p.iter().filter(|p| p["exact"] == true).count();
        turning += native["turning"].as_array().map_or(0, Vec::len);
    }
    // Estimates and exact values both, and turning points: the comparison covers the solver's
    // path, the searches' and the playouts'.
    assert!(exact > 0 && exact < plies, "{exact} of {plies} exact");
    assert!(turning > 0, "no turning point in {} reviews", reqs.len());
}

/// `known` for every position of the Musashi game of `moves`: what a short search proves
/// (standing in for the server's tables, which this process has not), `null` elsewhere; every
/// third known entry spoiled with a best move that is not legal there (the move just played,
/// whose starting point is empty now), which the review must not take. Returns the spoiled plies.
fn known_for(moves: &[String]) -> (Vec<serde_json::Value>, Vec<usize>) {
    use ai::review::musashi::{outlook, replay, value};
    let games = replay(rules::musashi::Options::default(), moves).expect("a legal game");
    let mut spoiled = Vec::new();
    let known = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let clock = std::sync::Arc::new(ai::clock::WorkClock::new());
            let v = value(g, None, &ai::clock::Deadline::after(clock, std::time::Duration::from_nanos(400)));
            if matches!(v.value, ai::review::Value::MusashiEstimate { .. }) {
                return serde_json::Value::Null;
            }
            let mut best = v.best.map(|m| m.to_string());
            if i % 3 == 0 && i > 0 && best.is_some() {
                spoiled.push(i);
                best = Some(moves[i - 1].clone());
            }
            serde_json::json!({"value": qdan_engine::analysis::view(v.value, outlook(v.value)), "best": best})
        })
        .collect();
    (known, spoiled)
}

/// The review op's `known` (the server's Musashi table values, `POST /api/musashi/values`):
/// taken the same natively and in WebAssembly, used where it fits (each fitting value is the
/// answer's at its ply) and not where it cannot be right.
#[test]
fn known_values_are_taken_the_same_natively_and_in_webassembly() {
    let mut reqs = Vec::new();
    let mut knowns = Vec::new();
    for i in 0..6 {
        let moves = qdan_engine::sample::game_to_end(GameKind::Musashi, i);
        let (known, spoiled) = known_for(&moves);
        assert!(!spoiled.is_empty());
        // A tiny budget: without `known` most positions are estimates.
        reqs.push(serde_json::json!({"op": "review", "options": {"game": "musashi"}, "moves": moves, "work": 5, "known": known}));
        knowns.push((known, spoiled));
    }
    let answers = common::wasm_answers(&reqs);
    let (mut taken, mut differs) = (0, 0);
    for ((req, wasm), (known, spoiled)) in reqs.iter().zip(answers).zip(&knowns) {
        let native = serde_json::to_string(&qdan_engine::handle(&req.to_string())).expect("JSON");
        let (native, wasm) = (comparable(serde_json::from_str(&native).expect("JSON")), comparable(wasm));
        assert_eq!(native, wasm, "{req}");
        let mut alone = req.clone();
        alone.as_object_mut().unwrap().remove("known");
        // Through text, as `native`: an f32 score turned straight into a JSON value keeps digits
        // its text form does not (0.6127628087997437 against 0.6127628).
        let alone = serde_json::to_string(&qdan_engine::handle(&alone.to_string())).expect("JSON");
        let alone = comparable(serde_json::from_str(&alone).expect("JSON"));
        for (i, k) in known.iter().enumerate() {
            if k.is_null() {
                continue;
            }
            if spoiled.contains(&i) {
                // Not taken: searched as without `known`.
                assert_eq!(native["plies"][i], alone["plies"][i], "spoiled ply {i} of {req}");
            } else {
                assert_eq!(native["plies"][i], comparable(k["value"].clone()), "ply {i} of {req}");
                taken += 1;
            }
            differs += usize::from(native["plies"][i] != alone["plies"][i]);
        }
    }
    assert!(taken > 0, "no known value taken");
    assert!(differs > 0, "known values changed nothing: the test shows nothing");
}
