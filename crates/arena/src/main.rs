//! `qdan-arena`: plays two CPU players against each other and prints the result.
//!
//! ```text
//! qdan-arena match --game dots --size 5x5 --a expert --b rollout --games 100 [--budget-ms 900]
//!            [--clock cpu|wall|work] [--work 700] [--audit 28] [--postmortem-ms 5000] [--seed N]
//! qdan-arena match --game musashi --board 33 --a expert --b intermediate --games 50
//!            [--target 10|6|none] [--limit 100|none] [--first parent|children]
//!            [--seat alternate|parent|children] [--tables DIR] [--clock cpu|wall]
//! qdan-arena choices --size 5x5 --moves 18,57,... --at 19,21 --players expert,expert-leaf30
//!            [--repeats 3] [--budget-ms 900]
//! qdan-arena levels --game dots|musashi|bagh-chal --a expert --b intermediate --games 50
//!            [--options '{"size":"5x5"}'] [--engine native|wasm] [--seed N] [--b-no-book]
//!            [--a-side 0|1] [--moves]
//! qdan-arena level-table --games 10 [--tables DIR] [--seed N]
//! ```
//! One line per game goes to stderr as it ends; the summary goes to stdout.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ai::Level;
use anyhow::{Context, bail};
use arena::choices;
use arena::dots_series::{self, ClockKind};
use arena::musashi_series::{self, Seat};
use arena::players::DotsPlayer;
use clap::{Parser, Subcommand};
use rules::dots::Size;
use rules::musashi::{BoardKind, Limit, Options, Role, Target};

#[derive(Parser)]
#[command(name = "qdan-arena", about = "Plays CPU players against each other (not part of the site).")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a series of games between two players.
    Match(MatchArgs),
    /// Ask Dots players for their line at given moments of a recorded game, each valued by
    /// the exact solver.
    Choices(ChoicesArgs),
    /// Level against level on a game's default board (or --options), each move the engine's
    /// answer to the page's request, at the level's work budget, without Musashi tables.
    Levels(LevelsArgs),
    /// Musashi: each level against each other level, both boards, each side, without and
    /// with the tables (a Markdown table on stdout, each cell on stderr as it ends).
    LevelTable(LevelTableArgs),
}

#[derive(clap::Args)]
struct LevelTableArgs {
    /// Games a cell (A keeps one side in a cell).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// The tables' directory (the 25-point files are built there when missing; the 33-point
    /// columns say "no tables here" when it has none of theirs, or without this option).
    #[arg(long)]
    tables: Option<PathBuf>,
    /// Names the series in the moves' seeds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct LevelsArgs {
    /// musashi, dots or bagh-chal.
    #[arg(long)]
    game: rules::GameKind,
    /// The game's local rules as JSON (the table view's options without `game`); default board
    /// when absent.
    #[arg(long)]
    options: Option<String>,
    /// Level A: beginner, intermediate or expert.
    #[arg(long)]
    a: Level,
    /// Level B.
    #[arg(long)]
    b: Level,
    /// Number of games; A takes side 0 (the first player's side) in the even ones.
    #[arg(long, default_value_t = 50)]
    games: u32,
    /// native (this process) or wasm (web/engine/qdan_engine.wasm under Node).
    #[arg(long, default_value = "native")]
    engine: String,
    /// Names the series in the moves' seeds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// B searches every move at its level's budget (the request names the work), so the Dots
    /// expert's opening book is left out: the book against the search it replaces.
    #[arg(long)]
    b_no_book: bool,
    /// Each game's line ends with its moves.
    #[arg(long)]
    moves: bool,
    /// A plays this side (0: the first player's, 1: the other) in every game instead of
    /// alternating (Musashi: 0 is the Parent's on the default options).
    #[arg(long)]
    a_side: Option<rules::Side>,
}

#[derive(clap::Args)]
struct ChoicesArgs {
    /// Board size, WxH.
    #[arg(long, default_value = "5x5")]
    size: Size,
    /// The game's lines, comma-separated (as a series log prints them).
    #[arg(long, value_delimiter = ',')]
    moves: Vec<u8>,
    /// After how many lines to ask, comma-separated.
    #[arg(long, value_delimiter = ',')]
    at: Vec<usize>,
    /// The players to ask, comma-separated (as --a of match).
    #[arg(long, value_delimiter = ',', default_value = "expert")]
    players: Vec<String>,
    /// Times each player is asked at each moment.
    #[arg(long, default_value_t = 3)]
    repeats: u32,
    /// Thread CPU time for one answer, in milliseconds.
    #[arg(long, default_value_t = 900)]
    budget_ms: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct MatchArgs {
    /// dots or musashi.
    #[arg(long, default_value = "dots")]
    game: String,
    /// Player A: beginner, intermediate, expert; for Dots also rollout, rollout15, chainmc, chainrule, greedy.
    #[arg(long)]
    a: String,
    /// Player B (as A).
    #[arg(long)]
    b: String,
    /// Number of games; A moves first (Dots) or plays the Parent (Musashi) in the even ones.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Time for one move, in milliseconds.
    #[arg(long, default_value_t = 900)]
    budget_ms: u64,
    /// Count each move's budget in the thread's CPU time (cpu), wall-clock time (wall), or
    /// deadline reads as the site's levels do (work: see --work).
    #[arg(long, default_value = "cpu")]
    clock: String,
    /// With --clock work: deadline reads a move (default: the Dots expert's level budget,
    /// ai::budget::work); --budget-ms is then unused.
    #[arg(long)]
    work: Option<u64>,
    /// Dots board size, WxH.
    #[arg(long, default_value = "5x4")]
    size: Size,
    /// Dots: value A's moves with the exact solver once this many lines or fewer are left.
    #[arg(long)]
    audit: Option<u32>,
    /// Dots: for each game A loses, a search of this many ms at each earlier A move.
    #[arg(long, default_value_t = 0)]
    postmortem_ms: u64,
    /// Random seed of the partners and the levels' tie-breaks in the partners' code.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Musashi board: 33 or 25.
    #[arg(long, default_value = "33")]
    board: BoardKind,
    /// Musashi target: 10, 6 or none.
    #[arg(long, default_value = "10")]
    target: Target,
    /// Musashi Children move limit: 100 or none.
    #[arg(long, default_value = "100")]
    limit: Limit,
    /// Musashi first mover: parent or children.
    #[arg(long, default_value = "parent")]
    first: Role,
    /// Musashi: A's role: alternate, parent or children.
    #[arg(long, default_value = "alternate")]
    seat: String,
    /// Musashi: load (or build) the tables from this directory first.
    #[arg(long)]
    tables: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("qdan-arena: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn levels(l: LevelsArgs) -> anyhow::Result<()> {
    use arena::levels::{self, Config, Native, Wasm};
    let started = Instant::now();
    let options = match &l.options {
        None => rules::AnyOptions::default_for(l.game),
        Some(json) => {
            let mut o: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(json).context("--options is a JSON object")?;
            o.insert("game".into(), l.game.as_str().into());
            serde_json::from_value(serde_json::Value::Object(o)).context("--options")?
        }
    };
    let cfg = Config {
        options,
        a: l.a,
        b: l.b,
        games: l.games,
        seed: l.seed,
        b_no_book: l.b_no_book,
        show_moves: l.moves,
        a_side: l.a_side,
    };
    let mut log = std::io::stderr();
    let sum = match l.engine.as_str() {
        "native" => levels::run(&cfg, &mut Native, &mut log)?,
        "wasm" => {
            let module = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/engine/qdan_engine.wasm");
            levels::run(&cfg, &mut Wasm::start(&module)?, &mut log)?
        }
        other => bail!("--engine is native or wasm, not {other:?}"),
    };
    let [w, d, lost] = sum.wins_draws_losses();
    let [s0, s1] = sum.by_side;
    println!(
        "{} {:?} vs {:?}{}, {} games ({} engine): A {w}-{d}-{lost} (side 0: {}-{}-{}, side 1: {}-{}-{}), score {:.1} %",
        l.game.as_str(),
        l.a,
        l.b,
        if l.b_no_book { " (no book)" } else { "" },
        l.games,
        l.engine,
        s0[0],
        s0[1],
        s0[2],
        s1[0],
        s1[1],
        s1[2],
        100.0 * (f64::from(w) + 0.5 * f64::from(d)) / f64::from(l.games.max(1)),
    );
    println!("{} plies, digest of every move {:016x}", sum.plies, sum.digest);
    println!("{}", dots_series::elapsed_line(started));
    Ok(())
}

fn run() -> anyhow::Result<()> {
    let a = match Cli::parse().cmd {
        Cmd::Match(a) => a,
        Cmd::Levels(l) => return levels(l),
        Cmd::LevelTable(t) => {
            let started = Instant::now();
            let plan = arena::level_table::Plan { games: t.games, seed: t.seed, tables: t.tables };
            arena::level_table::run(&plan, &mut std::io::stdout(), &mut std::io::stderr())?;
            println!("{}", dots_series::elapsed_line(started));
            return Ok(());
        }
        Cmd::Choices(c) => {
            let players = c
                .players
                .iter()
                .map(|p| p.parse::<DotsPlayer>().map_err(anyhow::Error::msg))
                .collect::<Result<_, _>>()?;
            let cfg = choices::Config {
                size: c.size,
                moves: c.moves,
                at: c.at,
                players,
                repeats: c.repeats,
                budget: Duration::from_millis(c.budget_ms),
                seed: c.seed,
            };
            return choices::run(&cfg, &mut std::io::stdout());
        }
    };
    let started = Instant::now();
    let clock = match a.clock.as_str() {
        "cpu" => ClockKind::Cpu,
        "wall" => ClockKind::Wall,
        "work" => ClockKind::Work,
        other => bail!("--clock is cpu, wall or work, not {other:?}"),
    };
    let budget = match clock {
        // A work clock moves one nanosecond a read.
        ClockKind::Work => {
            Duration::from_nanos(a.work.unwrap_or(ai::budget::work(rules::GameKind::Dots, Level::Expert)))
        }
        _ => Duration::from_millis(a.budget_ms),
    };
    match a.game.as_str() {
        "dots" => {
            let cfg = dots_series::Config {
                size: a.size,
                a: a.a.parse().map_err(anyhow::Error::msg)?,
                b: a.b.parse::<DotsPlayer>().map_err(anyhow::Error::msg)?,
                games: a.games,
                budget,
                clock,
                seed: a.seed,
                audit_within: a.audit,
                postmortem: Duration::from_millis(a.postmortem_ms),
            };
            let mut sum = dots_series::run(&cfg, &mut std::io::stderr()).context("writing the log")?;
            print!("{}", dots_series::report(&cfg, &mut sum));
        }
        "musashi" => {
            let level = |s: &str| s.parse::<Level>().map_err(anyhow::Error::msg);
            let seat = match a.seat.as_str() {
                "alternate" => Seat::Alternate,
                s => Seat::Always(s.parse().map_err(|_| anyhow::anyhow!("--seat is alternate, parent or children"))?),
            };
            if let Some(dir) = a.tables {
                let done =
                    ai::musashi::prepare_tables(dir).join().map_err(|_| anyhow::anyhow!("table thread panicked"))?;
                for p in done {
                    eprintln!("tables {} target {}: {:?} in {:.1} s", p.board, p.target, p.outcome, p.seconds);
                }
            }
            let options =
                Options { board: a.board, target: a.target, limit: a.limit, first: a.first, ..Options::default() };
            let cfg = musashi_series::Config {
                options,
                a: level(&a.a)?,
                b: level(&a.b)?,
                games: a.games,
                budget,
                clock,
                seat,
            };
            let (recs, mut times) = musashi_series::run(&cfg, &mut std::io::stderr()).context("writing the log")?;
            print!("{}", musashi_series::report(&cfg, &recs, &mut times));
        }
        other => bail!("--game is dots or musashi, not {other:?}"),
    }
    println!("{}", dots_series::elapsed_line(started));
    Ok(())
}
