//! Dots and Boxes solver and CPU measurements (a plain `main`, not criterion: single solves
//! run for seconds to minutes, and the match needs whole games).
//!
//! ```text
//! cargo bench -p ai --bench dots -- solve 4x4 [tt_bits] [plain] [drawn,...]
//!     # value, time, nodes of the empty board (or of the drawn lines); `plain`: without the
//!     # corner-edge equivalence, for before/after figures. Environment: DOTS_ETC=N (undrawn
//!     # lines from which the enhanced transposition cutoff runs; 65 = off), DOTS_PROGRESS=1
//!     # (print the probes value >= 0 and >= 1 as they finish, before the full solve),
//!     # DOTS_THREADS=N (search threads sharing the table)
//! cargo bench -p ai --bench dots -- match 5x4 GAMES        # expert vs intermediate, W/D/L + move times
//! cargo bench -p ai --bench dots -- check 5x4 N UNDRAWN     # expert moves vs the solver, late positions
//! cargo bench -p ai --bench dots -- heuristic 4x4 N UNDRAWN [MS] # safe-phase choices of the old and
//!     # new heuristics (no solver) against the exact values of every safe line
//! ```

use std::time::{Duration, Instant};

use ai::Level;
use ai::dots::{Board, Solver};
use rules::dots::{Game, Options, Size};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    match arg(0) {
        Some("solve") => solve(
            arg(1).unwrap_or("3x3"),
            arg(2).and_then(|b| b.parse().ok()),
            args.iter().any(|a| a == "plain"),
            args.iter().skip(2).find(|a| a.contains(',')).map(String::as_str).unwrap_or(""),
        ),
        Some("check") => check(
            arg(1).unwrap_or("5x4"),
            arg(2).and_then(|n| n.parse().ok()).unwrap_or(50),
            arg(3).and_then(|n| n.parse().ok()).unwrap_or(22),
        ),
        Some("heuristic") => heuristic(
            arg(1).unwrap_or("4x4"),
            arg(2).and_then(|n| n.parse().ok()).unwrap_or(20),
            arg(3).and_then(|n| n.parse().ok()).unwrap_or(24),
            arg(4).and_then(|n| n.parse().ok()).unwrap_or(900),
        ),
        Some("match") => play_match(arg(1).unwrap_or("5x4"), arg(2).and_then(|n| n.parse().ok()).unwrap_or(10)),
        _ => {
            // `cargo bench` with no arguments: the quick figures.
            solve("3x3", None, false, "");
            solve("4x3", None, false, "");
        }
    }
}

fn parse(size: &str) -> (u8, u8) {
    let (w, h) = size.split_once('x').expect("WxH");
    (w.parse().expect("W"), h.parse().expect("H"))
}

fn solve(size: &str, bits: Option<u32>, plain: bool, drawn: &str) {
    let (w, h) = parse(size);
    let board = Board::new(w, h).expect("size");
    let bits = bits.unwrap_or(if board.edges <= 31 { 22 } else { 25 });
    let drawn: u64 = drawn.split(',').filter(|e| !e.is_empty()).fold(0, |m, e| m | 1 << e.parse::<u8>().expect("edge"));
    let t = Instant::now();
    let mut solver = Solver::new(board, bits);
    solver.set_equivalence(!plain);
    if let Ok(v) = std::env::var("DOTS_ETC") {
        solver.etc_from = v.parse().expect("DOTS_ETC");
    }
    if let Ok(v) = std::env::var("DOTS_SHARE") {
        solver.share_from = v.parse().expect("DOTS_SHARE");
    }
    if let Ok(v) = std::env::var("DOTS_THREADS") {
        solver.set_threads(v.parse().expect("DOTS_THREADS"));
    }
    if std::env::var("DOTS_PROGRESS").is_ok() {
        // The two probes MTD(f) makes from a guess of 0 (the value of every even board), each
        // reported as it ends: a long solve that is cut off still says which half it proved.
        for beta in [0, 1] {
            let ok = solver.at_least(drawn, beta).expect("no deadline");
            println!("  value >= {beta}: {ok}  at {:.1}s  nodes {}", t.elapsed().as_secs_f64(), solver.stats.nodes);
        }
    }
    let v = solver.value(drawn).expect("no deadline");
    let s = solver.stats;
    let what = if drawn == 0 { "empty".to_string() } else { format!("{} drawn", drawn.count_ones()) };
    let how = if plain { " plain" } else { "" };
    println!(
        "solve {size} {what}{how}: value {v}  time {:.3}s  nodes {}  tt_hits {}  endgames {}  (tt 2^{bits} buckets)",
        t.elapsed().as_secs_f64(),
        s.nodes,
        s.tt_hits,
        s.endgames
    );
    println!(
        "  under sacrifices made beside a safe line: {} nodes ({:.1} %) in {} sacrifices",
        s.sacrifice_nodes,
        100.0 * s.sacrifice_nodes as f64 / s.nodes.max(1) as f64,
        s.sacrifices
    );
}

/// Positions with at most `undrawn` lines left, from intermediate-vs-intermediate games:
/// the expert's move (with the site's budget) against the exact value (no time limit).
fn check(size: &str, samples: u32, undrawn: u32) {
    let size: Size = size.parse().expect("a site size");
    let mut solver = Solver::new(Board::of(size), 23);
    let (mut kept, mut lost, mut solved_in_time) = (0, 0, 0);
    for _ in 0..samples {
        let mut game = Game::new(Options { size, swap_first: true });
        while game.position().undrawn().count() > undrawn {
            let e = ai::dots::choose(&game, Level::Intermediate, Instant::now() + ai::MOVE_BUDGET).expect("a move");
            game.play(e).expect("legal");
        }
        if game.outcome().is_some() {
            continue;
        }
        let drawn = game.position().drawn.0;
        let t = Instant::now();
        let e = ai::dots::choose(&game, Level::Expert, t + ai::MOVE_BUDGET).expect("a move").0;
        if t.elapsed() < ai::MOVE_BUDGET.mul_f32(0.75) {
            solved_in_time += 1;
        }
        let best = solver.value(drawn).expect("no deadline");
        let c = solver.board().completes(drawn, e) as i32;
        let child = solver.value(drawn | 1 << e).expect("no deadline");
        let got = if c > 0 { c + child } else { -child };
        if got == best {
            kept += 1;
        } else {
            lost += 1;
            eprintln!("drawn {drawn:#x}: expert drew {e} worth {got}, best {best}");
        }
    }
    println!(
        "check {size} (<= {undrawn} lines left): {kept} moves kept the value, {lost} lost value; {solved_in_time} answered before the solver's cut-off"
    );
}

/// Safe-phase positions (random safe lines until `undrawn` lines are left, at least two
/// safe lines still there and not all equal): each safe line valued exactly, then the old
/// expert's heuristic (the last-safe-line fight) and the new one (Monte-Carlo search) each
/// choose with `ms` of budget and no solver. Prints how often each kept the best safe-line
/// value and the mean value it gave away.
fn heuristic(size: &str, samples: u32, undrawn: u32, ms: u64) {
    use ai::dots::levels::safe_moves;
    use ai::dots::{Deadline, WallClock};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use std::sync::Arc;
    let (w, h) = parse(size);
    let board = Board::new(w, h).expect("size");
    let mut solver = Solver::new(Board::new(w, h).expect("size"), 22);
    let mut rng = rand::rngs::StdRng::seed_from_u64(18);
    let (mut n, mut kept, mut lost) = (0, [0u32; 2], [0i32; 2]);
    let mut chance = 0.0;
    while n < samples {
        let mut drawn = 0u64;
        while (board.all & !drawn).count_ones() > undrawn {
            let Some(&e) = safe_moves(&board, drawn).choose(&mut rng) else { break };
            drawn |= 1 << e;
        }
        let safe = safe_moves(&board, drawn);
        if (board.all & !drawn).count_ones() != undrawn || safe.len() < 2 {
            continue;
        }
        let vals: Vec<i32> = safe.iter().map(|&e| -solver.value(drawn | 1 << e).expect("no deadline")).collect();
        let top = *vals.iter().max().expect("two or more");
        if vals.iter().all(|&v| v == top) {
            continue;
        }
        let value_of = |e: u8| vals[safe.iter().position(|&x| x == e).expect("a safe line")];
        let first = drawn.count_ones().is_multiple_of(2);
        let clock = || Deadline::after(Arc::new(WallClock::new()), Duration::from_millis(ms));
        let old = ai::dots::levels::heuristic(&board, drawn, &clock(), &mut rng);
        let settings = ai::dots::mcts::Settings::default();
        let new = ai::dots::expert::search(&board, drawn, 0, first, settings, &clock(), &mut rng);
        for (k, e) in [old, new].into_iter().enumerate() {
            kept[k] += (value_of(e) == top) as u32;
            lost[k] += top - value_of(e);
        }
        chance += vals.iter().filter(|&&v| v == top).count() as f64 / vals.len() as f64;
        n += 1;
        eprintln!("{n}: values {vals:?}; old drew {} ({}), new drew {} ({})", old, value_of(old), new, value_of(new));
    }
    println!(
        "heuristic {size}, {undrawn} lines left, {n} positions, {ms} ms: best safe line kept: old {} , new {}, random {chance:.1}; boxes given away: old {}, new {}",
        kept[0], kept[1], lost[0], lost[1]
    );
}

/// Expert against intermediate, alternating who moves first; prints W/D/L from the expert's
/// side and the distribution of the expert's move times.
fn play_match(size: &str, games: u32) {
    let size: Size = size.parse().expect("a site size");
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    let mut times: Vec<Duration> = Vec::new();
    let mut margins = Vec::new();
    for g in 0..games {
        let expert_side = (g % 2) as u8;
        let mut game = Game::new(Options { size, swap_first: true });
        while game.outcome().is_none() {
            let (level, timed) =
                if game.turn() == expert_side { (Level::Expert, true) } else { (Level::Intermediate, false) };
            let t = Instant::now();
            let e = ai::dots::choose(&game, level, t + ai::MOVE_BUDGET).expect("a move");
            if timed {
                times.push(t.elapsed());
            }
            game.play(e).expect("legal");
        }
        let s = game.position().scores();
        let margin = s[expert_side as usize] as i32 - s[1 - expert_side as usize] as i32;
        margins.push(margin);
        match margin.signum() {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
        eprintln!("game {g}: expert moved {} margin {margin:+}", if expert_side == 0 { "first" } else { "second" });
    }
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0;
    println!("match {size} expert vs intermediate, {games} games: W/D/L {won}/{drawn}/{lost}  margins {margins:?}");
    println!(
        "expert move time {size}: {} moves  median {:.1} ms  p90 {:.1} ms  max {:.1} ms",
        times.len(),
        pct(0.5),
        pct(0.9),
        pct(1.0)
    );
}
