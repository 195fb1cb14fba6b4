//! The three CPU levels. Every level picks among [`Game::legal_moves`], so the repetition
//! rule always holds.

use std::time::Duration;

use rand::Rng;
use rules::musashi::{Game, Move, Moves, Position, Role};

use super::eval::evaluate_children;
use super::expert_search::ExpertSearch;
use super::search::{Search, moves_left};
use super::tablebase::{Tables, Value};
use super::trap::TrapSearch;
use crate::clock::Deadline;

/// Picks uniformly among the moves with the best key.
fn pick_best<R: Rng + ?Sized, K: Ord + Copy>(moves: &[(Move, K)], rng: &mut R) -> Option<Move> {
    let best = moves.iter().map(|&(_, k)| k).max()?;
    let top: Vec<Move> = moves.iter().filter(|&&(_, k)| k == best).map(|&(m, _)| m).collect();
    // Drawn as a u32, not a usize: the same draw on 32-bit WebAssembly as on 64-bit hosts.
    Some(top[rng.gen_range(0..top.len() as u32) as usize])
}

/// `true` when some Children move after `pos` (Children to move) leaves the Parent no exit.
fn children_can_trap(pos: &Position) -> bool {
    let mut moves = Moves::new();
    pos.pseudo_legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let mut after = *pos;
        after.play_unchecked(m);
        after.parent_exits().is_empty()
    })
}

/// Beginner: the Parent takes the biggest capture and avoids stepping where it can be trapped
/// next move; the Children trap when they can and otherwise avoid giving a capture.
pub fn beginner<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<Move> {
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    let pos = *game.position();
    let keyed: Vec<(Move, i32)> = moves
        .iter()
        .map(|&m| {
            let mut after = pos;
            let taken = after.play_unchecked(m).count() as i32;
            let key = match pos.turn {
                Role::Parent => {
                    let safe = !children_can_trap(&after);
                    (safe as i32) * 1000 + taken * 10
                }
                Role::Children => {
                    if after.parent_exits().is_empty() {
                        1000
                    } else {
                        let (danger, _) = after.danger();
                        -(danger.count() as i32) * 10
                    }
                }
            };
            (m, key)
        })
        .collect();
    pick_best(&keyed, rng)
}

/// Intermediate: a short alpha-beta search without tables (random among equal best moves).
pub fn intermediate<R: Rng + ?Sized>(game: &Game, deadline: Deadline, rng: &mut R) -> Option<Move> {
    let budget = deadline.at_most(Duration::from_millis(250));
    let mut s = Search::until(None, budget, 4);
    let (scored, _) = s.root(game);
    pick_best(&scored, rng)
}

/// Expert: perfect from the tables when they cover the position and every move from it;
/// otherwise a search to the deadline with the tables at the nodes they cover: the Parent's
/// is [`ExpertSearch`] (its answer does not depend on `rng`); the Children first look for a
/// forced trap with [`TrapSearch`] on [`TRAP_SHARE`] of the work, then run the plain
/// alpha-beta to [`CHILDREN_DEPTH`] plies (random among equal best moves, a Child's step back
/// left out of a tie: [`not_stepping_back`]). The deeper search made the Children worse
/// against the intermediate Parent (the move limit ran out in 4 of 16 games against 3 of 50),
/// while it lifted the Parent from 4 to 39 wins of 50 at 6,000 reads (`docs/design.md` §9.1).
pub fn expert<R: Rng + ?Sized>(game: &Game, tables: Option<&Tables>, deadline: Deadline, rng: &mut R) -> Option<Move> {
    if let Some(m) = tables.and_then(|t| from_tables(game, t, rng)) {
        return Some(m);
    }
    if game.turn() == Role::Parent {
        return ExpertSearch::until(tables, deadline, 64).best(game).map(|f| f.best);
    }
    let left = moves_left(game, game.position()).unwrap_or(u32::MAX);
    if let Some((m, _)) = TrapSearch::until(deadline.share(TRAP_SHARE)).find(game, left) {
        return Some(m);
    }
    let mut s = Search::until(tables, deadline, CHILDREN_DEPTH);
    let (scored, _) = s.root(game);
    let onward = not_stepping_back(game, &scored);
    pick_best(if onward.is_empty() { &scored } else { &onward }, rng)
}

/// The share of the Children's work that [`TrapSearch`] may spend looking for a forced trap
/// before the plain search gets the rest. Its reads cost about half of the plain search's in
/// wall time (`cargo run --release -p ai --example musashi_trap_speed`), so a move takes less
/// time than the whole budget spent on the plain search did.
const TRAP_SHARE: f64 = 0.7;

/// The plain search's deepest iteration for the Children. Five plies (three Children moves,
/// ending on theirs) played as well as the whole budget against the intermediate Parent, and
/// deeper ones worse (`docs/benchmarks.md`, "Tried and not kept"); the work this leaves goes to
/// the trap search, which reaches five Children moves and more for it. The rest of the budget
/// always completed five plies in the measured sample (104 positions).
const CHILDREN_DEPTH: u32 = 5;

/// How many of the Children's last moves a Child may not step straight back from.
const STEP_BACK_MEMORY: usize = 4;

/// The Children's best-scored moves but those that step a Child back to the point it left in
/// one of the Children's last [`STEP_BACK_MEMORY`] moves. Without tables the search scores
/// many moves alike, and a random pick among them walked Children to and fro until the move
/// limit ran out (7 of the 9 losses against the intermediate Parent); a move back is one
/// that the repetition rule does not forbid while the Parent stands elsewhere. Only a tie
/// is broken: a move back that scores best alone is still played.
fn not_stepping_back(game: &Game, scored: &[(Move, i32)]) -> Vec<(Move, i32)> {
    let recent = game.history().iter().rev().filter(|p| p.role == Role::Children).take(STEP_BACK_MEMORY);
    let back = |m: Move| recent.clone().any(|p| p.mv.from == m.to && p.mv.to == m.from);
    let best = scored.iter().map(|&(_, s)| s).max();
    scored.iter().filter(|&&(m, s)| Some(s) == best && !back(m)).copied().collect()
}

/// A move from the tables, or `None` when a move leads outside them (or the game is over).
///
/// Children: the fastest trap that fits the moves left (each such move lowers the distance,
/// so the Children never need to repeat); when none fits, the nearest trap all the same.
/// Parent: a move the Children cannot answer with a trap in time, preferring a table win and
/// captures; when every move loses, the one that resists longest.
pub fn from_tables<R: Rng + ?Sized>(game: &Game, tables: &Tables, rng: &mut R) -> Option<Move> {
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let pos = *game.position();
    let mut keyed: Vec<(Move, (i32, i32))> = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let mut after = pos;
        let taken = after.play_unchecked(m).count() as i32;
        let raw = tables.value(&after)?;
        let left = moves_left(game, &after);
        let limited = raw.with_limit(left);
        // A second key breaks ties by the position itself, so equal moves are not chosen blindly.
        let eval = evaluate_children(&after);
        let key = match pos.turn {
            Role::Children => match limited {
                Value::ChildrenWin(d) => (100_000 - d as i32, eval),
                Value::ParentWin => match raw {
                    Value::ChildrenWin(d) => (-(d as i32), eval),
                    Value::ParentWin => (-100_000, eval),
                },
            },
            Role::Parent => match (limited, raw) {
                (Value::ParentWin, Value::ParentWin) => (200_000 + taken, -eval),
                (Value::ParentWin, Value::ChildrenWin(d)) => (100_000 + d as i32, -eval),
                (Value::ChildrenWin(d), _) => (d as i32, -eval),
            },
        };
        keyed.push((m, key));
    }
    pick_best(&keyed, rng)
}

#[cfg(test)]
mod tests {
    use rules::musashi::{Game, Move, Options};

    use super::not_stepping_back;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    /// The Parent steps out of c3, a Child from e2 to e3, the Parent on: e3-e2 steps back.
    fn after_a_child_moved() -> Game {
        let mut g = Game::new(Options::default());
        for m in ["c3-d4", "e2-e3", "d4-c5"] {
            g.play(mv(m)).unwrap();
        }
        g
    }

    #[test]
    fn a_tie_is_broken_against_stepping_a_child_back() {
        let g = after_a_child_moved();
        let scored = [(mv("e3-e2"), 10), (mv("e5-d5"), 10), (mv("a1-b2"), 4)];
        assert_eq!(not_stepping_back(&g, &scored), vec![(mv("e5-d5"), 10)]);
    }

    #[test]
    fn a_move_back_that_scores_best_alone_is_left_to_the_caller() {
        let g = after_a_child_moved();
        let scored = [(mv("e3-e2"), 12), (mv("e5-d5"), 10)];
        assert!(not_stepping_back(&g, &scored).is_empty());
    }

    #[test]
    fn moves_back_older_than_the_memory_are_allowed() {
        let mut g = Game::new(Options::default());
        // Children moves e2-e3, e5-d5, b1-b2, e3-e2, e4-e5, d1-d2, a3-b3: b1-b2 is the fifth last.
        for m in "c3-d4 e2-e3 d4-c5 e5-d5 c5-c4 b1-b2 c4-c3 e3-e2 c3-d2 e4-e5 d2-e3 d1-d2 e3-d4 a3-b3".split(' ') {
            g.play(mv(m)).unwrap();
        }
        let scored = [(mv("d2-d1"), 10), (mv("b2-b1"), 10)];
        assert_eq!(not_stepping_back(&g, &scored), vec![(mv("b2-b1"), 10)]);
    }
}
