//! Dots and Boxes values: the solver's exact margin where it finishes within the budget,
//! a playout estimate ([`super::playout`]) before that.
//!
//! A game is solved from its last position backwards with one solver, so every solve leaves
//! its table warm for the position before it, which has one more line and mostly the same
//! continuations. A solve is cut into slices; a slice that ends unfinished loses nothing
//! (the solver stores only what it proved), so the next slice resumes on a warm table.
//! Values are what `qdan solve dots` prints: the margin of the boxes still to be claimed for
//! the player to move.

use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::dots::{Edge, Game, Options, Position};

use super::playout::Playouts;
use super::{Budget, Outlook, Ply, Review, ReviewError, Slices, Turning, Value, turning_plies};
#[cfg(feature = "native")]
use super::{Busy, Pace};
use crate::dots::{Board, Solver};

/// Solver table for a review: 2^21 buckets, 64 MiB.
const TT_BITS: u32 = 21;
/// Failed solves in a row after which the earlier positions (more lines left) are only estimated.
const GIVE_UP_AFTER: u32 = 2;

/// The chart's terms for `v` in `pos`: side 0's final margin, boxes already claimed included.
pub fn outlook(pos: &Position, v: Value) -> Outlook {
    let [a, b] = pos.scores();
    let (rest, exact) = match v {
        Value::Margin(m) => (m as f32, true),
        Value::MarginEstimate(m) => (m, false),
        _ => unreachable!("another game's value in a Dots review"),
    };
    let margin = a as f32 - b as f32 + if pos.turn == 0 { rest } else { -rest };
    let boxes = pos.size.boxes() as f32;
    let result = exact.then(|| (margin as i32).signum() as i8);
    Outlook { score: (margin / boxes).clamp(-1.0, 1.0), result, margin: Some(margin) }
}

/// Replays `moves` (edge numbers) from the empty board of `options`, every position kept.
pub fn replay(options: Options, moves: &[String]) -> Result<Vec<Position>, ReviewError> {
    let mut game = Game::new(options);
    let mut out = vec![*game.position()];
    for (i, text) in moves.iter().enumerate() {
        let illegal = |reason: String| ReviewError::Illegal { number: i + 1, text: text.clone(), reason };
        let e: Edge = text.trim().parse().map_err(|e: rules::dots::ParseEdgeError| illegal(e.to_string()))?;
        game.play(e).map_err(|e| illegal(e.to_string()))?;
        out.push(*game.position());
    }
    Ok(out)
}

/// The solver and the playouts of one review, for one board size.
#[derive(Debug)]
pub struct Engine {
    solver: Solver,
    playouts: Playouts,
}

impl Engine {
    pub fn new(options: Options) -> Engine {
        let (w, h) = (options.size.w, options.size.h);
        Engine {
            solver: Solver::new(Board::new(w, h).expect("site sizes are 3..=5 a side"), TT_BITS),
            playouts: Playouts::new(w, h),
        }
    }

    /// Runs `job` on the solver in slices until it answers or `budget` of work is spent.
    fn solve<T>(
        &mut self,
        budget: &Budget,
        busy: &mut impl Slices,
        mut job: impl FnMut(&mut Solver) -> Option<T>,
    ) -> Option<T> {
        let mut spent = Duration::ZERO;
        while spent < budget.solve {
            let max = budget.slice.min(budget.solve - spent);
            let started = busy.spent();
            let out = busy.slice(max, |end| {
                self.solver.set_deadline(Some(end.clone()));
                job(&mut self.solver)
            });
            spent += busy.spent() - started;
            if out.is_some() {
                self.solver.set_deadline(None);
                return out;
            }
        }
        None
    }

    /// The exact margin of `drawn` for the player to move, if the solver finishes in time.
    fn exact(&mut self, drawn: u64, budget: &Budget, busy: &mut impl Slices) -> Option<i32> {
        self.solve(budget, busy, |s| s.value(drawn))
    }

    /// A playout estimate of `drawn`, reproducible (the playouts' seed is the position).
    fn estimate(&mut self, drawn: u64, budget: &Budget, busy: &mut impl Slices) -> f32 {
        let mut rng = StdRng::seed_from_u64(drawn);
        let n = budget.playouts.max(1);
        busy.slice(budget.slice, |end| self.playouts.estimate(drawn, n, end, &mut rng)).unwrap_or(0.0)
    }
}

/// Reviews the game of `moves` under `options`.
#[cfg(feature = "native")]
pub fn review(
    options: Options,
    moves: &[String],
    budget: &Budget,
    pace: &mut impl Pace,
) -> Result<Review, ReviewError> {
    review_with(options, moves, budget, &mut Busy::new(pace))
}

/// [`review`] through any [`Slices`] (a browser's clock: [`super::Timed`]).
pub fn review_with(
    options: Options,
    moves: &[String],
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<Review, ReviewError> {
    let positions = replay(options, moves)?;
    let mut engine = Engine::new(options);
    let mut values: Vec<Option<Value>> = vec![None; positions.len()];
    // Exact values from the end backwards, until the solver gives up.
    let mut failed = 0;
    for (i, pos) in positions.iter().enumerate().rev() {
        if failed >= GIVE_UP_AFTER {
            break;
        }
        match engine.exact(pos.drawn.0, budget, busy) {
            Some(v) => {
                values[i] = Some(Value::Margin(v));
                failed = 0;
            }
            None => failed += 1,
        }
    }
    let plies: Vec<Ply> = positions
        .iter()
        .zip(values)
        .map(|(pos, v)| {
            let value = v.unwrap_or_else(|| Value::MarginEstimate(engine.estimate(pos.drawn.0, budget, busy)));
            Ply { value, outlook: outlook(pos, value) }
        })
        .collect();
    let mut turning = Vec::new();
    for ply in turning_plies(&plies) {
        let drawn = positions[ply - 1].drawn.0;
        let best = engine.solve(budget, busy, |s| s.best_move(drawn)).map(|(e, _)| e.to_string());
        turning.push(Turning { ply, played: moves[ply - 1].trim().to_string(), best });
    }
    Ok(Review { plies, turning, busy: busy.spent() })
}

/// The value of `pos` and of every legal move in it, for the player to move (a move's value
/// counts the boxes it completes): exact when the solver finishes every one within the
/// budget, estimates otherwise.
#[cfg(feature = "native")]
pub fn analyse(pos: &Position, budget: &Budget, pace: &mut impl Pace) -> (Value, Vec<(Edge, Value)>) {
    analyse_with(pos, budget, &mut Busy::new(pace))
}

/// [`analyse`] through any [`Slices`] (a browser's clock: [`super::Timed`]).
pub fn analyse_with(pos: &Position, budget: &Budget, busy: &mut impl Slices) -> (Value, Vec<(Edge, Value)>) {
    let mut engine = Engine::new(Options { size: pos.size, ..Options::default() });
    let drawn = pos.drawn.0;
    let board = Board::new(pos.size.w, pos.size.h).expect("site sizes");
    let exact = engine.exact(drawn, budget, busy).and_then(|v| {
        let each = engine.solve(budget, busy, |s| s.move_values(drawn))?;
        Some((Value::Margin(v), each.into_iter().map(|(e, m)| (Edge(e), Value::Margin(m))).collect()))
    });
    if let Some(found) = exact {
        return found;
    }
    let mut each = Vec::new();
    let mut best = f32::NEG_INFINITY;
    for e in pos.undrawn() {
        let c = board.completes(drawn, e) as f32;
        let child = engine.estimate(drawn | 1 << e, budget, busy);
        let m = if c > 0.0 { c + child } else { -child };
        best = best.max(m);
        each.push((Edge(e), Value::MarginEstimate(m)));
    }
    // One position, one value: the position is worth its best move. A playout average of the
    // position itself disagreed with it (the empty 5x4: "about 2 boxes", its best move "about
    // 7"), because random safe lines play worse than the best line and each estimate has its
    // own noise.
    let here = if each.is_empty() { engine.estimate(drawn, budget, busy) } else { best };
    (Value::MarginEstimate(here), each)
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;
    use crate::review::Unpaced;

    #[test]
    fn outlook_counts_claimed_boxes_and_the_turn() {
        let mut pos = Position::empty(rules::dots::Size::new(3, 3).unwrap());
        pos.owned[0] = rules::Mask(0b11);
        pos.turn = 1;
        // Side 0 has 2 boxes; side 1 is to move and will take 3 more than side 0 of the rest.
        let o = outlook(&pos, Value::Margin(3));
        assert_eq!(o.margin, Some(-1.0));
        assert_eq!(o.result, Some(-1));
        assert_eq!(outlook(&pos, Value::MarginEstimate(3.0)).result, None);
    }

    #[test]
    fn an_estimated_position_is_worth_its_best_move() {
        // The empty 5x4 is far beyond a short solve: every value is an estimate, and the
        // position's is that of its best move (it read "about 2 boxes", its best move "about 7").
        let pos = Position::empty(rules::dots::Size::new(5, 4).unwrap());
        let budget = Budget { solve: Duration::from_millis(20), slice: Duration::from_millis(20), ..Budget::SERVER };
        let (v, each) = analyse(&pos, &budget, &mut Unpaced);
        let Value::MarginEstimate(here) = v else { panic!("{v:?}") };
        let best = each
            .iter()
            .map(|(_, v)| if let Value::MarginEstimate(m) = v { *m } else { panic!("{v:?}") })
            .fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(each.len(), 49);
        assert_eq!(here, best);
    }

    #[test]
    fn the_empty_3x3_board_is_minus_three() {
        let pos = Position::empty(rules::dots::Size::new(3, 3).unwrap());
        let budget = Budget { solve: Duration::from_secs(60), ..Budget::SERVER };
        let (v, each) = analyse(&pos, &budget, &mut Unpaced);
        assert_eq!(v, Value::Margin(-3));
        assert_eq!(each.len(), 24);
        assert_eq!(each.iter().map(|(_, v)| if let Value::Margin(m) = v { *m } else { i32::MIN }).max(), Some(-3));
    }
}
