//! Matches between CPU levels: the series behind `--ignored` produces the figures in
//! docs/benchmarks.md (a short expert-against-intermediate check runs with the table tests):
//!
//! ```text
//! MUSASHI_BOARDS=25,33 MUSASHI_GAMES=20 MUSASHI_MS=900 cargo test --release -p ai --test musashi_matches -- --ignored --nocapture
//! ```
//!
//! Settings (environment):
//! * `MUSASHI_BOARDS` (25,33), `MUSASHI_GAMES` per pairing (20; first mover alternating),
//!   `MUSASHI_MS` per move (900, less the 150 ms margin the site keeps), `MUSASHI_SEED`.
//! * `MUSASHI_SIDES`: the sides the expert plays (children,parent).
//! * `MUSASHI_OPPONENTS`: the levels it meets (intermediate; any of beginner, intermediate,
//!   expert).
//! * `MUSASHI_CLOCK`: `wall` (default: the site's deadline) or `cpu`: every move gets the
//!   budget in its thread's CPU time, so a series on a loaded machine measures the players,
//!   not the load. Wall times of the answers are reported either way.
//! * `MUSASHI_RESULTS`: a file that gets one line per finished game; games already in it are
//!   not played again (a stopped series resumes), and the summary counts them.
//! * `MUSASHI_TABLES_DIR`: the server's table cache directory (table and slice files).

use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

use ai::Level;
use ai::musashi::{Deadline, Tables, choose_within, install_tables};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::musashi::{BoardKind, Game, Options, Role, Target};

/// One finished game.
struct Played {
    winner: Role,
    plies: usize,
    reason: String,
    /// The expert's answers: wall milliseconds, and the latest relative to the wall deadline.
    expert_ms: Vec<f64>,
    latest: i64,
}

/// Plays one game; the expert plays `expert_side`, `opponent` the other side.
fn game(opts: Options, expert_side: Role, opponent: Level, think: Duration, cpu: bool, rng: &mut StdRng) -> Played {
    let mut g = Game::new(opts);
    let mut latest = i64::MIN;
    let mut expert_ms = Vec::new();
    while g.outcome().is_none() {
        let level = if g.turn() == expert_side { Level::Expert } else { opponent };
        let started = Instant::now();
        let wall = started + think;
        let deadline = if cpu { Deadline::cpu_budget(think) } else { Deadline::at_instant(wall) };
        let m = choose_within(&g, level, deadline, rng).expect("a move while the game is on");
        let now = Instant::now();
        if g.turn() == expert_side {
            expert_ms.push((now - started).as_secs_f64() * 1e3);
            let late = if now > wall { (now - wall).as_millis() as i64 } else { -((wall - now).as_millis() as i64) };
            if late > 0 && !cpu {
                println!("late by {late} ms: {} at {}", level.as_str(), g.position());
            }
            latest = latest.max(late);
        }
        g.play(m).expect("legal");
    }
    let o = g.outcome().unwrap();
    Played { winner: o.winner, plies: g.history().len(), reason: format!("{:?}", o.reason), expert_ms, latest }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name).unwrap_or_else(|_| default.into()).split(',').map(|s| s.trim().to_string()).collect()
}

fn role(s: &str) -> Role {
    s.parse().unwrap_or_else(|_| panic!("not a side: {s}"))
}

fn level(s: &str) -> Level {
    *Level::ALL.iter().find(|l| l.as_str() == s).unwrap_or_else(|| panic!("not a level: {s}"))
}

/// Games already recorded in the results file, by key.
fn recorded(path: Option<&str>) -> HashMap<String, String> {
    let Some(text) = path.and_then(|p| std::fs::read_to_string(p).ok()) else { return HashMap::new() };
    text.lines().filter_map(|l| l.split_once(" => ").map(|(k, v)| (k.to_string(), v.to_string()))).collect()
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
#[ignore = "long: the match series reported in docs/benchmarks.md"]
fn match_series() {
    let games = env("MUSASHI_GAMES", 20) as usize;
    let think = Duration::from_millis(env("MUSASHI_MS", 900));
    let cpu = match std::env::var("MUSASHI_CLOCK").as_deref() {
        Ok("cpu") => true,
        Ok("wall") | Err(_) => false,
        Ok(other) => panic!("MUSASHI_CLOCK: wall or cpu, not {other}"),
    };
    let results = std::env::var("MUSASHI_RESULTS").ok();
    let done = recorded(results.as_deref());
    let mut out = results.as_ref().map(|p| std::fs::OpenOptions::new().create(true).append(true).open(p).unwrap());
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
    println!(
        "tables ready in {:.1} s; clock: {}",
        started.elapsed().as_secs_f64(),
        if cpu { "thread CPU time" } else { "wall" }
    );
    let seed = env("MUSASHI_SEED", 7);
    let mut latest_all = i64::MIN;
    let boards: Vec<BoardKind> =
        list("MUSASHI_BOARDS", "25,33").iter().map(|b| b.parse().expect("MUSASHI_BOARDS: 25 and/or 33")).collect();
    let sides: Vec<Role> = list("MUSASHI_SIDES", "children,parent").iter().map(|s| role(s)).collect();
    let opponents: Vec<Level> = list("MUSASHI_OPPONENTS", "intermediate").iter().map(|s| level(s)).collect();
    for board in boards {
        for &expert_side in &sides {
            for &opponent in &opponents {
                let (mut wins, mut plies, mut lost_plies, mut ms, mut reasons) =
                    (0, Vec::new(), Vec::new(), Vec::new(), HashMap::<String, usize>::new());
                let t0 = Instant::now();
                for n in 0..games {
                    let first = if n % 2 == 0 { Role::Parent } else { Role::Children };
                    let key = format!(
                        "board {board} expert {expert_side} vs {} game {n} seed {seed} ms {} clock {}",
                        opponent.as_str(),
                        think.as_millis(),
                        if cpu { "cpu" } else { "wall" }
                    );
                    let line = match done.get(&key) {
                        Some(v) => v.clone(),
                        None => {
                            let opts = Options { board, first, ..Options::default() };
                            let mut r = StdRng::seed_from_u64(seed ^ (n as u64) << 32 ^ board.points() as u64);
                            let _: u64 = r.r#gen();
                            let p = game(opts, expert_side, opponent, think, cpu, &mut r);
                            latest_all = latest_all.max(p.latest);
                            let mut e = p.expert_ms.clone();
                            let max = e.iter().copied().fold(0.0, f64::max);
                            let v = format!(
                                "first {first} winner {} plies {} reason {} expert_ms_median {:.0} expert_ms_max {:.0} latest {}",
                                p.winner,
                                p.plies,
                                p.reason,
                                median(&mut e),
                                max,
                                p.latest
                            );
                            if let Some(f) = out.as_mut() {
                                writeln!(f, "{key} => {v}").unwrap();
                            }
                            v
                        }
                    };
                    let field = |name: &str| -> String {
                        let mut it = line.split_whitespace();
                        while let Some(w) = it.next() {
                            if w == name {
                                return it.next().unwrap_or("").to_string();
                            }
                        }
                        String::new()
                    };
                    let n_plies: usize = field("plies").parse().unwrap();
                    let won = role(&field("winner")) == expert_side;
                    wins += won as usize;
                    plies.push(n_plies as f64);
                    if !won {
                        lost_plies.push(n_plies as f64);
                    }
                    ms.push(field("expert_ms_max").parse::<f64>().unwrap());
                    *reasons.entry(field("reason")).or_default() += 1;
                    if board == BoardKind::Square25 && expert_side == Role::Children && opponent != Level::Expert {
                        assert!(won, "expert Children win every 25-point game from the start ({key})");
                    }
                }
                let max_plies = plies.iter().copied().fold(0.0, f64::max);
                let max_ms = ms.iter().copied().fold(0.0, f64::max);
                let mut reasons: Vec<_> = reasons.into_iter().collect();
                reasons.sort();
                println!(
                    "board {board}, expert plays {expert_side} vs {}: expert won {wins}/{games}, plies median {} max {max_plies}, expert's losses last median {} plies, slowest expert answer {max_ms:.0} ms wall, ends {reasons:?}, {:.0} s",
                    opponent.as_str(),
                    median(&mut plies),
                    median(&mut lost_plies),
                    t0.elapsed().as_secs_f64()
                );
            }
        }
    }
    if !cpu {
        assert!(latest_all <= 0, "an answer came {latest_all} ms after its deadline");
    }
}
