//! `qdan-bench`: benchmarks that drive a real `qdan serve` from outside, kept out of the
//! shipped `qdan` binary. `qdan-bench load` plays many games over WebSockets and reports
//! latency, throughput, CPU and memory, optionally beside the boardgame.io peer;
//! `qdan-bench pairing` sends players into the quick-pairing pools and reports the time to a
//! pairing, players paired twice or left waiting, and server CPU per pairing;
//! `qdan-bench check` checks a live cluster's invariants (no acknowledged move lost, none
//! stored twice or under a superseded lease) and fails on any violation.

use std::process::ExitCode;

use bench::{check, load, pairing};

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "qdan-bench", version, about = "Benchmarks of a running qdan server")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Many Dots and Boxes games at once over WebSockets: latency, throughput, memory, CPU.
    Load(load::Args),
    /// Players entering the quick-pairing pools at a steady rate, on one node or a cluster:
    /// time to a pairing, players paired twice or left waiting, server CPU per pairing.
    Pairing(pairing::Args),
    /// A cluster's invariants, from its database (and through its balancer): one move per
    /// ply, plies without gaps, every move under a current lease, no acknowledged move lost.
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Load(a) => load::run(a),
        Command::Pairing(a) => pairing::run(a),
        Command::Check(a) => check::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("qdan-bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}
