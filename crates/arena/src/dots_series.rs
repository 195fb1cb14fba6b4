//! A Dots series: two players, N games, A moving first in the even games.
//!
//! The audit (optional) values A's moves: with the exact solver at every A move with at most
//! `audit_within` lines left (value before the move against value after), and, for the games
//! A lost, with a long Monte-Carlo search at A's earlier moves (the estimated result of the
//! line A drew against the best line the long search found). It reports the first move of
//! each loss that dropped the value, and any loss from a position the solver called won.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::clock::WorkClock;
use ai::dots::mcts::{Mcts, Settings};
use ai::dots::{Board, Clock, Deadline, Solver, WallClock};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::dots::{Game, Options, Size};

use crate::cpu::ThreadCpu;
use crate::players::DotsPlayer;
use crate::stats::{Wdl, quantile, times_line};

/// Which clock budgets a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockKind {
    /// The thread's CPU time: stable strength on a loaded machine.
    Cpu,
    /// Wall-clock time, as the site counts it.
    Wall,
    /// Deadline reads, as the site's levels count their budget (`ai::budget::work`): the
    /// budget's nanoseconds are reads, and the same move comes whatever the machine's load.
    Work,
}

impl ClockKind {
    fn clock(self) -> Arc<dyn Clock> {
        match self {
            ClockKind::Cpu => Arc::new(ThreadCpu),
            ClockKind::Wall => Arc::new(WallClock::new()),
            ClockKind::Work => Arc::new(WorkClock::new()),
        }
    }

    /// The clock a move's time is reported by: thread CPU time when the budget is work.
    fn timer(self) -> Arc<dyn Clock> {
        match self {
            ClockKind::Work => Arc::new(ThreadCpu),
            other => other.clock(),
        }
    }
}

/// What to play.
#[derive(Debug, Clone)]
pub struct Config {
    pub size: Size,
    pub a: DotsPlayer,
    pub b: DotsPlayer,
    pub games: u32,
    pub budget: Duration,
    pub clock: ClockKind,
    pub seed: u64,
    /// Value A's moves exactly once this many lines or fewer are left.
    pub audit_within: Option<u32>,
    /// Long search per earlier A move of a lost game (0: none).
    pub postmortem: Duration,
}

/// One A move the solver valued: the value (A's view, boxes still to come) before and after.
#[derive(Debug, Clone, Copy)]
pub struct Valued {
    pub ply: usize,
    pub edge: u8,
    pub before: i32,
    pub after: i32,
    /// A's lead in boxes already claimed at the move.
    pub lead: i32,
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub a_first: bool,
    /// A's boxes minus B's.
    pub margin: i32,
    pub moves: Vec<u8>,
    pub valued: Vec<Valued>,
    /// For lost games: A's earlier moves by the long search: (ply, edge, its reward, best reward, best edge).
    pub postmortem: Vec<(usize, u8, f32, f32, u8)>,
}

impl GameRecord {
    /// The first A move the solver saw drop the value.
    pub fn first_drop(&self) -> Option<Valued> {
        self.valued.iter().copied().find(|v| v.after < v.before)
    }

    /// Whether A stood won (claimed lead plus exact value above zero) at some valued move.
    pub fn stood_won(&self) -> bool {
        self.valued.iter().any(|v| v.lead + v.before > 0)
    }
}

/// The whole series.
#[derive(Debug, Default)]
pub struct Summary {
    pub games: Vec<GameRecord>,
    pub a_times: Vec<Duration>,
    pub b_times: Vec<Duration>,
}

/// Plays the series, printing one line per game to `log` as it ends.
pub fn run(cfg: &Config, log: &mut dyn Write) -> std::io::Result<Summary> {
    let board = Board::of(cfg.size);
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let mut audit = cfg.audit_within.map(|_| Solver::new(Board::of(cfg.size), 22));
    let mut out = Summary::default();
    for g in 0..cfg.games {
        let a_seat = (g % 2) as u8; // player 0 moves first
        let mut game = Game::new(Options { size: cfg.size, swap_first: true });
        let mut rec = GameRecord {
            a_first: a_seat == 0,
            margin: 0,
            moves: Vec::new(),
            valued: Vec::new(),
            postmortem: Vec::new(),
        };
        while game.outcome().is_none() {
            let a_turn = game.turn() == a_seat;
            let player = if a_turn { cfg.a } else { cfg.b };
            let timer = cfg.clock.timer();
            let t0 = timer.now();
            let deadline = Deadline::after(cfg.clock.clock(), cfg.budget);
            let e = player.choose(&board, &game, &deadline, &mut rng);
            let spent = timer.now() - t0;
            if a_turn {
                out.a_times.push(spent);
            } else {
                out.b_times.push(spent);
            }
            let drawn = game.position().drawn.0;
            if a_turn
                && let (Some(k), Some(solver)) = (cfg.audit_within, audit.as_mut())
                && (board.all & !drawn).count_ones() <= k
            {
                let before = solver.value(drawn).expect("no deadline");
                let c = board.completes(drawn, e.0) as i32;
                let child = solver.value(drawn | 1 << e.0).expect("no deadline");
                let after = if c > 0 { c + child } else { -child };
                rec.valued.push(Valued { ply: rec.moves.len(), edge: e.0, before, after, lead: lead(&game, a_seat) });
            }
            rec.moves.push(e.0);
            game.play(e).expect("players draw legal lines");
        }
        let s = game.position().scores();
        rec.margin = s[a_seat as usize] as i32 - s[1 - a_seat as usize] as i32;
        if rec.margin < 0 && !cfg.postmortem.is_zero() {
            rec.postmortem = postmortem(cfg, &board, &rec, a_seat);
        }
        writeln!(log, "{}", game_line(g, &rec))?;
        log.flush()?;
        out.games.push(rec);
    }
    Ok(out)
}

fn lead(game: &Game, seat: u8) -> i32 {
    let s = game.position().scores();
    s[seat as usize] as i32 - s[1 - seat as usize] as i32
}

/// A's moves before the audited part, each valued by a long search from the position
/// before it: the mean reward of A's line against the best line's.
fn postmortem(cfg: &Config, board: &Board, rec: &GameRecord, a_seat: u8) -> Vec<(usize, u8, f32, f32, u8)> {
    let limit = cfg.audit_within.unwrap_or(0);
    let mut game = Game::new(Options { size: cfg.size, swap_first: true });
    let mut out = Vec::new();
    let mut rng = StdRng::seed_from_u64(cfg.seed ^ 0x9e37);
    for (ply, &e) in rec.moves.iter().enumerate() {
        let drawn = game.position().drawn.0;
        let safe = ai::dots::playout::lines(board, drawn).safe;
        if game.turn() == a_seat && (board.all & !drawn).count_ones() > limit && safe & 1 << e != 0 {
            let mut m = Mcts::new(board, drawn, lead(&game, a_seat), game.turn() == 0, Settings::default());
            let d = Deadline::after(cfg.clock.timer(), cfg.postmortem);
            m.run(&d, u64::MAX, &mut rng);
            let stats = m.root_stats();
            let best = stats.iter().filter(|s| s.1 > 0).max_by(|x, y| x.2.total_cmp(&y.2)).copied();
            let mine = stats.iter().find(|s| s.0 == e).map_or(0.0, |s| s.2);
            if let Some((be, _, br)) = best {
                out.push((ply, e, mine, br, be));
            }
        }
        game.play(rules::dots::Edge(e)).expect("replaying a legal game");
    }
    out
}

fn game_line(g: u32, rec: &GameRecord) -> String {
    let mut s = format!("game {g}: A {} margin {:+}", if rec.a_first { "first " } else { "second" }, rec.margin);
    if let Some(v) = rec.first_drop() {
        s += &format!(
            "; first drop at ply {} (line {}): value {} -> {} (lead {:+})",
            v.ply, v.edge, v.before, v.after, v.lead
        );
    }
    if rec.margin < 0 && rec.stood_won() {
        s += "; LOST FROM A WON POSITION";
    }
    if let Some(&(ply, e, mine, best, be)) = rec.postmortem.iter().find(|p| p.3 - p.2 > 0.1) {
        s += &format!(
            "; long search: first doubtful move ply {ply} (line {e}): reward {mine:.2}, best {best:.2} (line {be})"
        );
    }
    s += &format!("; moves {}", rec.moves.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(","));
    s
}

/// The summary lines of a finished series.
pub fn report(cfg: &Config, sum: &mut Summary) -> String {
    let mut all = Wdl::default();
    let (mut first, mut second) = (Wdl::default(), Wdl::default());
    let mut margins: Vec<i32> = Vec::new();
    for g in &sum.games {
        all.add(g.margin);
        if g.a_first {
            first.add(g.margin)
        } else {
            second.add(g.margin)
        }
        margins.push(g.margin);
    }
    let mean = margins.iter().sum::<i32>() as f64 / margins.len().max(1) as f64;
    let clock = match cfg.clock {
        ClockKind::Cpu => "thread CPU time",
        ClockKind::Wall => "wall clock",
        ClockKind::Work => "work",
    };
    let budget = match cfg.clock {
        ClockKind::Work => format!("{} deadline reads", cfg.budget.as_nanos()),
        _ => format!("{} ms", cfg.budget.as_millis()),
    };
    let mut s = format!(
        "dots {} {} (A) vs {} (B): {} games, {budget} a move by {clock}\n",
        cfg.size,
        cfg.a,
        cfg.b,
        sum.games.len(),
    );
    s += &format!("A W-D-L {all}  (A first {first}, A second {second})\n");
    s += &format!(
        "A margins: min {:+}, median {:+}, max {:+}, mean {mean:+.2}\n",
        quantile(&mut margins, 0.0).unwrap_or(0),
        quantile(&mut margins, 0.5).unwrap_or(0),
        quantile(&mut margins, 1.0).unwrap_or(0)
    );
    s += &format!("A move times: {}\n", times_line(&mut sum.a_times));
    s += &format!("B move times: {}\n", times_line(&mut sum.b_times));
    if let Some(k) = cfg.audit_within {
        let valued: usize = sum.games.iter().map(|g| g.valued.len()).sum();
        let drops: usize = sum.games.iter().map(|g| g.valued.iter().filter(|v| v.after < v.before).count()).sum();
        let won_lost = sum.games.iter().filter(|g| g.margin < 0 && g.stood_won()).count();
        let won_not_won = sum.games.iter().filter(|g| g.margin <= 0 && g.stood_won()).count();
        s += &format!(
            "audit (<= {k} lines left): {valued} A moves valued, {drops} dropped the value; losses from a won position: {won_lost}; won positions not won: {won_not_won}\n"
        );
    }
    s
}

/// Wall time of a whole series, for the log.
pub fn elapsed_line(started: Instant) -> String {
    format!("series wall time {:.1} s", started.elapsed().as_secs_f64())
}
