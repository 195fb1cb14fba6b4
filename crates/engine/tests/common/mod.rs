//! What the WebAssembly tests share: the checked-in module run under Node
//! (`wasm-host.mjs`), answering requests as the page's worker would.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// The module's answer to each of `reqs`, in order. Panics unless Node answers every one and
/// exits cleanly.
pub fn wasm_answers(reqs: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut node = Command::new("node")
        .arg(root.join("crates/engine/tests/wasm-host.mjs"))
        .arg(root.join("web/engine/qdan_engine.wasm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (scripts/test installs what the tests need)");
    let mut input = node.stdin.take().expect("piped");
    let lines: Vec<String> = reqs.iter().map(|r| r.to_string()).collect();
    // Written from a thread of its own, so that neither side blocks on a full pipe.
    let writer = std::thread::spawn(move || {
        for l in lines {
            writeln!(input, "{l}").expect("node reads its requests");
        }
    });
    let answers: Vec<serde_json::Value> = BufReader::new(node.stdout.take().expect("piped"))
        .lines()
        .map(|l| serde_json::from_str(&l.expect("node answers")).expect("JSON"))
        .collect();
    writer.join().expect("writer");
    assert!(node.wait().expect("node exits").success());
    assert_eq!(answers.len(), reqs.len(), "node answered every request");
    answers
}
