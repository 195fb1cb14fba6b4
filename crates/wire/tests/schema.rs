//! `docs/protocol.schema.json` is what the types generate, and it is true: every real message
//! passes it, and what it accepts the server (for client messages) or the types (for server
//! messages) accept too. Real messages: the examples of `docs/protocol.md`, every intent and
//! error code, and tables built from games played to the end with the rules.

use jsonschema::Validator;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rules::{AnyGame, AnyOptions, EndReason, GameKind};
use serde_json::{Value, json};
use wire::{
    ClientMsg, ClockView, ErrorCode, Event, GameView, Intent, MoveSource, RatingChange, ResultView, Seat, ServerMsg,
    Status, TableView, UndoView, You, decode,
};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.schema.json");

#[test]
fn the_checked_in_schema_is_what_the_types_generate() {
    let checked_in = std::fs::read_to_string(FILE).unwrap_or_default();
    let generated = wire::protocol_schema_text();
    if checked_in != generated {
        let line = checked_in.lines().zip(generated.lines()).position(|(a, b)| a != b);
        panic!(
            "docs/protocol.schema.json differs from what the wire types generate (first at line {}).\n\
             Regenerate it at the top of the repository with:\n    {}",
            line.map_or_else(|| "end".to_string(), |l| (l + 1).to_string()),
            wire::REGENERATE
        );
    }
}

/// A validator for one definition of the schema, say `ServerMessage`.
fn validator(def: &str) -> Validator {
    let mut schema = wire::protocol_schema();
    let root = schema.as_object_mut().unwrap();
    root.remove("anyOf");
    root.insert("$ref".into(), format!("#/$defs/{def}").into());
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{def}: {e}"))
}

fn errors(v: &Validator, m: &Value) -> String {
    v.iter_errors(m).map(|e| format!("{} at {}", e, e.instance_path())).collect::<Vec<_>>().join("; ")
}

fn doc_blocks(tag: &str) -> Vec<String> {
    let doc = include_str!("../../../docs/protocol.md");
    let open = format!("```json {tag}\n");
    doc.split(&open).skip(1).map(|rest| rest.split("\n```").next().unwrap_or_default().to_string()).collect()
}

fn doc_lines(tag: &str) -> Vec<Value> {
    doc_blocks(tag)
        .iter()
        .flat_map(|b| b.lines().map(|l| serde_json::from_str(l).unwrap()).collect::<Vec<_>>())
        .collect()
}

fn all_intents() -> Vec<Intent> {
    vec![
        Intent::Sit {},
        Intent::Move { ply: 4, mv: "c3-d4".into() },
        Intent::Move { ply: 0, mv: "17".into() },
        Intent::Resign {},
        Intent::Undo {},
        Intent::UndoAnswer { accept: true },
        Intent::Rematch {},
        Intent::Settings { options: None, turn_limit: None, ranked: None },
        Intent::Settings { options: None, turn_limit: Some(None), ranked: Some(true) },
        Intent::Settings {
            options: json!({"board": "25"}).as_object().cloned(),
            turn_limit: Some(Some(30)),
            ranked: Some(false),
        },
        Intent::Name { name: "Ана".into() },
        Intent::Hint {},
        Intent::CpuMove { ply: 1, mv: "17".into() },
        Intent::Quick { phrase: wire::Phrase::GoodGame },
    ]
}

/// Client messages as clients send them: the documented ones and every intent as the Rust
/// client writes it.
fn client_messages() -> Vec<Value> {
    let mut all = doc_lines("client");
    let written =
        all_intents().into_iter().enumerate().map(|(i, intent)| ClientMsg::Intent { id: i as u64, intent }).chain([
            ClientMsg::Hello { token: Some("t".into()), since: Some(u64::MAX) },
            ClientMsg::Hello { token: None, since: None },
            ClientMsg::Sync { since: Some(0) },
            ClientMsg::Ping,
        ]);
    all.extend(written.map(|m| serde_json::from_str(&m.to_json()).unwrap()));
    all
}

/// Random games of every kind played to the end, as the table a `state` carries at a few of
/// their plies: waiting, playing (with clock and undo request) and over (with a result).
fn tables() -> Vec<TableView> {
    let doc = doc_blocks("table");
    let base: TableView = serde_json::from_str(&doc[0]).unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    let mut out = vec![base.clone()];
    let mut waiting = base.clone();
    waiting.status = Status::Waiting;
    (waiting.view, waiting.clock, waiting.host, waiting.game_no, waiting.plies) = (None, None, None, 0, 0);
    waiting.moves.clear();
    waiting.seats[1] = None;
    out.push(waiting);
    let sizes = ["3x3", "5x4", "5x5"];
    let mut options: Vec<AnyOptions> = sizes
        .iter()
        .map(|s| wire::parse_options(GameKind::Dots, &json!({"size": s})).unwrap())
        .chain([
            AnyOptions::default_for(GameKind::Musashi),
            wire::parse_options(GameKind::Musashi, &json!({"board": "25", "target": "6", "first": "children"}))
                .unwrap(),
            wire::parse_options(GameKind::Musashi, &json!({"limit": "none"})).unwrap(),
        ])
        .collect();
    options.extend(options.clone());
    for opts in options {
        let mut game = AnyGame::new(opts);
        let mut t = base.clone();
        t.game = opts.kind();
        (t.options, t.next_options) = (opts, opts);
        while game.outcome().is_none() && game.plies() < 300 {
            let legal = game.legal_moves();
            let mv = legal.choose(&mut rng).unwrap().clone();
            game.play(game.turn(), &mv).unwrap();
            if rng.gen_bool(0.1) {
                out.push(snapshot(&t, &game, &mut rng));
            }
        }
        if game.outcome().is_none() {
            game.resign(game.turn()).unwrap();
        }
        out.push(snapshot(&t, &game, &mut rng));
    }
    out
}

fn snapshot(base: &TableView, game: &AnyGame, rng: &mut StdRng) -> TableView {
    let mut t = base.clone();
    t.moves = game.moves();
    t.plies = t.moves.len() as u32;
    t.view = Some(GameView::of(game));
    t.undo = rng.gen_bool(0.3).then_some(UndoView { requested_by: Seat::Second });
    t.rematch = [rng.gen_bool(0.5), false];
    match game.outcome() {
        None => {
            t.clock = Some(ClockView { side: game.turn(), remaining_ms: rng.gen_range(-50..30_000), limit: Some(30) })
        }
        Some(f) => {
            (t.status, t.clock, t.turn_limit) = (Status::Over, None, None);
            let winner = f.winner.and_then(|w| t.seat_of_side(w));
            let ratings = vec![RatingChange { seat: Seat::First, before: 1500, after: 1490 }];
            t.result = Some(ResultView { winner, reason: f.reason, ratings });
        }
    }
    t
}

/// Server messages as the server writes them.
fn server_messages() -> Vec<Value> {
    let mut all = doc_lines("server");
    let tables = tables();
    let result = ResultView { winner: None, reason: EndReason::Boxes, ratings: vec![] };
    let mut msgs = vec![
        ServerMsg::Welcome { v: 1, you: You { player_id: None, seat: None, host: false } },
        ServerMsg::Welcome { v: 1, you: You { player_id: Some("p_x".into()), seat: Some(Seat::Second), host: true } },
        ServerMsg::Ack { id: 0, v: u64::MAX },
        ServerMsg::Hint { id: 3, mv: None },
        ServerMsg::Hint { id: 3, mv: Some("12".into()) },
        ServerMsg::Pong,
        ServerMsg::Quick { seat: Seat::Second, phrase: wire::Phrase::WellPlayed },
        ServerMsg::Event {
            v: 9,
            event: Event::Move {
                ply: 3,
                seat: Seat::First,
                side: 1,
                by: MoveSource::Timeout,
                mv: "12".into(),
                taken: vec![],
                completed: vec![3, 4],
                clock: None,
                result: Some(result.clone()),
            },
        },
        ServerMsg::Event { v: 10, event: Event::End { result } },
    ];
    for (i, code) in ErrorCode::samples().into_iter().enumerate() {
        msgs.push(ServerMsg::error((i % 2 == 0).then_some(i as u64), code));
    }
    for t in tables.iter() {
        msgs.push(ServerMsg::State { v: 5, table: Box::new(t.clone()) });
        for seat in Seat::ALL {
            if let Some(info) = t.seats[seat.index()].clone() {
                msgs.push(ServerMsg::Event { v: 6, event: Event::Seat { seat, info } });
            }
        }
        msgs.push(ServerMsg::Event {
            v: 7,
            event: Event::Settings {
                next_options: t.next_options,
                turn_limit: t.turn_limit,
                next_ranked: t.next_ranked,
                clock: t.clock,
            },
        });
    }
    all.extend(msgs.iter().map(|m| serde_json::to_value(m).unwrap()));
    all
}

#[test]
fn real_client_messages_pass_the_schema() {
    let v = validator("ClientMessage");
    let all = client_messages();
    assert!(all.len() > 25);
    for m in &all {
        assert!(decode(&m.to_string()).is_ok(), "{m}");
        assert!(v.is_valid(m), "{m}: {}", errors(&v, m));
    }
}

#[test]
fn real_server_messages_pass_the_schema() {
    let v = validator("ServerMessage");
    let all = server_messages();
    assert!(all.iter().filter(|m| m["t"] == "state").count() > 20, "tables from real games");
    for m in &all {
        assert!(v.is_valid(m), "{m}: {}", errors(&v, m));
    }
}

#[test]
fn the_root_takes_either_and_refuses_wrong_types() {
    let root = jsonschema::validator_for(&wire::protocol_schema()).unwrap();
    for m in client_messages().iter().chain(server_messages().iter()) {
        assert!(root.is_valid(m), "{m}");
    }
    for bad in [
        json!({"t": "fly", "id": 1}),
        json!({"t": "welcome", "v": 1, "you": {"playerId": null, "seat": 2, "host": false}}),
        json!({"t": "event", "v": 3, "kind": "fly"}),
        json!({"t": "event", "v": 3, "kind": "spectators", "count": -1}),
        json!({"t": "error", "code": "no-such-code", "message": "x"}),
        json!({"t": "error", "code": "undo-wait", "message": "x"}),
        json!({"t": "state", "v": 1}),
        json!({"t": "move", "ply": 0, "move": "c3-d4"}),
        json!({"type": "ping"}),
        json!([]),
    ] {
        assert!(!root.is_valid(&bad), "{bad} should fail");
    }
}

/// Every way to spoil one field of `m`, at any depth: each value swapped for values of other
/// types or out of range, each field dropped, and a field added to each object.
fn mutations(m: &Value) -> Vec<Value> {
    let replacements = [
        json!(null),
        json!(true),
        json!(-1),
        json!(1),
        json!(256),
        json!(4_294_967_296u64),
        json!(1.5),
        json!("x"),
        json!("none"),
        json!([]),
        json!({}),
    ];
    let mut out = vec![];
    let mut paths = vec![];
    collect_paths(m, String::new(), &mut paths);
    for path in paths {
        for r in &replacements {
            let mut c = m.clone();
            *c.pointer_mut(&path).unwrap() = r.clone();
            out.push(c);
        }
        if let Some((parent, key)) = path.rsplit_once('/') {
            let mut c = m.clone();
            if let Some(Value::Object(o)) = c.pointer_mut(parent) {
                o.remove(key);
                out.push(c);
            }
        }
        if let Some(Value::Object(_)) = m.pointer(&path) {
            let mut c = m.clone();
            c.pointer_mut(&path).unwrap().as_object_mut().unwrap().insert("extra".into(), json!(1));
            out.push(c);
        }
    }
    out
}

fn collect_paths(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(o) => o.iter().for_each(|(k, v)| collect_paths(v, format!("{at}/{k}"), out)),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, v)| collect_paths(v, format!("{at}/{i}"), out)),
        _ => {}
    }
}

/// The schema of client messages is exactly what the server accepts: for every spoiled
/// message, the schema and `decode` agree.
#[test]
fn the_client_schema_accepts_exactly_what_the_server_decodes() {
    let v = validator("ClientMessage");
    let mut checked = 0;
    for m in client_messages() {
        for c in mutations(&m) {
            let decoded = decode(&c.to_string());
            assert_eq!(v.is_valid(&c), decoded.is_ok(), "{c}: schema: {}; decode: {:?}", errors(&v, &c), decoded);
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The schema of server messages accepts nothing the types refuse, and everything the types
/// would write: for every spoiled message, one the schema accepts can be read, and one that
/// reads and is written back unchanged passes the schema.
#[test]
fn the_server_schema_accepts_nothing_the_types_refuse() {
    let v = validator("ServerMessage");
    let mut refused = 0;
    let all = server_messages();
    // The tables are large; a few of them are spoiled at every depth.
    let states: Vec<&Value> = all.iter().filter(|m| m["t"] == "state").step_by(6).collect();
    let others = all.iter().filter(|m| m["t"] != "state");
    for m in others.chain(states) {
        for c in mutations(m) {
            let read = serde_json::from_value::<ServerMsg>(c.clone());
            let valid = v.is_valid(&c);
            match &read {
                Err(e) => assert!(!valid, "the schema accepts {c}, which the types refuse: {e}"),
                Ok(back) if serde_json::to_value(back).unwrap() == c => {
                    assert!(valid, "the types write {c}, which the schema refuses: {}", errors(&v, &c))
                }
                Ok(_) => {}
            }
            refused += usize::from(!valid);
        }
    }
    assert!(refused > 1000, "{refused}");
}

/// The option values written as text: the schema's patterns accept exactly what their parsers
/// accept (deserialize contract) or exactly what the server writes (serialize contract).
#[test]
fn option_text_patterns_match_the_parsers() {
    use rules::dots::Size;
    use rules::musashi::{Limit, Target};
    let mut texts: Vec<String> = ["none", "None", "", "0", "00", "+1", "+0", "-1", "1 ", "007", "10", "6"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let numbers = [1u32, 9, 99, 100, 999, 1000, 9999, 10000, 59999, 60000, 65529, 65535, 65536, 99999, 100000];
    texts.extend(numbers.map(|n| n.to_string()));
    for w in ["0", "2", "3", "4", "5", "6", "03", "+3", "35"] {
        for x in ["x", "X", "*"] {
            texts.push(format!("{w}{x}4"));
            texts.push(format!("5{x}{w}"));
        }
    }
    for serialize in [false, true] {
        check::<Limit>(&texts, serialize);
        check::<Target>(&texts, serialize);
        check::<Size>(&texts, serialize);
    }
}

fn check<T>(texts: &[String], serialize: bool)
where
    T: std::str::FromStr + Into<String> + schemars::JsonSchema,
{
    let settings = schemars::generate::SchemaSettings::draft2020_12();
    let settings = if serialize { settings.for_serialize() } else { settings.for_deserialize() };
    let schema = settings.into_generator().root_schema_for::<T>();
    let v = jsonschema::validator_for(&schema.into()).unwrap();
    for s in texts {
        let want = s.parse::<T>().ok().is_some_and(|t| !serialize || t.into() == *s);
        assert_eq!(v.is_valid(&json!(s)), want, "{} {s:?}, serialize: {serialize}", T::schema_name());
    }
}

#[test]
fn a_wrong_seat_number_fails() {
    let v = validator("ServerMessage");
    let mut m =
        serde_json::to_value(ServerMsg::Event { v: 1, event: Event::RematchOffer { seat: Seat::Second } }).unwrap();
    assert!(v.is_valid(&m));
    m["seat"] = json!(2);
    assert!(!v.is_valid(&m));
    assert!(serde_json::from_value::<ServerMsg>(m).is_err());
}
