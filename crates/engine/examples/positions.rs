//! Prints engine requests for sample positions of every game, one JSON per line: positions
//! from games the intermediate level plays against itself (at a small work budget, so that
//! the sample is quick to make), cut at plies spread evenly over a game's length.
//! `scripts/engine-timing.mjs` times them in Chromium (issue 36's budgets); with `--native`
//! this prints each request's native move time instead. With `--analyse` the requests are the
//! analysis board's (`op: analyse`, the default rules of each game) for the same positions;
//! with `--review` they are reviews (`op: review`) of whole games, one per sample.
//!
//! `cargo run --release -p engine --example positions -- [--per-game N] [--level L] [--analyse|--review] [--native]`

use std::time::Instant;

use rules::GameKind;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| args.iter().position(|a| a == name).map(|i| args[i + 1].clone());
    let per_game: u64 = value("--per-game").map_or(20, |v| v.parse().expect("--per-game N"));
    let level = value("--level").unwrap_or_else(|| "expert".into());
    let native = args.iter().any(|a| a == "--native");
    let analyse = args.iter().any(|a| a == "--analyse");
    let review = args.iter().any(|a| a == "--review");
    for kind in GameKind::ALL {
        for i in 0..per_game {
            let moves =
                if review { qdan_engine::sample::game_to_end(kind, i) } else { qdan_engine::sample::game(kind, i) };
            let req = if review {
                serde_json::json!({"op": "review", "options": {"game": kind.as_str()}, "moves": moves})
            } else if analyse {
                serde_json::json!({"op": "analyse", "options": {"game": kind.as_str()}, "moves": moves})
            } else {
                serde_json::json!({
                    "op": "move", "kind": kind.as_str(), "moves": moves, "level": level, "seed": (i * 7919).to_string(),
                })
            };
            if native {
                let (t, cpu) = (Instant::now(), cpu_ms());
                let answer = qdan_engine::handle(&req.to_string());
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if review {
                    // On a shared machine the wall time says little: the CPU time too.
                    let cpu = cpu_ms() - cpu;
                    // A review's answer is long: its exact plies instead.
                    let v = serde_json::to_value(&answer).expect("JSON");
                    let plies = v["plies"].as_array().map_or(&[][..], Vec::as_slice);
                    let exact = plies.iter().filter(|p| p["exact"] == true).count();
                    println!(
                        "{}\t{}\t{ms:.1}\tcpu {cpu:.1}\texact {exact} of {}",
                        kind.as_str(),
                        moves.len(),
                        plies.len()
                    );
                } else {
                    println!("{}\t{}\t{ms:.1}\t{answer:?}", kind.as_str(), moves.len());
                }
            } else {
                println!("{req}");
            }
        }
    }
}

/// This process's CPU time in milliseconds, from Linux's `/proc/self/schedstat` (0 elsewhere).
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/schedstat").unwrap_or_default();
    stat.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()).unwrap_or(0.0) / 1e6
}
