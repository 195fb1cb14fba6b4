//! The CPU levels: legal moves on every size, the beginner's two habits, the intermediate's
//! chain play in formed endgames, and the expert keeping the exact value wherever the
//! solver reaches.

use std::time::{Duration, Instant};

use ai::Level;
use ai::dots::chains::simple_components;
use ai::dots::levels::safe_moves;
use ai::dots::{Board, Solver};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rules::Mask;
use rules::dots::{Edge, Game, Options, Position, Size};

fn game_at(size: Size, drawn: u64) -> Game {
    // Claimed boxes do not matter to any level: only the drawn lines and the turn do.
    let mut pos = Position::empty(size);
    pos.drawn = Mask(drawn);
    Game::from_position(Options { size, swap_first: true }, pos)
}

/// A position a few random moves into a random game.
fn random_game_position(rng: &mut StdRng, board: &Board, min_drawn: u32) -> u64 {
    let stop = rng.gen_range(min_drawn..board.edges as u32);
    let mut order: Vec<u8> = (0..board.edges).collect();
    order.shuffle(rng);
    order[..stop as usize].iter().fold(0, |m, &e| m | 1 << e)
}

/// The value of drawing `e` for the mover, from before the move.
fn move_value(solver: &mut Solver, drawn: u64, e: u8) -> i32 {
    let c = solver.board().completes(drawn, e) as i32;
    let child = solver.value(drawn | 1 << e).unwrap();
    if c > 0 { c + child } else { -child }
}

fn long() -> Instant {
    // Generous: the expert must not fall back to its heuristic on a loaded test machine.
    Instant::now() + Duration::from_secs(20)
}

#[test]
fn expert_never_gives_away_value_where_the_solver_reaches() {
    let mut rng = StdRng::seed_from_u64(61);
    let mut checked = 0;
    for (size, samples, min_drawn) in [(Size { w: 3, h: 3 }, 200, 0), (Size { w: 4, h: 3 }, 60, 14)] {
        let board = Board::of(size);
        let mut solver = Solver::new(Board::of(size), 20);
        for _ in 0..samples {
            let drawn = random_game_position(&mut rng, &board, min_drawn);
            let e = ai::dots::choose(&game_at(size, drawn), Level::Expert, long()).unwrap();
            assert_eq!(drawn & 1 << e.0, 0);
            let best = solver.value(drawn).unwrap();
            assert_eq!(move_value(&mut solver, drawn, e.0), best, "{size} drawn {drawn:#x}: expert drew {e}");
            checked += 1;
        }
    }
    assert_eq!(checked, 260);
}

#[test]
fn beginner_takes_boxes_and_avoids_third_sides() {
    let mut rng = StdRng::seed_from_u64(62);
    let size = Size { w: 4, h: 4 };
    let board = Board::of(size);
    let (mut took, mut safe) = (0, 0);
    for _ in 0..400 {
        let drawn = random_game_position(&mut rng, &board, 0);
        let e = ai::dots::choose(&game_at(size, drawn), Level::Beginner, long()).unwrap().0;
        let can_take = (0..board.edges).any(|x| drawn & 1 << x == 0 && board.completes(drawn, x) > 0);
        if can_take {
            assert!(board.completes(drawn, e) > 0, "{drawn:#x}: a box was on offer, drew {e}");
            took += 1;
        } else if !safe_moves(&board, drawn).is_empty() {
            assert!(!board.offers(drawn, e), "{drawn:#x}: drew a third side ({e}) with safe lines left");
            safe += 1;
        }
    }
    assert!(took > 50 && safe > 50, "too few cases: {took} captures, {safe} safe");
}

/// Formed endgames: random safe lines until none is left, kept when the board is then only
/// chains and loops.
fn formed_endgame(rng: &mut StdRng, board: &Board) -> Option<u64> {
    let mut drawn = 0u64;
    loop {
        let safe = safe_moves(board, drawn);
        let Some(&e) = safe.choose(rng) else { break };
        drawn |= 1 << e;
    }
    simple_components(board, drawn).map(|_| drawn)
}

#[test]
fn intermediate_plays_formed_endgames_exactly() {
    let mut rng = StdRng::seed_from_u64(63);
    let mut checked = 0;
    for size in [Size { w: 3, h: 3 }, Size { w: 4, h: 3 }, Size { w: 4, h: 4 }] {
        let board = Board::of(size);
        let mut solver = Solver::new(Board::of(size), 20);
        let mut found = 0;
        for _ in 0..400 {
            if found == 25 {
                break;
            }
            let Some(drawn) = formed_endgame(&mut rng, &board) else { continue };
            found += 1;
            // The intermediate opens a component; then, after a random opening by the other
            // side, it takes or declines.
            for pos in [drawn, drawn | 1 << board.centre_out.iter().copied().find(|&e| drawn & 1 << e == 0).unwrap()] {
                if pos == board.all {
                    continue;
                }
                let e = ai::dots::choose(&game_at(size, pos), Level::Intermediate, long()).unwrap().0;
                let best = solver.value(pos).unwrap();
                assert_eq!(move_value(&mut solver, pos, e), best, "{size} drawn {pos:#x}: intermediate drew {e}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 100, "only {checked} endgame positions");
}

#[test]
fn every_level_finishes_games_on_every_size() {
    let mut rng = StdRng::seed_from_u64(64);
    for size in Size::ALL {
        for level in [Level::Beginner, Level::Intermediate] {
            let mut game = Game::new(Options { size, swap_first: true });
            while game.outcome().is_none() {
                let e = ai::dots::choose(&game, level, Instant::now() + Duration::from_millis(50)).unwrap();
                game.play(e).unwrap_or_else(|err| panic!("{size} {level:?}: {e} refused: {err}"));
            }
            assert_eq!(ai::dots::choose(&game, level, long()), None);
        }
        // The expert with a short budget (its heuristic, then the solver near the end)
        // against random lines.
        let mut game = Game::new(Options { size, swap_first: true });
        while game.outcome().is_none() {
            let e = if game.turn() == 0 {
                ai::dots::choose(&game, Level::Expert, Instant::now() + Duration::from_millis(30)).unwrap()
            } else {
                let free: Vec<u8> = game.position().undrawn().collect();
                Edge(*free.choose(&mut rng).unwrap())
            };
            game.play(e).unwrap();
        }
    }
}
