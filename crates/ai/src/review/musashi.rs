//! Juroku Musashi values, computed exactly as `qdan solve musashi` computes them: a finished
//! game by its outcome; a position the tables cover by the tables (move limit applied) with
//! the expert's table move; otherwise a search for a while, proven or not. Where the search
//! proves nothing its score becomes an estimate ([`children_share`]).
//!
//! Keep [`value`] and the `solve` command on one code path: `qdan review` must print what
//! `qdan solve` prints for every position (a test runs both).

use std::sync::Arc;

use rules::musashi::{BoardKind, Game, Move, Moves, Options, Role, Target};

use super::{Budget, Outlook, Ply, Review, ReviewError, Slices, Turning, Value, turning_plies};
#[cfg(feature = "native")]
use super::{Busy, Pace};
use crate::clock::Deadline;
use crate::musashi::search::{PROVEN, Search, WIN, moves_left};
use crate::musashi::{Tables, table_move};

/// Deepest search the value tries (the `solve` command's).
const MAX_DEPTH: u32 = 200;

/// Where the tables for a position come from.
pub trait TableSource {
    /// Tables for `(board, target)` to value a position with `k` Children, if any.
    fn tables(&mut self, board: BoardKind, target: Target, k: u8) -> Option<Arc<Tables>>;
}

/// The tables installed for play (`crate::musashi::tables_for`): what the server has.
#[derive(Copy, Clone, Debug, Default)]
pub struct Installed;

impl TableSource for Installed {
    fn tables(&mut self, board: BoardKind, target: Target, _k: u8) -> Option<Arc<Tables>> {
        crate::musashi::tables_for(board, target)
    }
}

/// No tables at all: what a device has (a browser), and what a test of one uses in a process
/// that has tables installed.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoTables;

impl TableSource for NoTables {
    fn tables(&mut self, _board: BoardKind, _target: Target, _k: u8) -> Option<Arc<Tables>> {
        None
    }
}

/// A position's value and a best move (none when the game is over).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Valued {
    pub value: Value,
    pub best: Option<Move>,
}

/// The value of `game`'s position as `qdan solve musashi` finds it with `tables`, searching
/// until `deadline` when they do not decide it.
pub fn value(game: &Game, tables: Option<&Tables>, deadline: &Deadline) -> Valued {
    if let Some(v) = table_value(game, tables) {
        return v;
    }
    // A forced move: the search does not search a position with one legal move (the CPU has
    // nothing to choose), so its score says nothing; the position is worth what the move
    // leads to, one ply further. Without this, a Parent hemmed in to one move between two
    // proven Children wins read as an estimated Parent win, every other ply.
    if let Some(forced) = forced_move(game) {
        let mut next = game.clone();
        next.play_unchecked(forced);
        return one_ply_further(value(&next, tables, deadline), forced);
    }
    let pos = *game.position();
    let mut s = Search::until(tables, deadline.clone(), MAX_DEPTH);
    let (scored, _depth) = s.root(game);
    let Some(&(best, score)) = scored.first() else {
        // No legal move and no outcome cannot happen: the rules end such a game.
        return Valued { value: Value::ParentWin, best: None };
    };
    let children_score = if pos.turn == Role::Children { score } else { -score };
    let value = if children_score > PROVEN {
        Value::ChildrenWinIn((WIN - children_score) as u32)
    } else if children_score < -PROVEN {
        Value::ParentWin
    } else {
        Value::MusashiEstimate { children: children_share(children_score) }
    };
    Valued { value, best: Some(best) }
}

/// [`value`] where it needs no search: a finished game by its outcome, a position `tables`
/// cover by a lookup and the table move, a forced move by where it leads; `None` where only a
/// search would tell. This is what the server answers for positions only its tables know
/// (`POST /api/musashi/values`), and what the device's review takes instead of searching
/// ([`review_known`]).
pub fn table_value(game: &Game, tables: Option<&Tables>) -> Option<Valued> {
    let pos = *game.position();
    if let Some(o) = game.outcome() {
        let value = if o.winner == Role::Children { Value::ChildrenWinIn(0) } else { Value::ParentWin };
        return Some(Valued { value, best: None });
    }
    if let Some(t) = tables
        && let (Some(v), Some(best)) = (t.value(&pos), table_move(game, t))
    {
        let value = match v.with_limit(moves_left(game, &pos)).plies(pos.turn) {
            Some(n) => Value::ChildrenWinIn(n),
            None => Value::ParentWin,
        };
        return Some(Valued { value, best: Some(best) });
    }
    let forced = forced_move(game)?;
    let mut next = game.clone();
    next.play_unchecked(forced);
    Some(one_ply_further(table_value(&next, tables)?, forced))
}

/// The only legal move, if there is exactly one.
fn forced_move(game: &Game) -> Option<Move> {
    let mut legal = Moves::new();
    game.legal_moves(&mut legal);
    (legal.len() == 1).then(|| legal[0])
}

/// The value of a position whose only move is `forced`, from the value after it.
fn one_ply_further(after: Valued, forced: Move) -> Valued {
    let value = match after.value {
        Value::ChildrenWinIn(n) => Value::ChildrenWinIn(n + 1),
        v => v,
    };
    Valued { value, best: Some(forced) }
}

/// Score at which the search's estimate is even (see [`children_share`]).
pub const EVEN_SCORE: f32 = 1150.0;
/// Score difference that moves the estimate from even to about 73 % (one logistic unit).
pub const SCORE_SCALE: f32 = 150.0;

/// How likely a search score (the Children's view, not proven) makes a Children win: a
/// logistic curve. `tests/review_calibration.rs` fits its centre and slope to 25-point
/// positions whose exact results the tables know and prints the fit beside these constants
/// (run by hand; its figures are not yet in docs/benchmarks.md).
pub fn children_share(children_score: i32) -> f32 {
    1.0 / (1.0 + libm::expf(-(children_score as f32 - EVEN_SCORE) / SCORE_SCALE))
}

/// The chart's terms: the Parent (side 0) wins at +1.
pub fn outlook(v: Value) -> Outlook {
    let (score, result) = match v {
        Value::ParentWin => (1.0, Some(1)),
        Value::ChildrenWinIn(_) => (-1.0, Some(-1)),
        Value::MusashiEstimate { children } => (1.0 - 2.0 * children, None),
        _ => unreachable!("another game's value in a Musashi review"),
    };
    Outlook { score, result, margin: None }
}

/// Replays `moves` from the start under `options`, every position kept.
pub fn replay(options: Options, moves: &[String]) -> Result<Vec<Game>, ReviewError> {
    let mut game = Game::new(options);
    let mut games = vec![game.clone()];
    for (i, text) in moves.iter().enumerate() {
        let illegal = |reason: String| ReviewError::Illegal { number: i + 1, text: text.clone(), reason };
        let m: Move = text.trim().parse().map_err(|e: rules::musashi::ParseMoveError| illegal(e.to_string()))?;
        game.play(m).map_err(|e| illegal(e.to_string()))?;
        games.push(game.clone());
    }
    Ok(games)
}

/// Reviews the game of `moves` under `options`.
#[cfg(feature = "native")]
pub fn review(
    options: Options,
    moves: &[String],
    tables: &mut impl TableSource,
    budget: &Budget,
    pace: &mut impl Pace,
) -> Result<Review, ReviewError> {
    review_with(options, moves, tables, budget, &mut Busy::new(pace))
}

/// [`review`] through any [`Slices`] (a browser's clock: [`super::Timed`]).
pub fn review_with(
    options: Options,
    moves: &[String],
    tables: &mut impl TableSource,
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<Review, ReviewError> {
    review_known(options, moves, &[], tables, budget, busy)
}

/// [`review_with`] taking `known[i]`, where given, as the value of the position after `i`
/// moves instead of working it out: what another's tables said there ([`table_value`], the
/// server's answer to `POST /api/musashi/values`), so that a device without the tables
/// reviews as a server with them does wherever they reach. A known value that cannot be
/// right (a best move that is not legal there, or one for a finished game, or none for a game
/// in play) is not taken.
pub fn review_known(
    options: Options,
    moves: &[String],
    known: &[Option<Valued>],
    tables: &mut impl TableSource,
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<Review, ReviewError> {
    let games = replay(options, moves)?;
    let mut valued = Vec::with_capacity(games.len());
    for (i, g) in games.iter().enumerate() {
        if let Some(&Some(k)) = known.get(i)
            && fits(g, k)
        {
            valued.push(k);
            continue;
        }
        let pos = g.position();
        let t = tables.tables(pos.board, options.target, pos.children.count() as u8);
        valued.push(busy.slice(budget.search, |end| value(g, t.as_deref(), end)));
    }
    let plies: Vec<Ply> = valued.iter().map(|v| Ply { value: v.value, outlook: outlook(v.value) }).collect();
    let turning = turning_plies(&plies)
        .into_iter()
        .map(|ply| Turning {
            ply,
            played: moves[ply - 1].trim().to_string(),
            best: valued[ply - 1].best.map(|m| m.to_string()),
        })
        .collect();
    Ok(Review { plies, turning, busy: busy.spent() })
}

/// Whether `k` can be `game`'s value: exact, with a legal best move unless the game is over.
fn fits(game: &Game, k: Valued) -> bool {
    let exact = matches!(k.value, Value::ParentWin | Value::ChildrenWinIn(_));
    exact
        && match k.best {
            None => game.outcome().is_some(),
            Some(m) => game.check(m).is_ok(),
        }
}

/// The value of the position and of every legal move in it (the analysis board): each
/// move's value is that of the position it leads to. The time is shared out evenly.
#[cfg(feature = "native")]
pub fn analyse(
    game: &Game,
    tables: &mut impl TableSource,
    budget: &Budget,
    pace: &mut impl Pace,
) -> (Valued, Vec<(Move, Valued)>) {
    analyse_with(game, tables, budget, &mut Busy::new(pace))
}

/// [`analyse`] through any [`Slices`] (a browser's clock: [`super::Timed`]).
pub fn analyse_with(
    game: &Game,
    tables: &mut impl TableSource,
    budget: &Budget,
    busy: &mut impl Slices,
) -> (Valued, Vec<(Move, Valued)>) {
    let opts = *game.options();
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    let share = budget.search / (moves.len() as u32 + 1);
    let mut valued = |g: &Game| {
        let pos = g.position();
        let t = tables.tables(pos.board, opts.target, pos.children.count() as u8);
        busy.slice(share, |end| value(g, t.as_deref(), end))
    };
    let here = valued(game);
    let mut each = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let mut g = game.clone();
        g.play_unchecked(m);
        each.push((m, valued(&g)));
    }
    (here, each)
}
