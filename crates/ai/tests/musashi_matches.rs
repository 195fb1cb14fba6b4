//! Matches between CPU levels: the series behind `--ignored` produces the figures in
//! docs/benchmarks.md (a short expert-against-intermediate check runs with the table tests):
//!
//! ```text
//! MUSASHI_BOARDS=25,33 MUSASHI_GAMES=20 MUSASHI_MS=900 cargo test --release -p ai --test musashi_matches -- --ignored --nocapture
//! ```

use std::time::{Duration, Instant};

use ai::Level;
use ai::musashi::{Tables, choose_with, install_tables};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::musashi::{BoardKind, Game, Options, Role, Target};

/// Plays one game; `expert` plays `expert_side`, the intermediate the other. Returns the
/// winner, the plies and the latest answer relative to its deadline (ms; negative = early).
fn game(opts: Options, expert_side: Role, think: Duration, rng: &mut StdRng) -> (Role, usize, i64) {
    let mut g = Game::new(opts);
    let mut latest = i64::MIN;
    while g.outcome().is_none() {
        let level = if g.turn() == expert_side { Level::Expert } else { Level::Intermediate };
        let deadline = Instant::now() + think;
        let m = choose_with(&g, level, deadline, rng).expect("a move while the game is on");
        let now = Instant::now();
        let late =
            if now > deadline { (now - deadline).as_millis() as i64 } else { -((deadline - now).as_millis() as i64) };
        if late > 0 {
            println!("late by {late} ms: {} at {}", level.as_str(), g.position());
        }
        latest = latest.max(late);
        g.play(m).expect("legal");
    }
    (g.outcome().unwrap().winner, g.history().len(), latest)
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
#[ignore = "long: the match series reported in docs/benchmarks.md"]
fn match_series() {
    let games = env("MUSASHI_GAMES", 20) as usize;
    let think = Duration::from_millis(env("MUSASHI_MS", 900));
    let started = Instant::now();
    match std::env::var("MUSASHI_TABLES_DIR") {
        // The server's path: load (or build and save) what the cache directory offers,
        // 33-point slices included.
        Ok(dir) => {
            for p in ai::musashi::prepare_now(std::path::Path::new(&dir)) {
                println!("{p:?}");
            }
        }
        Err(_) => {
            install_tables(Tables::build(BoardKind::Square25, Target::TEN, 16, |_| {}).unwrap());
        }
    }
    println!("tables ready in {:.1} s", started.elapsed().as_secs_f64());
    let mut rng = StdRng::seed_from_u64(env("MUSASHI_SEED", 7));
    let mut latest_all = i64::MIN;
    let boards: Vec<BoardKind> = std::env::var("MUSASHI_BOARDS")
        .unwrap_or_else(|_| "25,33".into())
        .split(',')
        .map(|b| b.parse().expect("MUSASHI_BOARDS: 25 and/or 33"))
        .collect();
    for board in boards {
        for expert_side in [Role::Children, Role::Parent] {
            for first in [Role::Parent, Role::Children] {
                let opts = Options { board, first, ..Options::default() };
                let mut wins = 0;
                let mut plies = Vec::new();
                let mut latest = i64::MIN;
                let t0 = Instant::now();
                for _ in 0..games {
                    let mut r = StdRng::seed_from_u64(rng.r#gen());
                    let (w, n, late) = game(opts, expert_side, think, &mut r);
                    latest = latest.max(late);
                    wins += (w == expert_side) as usize;
                    plies.push(n);
                }
                plies.sort_unstable();
                println!(
                    "board {board}, {first} first, expert plays {expert_side}: expert won {wins}/{games}, plies median {} max {}, latest answer {latest:+} ms vs deadline, {:.0} s",
                    plies[plies.len() / 2],
                    plies[plies.len() - 1],
                    t0.elapsed().as_secs_f64()
                );
                latest_all = latest_all.max(latest);
                if board == BoardKind::Square25 && expert_side == Role::Children {
                    assert_eq!(wins, games, "expert Children win every game from the start");
                }
            }
        }
    }
    assert!(latest_all <= 0, "an answer came {latest_all} ms after its deadline");
}
