//! A Juroku Musashi series between qdan's levels, under any rule options. A plays the Parent
//! in the even games and the Children in the odd ones (or one role throughout). Each move's
//! budget is counted in the thread's CPU time (the default, so that strength does not depend
//! on what else the machine runs) or in wall-clock time as the site counts it; the longest
//! wall-clock answer is reported either way.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::Level;
use ai::clock::{Deadline, ThreadCpuClock, WorkClock, thread_cpu_time};
use rules::musashi::{EndReason, Game, Options, Role};

use crate::dots_series::ClockKind;
use crate::stats::{Wdl, quantile, times_line};

/// Which role A plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Alternate,
    Always(Role),
}

/// What to play.
#[derive(Debug, Clone)]
pub struct Config {
    pub options: Options,
    pub a: Level,
    pub b: Level,
    pub games: u32,
    pub budget: Duration,
    pub clock: ClockKind,
    pub seat: Seat,
}

/// Each side's move times by the series' clock, and the longest wall-clock answer.
#[derive(Debug, Default)]
pub struct Times {
    pub a: Vec<Duration>,
    pub b: Vec<Duration>,
    pub a_wall_max: Duration,
    pub b_wall_max: Duration,
}

/// One finished game from A's side.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub a_role: Role,
    pub a_won: bool,
    pub plies: usize,
    pub children_taken: u32,
    pub reason: EndReason,
}

/// Plays the series, one line per game to `log`; answers the records and each side's move times.
pub fn run(cfg: &Config, log: &mut dyn Write) -> std::io::Result<(Vec<GameRecord>, Times)> {
    let (mut recs, mut times) = (Vec::new(), Times::default());
    let mut rng = rand::thread_rng();
    for g in 0..cfg.games {
        let a_role = match cfg.seat {
            Seat::Always(r) => r,
            Seat::Alternate if g % 2 == 0 => Role::Parent,
            Seat::Alternate => Role::Children,
        };
        let mut game = Game::new(cfg.options);
        let outcome = loop {
            if let Some(o) = game.outcome() {
                break o;
            }
            let a_turn = game.turn() == a_role;
            let level = if a_turn { cfg.a } else { cfg.b };
            let (t, cpu) = (Instant::now(), thread_cpu_time());
            let deadline = match cfg.clock {
                ClockKind::Cpu => Deadline::at(Arc::new(ThreadCpuClock), cpu + cfg.budget),
                ClockKind::Wall => Deadline::at_instant(t + cfg.budget),
                ClockKind::Work => Deadline::after(Arc::new(WorkClock::new()), cfg.budget),
            };
            let m = ai::musashi::choose_within(&game, level, deadline, &mut rng).expect("the game is not over");
            let wall = t.elapsed();
            let spent = match cfg.clock {
                ClockKind::Cpu | ClockKind::Work => thread_cpu_time() - cpu,
                ClockKind::Wall => wall,
            };
            let (list, max) =
                if a_turn { (&mut times.a, &mut times.a_wall_max) } else { (&mut times.b, &mut times.b_wall_max) };
            list.push(spent);
            *max = (*max).max(wall);
            game.play(m).expect("the CPU plays legal moves");
        };
        let rec = GameRecord {
            a_role,
            a_won: outcome.winner == a_role,
            plies: game.history().len(),
            children_taken: 16 - game.position().children.count(),
            reason: outcome.reason,
        };
        writeln!(
            log,
            "game {g}: A as {:?} {} in {} plies ({:?}), {} Children taken: {}",
            rec.a_role,
            if rec.a_won { "won" } else { "lost" },
            rec.plies,
            rec.reason,
            rec.children_taken,
            // The moves, as `qdan review musashi --moves` takes them.
            game.history().iter().map(|p| p.mv.to_string()).collect::<Vec<_>>().join(",")
        )?;
        log.flush()?;
        recs.push(rec);
    }
    Ok((recs, times))
}

/// The summary lines of a finished series.
pub fn report(cfg: &Config, recs: &[GameRecord], times: &mut Times) -> String {
    let o = &cfg.options;
    let clock = match cfg.clock {
        ClockKind::Cpu => "thread CPU time",
        ClockKind::Wall => "wall clock",
        ClockKind::Work => "work (the budget's nanoseconds are deadline reads)",
    };
    let mut s = format!(
        "musashi board {} target {} limit {} first {}: {} (A) vs {} (B), {} games, {} ms a move by {clock}\n",
        o.board,
        o.target,
        o.limit,
        o.first,
        cfg.a.as_str(),
        cfg.b.as_str(),
        recs.len(),
        cfg.budget.as_millis()
    );
    for role in [Role::Parent, Role::Children] {
        let mine: Vec<&GameRecord> = recs.iter().filter(|r| r.a_role == role).collect();
        if mine.is_empty() {
            continue;
        }
        let mut w = Wdl::default();
        mine.iter().for_each(|r| w.add(if r.a_won { 1 } else { -1 }));
        let mut plies: Vec<usize> = mine.iter().map(|r| r.plies).collect();
        let mut taken: Vec<u32> = mine.iter().map(|r| r.children_taken).collect();
        s += &format!(
            "A as {role}: W-D-L {w}; plies min {} median {} max {}; Children taken median {}\n",
            quantile(&mut plies, 0.0).unwrap_or(0),
            quantile(&mut plies, 0.5).unwrap_or(0),
            quantile(&mut plies, 1.0).unwrap_or(0),
            quantile(&mut taken, 0.5).unwrap_or(0)
        );
    }
    s += &format!("A move times: {}; longest answer {:.1} ms wall\n", times_line(&mut times.a), ms(times.a_wall_max));
    s += &format!("B move times: {}; longest answer {:.1} ms wall\n", times_line(&mut times.b), ms(times.b_wall_max));
    s
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
