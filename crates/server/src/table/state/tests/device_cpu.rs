//! A table whose CPU is played on the device: the page sends the CPU's moves, and the server
//! plays one itself only when the page's has not come within `device_cpu_wait` of the turn's
//! start while the player is here (an engine that cannot run on the device never stops the
//! game, and a game nobody is at costs nothing).

use super::*;

/// A 3x3 Dots game against the beginner played on the device, the player connected and the
/// first line drawn: the CPU to move.
fn cpus_turn() -> Harness {
    let mut h = Harness::dots(Some(Level::Beginner));
    h.t.cpu_on_device = true;
    h.mirror.table.cpu_on_device = true;
    h.join(A, "a");
    h.mv(A, "0").unwrap();
    h
}

#[test]
fn the_server_plays_the_devices_move_only_once_it_is_late() {
    let mut h = cpus_turn();
    assert_eq!(h.t.cpu_turn(), None);
    assert_eq!(h.t.next_wake(), Some(h.now + 20_000));
    h.later(19_999);
    assert_eq!(h.t.cpu_turn(), None, "the page still has time");
    h.later(1);
    let turn = h.t.cpu_turn().expect("late: the server moves");
    assert_eq!((turn.by, turn.seat, turn.ply), (MoveSource::Cpu, Seat::Second, 1));
    assert_eq!(h.t.next_wake(), None, "nothing more to wait for");
    h.ok(Input::Cpu { game_no: 1, ply: 1, by: MoveSource::Cpu, mv: "23".into() });
    // The page's own move for that turn, come too late, changes nothing.
    assert_eq!(
        h.refused(Input::Intent { conn: A, intent: Intent::CpuMove { ply: 1, mv: "5".into() } }),
        ErrorCode::StalePly
    );
    // The next turn of the CPU waits for the page again, from its own start.
    h.later(60_000);
    h.mv(A, "1").unwrap();
    assert_eq!(h.t.cpu_turn(), None);
    assert_eq!(h.t.next_wake(), Some(h.now + 20_000));
}

#[test]
fn a_move_from_the_page_in_time_ends_the_wait() {
    let mut h = cpus_turn();
    h.later(5_000);
    h.intent(A, Intent::CpuMove { ply: 1, mv: "23".into() }).unwrap();
    assert_eq!(h.t.next_wake(), None);
    h.later(30_000);
    assert_eq!(h.t.cpu_turn(), None, "the player's turn");
    assert_eq!(h.view().plies, 2);
}

#[test]
fn the_wait_runs_only_while_the_player_is_here() {
    let mut h = cpus_turn();
    h.ok(Input::Leave { conn: A, going_away: false });
    h.later(60_000);
    assert_eq!(h.t.cpu_turn(), None, "nobody is here: nothing is played");
    // Back: the page gets the whole wait again, from the return.
    h.join(A, "a");
    h.later(19_000);
    assert_eq!(h.t.cpu_turn(), None);
    h.later(1_000);
    assert!(h.t.cpu_turn().is_some());
}
