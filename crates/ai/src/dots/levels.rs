//! The CPU levels the site offers.
//!
//! - Beginner: takes every box it is offered, and otherwise draws a line that gives no box
//!   away (a "third side") when there is one; when every line gives something away it picks
//!   one at random.
//! - Intermediate: as the beginner, plus chain counting. It fights for control with the
//!   safe-move count (the player who draws the last safe line makes the other open the first
//!   chain, which is the long-chain rule played out), sacrifices the smallest chain first,
//!   and declines the last two boxes of a chain (four of a loop) when that keeps control
//!   profitably, valued exactly with the chain-and-loop endgame table.
//! - Expert (`expert.rs`): exact (the solver) once a solve fits the time budget; before that,
//!   a Monte-Carlo search whose playouts end in played-out endgames ([`super::mcts`]).

use std::collections::HashMap;
use std::time::Duration;

use rand::Rng;
use rand::seq::SliceRandom;
use rules::dots::{Edge, Game};

use super::board::Board;
use super::chain_play::{capture_or_decline, captures, cheapest_sacrifice, undrawn_list};
use super::chains::EndgameTable;
use crate::Level;
use crate::clock::Deadline;

/// The edge `level` draws in `game`, or `None` when the game is over.
#[cfg(feature = "native")]
pub fn choose(game: &Game, level: Level, deadline: &Deadline) -> Option<Edge> {
    choose_with(game, level, deadline, &mut crate::move_rng(u64::from(game.position().drawn.0.count_ones())))
}

/// [`choose`] with a given random source.
pub fn choose_with(game: &Game, level: Level, deadline: &Deadline, rng: &mut impl Rng) -> Option<Edge> {
    if game.outcome().is_some() {
        return None;
    }
    let pos = game.position();
    let board = Board::of(pos.size);
    let drawn = pos.drawn.0;
    let e = match level {
        Level::Beginner => beginner(&board, drawn, rng),
        Level::Intermediate => intermediate(&board, drawn, deadline, rng),
        Level::Expert => super::expert::expert(board, pos, deadline, rng),
    };
    Some(Edge(e))
}

/// The move the expert plays, for hints: exact where the solver reaches within `deadline`.
#[cfg(feature = "native")]
pub fn best_move(game: &Game, deadline: &Deadline) -> Option<Edge> {
    choose(game, Level::Expert, deadline)
}

/// Lines that neither complete a box nor give one a third side.
pub fn safe_moves(board: &Board, drawn: u64) -> Vec<u8> {
    undrawn_list(board, drawn)
        .into_iter()
        .filter(|&e| board.completes(drawn, e) == 0 && !board.offers(drawn, e))
        .collect()
}

fn beginner(board: &Board, drawn: u64, rng: &mut impl Rng) -> u8 {
    if let Some(&e) = captures(board, drawn).first() {
        return e;
    }
    let safe = safe_moves(board, drawn);
    if let Some(&e) = safe.choose(rng) {
        return e;
    }
    *undrawn_list(board, drawn).choose(rng).expect("the game is not over")
}

fn intermediate(board: &Board, drawn: u64, deadline: &Deadline, rng: &mut impl Rng) -> u8 {
    // Chain counting is cheap: a tenth of the budget is plenty at this level.
    let soon = deadline.share(0.1).at_most(Duration::from_millis(100));
    heuristic(board, drawn, &soon, rng)
}

/// Play without the exact solver: captures and declines by the chain rules, the control
/// fight over safe moves, and the cheapest sacrifice when none is left.
pub fn heuristic(board: &Board, drawn: u64, deadline: &Deadline, rng: &mut impl Rng) -> u8 {
    let mut table = EndgameTable::new();
    if let Some(e) = capture_or_decline(board, drawn, &mut table) {
        return e;
    }
    let safe = safe_moves(board, drawn);
    if !safe.is_empty() {
        let mut game = SafeGame::new(board, deadline);
        if let Some(e) = game.winning_move(drawn) {
            return e;
        }
        // No win found (lost, or not found in time): keep the fight long and open.
        return *safe.choose(rng).expect("not empty");
    }
    cheapest_sacrifice(board, drawn, &mut table)
}

/// The expert as it was before issue 20 (the solver within 34 lines, else the safe-line
/// count fight of the intermediate searched with nine tenths of the budget). Not offered on
/// the site: kept so that the arena can measure the old expert against the new one.
pub fn expert_v1(board: Board, drawn: u64, deadline: &Deadline, rng: &mut impl Rng) -> u8 {
    if (board.all & !drawn).count_ones() <= super::expert::SOLVE_WITHIN {
        let mut solver = super::solver::Solver::new(board, 20);
        solver.set_deadline(Some(deadline.share(0.75)));
        if let Some((e, _)) = solver.best_move(drawn) {
            return e;
        }
        return heuristic(&solver.into_board(), drawn, deadline, rng);
    }
    heuristic(&board, drawn, &deadline.share(0.9), rng)
}

/// The control fight: players alternately draw safe lines; whoever cannot must open a chain
/// (or give a box) and usually loses control. Solved by memoised search on the drawn
/// lines (an impartial game: a position is won when some safe line leads to a lost one).
struct SafeGame<'b> {
    board: &'b Board,
    memo: HashMap<u64, bool>,
    deadline: &'b Deadline,
    nodes: u64,
    aborted: bool,
}

impl<'b> SafeGame<'b> {
    fn new(board: &'b Board, deadline: &'b Deadline) -> SafeGame<'b> {
        SafeGame { board, memo: HashMap::new(), deadline, nodes: 0, aborted: false }
    }

    /// A safe line after which the opponent draws the last safe line in no line of play.
    fn winning_move(&mut self, drawn: u64) -> Option<u8> {
        for e in safe_moves(self.board, drawn) {
            let lost = !self.wins(drawn | 1 << e);
            if self.aborted {
                return None;
            }
            if lost {
                return Some(e);
            }
        }
        None
    }

    fn wins(&mut self, drawn: u64) -> bool {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 && self.deadline.passed() {
            self.aborted = true;
        }
        if self.aborted {
            return false;
        }
        let key = self.board.canonical(drawn);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut win = false;
        for e in safe_moves(self.board, drawn) {
            if !self.wins(drawn | 1 << e) {
                win = true;
                break;
            }
        }
        if !self.aborted {
            self.memo.insert(key, win);
        }
        win
    }
}
