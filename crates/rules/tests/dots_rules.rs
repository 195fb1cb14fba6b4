//! Dots and Boxes rules on real boards: completing boxes, extra turns, draws, every size.

use rules::dots::{Edge, Game, IllegalMove, Options, Outcome, Size};

fn game(w: u8, h: u8) -> Game {
    Game::new(Options { size: Size::new(w, h).unwrap(), ..Options::default() })
}

#[test]
fn one_line_can_complete_two_boxes() {
    // 3x3: boxes 0 and 1 share edge 13. Draw everything around them but 13.
    let mut g = game(3, 3);
    for e in [0, 3, 12, 1, 4, 14] {
        g.play(Edge(e)).unwrap();
    }
    let mover = g.turn();
    let played = g.play(Edge(13)).unwrap();
    assert_eq!(played.completed.count(), 2);
    assert_eq!(g.position().scores()[mover as usize], 2);
    assert_eq!(g.turn(), mover, "a completed box earns another move");
}

#[test]
fn completing_a_box_gives_another_move_and_a_plain_line_passes() {
    let mut g = game(3, 3);
    assert_eq!(g.turn(), 0);
    g.play(Edge(0)).unwrap();
    assert_eq!(g.turn(), 1);
    g.play(Edge(3)).unwrap();
    assert_eq!(g.turn(), 0);
    g.play(Edge(12)).unwrap();
    assert_eq!(g.turn(), 1);
    let p = g.play(Edge(13)).unwrap();
    assert_eq!(p.completed.count(), 1);
    assert_eq!(g.turn(), 1, "player 1 completed box 0 and moves again");
    assert_eq!(g.position().owned[1].count(), 1);
    assert_eq!(g.play_as(0, Edge(5)), Err(IllegalMove::NotYourTurn));
    assert_eq!(g.play(Edge(13)), Err(IllegalMove::Drawn));
    assert_eq!(g.play(Edge(24)), Err(IllegalMove::OffBoard));
}

#[test]
fn equal_boxes_is_a_draw() {
    // 4x3 has 12 boxes, so 6-6 can happen: random games meet both draws and wins.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut draws = 0;
    let mut wins = 0;
    for _ in 0..400 {
        let mut g = game(4, 3);
        let mut moves = rules::dots::Edges::new();
        while g.outcome().is_none() {
            g.legal_moves(&mut moves);
            g.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
        let [a, b] = g.position().scores();
        match g.outcome().unwrap() {
            Outcome::Boxes { winner: None } => {
                assert_eq!(a, b);
                draws += 1;
            }
            Outcome::Boxes { winner: Some(w) } => {
                assert_eq!(a > b, w == 0);
                assert_ne!(a, b);
                wins += 1;
            }
            o => panic!("{o:?}"),
        }
    }
    assert!(draws > 0 && wins > 0, "{draws} draws, {wins} wins");
}

#[test]
fn resignation() {
    let mut g = game(5, 4);
    g.play(Edge(0)).unwrap();
    g.resign(1).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Resignation { loser: 1 }));
    assert_eq!(g.outcome().unwrap().winner(), Some(0));
    assert_eq!(g.play(Edge(1)), Err(IllegalMove::GameOver));
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn every_size_plays_to_the_end() {
    for size in Size::ALL {
        let mut g = Game::new(Options { size, ..Options::default() });
        // Early plies cannot complete a box: perft is a falling factorial.
        let n = size.edges() as u64;
        assert_eq!(g.perft(1), n);
        assert_eq!(g.perft(2), n * (n - 1));
        assert_eq!(g.perft(3), n * (n - 1) * (n - 2));
        for e in 0..size.edges() {
            g.play(Edge(e)).unwrap();
        }
        let [a, b] = g.position().scores();
        assert_eq!(a + b, size.boxes() as u32, "{size}");
        assert!(g.outcome().is_some());
    }
}
