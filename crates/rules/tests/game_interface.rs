//! The `Game` interface of each registered game against the game's own fast code: the move
//! tree walked through the interface alone (legal moves, play, undo, outcome) counts the same
//! leaves as the game's bulk-counting perft, every position on the way hashes back to itself
//! after a move and its undo, and a refused move changes nothing.

use rules::{AnyGame, AnyOptions, Game, GameKind, dots, musashi};

mod common;
use common::walk;

fn check<G: Game>(options: G::Options, depth: u32) {
    let mut slow = G::new(options);
    for d in 1..=depth {
        assert_eq!(walk(&mut slow, d), G::new(options).perft(d), "{} depth {d}", std::any::type_name::<G>());
    }
    assert_eq!(slow, G::new(options), "the walk leaves the game as it found it");
}

#[test]
fn musashi_through_the_interface_counts_like_its_perft() {
    check::<musashi::Game>(musashi::Options::default(), 4);
    let small = musashi::Options { board: musashi::BoardKind::Square25, ..Default::default() };
    check::<musashi::Game>(small, 4);
}

#[test]
fn dots_through_the_interface_counts_like_its_perft() {
    check::<dots::Game>(dots::Options { size: "3x3".parse().unwrap(), swap_first: true }, 4);
    check::<dots::Game>(dots::Options::default(), 3);
}

#[test]
fn the_same_position_by_two_orders_has_one_hash_and_the_record_is_kept() {
    // Dots: two lines that complete nothing, in either order.
    let o = dots::Options::default();
    let (mut a, mut b) = (dots::Game::new(o), dots::Game::new(o));
    for (g, order) in [(&mut a, ["0", "30"]), (&mut b, ["30", "0"])] {
        for (i, mv) in order.iter().enumerate() {
            g.play_as((i % 2) as u8, dots::Game::parse_move(mv).unwrap()).unwrap();
        }
    }
    assert_eq!(a.state_hash(), b.state_hash());
    // Musashi: the Parent steps out and back, and the Children may not step back to where
    // they stood: the repetition record is part of the state, through the interface too.
    let mut g = musashi::Game::new(musashi::Options::default());
    for (side, mv) in [(0, "c3-c4"), (1, "a1-b2"), (0, "c4-c3")] {
        Game::play_as(&mut g, side, musashi::Game::parse_move(mv).unwrap()).unwrap();
    }
    let back = musashi::Game::parse_move("b2-a1").unwrap();
    assert_eq!(Game::play_as(&mut g, 1, back), Err(musashi::IllegalMove::Repetition));
    assert_eq!(AnyGame::Musashi(g).play(1, "b2-a1").unwrap_err().code(), "repetition");
}

#[test]
fn a_refused_move_changes_nothing_and_says_why() {
    for kind in GameKind::ALL {
        let mut g = AnyGame::new(AnyOptions::default_for(kind));
        let first = g.legal_moves()[0].clone();
        let before = (g.state_hash(), g.clone());
        // The side to move first: side 0, but the goats (side 1) in Bagh-Chal.
        let mover = g.turn();
        let e = g.play(1 - mover, &first).unwrap_err();
        assert_eq!(e.code(), "not-your-turn", "{kind:?}");
        assert_eq!(g.play(mover, "zz").unwrap_err().code(), "bad-move");
        assert_eq!((g.state_hash(), g.clone()), before);
        assert_eq!(g.play(mover, &first).unwrap(), first);
    }
}
