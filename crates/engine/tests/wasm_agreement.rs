//! The same position, level and seed give the same move natively and in WebAssembly (issue
//! 36): the checked-in module (`web/engine/qdan_engine.wasm`), run under Node, answers the
//! same requests as this crate built natively, over 1,000 positions of each game from real
//! games. Most run at a small work budget (the search's path is the same at any budget; a
//! full one would take minutes), every fiftieth at its level's full budget. No Musashi
//! tables on either side: the engine crate has none.
//!
//! Fails too when the module is out of date with the sources, as a move then differs
//! somewhere (`scripts/build-engine` rebuilds it; `scripts/build-engine --check` proves it
//! is what the sources build).

mod common;

use rules::GameKind;

/// Positions of each game: 1,000, or `QDAN_AGREEMENT_POSITIONS` (the quick tier of
/// `scripts/test` compares 200; the full suite, CI's, the 1,000).
fn per_game() -> u64 {
    std::env::var("QDAN_AGREEMENT_POSITIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000)
}
const LEVELS: [&str; 3] = ["beginner", "intermediate", "expert"];

fn requests() -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let n = per_game();
        let samples = (0..n.div_ceil(10)).flat_map(|g| qdan_engine::sample::cuts(kind, g));
        for (i, moves) in (0..n).zip(samples) {
            let mut req = serde_json::json!({
                "op": if i % 7 == 3 { "hint" } else { "move" },
                "kind": kind.as_str(),
                "moves": moves,
                "level": LEVELS[(i % 3) as usize],
                "seed": (i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).to_string(),
            });
            if i % 50 != 0 {
                req["work"] = (20 + i % 60).into();
            }
            out.push(req);
        }
    }
    out
}

#[test]
fn native_and_webassembly_play_the_same_moves() {
    let reqs = requests();
    for (req, wasm) in reqs.iter().zip(common::wasm_answers(&reqs)) {
        let native = serde_json::to_value(qdan_engine::handle(&req.to_string())).expect("JSON");
        assert_eq!(native, wasm, "{req}");
        assert!(native["move"].is_string(), "sample positions are not over: {req} -> {native}");
    }
}

/// The Dots expert's opening book (`ai::dots::book`) travels in the module: in every 5x4
/// position it holds (each as played, or as one of its mirror images), the expert's move and
/// the hint at the level's own budget are the book's move, natively and in WebAssembly alike.
#[test]
fn the_opening_book_answers_the_same_in_both() {
    let book = ai::dots::book::built_in().expect("the built-in book parses");
    let board = ai::dots::Board::new(5, 4).expect("5x4");
    let mut reqs = Vec::new();
    let mut want = Vec::new();
    for (i, (_, _, key, _)) in book.entries().filter(|e| (e.0, e.1) == (5, 4)).enumerate() {
        let drawn = if i % 4 == 0 { key } else { board.apply(i % 4 - 1, key) };
        let moves: Vec<String> = (0..board.edges).filter(|&e| drawn & 1 << e != 0).map(|e| e.to_string()).collect();
        let mut game = rules::AnyGame::new(rules::AnyOptions::default_for(GameKind::Dots));
        for m in &moves {
            let side = game.turn();
            game.play(side, m).expect("a book position's lines, none completing a box");
        }
        let expected = ai::book_move(&game, ai::Level::Expert).expect("a book position");
        for op in ["move", "hint"] {
            reqs.push(serde_json::json!({
                "op": op, "kind": "dots", "moves": moves, "level": "expert", "seed": (i * 7919).to_string(),
            }));
            want.push(expected.clone());
        }
    }
    assert!(reqs.len() >= 2 * 16, "the book holds the expert's first moves");
    for ((req, wasm), want) in reqs.iter().zip(common::wasm_answers(&reqs)).zip(want) {
        let native = serde_json::to_value(qdan_engine::handle(&req.to_string())).expect("JSON");
        assert_eq!(native["move"], want.as_str(), "{req}");
        assert_eq!(native, wasm, "{req}");
    }
}
