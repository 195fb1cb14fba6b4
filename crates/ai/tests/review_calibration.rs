//! Where the review's Musashi estimates come from: the search's score (Children's view) of
//! 25-point positions the search cannot prove, against their exact results from the tables,
//! fitted to a logistic curve. Run by hand (it needs the 25-point target-10 tables):
//!
//! ```text
//! MUSASHI_TABLES_DIR=tablebases cargo test --release -p ai --test review_calibration -- --ignored --nocapture
//! ```
//!
//! It prints the fitted centre and scale (`review::musashi::EVEN_SCORE`, `SCORE_SCALE`), the
//! log loss and how often the estimate names the winner, for the fit and for the constants in
//! the code.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ai::Level;
use ai::musashi::search::{PROVEN, Search};
use ai::musashi::{Tables, Value};
use ai::review::musashi::{EVEN_SCORE, SCORE_SCALE};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::musashi::{BoardKind, Game, Moves, Options, Role, Target};

fn log_loss(samples: &[(f32, bool)], centre: f32, scale: f32) -> (f64, f64) {
    let (mut loss, mut right) = (0.0, 0);
    for &(s, children) in samples {
        let p = (1.0 / (1.0 + (-(s - centre) / scale).exp())).clamp(1e-4, 1.0 - 1e-4) as f64;
        loss -= if children { p.ln() } else { (1.0 - p).ln() };
        right += ((p >= 0.5) == children) as usize;
    }
    (loss / samples.len() as f64, right as f64 / samples.len() as f64)
}

#[test]
#[ignore = "needs the 25-point tables; prints the calibration"]
fn fit_the_estimate_to_exact_results() {
    let dir = PathBuf::from(std::env::var("MUSASHI_TABLES_DIR").unwrap_or_else(|_| "tablebases".into()));
    let tables = Tables::load(&dir.join("musashi-25-t10.qtb"), BoardKind::Square25, Target::TEN).expect("the tables");
    let per_search = Duration::from_millis(std::env::var("CAL_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(60));
    let games: u64 = std::env::var("CAL_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let mut samples = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let first = if seed % 2 == 0 { Role::Parent } else { Role::Children };
        let mut game = Game::new(Options { board: BoardKind::Square25, first, ..Options::default() });
        let mut ply = 0;
        while game.outcome().is_none() && ply < 200 {
            if ply % 3 == 0 {
                let pos = *game.position();
                let truth = tables.value(&pos).map(|v| v.with_limit(ai::musashi::search::moves_left(&game, &pos)));
                let mut s = Search::new(None, Instant::now() + per_search, 200);
                let (scored, _) = s.root(&game);
                if let (Some(truth), Some(&(_, score))) = (truth, scored.first()) {
                    let children = if pos.turn == Role::Children { score } else { -score };
                    if children.abs() <= PROVEN {
                        samples.push((children as f32, matches!(truth, Value::ChildrenWin(_))));
                    }
                }
            }
            // Mostly the intermediate CPU for both sides, with a random move now and then so
            // the games reach lost and won positions for both.
            let mut moves = Moves::new();
            game.legal_moves(&mut moves);
            let m = if rng.gen_bool(0.25) {
                moves[rng.gen_range(0..moves.len())]
            } else {
                ai::musashi::choose_with(
                    &game,
                    Level::Intermediate,
                    Instant::now() + Duration::from_millis(40),
                    &mut rng,
                )
                .expect("a move")
            };
            game.play(m).expect("legal");
            ply += 1;
        }
    }
    let children_wins = samples.iter().filter(|s| s.1).count();
    println!("{} positions the search did not prove ({children_wins} Children wins)", samples.len());
    let mut best = (f64::MAX, 0.0, 0.0);
    for c in (400..=1800).step_by(10) {
        for sc in (20..=600).step_by(10) {
            let (l, _) = log_loss(&samples, c as f32, sc as f32);
            if l < best.0 {
                best = (l, c as f32, sc as f32);
            }
        }
    }
    let (l, right) = log_loss(&samples, best.1, best.2);
    println!("fit: centre {} scale {}: log loss {l:.3}, winner named {:.1} %", best.1, best.2, 100.0 * right);
    let (l, right) = log_loss(&samples, EVEN_SCORE, SCORE_SCALE);
    println!("code: centre {EVEN_SCORE} scale {SCORE_SCALE}: log loss {l:.3}, winner named {:.1} %", 100.0 * right);
    let base = children_wins as f64 / samples.len() as f64;
    println!("always the majority: winner named {:.1} %", 100.0 * base.max(1.0 - base));
    assert!(samples.len() >= 50, "too few positions to fit");
}
