//! Games to time `qdan review` with (docs/benchmarks.md, "Review"), printed as the
//! comma-separated moves `--moves` takes:
//!
//! ```text
//! cargo run --release -p ai --example review_games -- musashi SEED   # 33 points, to the move limit
//! cargo run --release -p ai --example review_games -- dots SEED      # 5x5, CPU against CPU
//! ```
//!
//! Musashi: a game that lasts the whole 100 Children moves (200 plies) of the default rules.
//! Both sides play at random, except that the Parent avoids captures while it can and the
//! Children avoid trapping it, so the game runs to the move limit (a new seed is tried when it
//! does not). Dots: the intermediate CPU against itself with 20 ms a move on 5x5, which plays
//! safe lines first and fights the chains at the end, as real games do.

use std::time::{Duration, Instant};

use ai::Level;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::musashi::{Game, Moves, Options, Role};

fn musashi(seed: u64) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(Options::default());
    let mut out = Vec::new();
    while game.outcome().is_none() {
        let mut legal = Moves::new();
        game.legal_moves(&mut legal);
        let quiet: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| {
                let mut g = game.clone();
                let played = g.play(m).expect("a legal move");
                match game.turn() {
                    Role::Parent => played.taken.count() == 0,
                    Role::Children => g.outcome().is_none(),
                }
            })
            .collect();
        let pool: Vec<_> = if quiet.is_empty() { legal.iter().copied().collect() } else { quiet };
        let m = pool[rng.gen_range(0..pool.len())];
        game.play(m).expect("a legal move");
        out.push(m.to_string());
    }
    out
}

fn dots(seed: u64) -> Vec<String> {
    let options = rules::dots::Options { size: rules::dots::Size::new(5, 5).expect("5x5"), ..Default::default() };
    let mut game = rules::dots::Game::new(options);
    let mut out = Vec::new();
    // The seed only varies the first two lines: the CPU is deterministic enough otherwise.
    let mut rng = StdRng::seed_from_u64(seed);
    while game.outcome().is_none() {
        let e = if out.len() < 2 {
            let mut legal = rules::dots::Edges::new();
            game.legal_moves(&mut legal);
            legal[rng.gen_range(0..legal.len())]
        } else {
            ai::dots::choose(&game, Level::Intermediate, Instant::now() + Duration::from_millis(20)).expect("a move")
        };
        game.play(e).expect("a legal line");
        out.push(e.0.to_string());
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let moves = match args.first().map(String::as_str) {
        Some("musashi") => (seed..).map(musashi).find(|m| m.len() == 200).expect("some seed runs to the move limit"),
        Some("dots") => dots(seed),
        _ => {
            eprintln!("usage: review_games musashi|dots [SEED]");
            std::process::exit(2);
        }
    };
    println!("{}", moves.join(","));
}
