//! What players draw at given moments of a recorded Dots game, each line valued by the exact
//! solver: where a lost game first went wrong, and whether another player (or the same one
//! with other settings) would have kept the value there. For positions beyond the move-time
//! solver's reach, which is where the expert's heuristic decides.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::dots::{Board, Clock, Deadline, Solver};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::dots::{Edge, Game, Options, Size};

use crate::cpu::ThreadCpu;
use crate::players::DotsPlayer;

/// What to look at.
#[derive(Debug, Clone)]
pub struct Config {
    pub size: Size,
    /// The game's lines, in order.
    pub moves: Vec<u8>,
    /// After how many of them to ask.
    pub at: Vec<usize>,
    pub players: Vec<DotsPlayer>,
    /// Times each player is asked at each moment (its choices are random).
    pub repeats: u32,
    pub budget: Duration,
    pub seed: u64,
}

/// The mover's exact result of drawing `e` in `drawn`: the boxes it completes plus what
/// follows, whoever moves next.
fn value_of_line(solver: &mut Solver, board: &Board, drawn: u64, e: u8) -> i32 {
    let taken = board.completes(drawn, e) as i32;
    let after = solver.value(drawn | 1 << e).expect("no deadline");
    if taken > 0 { taken + after } else { -after }
}

/// Asks every player at every moment and writes one line per answer.
pub fn run(cfg: &Config, out: &mut dyn Write) -> anyhow::Result<()> {
    let board = Board::of(cfg.size);
    let mut solver = Solver::new(Board::of(cfg.size), 25);
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    for &k in &cfg.at {
        anyhow::ensure!(k < cfg.moves.len(), "--at {k}: the game has {} lines", cfg.moves.len());
        let mut game = Game::new(Options { size: cfg.size, swap_first: true });
        for &e in &cfg.moves[..k] {
            game.play(Edge(e)).map_err(|e| anyhow::anyhow!("line {k}: {e:?}"))?;
        }
        let drawn = game.position().drawn.0;
        let t = Instant::now();
        let best = solver.value(drawn).expect("no deadline");
        let played = cfg.moves[k];
        writeln!(
            out,
            "after {k} lines ({} left, player {} to move): exact value {best:+} ({:.1} s to solve); the game drew {played}, worth {:+}",
            board.all.count_ones() - k as u32,
            game.position().turn,
            t.elapsed().as_secs_f64(),
            value_of_line(&mut solver, &board, drawn, played)
        )?;
        for p in &cfg.players {
            for _ in 0..cfg.repeats {
                let clock: Arc<dyn Clock> = Arc::new(ThreadCpu);
                let t0 = clock.now();
                let e = p.choose(&board, &game, &Deadline::after(clock.clone(), cfg.budget), &mut rng).0;
                let spent = clock.now() - t0;
                let v = value_of_line(&mut solver, &board, drawn, e);
                let verdict = if v == best { "keeps the value".to_string() } else { format!("drops {}", best - v) };
                writeln!(
                    out,
                    "  {p:<16} draws {e:>2} in {:>4.0} ms of CPU: {v:+}, {verdict}",
                    spent.as_secs_f64() * 1e3
                )?;
            }
        }
        out.flush()?;
    }
    Ok(())
}
