//! Bagh-Chal through the `Game` interface alone: the move tree walked with legal moves,
//! play, undo and outcome counts what the game's own perft counts, each position hashes back
//! to itself after a move and its undo; and each end of the game, the repetition rule and the
//! record tags, as docs/design.md states them.

use rules::bagh_chal::{Game as BaghChal, Options, Position, Repetition, Role, Target};
use rules::{EndReason, Finished, Game};

mod common;
use common::walk;

fn game(text: &str, options: Options) -> BaghChal {
    BaghChal::from_position(options, text.parse::<Position>().unwrap())
}

fn play(g: &mut BaghChal, moves: &str) {
    for m in moves.split_whitespace() {
        let side = Game::turn(g);
        Game::play_as(g, side, BaghChal::parse_move(m).unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn through_the_interface_counts_like_its_perft() {
    for options in [Options::default(), Options { first: Role::Tigers, ..Options::default() }] {
        let mut slow = <BaghChal as Game>::new(options);
        for d in 1..=4 {
            assert_eq!(walk(&mut slow, d), <BaghChal as Game>::new(options).perft(d), "depth {d}");
        }
        assert_eq!(slow, <BaghChal as Game>::new(options), "the walk leaves the game as it found it");
    }
    let text = "a1,c3,d5,e3:a2,a3,a5,b2,b3,b4,b5,c1,c2,c4,c5,d1,d3,d4,e1,e2,e4,e5:0:2:g";
    let mut g = game(text, Options::default());
    assert_eq!(walk(&mut g, 4), game(text, Options::default()).perft(4));
}

#[test]
fn goats_win_when_no_tiger_can_move() {
    // b3 is the one empty point, and no tiger on a corner steps or jumps to it.
    let g = game("a1,a5,e1,e5:a2,a3,a4,b1,b2,b4,b5,c1,c2,c3,c4,c5,d1,d2,d3,d4,d5,e2,e3,e4:0:0:t", Options::default());
    assert_eq!(
        Game::outcome(&g),
        Some(Finished { winner: Some(Role::Goats.index()), reason: EndReason::TigersBlocked })
    );
}

#[test]
fn tigers_win_when_the_goats_cannot_move() {
    // a1 is the one empty point, and only tigers stand next to it.
    let g = game("a2,b1,b2,e5:a3,a4,a5,b3,b4,b5,c1,c2,c3,c4,c5,d1,d2,d3,d4,d5,e1,e2,e3,e4:0:0:g", Options::default());
    let want = Finished { winner: Some(Role::Tigers.index()), reason: EndReason::GoatsBlocked };
    assert_eq!(Game::outcome(&g), Some(want));
}

#[test]
fn the_fifth_capture_wins_under_the_standard_rules_and_not_under_six() {
    let text = "a1,a5,e1,e5:a2,a4,b1,b2,b3,b4,b5,c2,c4,d1,d2,d3,d4,d5,e2,e4:0:4:t";
    let mut five = game(text, Options::default());
    play(&mut five, "a1xc1");
    let won = Finished { winner: Some(Role::Tigers.index()), reason: EndReason::TargetReached };
    assert_eq!(Game::outcome(&five), Some(won));
    let mut moves = rules::bagh_chal::Moves::new();
    Game::legal_moves(&five, &mut moves);
    assert!(moves.is_empty(), "no moves once the game is over");
    let mut six = game(text, Options { target: Target::SIX, ..Options::default() });
    play(&mut six, "a1xc1");
    assert_eq!(Game::outcome(&six), None);
    // A jump is written with x and goes over one goat; a step goes to a neighbour only.
    assert!(game(text, Options::default()).check_as(Role::Tigers, "a1-a3".parse().unwrap()).is_err());
    assert!(game(text, Options::default()).check_as(Role::Tigers, "e5-e3".parse().unwrap()).is_err());
    assert!(game(text, Options::default()).check_as(Role::Tigers, "e5xe3".parse().unwrap()).is_ok());
}

#[test]
fn no_move_may_repeat_a_position_once_every_goat_is_placed() {
    // Every goat placed, two captured; b1, c3 and d5 empty.
    let text = "a1,a5,e1,e5:a2,a3,a4,b2,b3,b4,b5,c1,c2,c4,c5,d1,d2,d3,d4,e2,e3,e4:0:2:t";
    // A tiger steps out and back; the goat that stepped out may not step back, which would
    // make the start (recorded) again.
    let mut g = game(text, Options::default());
    play(&mut g, "a1-b1 d4-d5 b1-a1");
    let back = BaghChal::parse_move("d5-d4").unwrap();
    assert_eq!(Game::play_as(&mut g, 1, back), Err(rules::bagh_chal::IllegalMove::Repetition));
    let mut free = game(text, Options { repetition: Repetition::Allowed, ..Options::default() });
    play(&mut free, "a1-b1 d4-d5 b1-a1 d5-d4");
    // The tigers are bound too: d5-e5 would make the position after a1-b1 again.
    let mut t = game(text, Options::default());
    play(&mut t, "a1-b1 c2-c3 e5-d5 c3-c2");
    let tiger_back = BaghChal::parse_move("d5-e5").unwrap();
    assert_eq!(Game::play_as(&mut t, 0, tiger_back), Err(rules::bagh_chal::IllegalMove::Repetition));
    // During placement nothing is recorded: the goats in hand differ from one goat move to
    // the next.
    let mut p = <BaghChal as Game>::new(Options::default());
    play(&mut p, "c1 a1-a2 c2 a2-a1");
    assert_eq!(p.record(), &[] as &[u64]);
}

#[test]
fn a_refused_move_changes_nothing_and_a_resignation_undoes() {
    let mut g = <BaghChal as Game>::new(Options::default());
    let before = (g.state_hash(), g.clone());
    for (side, text) in [(0, "a1-a2"), (1, "a1-a2"), (1, "a1xa3"), (1, "a1")] {
        assert!(Game::play_as(&mut g, side, BaghChal::parse_move(text).unwrap()).is_err(), "{text}");
        assert_eq!((g.state_hash(), g.clone()), before);
    }
    Game::resign(&mut g, 1).unwrap();
    assert_eq!(Game::outcome(&g), Some(Finished { winner: Some(0), reason: EndReason::Resignation }));
    assert!(Game::undo(&mut g));
    assert_eq!((g.state_hash(), g.clone()), before);
    assert!(!Game::undo(&mut g), "nothing to take back at the start");
}

#[test]
fn rule_tags_round_trip() {
    let o = Options { first: Role::Tigers, target: Target::ALL, repetition: Repetition::Allowed, swap_roles: false };
    let tags: Vec<(String, String)> = BaghChal::rule_tags(&o).into_iter().map(|(n, v)| (n.to_string(), v)).collect();
    assert_eq!(BaghChal::options_from_tags(&tags), Ok(BaghChal::game_rules(o)));
    assert!(BaghChal::game_rules(o).swap_roles);
    assert_eq!(BaghChal::options_from_tags(&[]), Ok(Options::default()));
    let bad = [("Target".to_string(), "3".to_string())];
    assert_eq!(BaghChal::options_from_tags(&bad).unwrap_err().0, "Target");
    assert!(BaghChal::swap_on_rematch(&Options::default()));
    assert!(BaghChal::starts_turn(0, 1, None) && !BaghChal::starts_turn(1, 0, Some(1)));
}

/// The placement phase and the jump have their own refusal codes on the wire (they were sent
/// as `not-your-piece` and `not-a-line` before, whose words say something else).
#[test]
fn placement_and_jump_refusals_have_their_own_codes() {
    let mut g = rules::AnyGame::new(rules::AnyOptions::BaghChal(Options::default()));
    let code = |g: &mut rules::AnyGame, side: u8, mv: &str| g.play(side, mv).unwrap_err().code();
    assert_eq!(code(&mut g, Role::Goats.index(), "c3-c4"), "must-place");
    g.play(Role::Goats.index(), "b1").unwrap();
    assert_eq!(code(&mut g, Role::Tigers.index(), "c3"), "cannot-place");
    assert_eq!(code(&mut g, Role::Tigers.index(), "a1xa3"), "no-jump");
    assert_eq!(code(&mut g, Role::Tigers.index(), "a1-c1"), "not-a-line");
    assert_eq!(g.play(Role::Tigers.index(), "a1xc1"), Ok("a1xc1".to_string()));
}
