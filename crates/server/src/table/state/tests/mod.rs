//! The table's rules without tokio, sockets or a store: every path of an intent or a timer,
//! and after every step a client's mirror fed the step's events must equal the full state.

use ai::Level;
use rules::{AnyOptions, GameKind, bagh_chal, dots, musashi};
use serde_json::json;
use wire::{ErrorCode, Event, Intent, Mirror, MoveSource, Seat, Status, TableView};

use super::*;

const A: ConnId = 1;
const B: ConnId = 2;
const W: ConnId = 3;

fn rules() -> TableRules {
    TableRules {
        away_grace: 10_000,
        reload_grace: 2_000,
        undo_wait_base: 10_000,
        clock_second: 1_000,
        stand_in: Level::Beginner,
        turn_limits: vec![None, Some(30), Some(60)],
        device_cpu_wait: 20_000,
    }
}

fn person(id: &str) -> Player {
    Player { id: id.into(), name: id.to_uppercase(), rating: None }
}

/// A table under test: the state, the time, and a client's mirror kept by events only.
struct Harness {
    t: Table,
    now: Ms,
    mirror: Mirror,
    /// When the mirror last got the clock: a client counts it down from there.
    clock_at: Ms,
}

impl Harness {
    /// A group of `kind` created by `a` (seated at once, as the HTTP API does), with a CPU
    /// opponent at `cpu`.
    fn new(options: AnyOptions, cpu: Option<Level>) -> Harness {
        let mut t = Table::new(
            "K3J9QW2M7XAB".into(),
            options.kind(),
            "a".into(),
            cpu,
            Settings::new(options, None, false),
            rules(),
        );
        t.seats[0] = Some(SeatState { occupant: Occupant::Person(person("a")), presence: Presence::Here });
        if let Some(l) = cpu {
            t.seats[1] = Some(SeatState { occupant: Occupant::Cpu(l), presence: Presence::Here });
        }
        let now = 1_000_000;
        let mirror = Mirror::new(0, t.view(now)).unwrap();
        let mut h = Harness { t, now, mirror, clock_at: now };
        h.ok(Input::Tick);
        h
    }

    fn dots(cpu: Option<Level>) -> Harness {
        Harness::new(AnyOptions::Dots(dots::Options { size: dots::Size { w: 3, h: 3 }, swap_first: true }), cpu)
    }

    /// Applies `input`; on success feeds the events to the mirror and checks it.
    fn apply(&mut self, input: Input) -> Result<Vec<Change>> {
        let before = self.t.clone();
        let r = self.t.apply(self.now, input);
        match &r {
            Ok(changes) => {
                for c in changes {
                    if let Some(e) = self.t.event(c, self.now) {
                        let v = self.mirror.v + 1;
                        self.mirror.apply(v, &e).unwrap_or_else(|err| panic!("{e:?}: {err}"));
                        if matches!(
                            e,
                            Event::Move { .. } | Event::Undo { .. } | Event::NewGame { .. } | Event::Settings { .. }
                        ) {
                            self.clock_at = self.now;
                        }
                    }
                }
                let mut seen = self.mirror.table.clone();
                if let Some(c) = seen.clock.as_mut() {
                    c.remaining_ms = (c.remaining_ms - (self.now - self.clock_at)).max(0);
                }
                let want = self.t.view(self.now);
                if seen != want {
                    let (a, b) = (serde_json::to_value(&seen).unwrap(), serde_json::to_value(&want).unwrap());
                    let diff: Vec<String> = a
                        .as_object()
                        .unwrap()
                        .iter()
                        .filter(|(k, v)| b[k.as_str()] != **v)
                        .map(|(k, v)| format!("{k}: mirror {v} != state {}", b[k.as_str()]))
                        .collect();
                    panic!("the events left out a change after {changes:?}: {diff:?}");
                }
            }
            Err(_) => assert_eq!(self.t, before, "a refusal changed the table"),
        }
        r
    }

    fn ok(&mut self, input: Input) -> Vec<Change> {
        self.apply(input.clone()).unwrap_or_else(|e| panic!("{input:?}: {e}"))
    }

    fn refused(&mut self, input: Input) -> ErrorCode {
        match self.apply(input.clone()) {
            Err(e) => e.into_wire().code,
            Ok(c) => panic!("{input:?} was not refused: {c:?}"),
        }
    }

    fn join(&mut self, conn: ConnId, id: &str) -> Vec<Change> {
        self.ok(Input::Join { conn, player: Some(person(id)) })
    }

    fn intent(&mut self, conn: ConnId, intent: Intent) -> Result<Vec<Change>> {
        self.apply(Input::Intent { conn, intent })
    }

    fn mv(&mut self, conn: ConnId, mv: &str) -> Result<Vec<Change>> {
        let ply = self.view().plies;
        self.intent(conn, Intent::Move { ply, mv: mv.into() })
    }

    fn view(&self) -> TableView {
        self.t.view(self.now)
    }

    fn later(&mut self, ms: Ms) {
        self.now += ms;
        self.ok(Input::Tick);
    }

    /// Two people at a Dots table, both connected, the first game started.
    fn two_people() -> Harness {
        let mut h = Harness::dots(None);
        h.join(A, "a");
        h.join(B, "b");
        let c = h.intent(B, Intent::Sit {}).unwrap();
        assert_eq!(c, vec![Change::Sat(Seat::Second), Change::Spectators, Change::GameStarted]);
        h
    }
}

#[test]
fn a_move_is_played_stored_and_broadcast() {
    let mut h = Harness::two_people();
    assert_eq!(h.view().status, Status::Playing);
    assert_eq!(h.mv(A, "0").unwrap(), vec![Change::Moved { ply: 0 }]);
    assert_eq!(
        h.refused(Input::Intent { conn: A, intent: Intent::Move { ply: 1, mv: "1".into() } }),
        ErrorCode::NotYourTurn
    );
    assert_eq!(h.mv(B, "0").unwrap_err().into_wire().code, ErrorCode::AlreadyDrawn);
    assert_eq!(h.mv(B, "zz").unwrap_err().into_wire().code, ErrorCode::BadMove);
    assert_eq!(h.mv(W, "1").unwrap_err().into_wire().code, ErrorCode::HelloFirst);
    h.join(W, "w");
    assert_eq!(h.mv(W, "1").unwrap_err().into_wire().code, ErrorCode::NotSeated);
    let g = h.t.game.as_ref().unwrap();
    assert_eq!(g.moves[0].by, MoveSource::Player);
    assert_eq!(g.moves[0].player_id.as_deref(), Some("a"));
}

#[test]
fn a_stale_ply_is_refused_and_a_resend_is_acknowledged_again() {
    let mut h = Harness::two_people();
    h.mv(A, "0").unwrap();
    // The same move at the same ply by the same player: acknowledged, nothing changes.
    assert_eq!(h.intent(A, Intent::Move { ply: 0, mv: "0".into() }).unwrap(), vec![]);
    // Another move at a ply already played, or a ply in the future: stale.
    assert_eq!(
        h.refused(Input::Intent { conn: A, intent: Intent::Move { ply: 0, mv: "5".into() } }),
        ErrorCode::StalePly
    );
    assert_eq!(
        h.refused(Input::Intent { conn: B, intent: Intent::Move { ply: 0, mv: "0".into() } }),
        ErrorCode::StalePly
    );
    assert_eq!(
        h.refused(Input::Intent { conn: B, intent: Intent::Move { ply: 5, mv: "1".into() } }),
        ErrorCode::StalePly
    );
}

#[test]
fn undo_against_the_cpu_goes_back_at_once() {
    let mut h = Harness::dots(Some(Level::Beginner));
    h.join(A, "a");
    assert_eq!(h.view().status, Status::Playing);
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Undo {} }), ErrorCode::NoUndo);
    h.mv(A, "0").unwrap();
    let turn = h.t.cpu_turn().unwrap();
    assert_eq!((turn.by, turn.seat, turn.ply), (MoveSource::Cpu, Seat::Second, 1));
    h.ok(Input::Cpu { game_no: 1, ply: 1, by: MoveSource::Cpu, mv: "23".into() });
    assert_eq!(h.intent(A, Intent::Undo {}).unwrap(), vec![Change::Undone { seat: Seat::First, plies: 2 }]);
    assert_eq!(h.view().plies, 0);
    // A CPU answer for a position that is gone is dropped.
    assert_eq!(h.ok(Input::Cpu { game_no: 1, ply: 1, by: MoveSource::Cpu, mv: "22".into() }), vec![]);
}

#[test]
fn undo_between_people_is_asked_and_declines_double_the_wait() {
    let mut h = Harness::two_people();
    h.mv(A, "0").unwrap();
    h.mv(B, "1").unwrap();
    assert_eq!(h.intent(A, Intent::Undo {}).unwrap(), vec![Change::UndoRequested(Seat::First)]);
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Undo {} }), ErrorCode::UndoPending);
    // The asker cannot answer their own request.
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::UndoAnswer { accept: true } }), ErrorCode::NoUndo);
    assert_eq!(
        h.intent(B, Intent::UndoAnswer { accept: false }).unwrap(),
        vec![Change::UndoDeclined { seat: Seat::First, wait_ms: 10_000 }]
    );
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Undo {} }), ErrorCode::UndoWait { secs: 10 });
    h.later(4_500);
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Undo {} }), ErrorCode::UndoWait { secs: 6 });
    h.later(6_000);
    h.intent(A, Intent::Undo {}).unwrap();
    h.intent(B, Intent::UndoAnswer { accept: false }).unwrap();
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Undo {} }), ErrorCode::UndoWait { secs: 20 });
    h.later(20_000);
    // Accepted: back to before A's last move (B's reply goes too).
    h.intent(A, Intent::Undo {}).unwrap();
    assert_eq!(
        h.intent(B, Intent::UndoAnswer { accept: true }).unwrap(),
        vec![Change::Undone { seat: Seat::First, plies: 2 }]
    );
    assert_eq!(h.view().plies, 0);
    assert_eq!(h.view().undo, None);
}

#[test]
fn resignation_ends_the_game_and_a_rematch_swaps_sides() {
    let mut h = Harness::two_people();
    h.mv(A, "0").unwrap();
    assert_eq!(
        h.intent(B, Intent::Resign {}).unwrap(),
        vec![Change::Resigned(Seat::Second), Change::Ended { announced: true }]
    );
    let v = h.view();
    assert_eq!(v.status, Status::Over);
    let r = v.result.unwrap();
    assert_eq!((r.winner, r.reason), (Some(Seat::First), rules::EndReason::Resignation));
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Resign {} }), ErrorCode::GameOver);
    assert_eq!(
        h.refused(Input::Intent { conn: A, intent: Intent::Move { ply: 1, mv: "3".into() } }),
        ErrorCode::GameOver
    );
    assert_eq!(h.intent(A, Intent::Rematch {}).unwrap(), vec![Change::RematchOffered(Seat::First)]);
    assert_eq!(h.intent(B, Intent::Rematch {}).unwrap(), vec![Change::GameStarted]);
    let v = h.view();
    assert_eq!((v.game_no, v.status), (2, Status::Playing));
    // Swap on rematch (the Dots default): seat 1 moves first now.
    assert_eq!([v.seats[0].as_ref().unwrap().side, v.seats[1].as_ref().unwrap().side], [1, 0]);
    assert_eq!(h.refused(Input::Intent { conn: A, intent: Intent::Rematch {} }), ErrorCode::GameInProgress);
    assert_eq!(h.mv(A, "0").unwrap_err().into_wire().code, ErrorCode::NotYourTurn);
    h.mv(B, "0").unwrap();
}

#[test]
fn a_whole_game_ends_by_the_rules_and_the_result_is_kept() {
    let mut h = Harness::two_people();
    let mut n = 0;
    while h.view().status == Status::Playing {
        let v = h.view();
        let seat = if v.is_turn_of(Seat::First) { A } else { B };
        let rules::AnyGame::Dots(g) = &h.t.game.as_ref().unwrap().game else { panic!() };
        let mut legal = dots::Edges::new();
        g.legal_moves(&mut legal);
        let e = legal.iter().next().unwrap().to_string();
        h.mv(seat, &e).unwrap();
        n += 1;
    }
    assert_eq!(n, 24);
    let r = h.view().result.unwrap();
    assert_eq!(r.reason, rules::EndReason::Boxes);
    // Both seats are people and the game was not ranked: nothing to rate.
    assert_eq!(h.t.rated_players(), None);
}

#[test]
fn the_hosts_settings_apply_to_the_next_game_and_the_clock_at_once() {
    let mut h = Harness::new(AnyOptions::Musashi(musashi::Options::default()), None);
    h.join(A, "a");
    h.join(B, "b");
    h.intent(B, Intent::Sit {}).unwrap();
    let changes = |v: serde_json::Value| v.as_object().cloned();
    assert_eq!(
        h.refused(Input::Intent {
            conn: B,
            intent: Intent::Settings { options: changes(json!({"board": "25"})), turn_limit: None, ranked: None }
        }),
        ErrorCode::NotHost
    );
    let bad = h.apply(Input::Intent {
        conn: A,
        intent: Intent::Settings { options: changes(json!({"board": "26"})), turn_limit: None, ranked: None },
    });
    assert_eq!(bad.unwrap_err().into_wire().code, ErrorCode::BadField);
    let bad = h.apply(Input::Intent {
        conn: A,
        intent: Intent::Settings { options: None, turn_limit: Some(Some(45)), ranked: None },
    });
    let bad = bad.unwrap_err().into_wire();
    assert_eq!(bad.code, ErrorCode::BadField);
    // The limits as a client writes them, not as Rust prints them (`[None, Some(30), ...]`).
    assert_eq!(bad.message, "turnLimit must be one of null, 30, 60");
    let c = h
        .intent(
            A,
            Intent::Settings {
                options: changes(json!({"board": "25", "target": "6"})),
                turn_limit: Some(Some(30)),
                ranked: Some(true),
            },
        )
        .unwrap();
    assert_eq!(c, vec![Change::SettingsChanged { clock: true }]);
    let v = h.view();
    let wire::GameView::Musashi(m) = v.view.as_ref().unwrap() else { panic!() };
    assert_eq!(m.board, "33", "the game in progress keeps its rules");
    assert_eq!(v.clock.unwrap().remaining_ms, 30_000, "the turn limit applies at once");
    assert!(v.next_ranked && !v.ranked);
    h.intent(A, Intent::Resign {}).unwrap();
    h.intent(A, Intent::Rematch {}).unwrap();
    h.intent(B, Intent::Rematch {}).unwrap();
    let v = h.view();
    let wire::GameView::Musashi(m) = v.view.as_ref().unwrap() else { panic!() };
    assert_eq!((m.board.as_str(), m.target), ("25", Some(6)));
    assert!(v.ranked);
    // Roles swapped: B is the Parent now.
    assert_eq!(v.seats[1].as_ref().unwrap().side, 0);
}

#[test]
fn a_ranked_game_in_which_a_side_never_moved_is_not_rated() {
    for moves in [0, 1] {
        let mut h = Harness::dots(None);
        h.join(A, "a");
        h.intent(A, Intent::Settings { options: None, turn_limit: None, ranked: Some(true) }).unwrap();
        h.join(B, "b");
        h.intent(B, Intent::Sit {}).unwrap();
        if moves == 1 {
            let first = if h.view().is_turn_of(Seat::First) { A } else { B };
            h.mv(first, "0").unwrap();
        }
        h.intent(A, Intent::Resign {}).unwrap();
        assert_eq!(h.t.rated_players(), None, "{moves} move(s): an abort, not a rated game");
    }
}

#[test]
fn the_cpus_moves_for_a_side_can_lose_it_a_rated_game_but_not_win_it_one() {
    for stood_in_resigns in [false, true] {
        let mut h = Harness::dots(None);
        h.join(A, "a");
        h.intent(A, Intent::Settings { options: None, turn_limit: None, ranked: Some(true) }).unwrap();
        h.join(B, "b");
        h.intent(B, Intent::Sit {}).unwrap();
        let (first, second) = if h.view().is_turn_of(Seat::First) { (A, B) } else { (B, A) };
        h.mv(first, "0").unwrap();
        h.mv(second, "1").unwrap();
        h.mv(first, "2").unwrap();
        // The second mover's network drops; the CPU plays one move for it; it comes back.
        h.ok(Input::Leave { conn: second, going_away: false });
        h.later(10_000);
        assert_eq!(h.t.cpu_turn().unwrap().by, MoveSource::CpuAway);
        h.ok(Input::Cpu { game_no: 1, ply: 3, by: MoveSource::CpuAway, mv: "3".into() });
        h.join(second, if second == A { "a" } else { "b" });
        h.intent(if stood_in_resigns { second } else { first }, Intent::Resign {}).unwrap();
        let rated = h.t.rated_players().is_some();
        assert_eq!(rated, stood_in_resigns, "the side the CPU helped resigned: {stood_in_resigns}");
    }
}

#[test]
fn a_ranked_game_names_its_players_for_the_rating_and_shows_the_change() {
    let mut h = Harness::dots(None);
    h.join(A, "a");
    h.intent(A, Intent::Settings { options: None, turn_limit: None, ranked: Some(true) }).unwrap();
    h.join(B, "b");
    h.intent(B, Intent::Sit {}).unwrap();
    assert!(h.view().ranked);
    assert_eq!(h.t.rated_players(), None, "not over yet");
    // Both sides move once (two lines close no box), then A resigns.
    let first = if h.view().is_turn_of(Seat::First) { A } else { B };
    h.mv(first, "0").unwrap();
    h.mv(if first == A { B } else { A }, "1").unwrap();
    h.intent(A, Intent::Resign {}).unwrap();
    assert_eq!(h.t.rated_players(), Some(["a".to_string(), "b".to_string()]));
    h.t.set_ratings(vec![
        Rated { seat: Seat::First, before: 1500.0, after: 1337.6 },
        Rated { seat: Seat::Second, before: 1500.0, after: 1662.4 },
    ]);
    let v = h.view();
    assert_eq!(v.result.unwrap().ratings[1].after, 1662);
    assert_eq!(v.seats[1].as_ref().unwrap().rating, Some(1662));
    // Against the CPU nothing is ranked.
    let mut h = Harness::dots(Some(Level::Beginner));
    h.join(A, "a");
    assert_eq!(
        h.intent(A, Intent::Settings { options: None, turn_limit: None, ranked: Some(true) })
            .unwrap_err()
            .into_wire()
            .code,
        ErrorCode::BadField
    );
}

#[test]
fn seats_spectators_and_names() {
    let mut h = Harness::dots(None);
    assert_eq!(h.join(A, "a"), vec![Change::SeatChanged(Seat::First)]);
    assert_eq!(h.join(4, "a"), vec![], "a second tab of the same player");
    assert_eq!(h.join(W, "w"), vec![Change::Spectators]);
    assert_eq!(h.view().spectators, 1);
    h.join(B, "b");
    assert_eq!(h.view().spectators, 2);
    h.intent(B, Intent::Sit {}).unwrap();
    assert_eq!(h.view().spectators, 1);
    assert_eq!(h.intent(W, Intent::Sit {}).unwrap_err().into_wire().code, ErrorCode::TableFull);
    assert_eq!(h.intent(A, Intent::Sit {}).unwrap(), vec![], "already seated");
    assert_eq!(h.intent(A, Intent::Name { name: "  Ana ".into() }).unwrap().len(), 1);
    assert_eq!(h.view().seats[0].as_ref().unwrap().name, "Ana");
    assert_eq!(h.intent(A, Intent::Name { name: " ".into() }).unwrap_err().into_wire().code, ErrorCode::BadField);
    h.ok(Input::Leave { conn: W, going_away: true });
    assert_eq!(h.view().spectators, 0);
}

#[test]
fn a_game_ended_by_its_moves_but_not_recorded_is_finished_on_the_first_tick() {
    let mut h = Harness::two_people();
    let g = h.t.game.as_mut().unwrap();
    // As if the process stopped after storing the last move, before storing the end.
    let rules::AnyGame::Dots(d) = &mut g.game else { panic!() };
    for e in 0..24u8 {
        let side = d.turn();
        d.play_as(side, dots::Edge(e)).unwrap();
        g.moves.push(MoveMeta { side, by: MoveSource::Player, player_id: None, at: 0 });
    }
    h.mirror = Mirror::new(h.mirror.v, h.t.view(h.now)).unwrap();
    h.clock_at = h.now;
    assert_eq!(h.ok(Input::Tick), vec![Change::Ended { announced: false }]);
    assert_eq!(h.ok(Input::Tick), vec![]);
}

mod device_cpu;
mod presence;
mod random;
mod rematch;

#[test]
fn musashi_events_carry_captures() {
    let mut h = Harness::new(
        AnyOptions::Musashi(musashi::Options { board: musashi::BoardKind::Square25, ..Default::default() }),
        None,
    );
    h.join(A, "a");
    h.join(B, "b");
    h.intent(B, Intent::Sit {}).unwrap();
    for (conn, mv) in [(A, "c3-c4"), (B, "a1-b2"), (A, "c4-c3"), (B, "b2-b3")] {
        h.mv(conn, mv).unwrap();
    }
    let g = h.t.game.as_ref().unwrap();
    let e = h.t.event(&Change::Moved { ply: 3 }, h.now).unwrap();
    let wire::Event::Move { mv, seat, by, .. } = e else { panic!() };
    assert_eq!((mv.as_str(), seat, by), ("b2-b3", Seat::Second, MoveSource::Player));
    assert_eq!(g.plies(), 4);
    let _ = GameKind::Musashi;
}

mod browser_fixtures;
