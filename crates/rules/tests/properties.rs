//! Property tests over random games of both games: they never panic and always end; undo
//! restores the exact game (repetition record included); text round-trips.

use proptest::prelude::*;
use rules::dots;
use rules::musashi::{self, BoardKind, Game, Limit, Options, Position, Role, Target};

fn musashi_options() -> impl Strategy<Value = Options> {
    (any::<bool>(), 0..3usize, any::<bool>(), any::<bool>()).prop_map(|(c, t, l, b)| Options {
        first: if c { Role::Children } else { Role::Parent },
        target: [Target::TEN, Target::SIX, Target::NONE][t],
        limit: if l { Limit::HUNDRED } else { Limit(Some(300)) },
        board: if b { BoardKind::Square25 } else { BoardKind::Setchin33 },
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn musashi_random_games_end_and_undo_exactly(options in musashi_options(), seed in any::<u64>()) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut g = Game::new(options);
        let mut snapshots = vec![g.clone()];
        let mut moves = musashi::Moves::new();
        // Every game ends: at most 300 Children moves, so at most 601 plies.
        for _ in 0..700 {
            if g.outcome().is_some() {
                break;
            }
            g.legal_moves(&mut moves);
            prop_assert!(!moves.is_empty(), "no move but not over: {}", g.position());
            let m = moves[rng.gen_range(0..moves.len())];
            g.play(m).unwrap();
            snapshots.push(g.clone());
            // Text round-trips at every step.
            let pos = *g.position();
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
            prop_assert_eq!(m.to_string().parse::<musashi::Move>().unwrap(), m);
        }
        prop_assert!(g.outcome().is_some(), "game did not end");
        // Undo all the way back, matching every snapshot exactly.
        snapshots.pop();
        while let Some(before) = snapshots.pop() {
            g.undo().unwrap();
            prop_assert_eq!(&g, &before);
        }
        prop_assert!(g.undo().is_none());
    }

    #[test]
    fn dots_random_games_end_and_undo_exactly(w in 3u8..=5, h in 3u8..=5, seed in any::<u64>()) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let size = dots::Size::new(w, h).unwrap();
        let mut g = dots::Game::new(dots::Options { size, ..dots::Options::default() });
        let mut snapshots = vec![g.clone()];
        let mut moves = dots::Edges::new();
        while g.outcome().is_none() {
            g.legal_moves(&mut moves);
            let e = moves[rng.gen_range(0..moves.len())];
            let before = g.position().turn;
            let played = g.play(e).unwrap();
            // The turn passes exactly when no box was completed.
            prop_assert_eq!(g.position().turn == before, played.completed.any());
            prop_assert_eq!(e.to_string().parse::<dots::Edge>().unwrap(), e);
            snapshots.push(g.clone());
        }
        prop_assert_eq!(g.history().len(), size.edges() as usize);
        let [a, b] = g.position().scores();
        prop_assert_eq!(a + b, size.boxes() as u32);
        snapshots.pop();
        while let Some(before) = snapshots.pop() {
            g.undo().unwrap();
            prop_assert_eq!(&g, &before);
        }
    }

    #[test]
    fn musashi_text_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<musashi::Move>();
        let _ = s.parse::<dots::Edge>();
        let _ = s.parse::<dots::Size>();
    }

    #[test]
    fn position_text_round_trips(board in any::<bool>(), parent in 0u8..25, mask in any::<u32>(), c in any::<bool>(), n in any::<u16>()) {
        let kind = if board { BoardKind::Square25 } else { BoardKind::Setchin33 };
        let mut children = rules::Mask(mask as u64 & ((1 << 25) - 1)).without(parent);
        while children.count() > 16 {
            children = children.without(children.first_index().unwrap());
        }
        let pos = Position { board: kind, parent: musashi::Point(parent), children, turn: if c { Role::Children } else { Role::Parent }, children_moves: n };
        prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
    }
}
