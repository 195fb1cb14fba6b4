//! The sparring partners: legal lines on every site size, well under 50 ms of CPU a move,
//! and a short series that adds up; `chainmc`: complete reproducible games, its node
//! budget, and exact moves in small endgames.

use std::sync::Arc;
use std::time::Duration;

use ai::Level;
use ai::dots::{Board, Deadline, Solver};
use arena::cpu::ThreadCpu;
use arena::dots_series::{self, ClockKind, Config};
use arena::partners::chainmc::{ChainMc, NODES_PER_CHECK, node_deadline};
use arena::players::DotsPlayer;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rules::dots::{Edge, Game, Options, Size};

#[test]
fn partners_draw_legal_lines_quickly_on_every_size() {
    let mut rng = StdRng::seed_from_u64(9);
    let players = [DotsPlayer::Rollout(20), DotsPlayer::Rollout(15), DotsPlayer::ChainRule, DotsPlayer::Greedy];
    let mut slowest = Duration::ZERO;
    for size in Size::ALL {
        let board = Board::of(size);
        for p in players {
            for _ in 0..3 {
                let mut game = Game::new(Options { size, swap_first: true });
                while game.outcome().is_none() {
                    // Half the moves random, so that the partners meet odd positions too.
                    let e = if rng.gen_bool(0.5) {
                        let free: Vec<u8> = game.position().undrawn().collect();
                        Edge(*free.choose(&mut rng).unwrap())
                    } else {
                        let t = ThreadCpu::read();
                        let d = Deadline::after(Arc::new(ThreadCpu), Duration::from_millis(50));
                        let e = p.choose(&board, &game, &d, &mut rng);
                        slowest = slowest.max(ThreadCpu::read() - t);
                        e
                    };
                    game.play(e).unwrap_or_else(|err| panic!("{size} {p}: {e} refused: {err}"));
                }
            }
        }
    }
    assert!(slowest < Duration::from_millis(50), "a partner took {slowest:?} of CPU for one move");
}

#[test]
fn a_short_series_adds_up() {
    let cfg = Config {
        size: Size { w: 3, h: 3 },
        a: DotsPlayer::Level(Level::Beginner),
        b: DotsPlayer::Greedy,
        games: 4,
        budget: Duration::from_millis(20),
        clock: ClockKind::Cpu,
        seed: 3,
        audit_within: Some(24),
        postmortem: Duration::ZERO,
    };
    let mut log = Vec::new();
    let mut sum = dots_series::run(&cfg, &mut log).unwrap();
    assert_eq!(sum.games.len(), 4);
    assert_eq!(String::from_utf8(log).unwrap().lines().count(), 4);
    for (i, g) in sum.games.iter().enumerate() {
        assert_eq!(g.a_first, i % 2 == 0);
        assert_eq!(g.moves.len(), 24, "every line of 3x3 is drawn");
        assert!(g.margin.abs() <= 9 && g.margin % 2 != 0, "margin {}", g.margin);
        // On 3x3 every A position is audited (24 lines): each valued move is one of A's.
        assert!(!g.valued.is_empty());
    }
    let report = dots_series::report(&cfg, &mut sum);
    let wdl = report.lines().nth(1).unwrap();
    let counts: Vec<u32> = wdl.split_whitespace().nth(2).unwrap().split('-').map(|x| x.parse().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u32>(), 4, "{report}");
    assert!(report.contains("audit (<= 24 lines left)"));
}

/// On the work clock (`--clock work`) a move's budget is deadline reads, as the site's levels
/// count it: the expert searches (4x3 is past its solver's reach from the first lines) and
/// still plays the same games in two runs, whatever else the machine does meanwhile.
#[test]
fn a_series_on_the_work_clock_replays() {
    let cfg = Config {
        size: Size { w: 4, h: 3 },
        a: DotsPlayer::Level(Level::Expert),
        b: DotsPlayer::ChainMc(small_chainmc()),
        games: 2,
        // A work clock moves one nanosecond a read.
        budget: Duration::from_nanos(60),
        clock: ClockKind::Work,
        seed: 5,
        audit_within: None,
        postmortem: Duration::ZERO,
    };
    let play = || {
        let mut sum = dots_series::run(&cfg, &mut Vec::new()).unwrap();
        let moves: Vec<Vec<u8>> = sum.games.iter().map(|g| g.moves.clone()).collect();
        (moves, dots_series::report(&cfg, &mut sum))
    };
    let (first, report) = play();
    assert_eq!(first, play().0);
    assert!(report.contains("60 deadline reads a move by work"), "{report}");
}

/// A cheaper `chainmc` for the dev profile: fewer playouts, the same kind of play.
fn small_chainmc() -> ChainMc {
    ChainMc { playouts: 300, nodes: 100_000, ..ChainMc::default() }
}

#[test]
fn chainmc_plays_legal_complete_games_the_same_for_the_same_seed() {
    for size in [Size { w: 3, h: 3 }, Size { w: 5, h: 4 }] {
        let board = Board::of(size);
        let p = DotsPlayer::ChainMc(small_chainmc());
        let play = |seed: u64| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Game::new(Options { size, swap_first: true });
            let mut moves = Vec::new();
            while game.outcome().is_none() {
                let d = Deadline::after(Arc::new(ThreadCpu), Duration::from_millis(1));
                let e = p.choose(&board, &game, &d, &mut rng);
                game.play(e).unwrap_or_else(|err| panic!("{size}: {e} refused: {err}"));
                moves.push(e.0);
            }
            let s = game.position().scores();
            assert_eq!(s[0] + s[1], board.boxes as u32, "{size}: every box claimed");
            moves
        };
        let first = play(5);
        assert_eq!(first.len(), board.edges as usize, "{size}: every line drawn");
        // A fixed amount of work and a seeded rng: the same game again, whatever the clock.
        assert_eq!(play(5), first, "{size}: same seed, same game");
    }
}

#[test]
fn the_node_budget_stops_the_solver_after_that_many_nodes() {
    // The empty 4x4 takes hundreds of millions of nodes: the budget must end it, after at
    // least the budget and less than twice it, and after the same count every time.
    let solve = |budget: u64| {
        let mut solver = Solver::new(Board::new(4, 4).unwrap(), 16);
        solver.set_deadline(Some(node_deadline(budget)));
        assert_eq!(solver.value(0), None, "a budget of {budget} nodes");
        solver.stats.nodes
    };
    for budget in [NODES_PER_CHECK, 50_000, 200_000] {
        let n = solve(budget);
        assert!(n >= budget && n < 2 * budget, "{n} nodes for a budget of {budget}");
        assert_eq!(solve(budget), n, "a budget of {budget} nodes");
    }
}

/// Positions of 4x3 games (random lines, then `moves_left` to go) where some line loses
/// against the best one.
fn testing_endgames(moves_left: u32, count: usize, seed: u64) -> Vec<u64> {
    let board = Board::new(4, 3).unwrap();
    let mut solver = Solver::new(Board::new(4, 3).unwrap(), 18);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut order: Vec<u8> = (0..board.edges).collect();
        order.shuffle(&mut rng);
        let drawn = order[..(board.edges as u32 - moves_left) as usize].iter().fold(0u64, |m, &e| m | 1 << e);
        let values: Vec<i32> = solver.move_values(drawn).unwrap().into_iter().map(|(_, v)| v).collect();
        if values.iter().min() != values.iter().max() {
            out.push(drawn);
        }
    }
    out
}

#[test]
fn chainmc_finds_the_exact_move_in_small_endgames() {
    let board = Board::new(4, 3).unwrap();
    let mut solver = Solver::new(Board::new(4, 3).unwrap(), 18);
    let mut rng = StdRng::seed_from_u64(11);
    let with_solver = small_chainmc();
    // The same player without the solver: its playouts alone miss some of these moves, so
    // the positions are hard enough to show the exact search at work.
    let playouts_only = ChainMc { exact_safe: 0, ..with_solver };
    let mut missed = 0;
    let mut value_of = |drawn: u64, e: u8| {
        let c = board.completes(drawn, e) as i32;
        let child = solver.value(drawn | 1 << e).unwrap();
        if c > 0 { c + child } else { -child }
    };
    for drawn in testing_endgames(18, 60, 3) {
        let best = Solver::new(Board::new(4, 3).unwrap(), 16).value(drawn).unwrap();
        let e = with_solver.choose(&board, drawn, 0, true, &mut rng);
        let got = value_of(drawn, e);
        assert_eq!(got, best, "{drawn:#x}: line {e} is worth {got}, the best {best}");
        let e = playouts_only.choose(&board, drawn, 0, true, &mut rng);
        missed += usize::from(value_of(drawn, e) < best);
    }
    assert!(missed > 0, "the playouts alone found every exact move: the test shows nothing");
}
