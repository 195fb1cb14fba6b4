//! Property tests over random Bagh-Chal games: every legal move plays, undo restores the
//! exact game and its hash, the outcome agrees with the moves left, captures are the goats
//! gone, texts round-trip, and no text makes the parsers or the interface panic.

use proptest::prelude::*;
use rules::Game as _;
use rules::bagh_chal::{self, EndReason, GOATS, Game, Moves, Options, Position, Repetition, Role, Target};

fn options() -> impl Strategy<Value = Options> {
    (any::<bool>(), 0..4usize, any::<bool>()).prop_map(|(tigers_first, t, allowed)| Options {
        first: if tigers_first { Role::Tigers } else { Role::Goats },
        target: Target::CHOICES[t],
        repetition: if allowed { Repetition::Allowed } else { Repetition::Forbidden },
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn random_games_play_undo_and_end_consistently(options in options(), seed in any::<u64>()) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut g = Game::new(options);
        let mut snapshots = vec![(g.clone(), g.state_hash())];
        let mut moves = Moves::new();
        for _ in 0..300 {
            g.legal_moves(&mut moves);
            let outcome = g.outcome();
            prop_assert_eq!(outcome.is_some(), moves.is_empty(), "{}", g.position());
            if let Some(o) = outcome {
                let p = g.position();
                match o.reason {
                    EndReason::TargetReached => prop_assert!(p.captured >= options.target.captures()),
                    EndReason::TigersBlocked => prop_assert_eq!((p.turn, o.winner), (Role::Tigers, Role::Goats)),
                    EndReason::GoatsBlocked => prop_assert_eq!((p.turn, o.winner), (Role::Goats, Role::Tigers)),
                    EndReason::Resignation => prop_assert!(false, "nobody resigned"),
                }
                break;
            }
            for &m in moves.iter() {
                prop_assert_eq!(g.check_as(g.turn(), m), Ok(()), "{} in {}", m, g.position());
            }
            let m = moves[rng.gen_range(0..moves.len())];
            g.play(m).unwrap();
            let p = *g.position();
            // Captures are the goats gone; each capture was a jump.
            let jumps = g.history().iter().filter(|h| h.mv.captured().is_some()).count();
            prop_assert_eq!(u32::from(p.captured), u32::from(GOATS) - u32::from(p.in_hand) - p.goats.count());
            prop_assert_eq!(jumps, usize::from(p.captured));
            prop_assert!((p.tigers & p.goats).is_empty() && p.tigers.count() == 4);
            // Texts round-trip.
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
            prop_assert_eq!(m.to_string().parse::<bagh_chal::Move>().unwrap(), m);
            snapshots.push((g.clone(), g.state_hash()));
        }
        // Undo all the way back, matching every snapshot and its hash exactly.
        snapshots.pop();
        while let Some((before, hash)) = snapshots.pop() {
            g.undo().unwrap();
            prop_assert_eq!(&g, &before);
            prop_assert_eq!(g.state_hash(), hash);
        }
        prop_assert!(g.undo().is_none());
    }

    #[test]
    fn texts_never_panic(s in "\\PC{0,40}", side in 0u8..2) {
        let _ = s.parse::<Position>();
        let _ = s.parse::<bagh_chal::Move>();
        let _ = (s.parse::<Target>(), s.parse::<Repetition>(), s.parse::<Role>());
        let mut g = Game::new(Options::default());
        if let Ok(m) = Game::parse_move(&s) {
            let before = g.clone();
            if rules::Game::play_as(&mut g, side, m).is_err() {
                prop_assert_eq!(g, before);
            }
        }
    }

    #[test]
    fn move_like_texts_never_panic(a in "[a-f][0-6]", sep in "[-x ]?", b in "[a-f][0-6]", side in 0u8..2) {
        let text = format!("{a}{sep}{b}");
        let position = "a1,c3,d5,e3:a2,a3,a5,b2,b3,b4,b5,c1,c2,c4,c5,d1,d3,d4,e1,e2,e4,e5:0:2:g";
        let mut g = Game::from_position(Options::default(), position.parse().unwrap());
        for t in [text.as_str(), a.as_str()] {
            if let Ok(m) = Game::parse_move(t) {
                let before = g.clone();
                if rules::Game::play_as(&mut g, side, m).is_ok() {
                    rules::Game::undo(&mut g);
                }
                prop_assert_eq!(&g, &before);
            }
        }
    }
}
