//! Bagh-Chal values: a finished game by its outcome; a position the movement-phase tables
//! cover by the tables; otherwise the search for a while, proven or not. Where the search
//! proves nothing its score becomes an estimate ([`tigers_share`]).

use rules::bagh_chal::{Game, Move, Moves, Options, Role};

use super::{Budget, Outlook, Ply, Review, ReviewError, Slices, Turning, Value, turning_plies};
#[cfg(feature = "native")]
use super::{Busy, Pace};
use crate::bagh_chal::search::{CAPTURE, PROVEN, Search, WIN};
use crate::bagh_chal::{Tables, tables_for};
use crate::clock::Deadline;

/// Nodes the value searches at most (the deadline usually stops it first).
const MAX_NODES: u64 = 50_000_000;
/// Deepest search the value tries.
const MAX_DEPTH: u32 = 64;

/// A position's value and a best move (none when the game is over).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Valued {
    pub value: Value,
    pub best: Option<Move>,
}

/// The value of `game`'s position with `tables`, searching until `deadline` when they do not
/// decide it.
pub fn value(game: &Game, tables: Option<&Tables>, deadline: &Deadline) -> Valued {
    let turn = game.turn();
    if let Some(o) = game.outcome() {
        return Valued { value: Value::WinIn { winner: o.winner.index(), plies: 0 }, best: None };
    }
    let mut s = Search::new(tables, deadline.clone(), MAX_NODES);
    let (scored, _) = s.root(game, MAX_DEPTH);
    let Some(&(best, score)) = scored.first() else {
        return Valued { value: Value::WinIn { winner: turn.other().index(), plies: 0 }, best: None };
    };
    // The tables' draw: every move leads to a drawn position of theirs. Only without the
    // repetition rule: with it, play that would go on for ever is not a draw but takes moves
    // from a side, which may lose for it (a position the tables call drawn was a goats' win in
    // two, every tiger move but two forbidden), so there the search's score is an estimate.
    let repetition_allowed = game.options().repetition == rules::bagh_chal::Repetition::Allowed;
    let all_drawn = repetition_allowed
        && tables.is_some_and(|t| {
            let mut legal = Moves::new();
            game.legal_moves(&mut legal);
            let after = |m: Move| {
                let mut g = game.clone();
                g.play_unchecked(m);
                t.value(g.position())
            };
            t.value(game.position()) == Some(crate::bagh_chal::Value::Draw)
                && legal.iter().all(|&m| !matches!(after(m), Some(crate::bagh_chal::Value::Loss(_))))
        });
    let value = if score > PROVEN {
        Value::WinIn { winner: turn.index(), plies: (WIN - score) as u32 }
    } else if score < -PROVEN {
        Value::WinIn { winner: turn.other().index(), plies: (WIN + score) as u32 }
    } else if all_drawn {
        Value::Draw
    } else {
        let tigers = if turn == Role::Tigers { score } else { -score };
        Value::BaghChalEstimate { tigers: tigers_share(tigers) }
    };
    Valued { value, best: Some(best) }
}

/// How likely a search score (the tigers' view, not proven) makes a tigers' win: a logistic
/// curve, even at one capture ahead (the goats can afford a few losses, not many).
pub fn tigers_share(tigers_score: i32) -> f32 {
    1.0 / (1.0 + libm::expf(-(tigers_score - CAPTURE) as f32 / CAPTURE as f32))
}

/// The chart's terms: the tigers (side 0) win at +1.
pub fn outlook(v: Value) -> Outlook {
    let (score, result) = match v {
        Value::WinIn { winner: 0, .. } => (1.0, Some(1)),
        Value::WinIn { .. } => (-1.0, Some(-1)),
        Value::Draw => (0.0, Some(0)),
        Value::BaghChalEstimate { tigers } => (2.0 * tigers - 1.0, None),
        _ => unreachable!("another game's value in a Bagh-Chal review"),
    };
    Outlook { score, result, margin: None }
}

/// Replays `moves` from the start under `options`, every position kept.
pub fn replay(options: Options, moves: &[String]) -> Result<Vec<Game>, ReviewError> {
    let mut game = Game::new(options);
    let mut games = vec![game.clone()];
    for (i, text) in moves.iter().enumerate() {
        let illegal = |reason: String| ReviewError::Illegal { number: i + 1, text: text.clone(), reason };
        let m: Move = text.trim().parse().map_err(|e: rules::bagh_chal::ParseMoveError| illegal(e.to_string()))?;
        game.play(m).map_err(|e| illegal(e.to_string()))?;
        games.push(game.clone());
    }
    Ok(games)
}

/// Reviews the game of `moves` under `options` with the installed tables.
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
    let games = replay(options, moves)?;
    let tables = tables_for(options.target.captures());
    let valued: Vec<Valued> =
        games.iter().map(|g| busy.slice(budget.search, |end| value(g, tables.as_deref(), end))).collect();
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

/// The value of the position and of every legal move in it (the analysis board).
#[cfg(feature = "native")]
pub fn analyse(game: &Game, budget: &Budget, pace: &mut impl Pace) -> (Valued, Vec<(Move, Valued)>) {
    analyse_with(game, budget, &mut Busy::new(pace))
}

/// [`analyse`] through any [`Slices`] (a browser's clock: [`super::Timed`]).
pub fn analyse_with(game: &Game, budget: &Budget, busy: &mut impl Slices) -> (Valued, Vec<(Move, Valued)>) {
    let tables = tables_for(game.options().target.captures());
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    let share = budget.search / (moves.len() as u32 + 1);
    let mut valued = |g: &Game| busy.slice(share, |end| value(g, tables.as_deref(), end));
    let here = valued(game);
    let mut each = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        let mut g = game.clone();
        g.play_unchecked(m);
        each.push((m, valued(&g)));
    }
    (here, each)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::WorkClock;

    #[test]
    fn a_finished_game_and_a_capture_in_one_are_proven() {
        let o = Options { target: rules::bagh_chal::Target::FOUR, ..Options::default() };
        // Three goats captured of four: the jump over b1 wins at once.
        let pos: rules::bagh_chal::Position = "a1,a5,e1,e5:b1:16:3:t".parse().unwrap();
        let g = Game::from_position(o, pos);
        let v = value(&g, None, &WorkClock::budget(1_000));
        assert_eq!(v.value, Value::WinIn { winner: 0, plies: 1 });
        assert_eq!(v.best.map(|m| m.to_string()), Some("a1xc1".into()));
        assert_eq!(outlook(v.value).result, Some(1));
        let mut after = g.clone();
        after.play_unchecked(v.best.unwrap());
        assert_eq!(value(&after, None, &WorkClock::budget(1_000)).value, Value::WinIn { winner: 0, plies: 0 });
    }

    /// The tables ignore repetition, so their draw is a draw only without the rule: with it,
    /// the rule decides such a position (for a side they cannot say), and its value is the
    /// search's estimate.
    #[test]
    fn a_drawn_table_position_is_a_draw_only_without_the_repetition_rule() {
        use rand::{Rng, SeedableRng};
        use rules::bagh_chal::{Repetition, Target};
        let tables = crate::bagh_chal::Tables::build(4, |_| {}).unwrap();
        let points = |mask: u32| {
            (0..25).filter(move |i| mask & (1 << i) != 0).map(|i| format!("{}{}", (b'a' + i % 5) as char, i / 5 + 1))
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..2_000 {
            // Four tigers and twenty goats, one point empty, the tigers to move.
            let mut free: Vec<u32> = (0..25).collect();
            let mut tigers = 0u32;
            for _ in 0..4 {
                tigers |= 1 << free.swap_remove(rng.gen_range(0..free.len()));
            }
            let empty = free.swap_remove(rng.gen_range(0..free.len()));
            let goats = !tigers & !(1 << empty) & ((1 << 25) - 1);
            let text = format!(
                "{}:{}:0:0:t",
                points(tigers).collect::<Vec<_>>().join(","),
                points(goats).collect::<Vec<_>>().join(",")
            );
            let pos: rules::bagh_chal::Position = text.parse().unwrap();
            let with = |repetition| {
                let o = Options { target: Target::FOUR, repetition, ..Options::default() };
                value(&Game::from_position(o, pos), Some(&tables), &WorkClock::budget(20)).value
            };
            if with(Repetition::Allowed) == Value::Draw {
                assert_ne!(with(Repetition::Forbidden), Value::Draw, "{text}");
                checked += 1;
            }
        }
        assert!(checked > 0, "no drawn position among the samples");
    }
}
