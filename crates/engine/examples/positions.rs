//! Prints engine requests for sample positions of every game, one JSON per line: positions
//! from games the intermediate level plays against itself (at a small work budget, so that
//! the sample is quick to make), cut at plies spread evenly over a game's length.
//! `scripts/engine-timing.mjs` times them in Chromium (issue 36's budgets); with `--native`
//! this prints each request's native move time instead. With `--analyse` the requests are the
//! analysis board's (`op: analyse`, the default rules of each game) for the same positions.
//!
//! `cargo run --release -p engine --example positions -- [--per-game N] [--level L] [--analyse] [--native]`

use std::time::Instant;

use rules::GameKind;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| args.iter().position(|a| a == name).map(|i| args[i + 1].clone());
    let per_game: u64 = value("--per-game").map_or(20, |v| v.parse().expect("--per-game N"));
    let level = value("--level").unwrap_or_else(|| "expert".into());
    let native = args.iter().any(|a| a == "--native");
    let analyse = args.iter().any(|a| a == "--analyse");
    for kind in GameKind::ALL {
        for i in 0..per_game {
            let moves = qdan_engine::sample::game(kind, i);
            let req = if analyse {
                serde_json::json!({"op": "analyse", "options": {"game": kind.as_str()}, "moves": moves})
            } else {
                serde_json::json!({
                    "op": "move", "kind": kind.as_str(), "moves": moves, "level": level, "seed": (i * 7919).to_string(),
                })
            };
            if native {
                let t = Instant::now();
                let answer = qdan_engine::handle(&req.to_string());
                println!("{}\t{}\t{:.1}\t{answer:?}", kind.as_str(), moves.len(), t.elapsed().as_secs_f64() * 1e3);
            } else {
                println!("{req}");
            }
        }
    }
}
