//! The `qdan` binary: `serve`, `perft`, `solve`, `review`, `tablebase`. Each subcommand parses its
//! arguments and calls library code; errors are printed once, with a non-zero exit. The load
//! generator lives in its own binary (`qdan-bench`, crate `bench`).

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "qdan", version, about = "Juroku Musashi, Dots and Boxes and Bagh-Chal: the site and its tools")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the site (http://127.0.0.1:8080 by default).
    Serve(Box<cmd::serve::Args>),
    /// Count move sequences to a depth (checks move generation).
    Perft(cmd::perft::Args),
    /// Solve a position exactly.
    #[command(subcommand)]
    Solve(Solve),
    /// The value after every ply of a game, and the moves that changed the result.
    #[command(subcommand)]
    Review(cmd::review::ReviewCmd),
    /// Build retrograde tables for Juroku Musashi and Bagh-Chal.
    #[command(subcommand)]
    Tablebase(cmd::musashi_tables::Tablebase),
}

#[derive(Subcommand, Debug)]
enum Solve {
    /// The value of a Dots and Boxes position: best future box margin for the player to move.
    Dots(cmd::solve_dots::Args),
    /// The value of a Juroku Musashi position and a best move.
    Musashi(cmd::musashi_tables::SolveArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(a) => cmd::serve::run(*a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Solve(Solve::Dots(a)) => cmd::solve_dots::run(a),
        Command::Solve(Solve::Musashi(a)) => cmd::musashi_tables::solve(a),
        Command::Review(r) => cmd::review::run(r),
        Command::Tablebase(t) => cmd::musashi_tables::tablebase(t),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("qdan: {e:#}");
            ExitCode::FAILURE
        }
    }
}
