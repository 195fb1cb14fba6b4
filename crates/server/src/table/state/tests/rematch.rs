//! Asking for the next game: refused while a game is in progress, and the CPU's own request
//! at the end of a game reaches clients as an event like a person's.

use super::*;

#[test]
fn a_rematch_during_play_is_refused_as_a_game_in_progress() {
    let mut h = Harness::two_people();
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Rematch {} }), ErrorCode::GameInProgress);
    h.mv(A, "0").unwrap();
    assert_eq!(h.refused(Input::Intent { conn: B, intent: Intent::Rematch {} }), ErrorCode::GameInProgress);
    // Once the game is over the same intent is accepted.
    h.intent(B, Intent::Resign {}).unwrap();
    assert_eq!(h.intent(A, Intent::Rematch {}).unwrap(), vec![Change::RematchOffered(Seat::First)]);
    // Asking again changes nothing and tells no one; the other seat's request starts the game.
    assert_eq!(h.intent(A, Intent::Rematch {}).unwrap(), vec![]);
    assert_eq!(h.intent(B, Intent::Rematch {}).unwrap(), vec![Change::GameStarted]);
}

#[test]
fn the_cpu_asks_for_the_next_game_with_an_event_when_a_game_ends() {
    let mut h = Harness::dots(Some(Level::Beginner));
    h.join(A, "a");
    assert_eq!(
        h.intent(A, Intent::Resign {}).unwrap(),
        vec![Change::Resigned(Seat::First), Change::Ended { announced: true }, Change::RematchOffered(Seat::Second)]
    );
    let offer = h.t.event(&Change::RematchOffered(Seat::Second), h.now);
    assert_eq!(offer, Some(Event::RematchOffer { seat: Seat::Second }));
    assert_eq!(h.view().rematch, [false, true]);
    // The person's request then starts the next game at once.
    assert_eq!(h.intent(A, Intent::Rematch {}).unwrap(), vec![Change::GameStarted]);
}

#[test]
fn the_cpu_asks_too_when_its_own_move_ends_the_game() {
    let mut h = Harness::dots(Some(Level::Beginner));
    h.join(A, "a");
    // Draw lines in number order, the CPU's turns too, until the game ends.
    let mut last = vec![];
    while h.view().status == Status::Playing {
        let Some(wire::GameView::Dots(d)) = h.view().view else { panic!() };
        let mv = d.legal[0].to_string();
        last = match h.t.cpu_turn() {
            Some(turn) => h.ok(Input::Cpu { game_no: turn.game_no, ply: turn.ply, by: turn.by, mv }),
            None => h.mv(A, &mv).unwrap(),
        };
    }
    let n = last.len();
    assert!(n >= 3, "{last:?}");
    assert_eq!(last[n - 2..], [Change::Ended { announced: true }, Change::RematchOffered(Seat::Second)]);
}
