//! Reviews mark exactly the move that threw the result away: games played perfectly on both
//! sides (by the solver, by the tables) except for one known blunder, whose review must have
//! that move, and only it, as a turning point, with a best move that keeps the result.

use std::sync::Arc;
use std::time::Duration;

use ai::dots::{Board, Solver};
use ai::musashi::{Tables, Value as TableValue, table_move};
use ai::review::musashi::TableSource;
use ai::review::{Budget, Unpaced, Value};
use rules::musashi::{BoardKind, Game, Moves, Options, Role, Target};

fn budget() -> Budget {
    Budget { solve: Duration::from_secs(30), slice: Duration::from_secs(30), playouts: 8, ..Budget::SERVER }
}

/// Side 0's final margin after `e` in `pos`, by the solver.
fn margin_after(s: &mut Solver, pos: &rules::dots::Position, e: u8) -> i32 {
    let mut child = *pos;
    child.play_unchecked(rules::dots::Edge(e));
    let v = s.value(child.drawn.0).unwrap();
    let [a, b] = child.scores();
    a as i32 - b as i32 + if child.turn == 0 { v } else { -v }
}

#[test]
fn a_dots_blunder_is_the_only_turning_point() {
    let options = rules::dots::Options { size: rules::dots::Size::new(3, 3).unwrap(), ..Default::default() };
    let mut s = Solver::new(Board::new(3, 3).unwrap(), 20);
    let mut game = rules::dots::Game::new(options);
    let mut moves = Vec::new();
    let mut blunder = None;
    while game.outcome().is_none() {
        let pos = *game.position();
        let now = {
            let v = s.value(pos.drawn.0).unwrap();
            let [a, b] = pos.scores();
            a as i32 - b as i32 + if pos.turn == 0 { v } else { -v }
        };
        let undrawn: Vec<u8> = pos.undrawn().collect();
        // From the sixth move on, the first move that changes the result's sign, once.
        let bad = (blunder.is_none() && moves.len() >= 5)
            .then(|| undrawn.iter().copied().find(|&e| margin_after(&mut s, &pos, e).signum() != now.signum()))
            .flatten();
        let e = match bad {
            Some(e) => {
                blunder = Some(moves.len() + 1);
                e
            }
            None => s.best_move(pos.drawn.0).unwrap().0,
        };
        game.play(rules::dots::Edge(e)).unwrap();
        moves.push(e.to_string());
    }
    let blunder = blunder.expect("some move changes the result");
    let r = ai::review::dots::review(options, &moves, &budget(), &mut Unpaced).unwrap();
    assert!(r.plies.iter().all(|p| p.value.is_exact()), "3x3 is solved everywhere");
    assert_eq!(r.turning.iter().map(|t| t.ply).collect::<Vec<_>>(), vec![blunder], "{moves:?}");
    let t = &r.turning[0];
    assert_eq!(t.played, moves[blunder - 1]);
    // The best move keeps the result of the position before the blunder.
    let before = ai::review::dots::replay(options, &moves).unwrap()[blunder - 1];
    let best: u8 = t.best.as_deref().unwrap().parse().unwrap();
    let kept = margin_after(&mut s, &before, best).signum();
    assert_eq!(Some(kept as i8), r.plies[blunder - 1].outlook.result);
}

/// Fixed tables for every position.
struct Fixed(Arc<Tables>);

impl TableSource for Fixed {
    fn tables(&mut self, _: BoardKind, _: Target, _: u8) -> Option<Arc<Tables>> {
        Some(self.0.clone())
    }
}

#[test]
fn a_musashi_blunder_is_the_only_turning_point() {
    // 25 points, target 6: the Children win from the start (in 42 plies); the tables know every
    // position. Both sides play the tables' moves, except one Children move that lets the
    // Parent escape.
    let tables = Arc::new(Tables::build(BoardKind::Square25, Target::SIX, 16, |_| {}).unwrap());
    let options = Options { board: BoardKind::Square25, target: Target::SIX, ..Options::default() };
    let mut game = Game::new(options);
    let mut moves = Vec::new();
    let mut blunder = None;
    while game.outcome().is_none() {
        let mut legal = Moves::new();
        game.legal_moves(&mut legal);
        let bad = (blunder.is_none() && game.turn() == Role::Children && moves.len() >= 6)
            .then(|| {
                legal.iter().copied().find(|&m| {
                    let mut g = game.clone();
                    g.play(m).unwrap();
                    let pos = *g.position();
                    g.outcome().is_none()
                        && tables.value(&pos).map(|v| v.with_limit(ai::musashi::search::moves_left(&g, &pos)))
                            == Some(TableValue::ParentWin)
                })
            })
            .flatten();
        let m = match bad {
            Some(m) => {
                blunder = Some(moves.len() + 1);
                m
            }
            None => table_move(&game, &tables).unwrap(),
        };
        game.play(m).unwrap();
        moves.push(m.to_string());
    }
    let blunder = blunder.expect("the Children had a losing move");
    let r = ai::review::musashi::review(options, &moves, &mut Fixed(tables.clone()), &budget(), &mut Unpaced).unwrap();
    assert!(r.plies.iter().all(|p| p.value.is_exact()), "the tables cover the 25-point board");
    assert_eq!(r.plies[0].value, Value::ChildrenWinIn(42));
    assert_eq!(r.turning.iter().map(|t| t.ply).collect::<Vec<_>>(), vec![blunder], "{moves:?}");
    assert_eq!(r.plies[blunder].value, Value::ParentWin);
    assert!(matches!(r.plies[blunder - 1].value, Value::ChildrenWinIn(_)));
    // The better move the review names keeps the Children's win.
    let before = &ai::review::musashi::replay(options, &moves).unwrap()[blunder - 1];
    let mut g = before.clone();
    g.play(r.turning[0].best.as_deref().unwrap().parse().unwrap()).unwrap();
    let pos = *g.position();
    assert!(matches!(tables.value(&pos), Some(TableValue::ChildrenWin(_))));
}

#[test]
fn illegal_moves_are_named() {
    let e = ai::review::musashi::review(
        Options::default(),
        &["c3-d4".into(), "c3-d5".into()],
        &mut ai::review::musashi::Installed,
        &budget(),
        &mut Unpaced,
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("move 2 (\"c3-d5\")"), "{e}");
}

/// A real game (the beginner's Parent against the intermediate CPU's Children, 33 points, the
/// site's default rules), whose Parent was hemmed in to one move at the end.
const HEMMED_IN: &str = "c3-b2,d1-c1,b2-a3,e5-d4,a3-b2,e1-d2,b2-b3,e3-d3,b3-b2,e4-e5,b2-c3,c5-c4,c3-b4,d5-c5,b4-b3,\
    c5-d5,b3-b2,d4-c5,b2-a3,c5-d4,a3-a2,b1-b2,a2-a3,d4-c5,a3-b3,b2-b1,b3-a3,a1-b2,a3-a2,c1-c2,a2-a1,c4-b4,a1-a2,b4-a3,\
    a2-a1,a3-a2";

#[test]
fn proven_values_stay_proven_and_on_one_side() {
    // The chart's series is side 0's view: once a value is proven, every later one is too, and
    // a proven result changes only after a move of the side it favoured (a side can throw
    // away only its own win). Forced Parent moves used to read as estimated Parent wins
    // between two proven Children wins, every other ply.
    let options = rules::musashi::Options::default();
    let moves: Vec<String> = HEMMED_IN.split(',').map(str::to_string).collect();
    let games = ai::review::musashi::replay(options, &moves).unwrap();
    assert!(games.last().unwrap().outcome().is_some(), "the game is finished");
    let r = ai::review::musashi::review(
        options,
        &moves,
        &mut ai::review::musashi::Installed,
        &Budget::SERVER,
        &mut Unpaced,
    )
    .unwrap();
    let series: Vec<String> = r.plies.iter().map(|p| p.value.text()).collect();
    let first = r.plies.iter().position(|p| p.value.is_exact()).expect("the end is proven");
    for (i, p) in r.plies.iter().enumerate().skip(first) {
        assert!(p.value.is_exact(), "ply {i} is an estimate after the exact point {first}: {series:?}");
        assert_eq!(p.outlook.score, f32::from(p.outlook.result.unwrap()), "ply {i}: {series:?}");
    }
    for (i, (pair, game)) in r.plies.windows(2).zip(&games).enumerate().skip(first) {
        let (a, b) = (pair[0].outlook.result.unwrap(), pair[1].outlook.result.unwrap());
        let mover = if game.turn() == Role::Parent { 1 } else { -1 };
        assert!(a == b || a == mover, "ply {i} -> {}: {a} to {b} after the other side's move: {series:?}", i + 1);
        // A Parent move never lengthens the Children's proven win.
        if let (Value::ChildrenWinIn(n), Value::ChildrenWinIn(m)) = (pair[0].value, pair[1].value)
            && game.turn() == Role::Parent
        {
            assert!(m < n, "ply {i}: {series:?}");
        }
    }
}
