//! Time a read of work costs in the Children's trap proof search against the plain
//! alpha-beta (`search::Search`), both at the expert's whole work budget, on Children-to-move
//! positions every 6 plies of games between two intermediates on the 33-point board. The two
//! take turns on each position. The trap search reads its deadline every `READ_EVERY` nodes
//! (`ai::musashi::trap`), chosen so that a read costs about what it costs the plain search.
//!
//! ```text
//! cargo run --release -p ai --example musashi_trap_speed [-- GAMES]
//! ```
//! Wall time on a shared machine: print the load average beside the figures.

use std::time::Instant;

use ai::Level;
use ai::clock::WorkClock;
use ai::musashi::search::Search;
use ai::musashi::trap::TrapSearch;
use rules::GameKind;
use rules::musashi::{Game, Options, Role};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let work = ai::budget::work(GameKind::Musashi, Level::Expert);
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut g = Game::new(Options::default());
        while g.outcome().is_none() {
            if g.history().len() % 6 == 1 && g.turn() == Role::Children {
                positions.push(g.clone());
            }
            let mut rng = ai::move_rng(seed * 1000 + g.history().len() as u64);
            let budget = WorkClock::budget(ai::budget::work(GameKind::Musashi, Level::Intermediate));
            let m = ai::musashi::choose_within(&g, Level::Intermediate, budget, &mut rng).expect("not over");
            g.play_unchecked(m);
        }
    }
    let (mut plain_secs, mut trap_secs, mut refuted, mut proved, mut short) = (0f64, 0f64, 0u64, 0u64, 0u64);
    for g in &positions {
        let t = Instant::now();
        let mut s = Search::until(None, WorkClock::budget(work), 64);
        s.root(g);
        plain_secs += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut s = TrapSearch::until(WorkClock::budget(work));
        let found = s.find(g, 100);
        trap_secs += t.elapsed().as_secs_f64();
        refuted += u64::from(s.refuted);
        proved += found.is_some() as u64;
        let mut s = Search::until(None, WorkClock::budget(work * 3 / 10), 5);
        let (_, depth) = s.root(g);
        short += (depth < 5) as u64;
    }
    let n = positions.len() as f64;
    println!(
        "{} positions, {work} reads a move: plain alpha-beta {:.3} s a move, trap search {:.3} s a move \
         (ratio {:.2}), traps refuted to a mean {:.2} Children moves, {proved} proved; depth 5 not reached in 30 % of the work: {short}",
        positions.len(),
        plain_secs / n,
        trap_secs / n,
        trap_secs / plain_secs,
        refuted as f64 / n
    );
}
