//! Presence: an away player, a reload, nobody present, and the turn clock.

use super::*;

#[test]
fn an_away_player_is_played_for_while_the_other_is_here_and_comes_back() {
    let mut h = Harness::two_people();
    h.mv(A, "0").unwrap();
    // B's network drops: the full grace, then away.
    h.ok(Input::Leave { conn: B, going_away: false });
    assert!(h.t.cpu_turn().is_none(), "still within the grace");
    h.later(9_999);
    assert!(!h.view().seats[1].as_ref().unwrap().away);
    h.later(1);
    assert!(h.view().seats[1].as_ref().unwrap().away);
    let turn = h.t.cpu_turn().unwrap();
    assert_eq!((turn.by, turn.seat, turn.level), (MoveSource::CpuAway, Seat::Second, Level::Beginner));
    h.ok(Input::Cpu { game_no: 1, ply: 1, by: MoveSource::CpuAway, mv: "1".into() });
    assert_eq!(h.t.game.as_ref().unwrap().moves[1].by, MoveSource::CpuAway);
    h.mv(A, "2").unwrap();
    // B is back before the CPU's answer arrives: the answer is dropped, B plays.
    h.join(B, "b");
    assert!(!h.view().seats[1].as_ref().unwrap().away);
    assert!(h.t.cpu_turn().is_none());
    assert_eq!(h.ok(Input::Cpu { game_no: 1, ply: 3, by: MoveSource::CpuAway, mv: "3".into() }), vec![]);
    h.mv(B, "3").unwrap();
}

#[test]
fn a_reload_keeps_the_seat_briefly_and_nobody_plays_a_game_both_left() {
    let mut h = Harness::two_people();
    h.ok(Input::Leave { conn: A, going_away: true });
    h.later(2_000);
    assert!(h.view().seats[0].as_ref().unwrap().away, "a closed page gets the short grace");
    assert_eq!(h.t.cpu_turn().unwrap().by, MoveSource::CpuAway);
    h.ok(Input::Leave { conn: B, going_away: true });
    h.later(3_000);
    assert!(h.view().seats[1].as_ref().unwrap().away);
    assert!(h.t.cpu_turn().is_none(), "both away: the game waits");
    assert_eq!(h.t.next_wake(), None, "nothing is due");
}

#[test]
fn the_cpu_never_stands_in_for_a_game_nobody_present_plays() {
    // A CPU game whose creator never connected, opened by a watcher only.
    let mut h = Harness::dots(Some(Level::Expert));
    assert_eq!(h.view().status, Status::Playing);
    h.ok(Input::Join { conn: W, player: None });
    assert_eq!(h.view().spectators, 1);
    h.later(10_000);
    assert!(h.view().seats[0].as_ref().unwrap().away);
    assert!(h.t.cpu_turn().is_none(), "the CPU does not play for an absent creator against itself");
    // Nor when the creator's clock runs out.
    let mut h = Harness::dots(Some(Level::Expert));
    h.join(A, "a");
    h.intent(A, Intent::Settings { options: None, turn_limit: Some(Some(30)), ranked: None }).unwrap();
    h.ok(Input::Leave { conn: A, going_away: false });
    h.later(30_000);
    assert!(h.t.cpu_turn().is_none());
    // A present player whose clock ran out is played for.
    h.join(A, "a");
    h.later(30_000);
    assert_eq!(h.t.cpu_turn().unwrap().by, MoveSource::Timeout);
    h.ok(Input::Cpu { game_no: 1, ply: 0, by: MoveSource::Timeout, mv: "5".into() });
    assert_eq!(h.t.game.as_ref().unwrap().moves[0].by, MoveSource::Timeout);
    // A watcher without a token cannot act.
    h.ok(Input::Join { conn: W, player: None });
    assert_eq!(h.intent(W, Intent::Sit {}).unwrap_err().into_wire().code, ErrorCode::BadToken);
}

#[test]
fn the_clock_runs_out_and_the_cpu_moves_for_the_slow_player() {
    let mut h = Harness::two_people();
    h.intent(A, Intent::Settings { options: None, turn_limit: Some(Some(30)), ranked: None }).unwrap();
    assert_eq!(h.t.next_wake(), Some(h.now + 30_000));
    h.later(29_999);
    assert!(h.t.cpu_turn().is_none());
    h.later(1);
    let turn = h.t.cpu_turn().unwrap();
    assert_eq!((turn.by, turn.seat), (MoveSource::Timeout, Seat::First));
    h.ok(Input::Cpu { game_no: 1, ply: 0, by: MoveSource::Timeout, mv: "0".into() });
    // The next turn has a fresh clock.
    assert_eq!(h.view().clock.unwrap().remaining_ms, 30_000);
    assert!(h.t.cpu_turn().is_none());
}

#[test]
fn a_new_turn_limit_never_gives_the_turn_in_progress_more_time() {
    let mut h = Harness::two_people();
    let limit = |l: Option<u32>| Intent::Settings { options: None, turn_limit: Some(l), ranked: None };
    h.intent(A, limit(Some(30))).unwrap();
    h.later(20_000);
    // 30 to 60 and back: the running turn keeps its 10 s.
    h.intent(A, limit(Some(60))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 10_000);
    h.intent(A, limit(Some(30))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 10_000);
    // The next move gets the longer limit in full.
    h.intent(A, limit(Some(60))).unwrap();
    h.mv(A, "0").unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 60_000);
    // A shorter limit cuts the turn in progress to it.
    h.later(5_000);
    h.intent(A, limit(Some(30))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 30_000);
    // No limit, then one again in the same turn: the turn keeps the deadline it had.
    h.intent(A, limit(None)).unwrap();
    assert!(h.view().clock.is_none());
    h.later(10_000);
    h.intent(A, limit(Some(30))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 20_000);
    // Taken off, and set again after that deadline: the turn's time is up.
    h.intent(A, limit(None)).unwrap();
    h.later(25_000);
    h.intent(A, limit(Some(60))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 0);
    // A clock run out stays run out: taking the limit off does not cancel the CPU's move.
    h.later(1);
    assert_eq!(h.t.cpu_turn().map(|t| t.by), Some(MoveSource::Timeout));
    h.intent(A, limit(None)).unwrap();
    assert_eq!(h.t.cpu_turn().map(|t| t.by), Some(MoveSource::Timeout));
    // A new turn with a limit set gets it in full.
    h.ok(Input::Cpu { game_no: 1, ply: 1, by: MoveSource::Timeout, mv: "5".into() });
    h.intent(A, limit(Some(30))).unwrap();
    assert_eq!(h.view().clock.unwrap().remaining_ms, 30_000);
}

#[test]
fn the_turn_limit_of_a_ranked_game_in_progress_stays() {
    let mut h = Harness::dots(None);
    h.join(A, "a");
    let settings = |l: Option<u32>, ranked| Intent::Settings { options: None, turn_limit: Some(l), ranked };
    h.intent(A, settings(Some(30), Some(true))).unwrap();
    h.join(B, "b");
    h.intent(B, Intent::Sit {}).unwrap();
    assert!(h.view().ranked);
    h.later(20_000);
    for l in [None, Some(60)] {
        let e = h.intent(A, settings(l, None)).unwrap_err().into_wire();
        assert_eq!(e.code, ErrorCode::GameInProgress);
        // Its words name the turn limit, not the rematch the same code refuses.
        assert_eq!(e.message, "a ranked game keeps its turn limit until it is over");
    }
    let v = h.view();
    assert_eq!((v.turn_limit, v.clock.unwrap().remaining_ms), (Some(30), 10_000), "nothing changed");
    // The same limit with other settings is not a change of the clock.
    h.intent(A, settings(Some(30), Some(false))).unwrap();
    assert!(!h.view().next_ranked);
}
