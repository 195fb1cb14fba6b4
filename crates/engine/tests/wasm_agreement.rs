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
