//! `qdan perft musashi|dots|bagh-chal`: leaf counts for 1..=depth plies.

use std::time::Instant;

use anyhow::{Context, bail};
use clap::{Args as ClapArgs, ValueEnum};
use rules::musashi::{BoardKind, Game, Limit, Options, Position};
use rules::{bagh_chal, dots};

#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum PerftGame {
    Musashi,
    Dots,
    BaghChal,
}

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Which game.
    game: PerftGame,
    /// Musashi board: 33 or 25.
    #[arg(long, default_value = "33")]
    board: BoardKind,
    /// Who moves first: Musashi parent (default) or children; Bagh-Chal goats (default) or
    /// tigers.
    #[arg(long)]
    first: Option<String>,
    /// Musashi: Children the Parent must take, 10 (default), 6 or none. Bagh-Chal: goats the
    /// tigers must capture, 5 (default), 4, 6 or all.
    #[arg(long)]
    target: Option<String>,
    /// Bagh-Chal: the repetition rule, forbidden (default) or allowed.
    #[arg(long)]
    repetition: Option<String>,
    /// Musashi: Children move limit: a number or none.
    #[arg(long, default_value = "100")]
    limit: Limit,
    /// Start from this position text instead: Musashi board:parent:children:side:moves,
    /// Bagh-Chal tigers:goats:hand:captured:side.
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
            let mut options = Options { limit: a.limit, board: a.board, ..Options::default() };
            set(&mut options.first, "first", &a.first)?;
            set(&mut options.target, "target", &a.target)?;
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
        PerftGame::BaghChal => {
            let mut options = bagh_chal::Options::default();
            set(&mut options.first, "first", &a.first)?;
            set(&mut options.target, "target", &a.target)?;
            set(&mut options.repetition, "repetition", &a.repetition)?;
            let mut game = match &a.position {
                Some(text) => {
                    let pos: bagh_chal::Position = text.parse().with_context(|| format!("bad position {text:?}"))?;
                    bagh_chal::Game::from_position(options, pos)
                }
                None => bagh_chal::Game::new(options),
            };
            count(a.depth, a.stats, |d| rules::Game::perft(&mut game, d));
        }
    }
    Ok(())
}

/// Sets `field` from the option's text when given; the game's own parser says what it takes.
fn set<T: std::str::FromStr<Err = String>>(field: &mut T, name: &str, text: &Option<String>) -> anyhow::Result<()> {
    if let Some(text) = text {
        *field = text.parse().map_err(|e| anyhow::anyhow!("--{name}: {e}"))?;
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
