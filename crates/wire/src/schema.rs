//! The JSON Schema of every message on a table's socket (`docs/protocol.schema.json`),
//! generated from the types so it cannot drift from them, and the schemas written by hand for
//! the types whose JSON is written by hand ([`ClientMsg`], [`Seat`]).
//!
//! Client messages are described as the server accepts them ([`crate::decode`]); server
//! messages as the server writes them (every field it always sends is required), so a client
//! can rely on every field the schema requires.

use std::borrow::Cow;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::{Map, Value, json};

use crate::client::{ClientMsg, Intent};
use crate::server::ServerMsg;
use crate::table::Seat;

/// The command that rewrites `docs/protocol.schema.json` from the types.
pub const REGENERATE: &str = "cargo run -p wire --example schema > docs/protocol.schema.json";

/// Seat numbers travel as `0` and `1` (serde goes through `u8`).
impl JsonSchema for Seat {
    fn schema_name() -> Cow<'static, str> {
        "Seat".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "One of the two seats: 0 is the group's creator (the host), 1 the other.",
            "type": "integer",
            "enum": [0, 1],
        })
    }
}

/// What [`crate::decode`] accepts: `hello`, `sync`, `ping` (fields it does not read are
/// ignored), and every intent with an integer `id` and no field it does not know.
impl JsonSchema for ClientMsg {
    fn schema_name() -> Cow<'static, str> {
        "ClientMessage".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let id = generator.subschema_for::<u64>();
        let version = generator.subschema_for::<Option<u64>>();
        let token = generator.subschema_for::<Option<String>>();
        let tag = |t: &str| json!({ "type": "string", "const": t });
        let mut variants = vec![
            json!({
                "description": "The first message: the device token (none or null to only watch) and the last version seen.",
                "type": "object",
                "properties": { "t": tag("hello"), "token": token, "since": version.clone() },
                "required": ["t"],
            }),
            json!({
                "description": "Asks for the events after `since`, or (without it) for a full state.",
                "type": "object",
                "properties": { "t": tag("sync"), "since": version },
                "required": ["t"],
            }),
            json!({
                "description": "Answered by `pong`.",
                "type": "object",
                "properties": { "t": tag("ping") },
                "required": ["t"],
            }),
        ];
        // Each intent is the derived schema of its `Intent` variant plus the `id` that
        // `decode` takes out before the rest is read as an `Intent`.
        let intents = Value::from(Intent::json_schema(generator));
        let Some(Value::Array(intents)) = intents.get("oneOf").cloned() else {
            panic!("an internally tagged enum's schema is a oneOf: {intents}");
        };
        for mut intent in intents {
            let obj = intent.as_object_mut().expect("an intent's schema is an object");
            obj.entry("properties").or_insert_with(|| json!({}))["id"] = id.clone().into();
            let required = obj.entry("required").or_insert_with(|| json!([]));
            required.as_array_mut().expect("required is a list").push("id".into());
            variants.push(intent);
        }
        json_schema!({
            "description": "A message from a client. Intents carry an `id` and are answered by one `ack` or one `error` with the same `id`.",
            "oneOf": variants,
        })
    }
}

/// Adds the definitions of `generator` to `defs`; a name defined twice must mean one schema.
fn add_definitions(defs: &mut Map<String, Value>, generator: &mut SchemaGenerator) {
    for (name, schema) in generator.take_definitions(true) {
        if let Some(before) = defs.get(&name) {
            assert_eq!(before, &schema, "{name} differs between the client's and the server's contract");
        }
        defs.insert(name, schema);
    }
}

/// schemars bounds `u8` and `u16` but gives `u32`, `u64`, `i32` and `i64` only their sign, so
/// a schema would take numbers the types refuse (`4294967296` for a `u32`): bound them too.
fn bound_integers(v: &mut Value) {
    match v {
        Value::Object(m) => {
            let bounds: Option<(Value, Value)> = match m.get("format").and_then(Value::as_str) {
                Some("uint32") => Some((0.into(), u32::MAX.into())),
                Some("uint64") => Some((0.into(), u64::MAX.into())),
                Some("int32") => Some((i32::MIN.into(), i32::MAX.into())),
                Some("int64") => Some((i64::MIN.into(), i64::MAX.into())),
                _ => None,
            };
            if let Some((min, max)) = bounds {
                m.entry("minimum").or_insert(min);
                m.entry("maximum").or_insert(max);
            }
            m.values_mut().for_each(bound_integers);
        }
        Value::Array(a) => a.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// Rebuilds every object with its keys in order, so the text is the same whichever order
/// serde_json's maps keep (its `preserve_order` feature may be on in a bigger build).
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        v => v,
    }
}

/// Puts the typed HTTP bodies in the generators' definitions: the requests a client sends as
/// the server reads them, the answers as the server writes them.
fn http_bodies(client: &mut SchemaGenerator, server: &mut SchemaGenerator) {
    use crate::playing::PlayingGame;
    use crate::review::{
        AnalysisRequest, AnalysisView, GameRecordView, KnownRequest, KnownValues, PlayerGames, RecordView,
    };
    client.subschema_for::<AnalysisRequest>();
    client.subschema_for::<KnownRequest>();
    server.subschema_for::<GameRecordView>();
    server.subschema_for::<PlayerGames>();
    server.subschema_for::<AnalysisView>();
    server.subschema_for::<RecordView>();
    server.subschema_for::<KnownValues>();
    server.subschema_for::<PlayingGame>();
    use crate::http::{
        BlockRow, BlockedPlayer, ChallengeMade, GameOptions, GroupLink, LeaderboardRow, NewToken, NodeStats,
        OfflineStored, PlayerName, PoolEntered, TransferLink,
    };
    server.subschema_for::<NewToken>();
    server.subschema_for::<PlayerName>();
    server.subschema_for::<TransferLink>();
    server.subschema_for::<GroupLink>();
    server.subschema_for::<GameOptions>();
    server.subschema_for::<NodeStats>();
    server.subschema_for::<LeaderboardRow>();
    server.subschema_for::<ChallengeMade>();
    server.subschema_for::<PoolEntered>();
    server.subschema_for::<BlockedPlayer>();
    server.subschema_for::<BlockRow>();
    server.subschema_for::<OfflineStored>();
}

/// The protocol's schema: a root that accepts any message, with `ClientMessage`,
/// `ServerMessage` and everything they use in `$defs`.
pub fn protocol_schema() -> Value {
    let mut client = SchemaSettings::draft2020_12().for_deserialize().into_generator();
    let mut server = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let client_ref = client.subschema_for::<ClientMsg>();
    let server_ref = server.subschema_for::<ServerMsg>();
    let lobby_client_ref = client.subschema_for::<crate::lobby::LobbyClientMsg>();
    let lobby_server_ref = server.subschema_for::<crate::lobby::LobbyServerMsg>();
    // The HTTP bodies of `docs/protocol.md` that carry the same views: in `$defs` only, as
    // they are not socket messages (the root does not take them).
    http_bodies(&mut client, &mut server);
    let mut defs = Map::new();
    add_definitions(&mut defs, &mut client);
    add_definitions(&mut defs, &mut server);
    let mut root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "qdan socket messages",
        "description": format!(
            "Every message on a table's WebSocket and on the lobby's, described in docs/protocol.md: on a table's \
             socket a client sends a ClientMessage (as the server accepts it), the server a ServerMessage (as the \
             server writes it); on the lobby's, LobbyClientMsg and LobbyServerMsg. The root takes any of these. \
             $defs also hold the HTTP bodies that carry the same views (not taken by the root): GameRecordView \
             (GET /api/games/CODE/N), GameSummary (a list: GET /api/me/games), PlayerGames (GET \
             /api/players/ID/games), PlayingGame (a list: GET /api/me/playing), AnalysisRequest and AnalysisView \
             (POST /api/analysis), RecordView (POST /api/records), KnownRequest and KnownValues (POST \
             /api/musashi/values), and the smaller answers: NewToken (POST /api/players, POST \
             /api/transfer/CODE/claim), PlayerName (GET and PATCH /api/me, GET /api/transfer/CODE), TransferLink \
             (POST /api/transfer), GroupLink (POST /api/groups, POST /api/challenges/ID/accept), GameOptions (GET \
             /api/options/GAME), NodeStats (GET /api/stats), LeaderboardRow (a list: GET /api/leaderboard/GAME), \
             ChallengeMade (POST /api/challenges), PoolEntered (POST /api/pools/KEY), BlockedPlayer (POST \
             /api/blocks), BlockRow (a list: GET /api/blocks), OfflineStored (POST /api/games/offline). \
             Generated from the wire crate's types: {REGENERATE}"
        ),
        "anyOf": [client_ref, server_ref, lobby_client_ref, lobby_server_ref],
        "$defs": defs,
    });
    bound_integers(&mut root);
    sorted(root)
}

/// [`protocol_schema`] as the checked-in file holds it: pretty-printed, with a final newline.
pub fn protocol_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&protocol_schema()).expect("a schema serialises");
    text.push('\n');
    text
}
