//! Sessions of events for the browser's reducer (`web/table/reducer.js`): a start state,
//! its events and the table a client must end with, generated from the Rust mirror.
//! `web/test/reducer.test.js` replays them in JavaScript; `tsc` checks every message
//! against `web/types.js`. Regenerate with `QDAN_FIXTURES=write cargo test -p server
//! browser_fixtures`; without it this test fails when the committed file is stale.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use wire::ServerMsg;

use super::*;

fn legal(h: &Harness) -> Vec<String> {
    h.view().view.map(|v| v.legal()).unwrap_or_default()
}

/// A random session: joins, moves (mostly legal), undos, resignations, rematches,
/// settings, leaves and timers.
fn session(options: AnyOptions, cpu: Option<Level>, seed: u64, steps: usize) -> serde_json::Value {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut h = Harness::new(options, cpu);
    h.join(A, "a");
    let start = ServerMsg::State { v: h.mirror.v, table: Box::new(h.mirror.table.clone()) };
    let mut events = vec![];
    for _ in 0..steps {
        h.now += rng.gen_range(0..3_000);
        let conn = [A, B, W][rng.gen_range(0..3)];
        let roll = rng.gen_range(0..100);
        let input = match roll {
            0..=3 => Input::Join { conn, player: Some(person(["a", "b", "w"][(conn - 1) as usize])) },
            4..=5 => Input::Leave { conn, going_away: rng.gen_bool(0.5) },
            6..=9 => Input::Tick,
            10..=14 => Input::Intent { conn, intent: Intent::Sit {} },
            15..=17 => Input::Intent { conn, intent: Intent::Undo {} },
            18..=19 => Input::Intent { conn, intent: Intent::UndoAnswer { accept: rng.gen_bool(0.5) } },
            20 => Input::Intent { conn, intent: Intent::Resign {} },
            21..=23 => Input::Intent { conn, intent: Intent::Rematch {} },
            24 => Input::Intent {
                conn,
                intent: Intent::Settings {
                    options: None,
                    turn_limit: Some([None, Some(30)][rng.gen_range(0..2)]),
                    ranked: None,
                },
            },
            25 => Input::Intent { conn, intent: Intent::Name { name: format!("N{}", rng.gen_range(0..9)) } },
            _ => {
                let moves = legal(&h);
                if let Some(turn) = h.t.cpu_turn() {
                    let mv = moves[rng.gen_range(0..moves.len())].clone();
                    Input::Cpu { game_no: turn.game_no, ply: turn.ply, by: turn.by, mv }
                } else if moves.is_empty() {
                    Input::Tick
                } else {
                    let mover = if h.view().is_turn_of(Seat::First) { A } else { B };
                    let ply = h.view().plies;
                    Input::Intent {
                        conn: mover,
                        intent: Intent::Move { ply, mv: moves[rng.gen_range(0..moves.len())].clone() },
                    }
                }
            }
        };
        let before = h.mirror.v;
        if let Ok(changes) = h.apply(input) {
            let mut v = before;
            for c in &changes {
                if let Some(event) = h.t.event(c, h.now) {
                    v += 1;
                    events.push(serde_json::to_value(ServerMsg::Event { v, event }).unwrap());
                }
            }
        }
    }
    serde_json::json!({
        "name": format!("{:?} cpu={cpu:?} seed={seed}", options.kind()),
        "state": start,
        "events": events,
        "final": h.mirror.table,
    })
}

#[test]
fn browser_fixtures() {
    let dots = |w, h| AnyOptions::Dots(dots::Options { size: dots::Size { w, h }, swap_first: true });
    let musashi =
        |board, first, target| AnyOptions::Musashi(musashi::Options { board, first, target, ..Default::default() });
    use musashi::{BoardKind, Limit, Role, Target};
    // A short move limit, so sessions reach the Parent's win by the limit and the Children's trap.
    let short = |board, first| {
        AnyOptions::Musashi(musashi::Options { board, first, limit: Limit(Some(12)), ..Default::default() })
    };
    let bagh = |first, target| AnyOptions::BaghChal(bagh_chal::Options { first, target, ..Default::default() });
    let sessions = vec![
        session(dots(3, 3), None, 1, 300),
        session(dots(3, 3), Some(Level::Beginner), 2, 300),
        session(dots(5, 4), None, 3, 300),
        session(musashi(BoardKind::Square25, Role::Parent, Target::TEN), None, 7, 400),
        session(musashi(BoardKind::Setchin33, Role::Children, Target::SIX), None, 5, 400),
        session(musashi(BoardKind::Square25, Role::Children, Target::NONE), Some(Level::Beginner), 6, 300),
        session(short(BoardKind::Square25, Role::Parent), None, 8, 400),
        session(short(BoardKind::Setchin33, Role::Children), None, 9, 400),
        // Long enough to place all twenty goats and move on (the repetition record).
        session(bagh(bagh_chal::Role::Goats, bagh_chal::Target::FIVE), None, 10, 2500),
        session(bagh(bagh_chal::Role::Tigers, bagh_chal::Target::FOUR), Some(Level::Beginner), 11, 500),
    ];
    let body = serde_json::to_string_pretty(&sessions).unwrap();
    let text = format!(
        "// Generated by `QDAN_FIXTURES=write cargo test -p server browser_fixtures`: do not edit.\n\
         // Sessions of a table: a state, its events, and the table a client must end with.\n\n\
         /** @type {{import('../types.js').Fixture[]}} */\nexport default {body};\n"
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/test/fixtures.js");
    if std::env::var("QDAN_FIXTURES").as_deref() == Ok("write") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    } else {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(committed == text, "web/test/fixtures.js is stale: regenerate it (QDAN_FIXTURES=write)");
    }
}
