//! The sparring partners: legal lines on every site size, well under 50 ms of CPU a move,
//! and a short series that adds up.

use std::sync::Arc;
use std::time::Duration;

use ai::Level;
use ai::dots::{Board, Deadline};
use arena::cpu::ThreadCpu;
use arena::dots_series::{self, ClockKind, Config};
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
