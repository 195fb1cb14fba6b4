//! The expert: exact where the solver finishes within the move's budget, a Monte-Carlo
//! search of the safe phase before that. The solver is tried from 40 lines left (with a
//! third of the budget above 34, seven tenths from 34 down).
//!
//! Issue 20 measured the old expert losing 8 of 50 games on 5x5 to simple outside programs:
//! before the solver reached it played the "draw the last safe line" fight, which wins
//! control but not necessarily boxes (control over many short chains loses). The search
//! here values each safe line by where it leads once the endgame is played out
//! ([`super::mcts`], [`super::playout`]).

use rand::Rng;
use rules::dots::Position;

use super::board::Board;
use super::chain_play::{capture_or_decline, cheapest_sacrifice};
use super::chains::EndgameTable;
use super::mcts::{Mcts, Settings};
use super::playout::lines;
use super::solver::Solver;
use crate::clock::Deadline;

/// Table size for the solver the expert runs within one move: 2^20 buckets, 32 MiB.
const MOVE_TT_BITS: u32 = 20;

/// Undrawn lines at which the expert starts trying the exact solver (it gives up at its
/// share of the deadline, so this only saves the time of hopeless tries).
pub const SOLVE_WITHIN: u32 = 34;

/// Share of the budget the solver may use before the search takes over.
const SOLVE_SHARE: f64 = 0.7;

/// Up to this many undrawn lines the solver is still tried, with [`EARLY_SHARE`] of the
/// budget: late in the safe phase it often finishes in milliseconds (a 5x5 position with 35
/// lines left took 50 k nodes, 75 ms), where the search, whose tree holds safe lines only,
/// can miss the sacrifice that keeps control (issue 20: an arena game lost 18 boxes so).
pub const TRY_SOLVE_WITHIN: u32 = 40;

/// Share of the budget for the solver's early tries.
const EARLY_SHARE: f64 = 0.35;

/// The line the expert draws in `pos` (not over).
pub fn expert(board: Board, pos: &Position, deadline: &Deadline, rng: &mut impl Rng) -> u8 {
    expert_with(board, pos, deadline, Settings::default(), rng)
}

/// [`expert`] with other search settings (the arena compares them).
pub fn expert_with(board: Board, pos: &Position, deadline: &Deadline, settings: Settings, rng: &mut impl Rng) -> u8 {
    let drawn = pos.drawn.0;
    let undrawn = (board.all & !drawn).count_ones();
    let board = if undrawn <= TRY_SOLVE_WITHIN {
        let share = if undrawn <= SOLVE_WITHIN { SOLVE_SHARE } else { EARLY_SHARE };
        let mut solver = Solver::new(board, MOVE_TT_BITS);
        solver.set_deadline(Some(deadline.share(share)));
        if let Some((e, _)) = solver.best_move(drawn) {
            return e;
        }
        solver.into_board()
    } else {
        board
    };
    let turn = pos.turn as usize;
    let scores = pos.scores();
    let lead = scores[turn] as i32 - scores[1 - turn] as i32;
    // Player 0 moves first in the game.
    let first = pos.turn == 0;
    search(&board, drawn, lead, first, settings, &deadline.share(0.95), rng)
}

/// The heuristic move: the chain rules at captures, the Monte-Carlo search over safe lines,
/// the cheapest sacrifice when every line gives something away.
pub fn search(
    board: &Board,
    drawn: u64,
    lead: i32,
    first: bool,
    settings: Settings,
    deadline: &Deadline,
    rng: &mut impl Rng,
) -> u8 {
    let mut table = EndgameTable::new();
    if lines(board, drawn).captures != 0 {
        return capture_or_decline(board, drawn, &mut table).expect("a capture is on offer");
    }
    let mut mcts = Mcts::new(board, drawn, lead, first, settings);
    if let Some(e) = mcts.run(deadline, u64::MAX, rng) {
        return e;
    }
    cheapest_sacrifice(board, drawn, &mut table)
}
