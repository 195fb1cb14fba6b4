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

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut node = Command::new("node")
        .arg(root.join("crates/engine/tests/wasm-host.mjs"))
        .arg(root.join("web/engine/qdan_engine.wasm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (scripts/test installs what the tests need)");
    let reqs = requests();
    let mut input = node.stdin.take().expect("piped");
    let lines: Vec<String> = reqs.iter().map(|r| r.to_string()).collect();
    let writer = std::thread::spawn(move || {
        for l in lines {
            writeln!(input, "{l}").expect("node reads its requests");
        }
    });
    let answers = BufReader::new(node.stdout.take().expect("piped")).lines();
    let mut compared = 0;
    for (req, wasm) in reqs.iter().zip(answers) {
        let wasm: serde_json::Value = serde_json::from_str(&wasm.expect("node answers")).expect("JSON");
        let native = serde_json::to_value(qdan_engine::handle(&req.to_string())).expect("JSON");
        assert_eq!(native, wasm, "{req}");
        assert!(native["move"].is_string(), "sample positions are not over: {req} -> {native}");
        compared += 1;
    }
    writer.join().expect("writer");
    assert!(node.wait().expect("node exits").success());
    assert_eq!(compared, reqs.len(), "node answered every request");
}
