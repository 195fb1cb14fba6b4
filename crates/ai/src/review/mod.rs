//! Reviews of finished games: the value of the position after every ply, exact where the
//! tables and solvers reach and estimated before that, and the plies whose move changed the
//! theoretical result (the turning points). The same values serve the analysis board: the
//! value of any position and of every legal move in it.
//!
//! * [`musashi`]: values exactly as `qdan solve musashi` computes them (tables, then search
//!   for a time; `~` estimates from the search's score where it proves nothing).
//! * [`dots`]: exact values from [`crate::dots::Solver`] where it finishes within the
//!   budget (solved from the last position backwards, one warm table for the whole game),
//!   estimates from playouts before that ([`playout`]).
//!
//! A review runs where live games must not wait for it: the server. So the work is cut into
//! slices no longer than [`Budget::slice`], each run through a [`Pace`], which may hold the
//! work back until a CPU is free; the command line runs every slice at once ([`Unpaced`]).
//! Both need the `native` feature (the wall clock and thread CPU time). Underneath, the work
//! runs through [`Slices`], which hands each slice a [`Deadline`]: without `native`, a
//! browser reviews on its own clock through [`Timed`] (the `*_with` functions).

pub mod bagh_chal;
pub mod dots;
pub mod musashi;
pub mod playout;

use std::sync::Arc;
use std::time::Duration;
#[cfg(feature = "native")]
use std::time::Instant;

#[cfg(feature = "native")]
use crate::clock::thread_cpu_time;
use crate::clock::{Clock, Deadline};

/// Where a review gets its CPU time from.
#[cfg(feature = "native")]
pub trait Pace {
    /// Runs `work`, which must stop by the instant it is given (at most `max` from when it
    /// starts). May wait before starting it, for as long as the CPU is needed elsewhere.
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(Instant) -> T) -> T;
}

/// Runs every slice at once: the command line, tests.
#[cfg(feature = "native")]
#[derive(Copy, Clone, Debug, Default)]
pub struct Unpaced;

#[cfg(feature = "native")]
impl Pace for Unpaced {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(Instant) -> T) -> T {
        work(Instant::now() + max)
    }
}

/// How much work one review may do.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// Musashi: search time for a position no table covers (`qdan solve --time`).
    pub search: Duration,
    /// Dots: solver CPU time for one position, over as many slices as it takes. Past this the
    /// position (and every earlier one, which has more lines left) is estimated.
    pub solve: Duration,
    /// The longest piece of work between two calls to the [`Pace`].
    pub slice: Duration,
    /// Dots: playouts per estimated position.
    pub playouts: u32,
}

impl Budget {
    /// What the server spends: the expert's move budget for a solve, in slices short enough
    /// that a live game waiting for a core waits at most one of them.
    pub const SERVER: Budget = Budget {
        search: Duration::from_millis(150),
        solve: crate::MOVE_BUDGET,
        slice: Duration::from_millis(100),
        playouts: 48,
    };
}

/// The value of one position.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    /// Musashi, exact: the Children trap the Parent in this many plies at best play.
    ChildrenWinIn(u32),
    /// Musashi, exact: the Children cannot trap the Parent in time.
    ParentWin,
    /// Musashi, estimated: how likely the search's score makes a Children win, 0 to 1.
    MusashiEstimate { children: f32 },
    /// Dots, exact: the best margin of the boxes still to be claimed, for the player to move.
    Margin(i32),
    /// Dots, estimated: that margin, averaged over playouts.
    MarginEstimate(f32),
    /// Bagh-Chal, exact: side `winner` (0 the tigers, 1 the goats) wins in this many plies
    /// at best play.
    WinIn { winner: u8, plies: u32 },
    /// Bagh-Chal, exact from the tables: without the repetition rule neither side can force
    /// a win.
    Draw,
    /// Bagh-Chal, estimated: how likely the search's score makes a tigers' win, 0 to 1.
    BaghChalEstimate { tigers: f32 },
}

impl Value {
    /// Whether the value is proven (not an estimate).
    pub fn is_exact(self) -> bool {
        matches!(
            self,
            Value::ChildrenWinIn(_) | Value::ParentWin | Value::Margin(_) | Value::WinIn { .. } | Value::Draw
        )
    }

    /// The value as `qdan review` prints it: exactly what `qdan solve` prints after `value `
    /// for an exact value, `~` and the same vocabulary for an estimate (`~parent-win`,
    /// `~children-win`, `~3`).
    pub fn text(self) -> String {
        match self {
            Value::ChildrenWinIn(n) => format!("children-win-in {n}"),
            Value::ParentWin => "parent-win".into(),
            Value::MusashiEstimate { children } => {
                if children >= 0.5 {
                    "~children-win".into()
                } else {
                    "~parent-win".into()
                }
            }
            Value::Margin(m) => m.to_string(),
            Value::MarginEstimate(m) => format!("~{}", m.round() as i32),
            Value::WinIn { winner: 0, plies } => format!("tigers-win-in {plies}"),
            Value::WinIn { plies, .. } => format!("goats-win-in {plies}"),
            Value::Draw => "draw".into(),
            Value::BaghChalEstimate { tigers } => {
                if tigers >= 0.5 {
                    "~tigers-win".into()
                } else {
                    "~goats-win".into()
                }
            }
        }
    }
}

/// A position's value in the terms both games share, from side 0's view (the Parent; the
/// Dots player who moved first).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Outlook {
    /// -1 (side 1 wins) to 1 (side 0 wins): what the chart draws.
    pub score: f32,
    /// The proven result: 1 side 0 wins, 0 a draw, -1 side 1 wins; `None` for an estimate.
    pub result: Option<i8>,
    /// Dots: the final box margin of side 0 (boxes already claimed included).
    pub margin: Option<f32>,
}

/// One position of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    pub value: Value,
    pub outlook: Outlook,
}

/// A move that changed the proven result.
#[derive(Clone, Debug, PartialEq)]
pub struct Turning {
    /// The move's number from 1: the position after it is `plies[ply]`, before it `plies[ply - 1]`.
    pub ply: usize,
    /// The move played.
    pub played: String,
    /// A move that kept the result, when one was found within the budget.
    pub best: Option<String>,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The position after each number of moves, from 0 (the start) to all of them.
    pub plies: Vec<Ply>,
    pub turning: Vec<Turning>,
    /// Time spent working (not waiting for a slice): the reviewing thread's CPU time through
    /// a [`Pace`], the caller's clock through [`Timed`].
    pub busy: Duration,
}

/// Moves whose position before and after both have a proven result, and different ones.
fn turning_plies(plies: &[Ply]) -> Vec<usize> {
    plies
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| match (w[0].outlook.result, w[1].outlook.result) {
            (Some(a), Some(b)) if a != b => Some(i + 1),
            _ => None,
        })
        .collect()
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// A move is not legal where it was played (numbered from 1).
    #[error("move {number} ({text:?}) is not legal: {reason}")]
    Illegal { number: usize, text: String, reason: String },
}

/// How a review's work is cut and counted: each slice of at most `max` gets the deadline it
/// must stop by, and [`Slices::spent`] adds up what the slices cost (the budgets of
/// [`Budget`] are counted in it).
pub trait Slices {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(&Deadline) -> T) -> T;
    /// Time spent inside slices so far.
    fn spent(&self) -> Duration;
}

/// Slices run at once on a clock the caller gives (a browser's, through
/// [`crate::clock::FnClock`]), each counted on that clock.
pub struct Timed {
    clock: Arc<dyn Clock>,
    spent: Duration,
}

impl Timed {
    pub fn new(clock: Arc<dyn Clock>) -> Timed {
        Timed { clock, spent: Duration::ZERO }
    }
}

impl Slices for Timed {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(&Deadline) -> T) -> T {
        let start = self.clock.now();
        let out = work(&Deadline::at(self.clock.clone(), start + max));
        self.spent += self.clock.now().saturating_sub(start);
        out
    }

    fn spent(&self) -> Duration {
        self.spent
    }
}

/// Measures the CPU time spent inside slices. CPU time, not wall time: on the server the
/// review thread runs at the lowest priority, so on a busy machine a slice of wall time may
/// hold little of the CPU, and a budget counted on the wall clock would turn exact values into
/// estimates because of other people's work. Public so that code written over [`Slices`]
/// (the analysis board's, in the engine crate) runs on the server's [`Pace`] too.
#[cfg(feature = "native")]
#[derive(Debug)]
pub struct Busy<'p, P: Pace> {
    pace: &'p mut P,
    busy: Duration,
}

#[cfg(feature = "native")]
impl<'p, P: Pace> Busy<'p, P> {
    pub fn new(pace: &'p mut P) -> Busy<'p, P> {
        Busy { pace, busy: Duration::ZERO }
    }
}

#[cfg(feature = "native")]
impl<P: Pace> Slices for Busy<'_, P> {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(&Deadline) -> T) -> T {
        let busy = &mut self.busy;
        self.pace.slice(max, |end| {
            let start = thread_cpu_time();
            let out = work(&Deadline::at_instant(end));
            *busy += thread_cpu_time().saturating_sub(start);
            out
        })
    }

    fn spent(&self) -> Duration {
        self.busy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(result: Option<i8>) -> Ply {
        Ply { value: Value::ParentWin, outlook: Outlook { score: 0.0, result, margin: None } }
    }

    #[test]
    fn turning_points_need_two_proven_results() {
        let plies = [ply(Some(1)), ply(Some(1)), ply(Some(-1)), ply(None), ply(Some(1)), ply(Some(0))];
        assert_eq!(turning_plies(&plies), vec![2, 5]);
    }

    /// The first `plies` moves of a beginner against itself (seeded, on a work budget).
    fn game(options: rules::AnyOptions, plies: usize) -> Vec<String> {
        use rand::SeedableRng;
        let mut game = rules::AnyGame::new(options);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut moves = Vec::new();
        while moves.len() < plies {
            let deadline = crate::clock::WorkClock::budget(16);
            let Some(m) = crate::choose_by(&game, crate::Level::Beginner, &deadline, &mut rng) else { break };
            let side = game.turn();
            game.play(side, &m).expect("the CPU's move is legal");
            moves.push(m);
        }
        moves
    }

    /// Reviews on a clock the caller gives, here one that counts work (so the budgets'
    /// durations count deadline reads): what a browser does without the `native` feature.
    #[test]
    fn reviews_run_on_the_callers_clock() {
        use crate::clock::WorkClock;
        let dots = rules::dots::Options { size: rules::dots::Size::new(3, 3).expect("3x3"), swap_first: true };
        let moves = game(rules::AnyOptions::Dots(dots), 14);
        let r = dots::review_with(dots, &moves, &Budget::SERVER, &mut Timed::new(Arc::new(WorkClock::new()))).unwrap();
        assert_eq!(r.plies.len(), moves.len() + 1);
        assert!(r.plies.iter().all(|p| matches!(p.value, Value::Margin(_))), "a 3x3 game is solved exactly");
        assert!(r.busy > Duration::ZERO, "the work is counted on the caller's clock");

        let musashi = rules::musashi::Options::default();
        let moves = game(rules::AnyOptions::Musashi(musashi), 6);
        let budget = Budget { search: Duration::from_nanos(64), ..Budget::SERVER };
        let mut clock = Timed::new(Arc::new(WorkClock::new()));
        let r = musashi::review_with(musashi, &moves, &mut musashi::Installed, &budget, &mut clock).unwrap();
        assert_eq!(r.plies.len(), moves.len() + 1);
        // 64 reads of the deadline are 64 x 256 search nodes, far from proving the opening.
        assert!(r.plies.iter().all(|p| matches!(p.value, Value::MusashiEstimate { .. })), "{:?}", r.plies);
    }

    /// The server's path (a [`Pace`], CPU time) and the caller's clock give the same exact
    /// values: the review code is one.
    #[cfg(feature = "native")]
    #[test]
    fn paced_and_timed_reviews_agree_where_exact() {
        let dots = rules::dots::Options { size: rules::dots::Size::new(3, 3).expect("3x3"), swap_first: true };
        let moves = game(rules::AnyOptions::Dots(dots), 10);
        let paced = dots::review(dots, &moves, &Budget::SERVER, &mut Unpaced).unwrap();
        let clock = Arc::new(crate::clock::WorkClock::new());
        let timed = dots::review_with(dots, &moves, &Budget::SERVER, &mut Timed::new(clock)).unwrap();
        assert_eq!(paced.plies, timed.plies);
        assert_eq!(paced.turning, timed.turning);
    }

    #[test]
    fn texts_are_the_solver_vocabulary() {
        assert_eq!(Value::ChildrenWinIn(7).text(), "children-win-in 7");
        assert_eq!(Value::ParentWin.text(), "parent-win");
        assert_eq!(Value::MusashiEstimate { children: 0.7 }.text(), "~children-win");
        assert_eq!(Value::MusashiEstimate { children: 0.2 }.text(), "~parent-win");
        assert_eq!(Value::Margin(-3).text(), "-3");
        assert_eq!(Value::MarginEstimate(1.6).text(), "~2");
        assert_eq!(Value::MarginEstimate(-0.4).text(), "~0");
    }
}
