//! The analysis board's values are the same natively and in WebAssembly: the checked-in
//! module (`web/engine/qdan_engine.wasm`), run under Node, answers the same `analyse`
//! requests as this crate built natively, on a few dozen positions of each game from real
//! games. Small work budgets (`work`, per thousand of the device's budget) keep it quick; the
//! code path is the same at any budget. Also fails when the module is out of date with the
//! sources (`scripts/build-engine` rebuilds it).

mod common;

use rules::GameKind;

const PER_GAME: u64 = 30;

fn requests() -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let samples = (0..PER_GAME / 10).flat_map(|g| qdan_engine::sample::cuts(kind, g));
        for (i, moves) in (0..PER_GAME).zip(samples) {
            out.push(serde_json::json!({
                "op": "analyse",
                "options": {"game": kind.as_str()},
                "moves": moves,
                "work": 10 + i % 20,
            }));
        }
    }
    // A solved Dots board in full: every value exact.
    out.push(
        serde_json::json!({"op": "analyse", "options": {"game": "dots", "size": "3x3"}, "moves": ["0", "5", "17"]}),
    );
    out
}

/// Every number as an f64: Node writes the score 1.0 as `1`, which serde_json reads as an
/// integer, unequal to the float 1.0 of the native answer.
fn floats(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => serde_json::json!(n.as_f64().expect("a finite number")),
        Value::Array(a) => Value::Array(a.into_iter().map(floats).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, floats(v))).collect()),
        other => other,
    }
}

#[test]
fn native_and_webassembly_give_the_same_analysis() {
    let reqs = requests();
    let answers = common::wasm_answers(&reqs);
    let (mut compared, mut exact) = (0, 0);
    for (req, wasm) in reqs.iter().zip(answers) {
        // Through text, as the module's answer comes (an f32 read back as written, not widened).
        let native = serde_json::to_string(&qdan_engine::handle(&req.to_string())).expect("JSON");
        let (native, wasm) = (floats(serde_json::from_str(&native).expect("JSON")), floats(wasm));
        assert_eq!(native, wasm, "{req}");
        assert!(
            native["moves"].as_array().is_some_and(|m| !m.is_empty()),
            "an analysis of a game not over: {req} -> {native}"
        );
        exact += usize::from(native["value"]["exact"] == true);
        compared += 1;
    }
    // Estimates and exact values both: the comparison covers the solver's path and the playouts'.
    assert!(exact > 0 && exact < compared, "{exact} of {compared} exact");
}
