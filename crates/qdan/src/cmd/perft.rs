//! `qdan perft musashi|dots`: leaf counts for 1..=depth plies.

use std::time::Instant;

use anyhow::{Context, bail};
use clap::{Args as ClapArgs, ValueEnum};
use rules::dots;
use rules::musashi::{BoardKind, Game, Limit, Options, Position, Role, Target};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum PerftGame {
    Musashi,
    Dots,
}

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Which game.
    game: PerftGame,
    /// Musashi board: 33 or 25.
    #[arg(long, default_value = "33")]
    board: BoardKind,
    /// Musashi: who moves first, parent or children.
    #[arg(long, default_value = "parent")]
    first: Role,
    /// Musashi: Children the Parent must take: 10, 6 or none.
    #[arg(long, default_value = "10")]
    target: Target,
    /// Musashi: Children move limit: a number or none.
    #[arg(long, default_value = "100")]
    limit: Limit,
    /// Musashi: start from this position text instead (board:parent:children:side:moves).
    #[arg(long)]
    position: Option<String>,
    /// Dots: board size WxH.
    #[arg(long, default_value = "5x4")]
    size: dots::Size,
    /// Deepest ply to count.
    #[arg(long)]
    depth: u32,
    /// Also print the time and nodes per second on standard error.
    #[arg(long)]
    stats: bool,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    if a.depth == 0 || a.depth > 64 {
        bail!("depth must be from 1 to 64");
    }
    match a.game {
        PerftGame::Musashi => {
            let options =
                Options { first: a.first, target: a.target, limit: a.limit, board: a.board, ..Options::default() };
            let mut game = match &a.position {
                Some(text) => {
                    let pos: Position = text.parse().with_context(|| format!("bad position {text:?}"))?;
                    Game::from_position(options, pos)
                }
                None => Game::new(options),
            };
            count(a.depth, a.stats, |d| game.perft(d));
        }
        PerftGame::Dots => {
            let mut game = dots::Game::new(dots::Options { size: a.size, ..dots::Options::default() });
            count(a.depth, a.stats, |d| game.perft(d));
        }
    }
    Ok(())
}

fn count(depth: u32, stats: bool, mut perft: impl FnMut(u32) -> u64) {
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(d);
        println!("{d} {n}");
        if stats {
            let s = t.elapsed().as_secs_f64();
            eprintln!("depth {d}: {n} leaves in {s:.3} s ({:.1} M/s)", n as f64 / s.max(1e-9) / 1e6);
        }
    }
}
