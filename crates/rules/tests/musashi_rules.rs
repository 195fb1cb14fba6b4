//! One test per rule sentence of the seeds (Juroku Musashi), on real positions.

use rules::musashi::{
    BoardKind, EndReason, Game, IllegalMove, Limit, Move, Moves, Options, Outcome, Position, Role, Target,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn game(text: &str, options: Options) -> Game {
    Game::from_position(options, text.parse::<Position>().unwrap())
}

/// Options without the target and limit, so a test sees only the rule it is about.
fn open() -> Options {
    Options { target: Target::NONE, limit: Limit::NONE, ..Options::default() }
}

fn names(m: rules::Mask) -> Vec<String> {
    let mut v: Vec<String> = m.map(|i| rules::musashi::Point(i).to_string()).collect();
    v.sort();
    v
}

#[test]
fn parent_moves_first_by_default_and_steps_along_lines() {
    let g = Game::new(Options::default());
    assert_eq!(g.turn(), Role::Parent);
    let mut m = Moves::new();
    g.legal_moves(&mut m);
    let mut to: Vec<String> = m.iter().map(|m| m.to.to_string()).collect();
    to.sort();
    assert_eq!(to, ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]);
}

#[test]
fn a_step_must_follow_a_line_to_an_empty_neighbour() {
    let mut g = Game::new(Options::default());
    assert_eq!(g.play(mv("c3-c5")), Err(IllegalMove::NotALine));
    assert_eq!(g.play(mv("a1-b2")), Err(IllegalMove::NotYourPiece));
    assert_eq!(g.play_as(Role::Children, mv("a1-b2")), Err(IllegalMove::NotYourTurn));
    g.play(mv("c3-c4")).unwrap();
    // b3 (x + y odd) has no diagonals, so b3-c4 is no line; c4-b4 is, but from the Children's side.
    assert_eq!(g.play(mv("c4-b4")), Err(IllegalMove::NotYourPiece));
    assert_eq!(g.play(mv("a1-a2")), Err(IllegalMove::Occupied));
    assert_eq!(g.play(mv("a2-b3")), Err(IllegalMove::NotALine));
    let mut g25 = Game::new(Options { board: BoardKind::Square25, ..Options::default() });
    g25.play(mv("c3-d3")).unwrap();
    assert_eq!(g25.play(mv("e3-f3")), Err(IllegalMove::OffBoard));
}

#[test]
fn parent_takes_a_pair_on_a_straight_line() {
    let mut g = game("33:c3:b4,d4,a1:p:0", open());
    let played = g.play(mv("c3-c4")).unwrap();
    assert_eq!(names(played.taken), ["b4", "d4"]);
    assert_eq!(names(g.position().children), ["a1"]);
}

#[test]
fn a_lone_child_beside_the_parent_is_safe() {
    // c2-c3-c4 is a line, but c4 is empty: nothing taken.
    let mut g = game("33:b3:c2,a1:p:0", open());
    assert!(g.play(mv("b3-c3")).unwrap().taken.is_empty());
    // And a gap breaks the line: b2 and d4 are not both neighbours of c2.
    let mut g = game("33:c1:b2,d4,a1:p:0", open());
    assert!(g.play(mv("c1-c2")).unwrap().taken.is_empty());
}

#[test]
fn all_pairs_are_taken_at_once() {
    let mut g = game("33:c2:b3,d3,b4,d2,c4,a1:p:0", open());
    let played = g.play(mv("c2-c3")).unwrap();
    // b3-d3 and b4-d2 are pairs; c4 has no partner on c2 (the Parent just left it).
    assert_eq!(names(played.taken), ["b3", "b4", "d2", "d3"]);
    assert_eq!(names(g.position().children), ["a1", "c4"]);
}

#[test]
fn the_setchin_apex_takes_through_all_four_lines() {
    let mut g = game("33:e2:d2,f4,d3,f3,d4,f2,e4,a1:p:0", open());
    let played = g.play(mv("e2-e3")).unwrap();
    // e2 is where the Parent came from, so e2-e4 is no pair; the three Setchin lines are.
    assert_eq!(names(played.taken), ["d2", "d3", "d4", "f2", "f3", "f4"]);
    let mut g = game("33:d3:e2,e4,f3,g3,a1:p:0", open());
    assert_eq!(names(g.play(mv("d3-e3")).unwrap().taken), ["e2", "e4"]);
    // f3 sits between e3 and g3 and between f2 and f4.
    let mut g = game("33:f4:e3,g3,a1:p:0", open());
    assert_eq!(names(g.play(mv("f4-f3")).unwrap().taken), ["e3", "g3"]);
    let mut g = game("33:g4:g2,g1,a1:p:0", open());
    assert!(g.play(mv("g4-g3")).unwrap().taken.is_empty());
}

#[test]
fn children_never_capture() {
    // A Child stepping next to the Parent, Parent between two Children: nothing happens.
    let mut g = game("33:c3:b3,d2:c:0", open());
    let played = g.play(mv("d2-d3")).unwrap();
    assert!(played.taken.is_empty());
    assert_eq!(names(g.position().children), ["b3", "d3"]);
}

#[test]
fn children_win_at_once_when_the_parent_is_trapped() {
    let mut g = game("25:a1:a3,b3,c1:c:4", open());
    g.play(mv("b3-b2")).unwrap();
    assert!(g.outcome().is_none(), "a2 and b1 are still open");
    let mut g = game("25:a1:a2,b3,b1:c:4", open());
    let _ = g.play(mv("b3-b2")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome { winner: Role::Children, reason: EndReason::Trapped }));
    let mut m = Moves::new();
    g.legal_moves(&mut m);
    assert!(m.is_empty());
}

#[test]
fn trapped_in_the_setchin_corners() {
    // g1 has two neighbours: f2 and g2.
    let mut g = game("33:g1:f2,g3,a1,a2,a3,a4,a5:c:10", Options::default());
    g.play(mv("g3-g2")).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::Trapped);
    // g5: f4 and g4.
    let mut g = game("33:g5:f4,g3,a1,a2,a3,a4,a5:c:10", Options::default());
    g.play(mv("g3-g4")).unwrap();
    assert_eq!(g.outcome().unwrap(), Outcome { winner: Role::Children, reason: EndReason::Trapped });
}

#[test]
fn target_ten_wins_at_six_children_left() {
    let eight = "33:c3:b4,d4,a1,a2,a3,a5,e1,e5:p:0";
    let mut g = game(eight, Options::default());
    g.play(mv("c3-c4")).unwrap();
    assert_eq!(g.position().children.count(), 6);
    assert_eq!(g.outcome(), Some(Outcome { winner: Role::Parent, reason: EndReason::TargetReached }));
    // Seven left is not yet enough.
    let nine = "33:c3:b4,d4,a1,a2,a3,a5,e1,e5,e3:p:0";
    let mut g = game(nine, Options::default());
    g.play(mv("c3-c4")).unwrap();
    assert!(g.outcome().is_none());
}

#[test]
fn target_six_wins_at_ten_children_left() {
    let twelve = "33:c3:b4,d4,a1,a2,a3,a4,a5,b1,b5,c1,e1,e5:p:0";
    let six = Options { target: Target::SIX, ..Options::default() };
    let mut g = game(twelve, six);
    g.play(mv("c3-c4")).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::TargetReached);
    let mut g = game(twelve, Options::default());
    g.play(mv("c3-c4")).unwrap();
    assert!(g.outcome().is_none());
}

#[test]
fn the_hundredth_children_move_ends_the_game() {
    let mut g = game("33:c3:a1,a2,a3,a4,a5,e5:c:99", Options { target: Target::NONE, ..Options::default() });
    g.play(mv("a1-b1")).unwrap();
    assert_eq!(g.position().children_moves, 100);
    assert_eq!(g.outcome(), Some(Outcome { winner: Role::Parent, reason: EndReason::MoveLimit }));
    // Without a limit the game goes on.
    let mut g = game("33:c3:a1,a2,a3,a4,a5,e5:c:99", open());
    g.play(mv("a1-b1")).unwrap();
    assert!(g.outcome().is_none());
    // A trap on the hundredth move still wins for the Children.
    let mut g = game("25:a1:a2,b3,b1:c:99", Options { target: Target::NONE, ..Options::default() });
    g.play(mv("b3-b2")).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::Trapped);
}

#[test]
fn the_start_is_recorded_when_the_parent_moves_first() {
    let mut g = Game::new(Options::default());
    assert_eq!(g.record().len(), 1);
    for m in ["c3-c4", "a2-b2", "c4-c3"] {
        g.play(mv(m)).unwrap();
    }
    // b2-a2 would recreate the start with the Parent to move.
    assert_eq!(g.play(mv("b2-a2")), Err(IllegalMove::Repetition));
    let mut m = Moves::new();
    g.legal_moves(&mut m);
    assert!(!m.contains(&mv("b2-a2")));
    assert!(m.contains(&mv("b2-b3")));
}

#[test]
fn the_start_is_not_recorded_when_the_children_move_first() {
    let g = Game::new(Options { first: Role::Children, ..Options::default() });
    assert_eq!(g.turn(), Role::Children);
    assert!(g.record().is_empty());
    // Positions after Children moves are recorded all the same.
    let mut g = Game::new(Options { first: Role::Children, ..Options::default() });
    for m in ["a2-b2", "c3-c4", "b2-a2", "c4-c3"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.play(mv("a2-b2")), Err(IllegalMove::Repetition));
}

#[test]
fn a_move_legal_but_for_repetition_is_refused() {
    let mut g = game("33:f2:g2,a1:p:0", open());
    for m in ["f2-f3", "g2-g1", "f3-f2"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.play(mv("g1-g2")), Err(IllegalMove::Repetition));
    assert!(g.play(mv("a1-b1")).is_ok());
}

#[test]
fn children_without_a_legal_move_lose() {
    // The Child on g1 can only go back to g2, which repeats the start.
    let mut g = game("33:f2:g2:p:0", open());
    for m in ["f2-f3", "g2-g1", "f3-f2"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome { winner: Role::Parent, reason: EndReason::ChildrenNoMove }));
    assert_eq!(g.play(mv("g1-g2")), Err(IllegalMove::GameOver));
    // No Children left at all, with no target: no move either.
    let mut g = game("33:c3:b4,d4:p:0", open());
    g.play(mv("c3-c4")).unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::ChildrenNoMove);
}

#[test]
fn children_may_move_first() {
    let mut g = Game::new(Options { first: Role::Children, ..Options::default() });
    assert_eq!(g.play_as(Role::Parent, mv("c3-c4")), Err(IllegalMove::NotYourTurn));
    let mut m = Moves::new();
    g.legal_moves(&mut m);
    assert_eq!(m.len(), 27, "24 into the square, and e3 into the Setchin f2 f3 f4");
    g.play(mv("b1-b2")).unwrap();
    assert_eq!(g.turn(), Role::Parent);
    assert_eq!(g.position().children_moves, 1);
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut g = Game::new(Options::default());
    g.resign(Role::Parent).unwrap();
    assert_eq!(g.outcome(), Some(Outcome { winner: Role::Children, reason: EndReason::Resignation }));
    assert_eq!(g.resign(Role::Children), Err(IllegalMove::GameOver));
    assert!(g.undo().is_none());
    assert!(g.outcome().is_none());
}
