//! Nodes a second and depth of the Musashi expert's search against the plain alpha-beta it
//! replaced (`search::Search`, still the intermediate's), both at the expert's work budget, on
//! positions every 6 plies of games between two intermediates on the 33-point board.
//!
//! ```text
//! cargo run --release -p ai --example musashi_expert_speed [-- GAMES]
//! ```
//! Wall time on a shared machine: print the load average beside the figures.

use std::time::Instant;

use ai::Level;
use ai::clock::WorkClock;
use ai::musashi::expert_search::ExpertSearch;
use ai::musashi::search::Search;
use rules::GameKind;
use rules::musashi::{Game, Options};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let work = ai::budget::work(GameKind::Musashi, Level::Expert);
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut g = Game::new(Options::default());
        while g.outcome().is_none() {
            if g.history().len().is_multiple_of(6) {
                positions.push(g.clone());
            }
            let mut rng = ai::move_rng(seed * 1000 + g.history().len() as u64);
            let budget = WorkClock::budget(ai::budget::work(GameKind::Musashi, Level::Intermediate));
            let m = ai::musashi::choose_within(&g, Level::Intermediate, budget, &mut rng).expect("not over");
            g.play_unchecked(m);
        }
    }
    let (mut old_nodes, mut old_secs, mut old_depth) = (0u64, 0f64, 0u64);
    let (mut new_nodes, mut new_secs, mut new_depth) = (0u64, 0f64, 0u64);
    for g in &positions {
        let t = Instant::now();
        let mut s = Search::until(None, WorkClock::budget(work), 64);
        let (_, depth) = s.root(g);
        old_secs += t.elapsed().as_secs_f64();
        old_nodes += s.nodes;
        old_depth += u64::from(depth);
        let t = Instant::now();
        let mut s = ExpertSearch::until(None, WorkClock::budget(work), 64);
        let found = s.best(g);
        new_secs += t.elapsed().as_secs_f64();
        new_nodes += s.nodes;
        new_depth += found.map_or(0, |f| u64::from(f.depth));
    }
    let n = positions.len() as f64;
    for (name, nodes, secs, depth) in
        [("plain alpha-beta", old_nodes, old_secs, old_depth), ("expert search", new_nodes, new_secs, new_depth)]
    {
        println!(
            "{name}: {} positions, {:.0} nodes a move, {:.0} nodes/s, {:.3} s a move, mean depth {:.2}",
            positions.len(),
            nodes as f64 / n,
            nodes as f64 / secs,
            secs / n,
            depth as f64 / n
        );
    }
}
