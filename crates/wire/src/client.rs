//! What a client sends on a table's socket: decoded with a specific error for each way a
//! message can be wrong, so a client always learns what to fix.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{ErrorCode, WireError};
use crate::quick::Phrase;

/// A message from a client.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientMsg {
    /// The first message: the device token (none to only watch) and the last version seen.
    Hello {
        token: Option<String>,
        since: Option<u64>,
    },
    /// Asks for the events after `since` (or a full state), e.g. after a version gap; without
    /// `since`, for a full state.
    Sync {
        since: Option<u64>,
    },
    Ping,
    /// An intent; answered by one `ack` or one `error` with the same `id`.
    Intent {
        id: u64,
        intent: Intent,
    },
}

/// Something a client asks a table to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "t", rename_all = "camelCase", rename_all_fields = "camelCase", deny_unknown_fields)]
pub enum Intent {
    /// Take the first free seat.
    Sit {},
    /// Play `move` as move number `ply` (the moves played before it).
    Move {
        ply: u32,
        #[serde(rename = "move", deserialize_with = "move_text")]
        #[schemars(schema_with = "move_text_schema")]
        mv: String,
    },
    Resign {},
    /// Against the CPU: take back at once. Against a person: ask.
    Undo {},
    UndoAnswer {
        accept: bool,
    },
    /// Ask for the next game.
    Rematch {},
    /// Host only: the rules of the next game (`options`: only the fields to change); the turn
    /// limit applies at once. `turnLimit`: absent leaves it, `null` removes it.
    Settings {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<Map<String, Value>>,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
        turn_limit: Option<Option<u32>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ranked: Option<bool>,
    },
    /// Change this device's display name.
    Name {
        name: String,
    },
    /// Against the CPU, in your turn: the best move the CPU knows.
    Hint {},
    /// At a table whose CPU is played on the host's device (`cpuOnDevice`), from that host in
    /// the CPU's turn: the CPU's move `move` as move number `ply`, worked out by the page. The
    /// server checks it like any move and stores it as the CPU's (`by` `cpu`).
    CpuMove {
        ply: u32,
        #[serde(rename = "move", deserialize_with = "move_text")]
        #[schemars(schema_with = "move_text_schema")]
        mv: String,
    },
    /// A seated player of a table between two people: say one of the preset phrases to the
    /// table (at most one a second, with a burst of three).
    Quick {
        phrase: Phrase,
    },
}

/// A move is text (`c3-d4`, `17`); a Dots edge may also come as a number. Anything else is
/// refused in the protocol's words (an untagged enum's refusal named the enum: "data did not
/// match any variant of untagged enum Text").
fn move_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let other = match Value::deserialize(d)? {
        Value::String(s) => return Ok(s),
        Value::Number(n) => match n.as_u64() {
            Some(edge) => return Ok(edge.to_string()),
            None => n.to_string(),
        },
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    };
    Err(serde::de::Error::custom(format!("move must be text or a whole number from 0 up, not {other}")))
}

/// What [`move_text`] accepts: text, or a number that is not negative.
fn move_text_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let number = generator.subschema_for::<u64>();
    schemars::json_schema!({ "anyOf": [{ "type": "string" }, number] })
}

/// Tells "absent" (`None`) from "null" (`Some(None)`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    Option::<u32>::deserialize(d).map(Some)
}

impl ClientMsg {
    /// The message as JSON text (for clients written in Rust: tests, the load generator).
    pub fn to_json(&self) -> String {
        let v = match self {
            ClientMsg::Hello { token, since } => {
                let mut o = Map::new();
                o.insert("t".into(), "hello".into());
                if let Some(t) = token {
                    o.insert("token".into(), t.clone().into());
                }
                if let Some(s) = since {
                    o.insert("since".into(), (*s).into());
                }
                Value::Object(o)
            }
            ClientMsg::Sync { since: Some(since) } => serde_json::json!({"t": "sync", "since": *since}),
            ClientMsg::Sync { since: None } => serde_json::json!({"t": "sync"}),
            ClientMsg::Ping => serde_json::json!({"t": "ping"}),
            ClientMsg::Intent { id, intent } => {
                let mut v = serde_json::to_value(intent).expect("intents serialise");
                v.as_object_mut().expect("an object").insert("id".into(), (*id).into());
                v
            }
        };
        v.to_string()
    }
}

const INTENTS: [&str; 11] =
    ["sit", "move", "resign", "undo", "undoAnswer", "rematch", "settings", "name", "hint", "cpuMove", "quick"];

fn bad(id: Option<u64>, code: ErrorCode, message: impl Into<String>) -> (Option<u64>, WireError) {
    (id, WireError::with_message(code, message))
}

/// Decodes one text frame. On error, also returns the intent id when one could be read, so
/// the error can answer it.
pub fn decode(text: &str) -> Result<ClientMsg, (Option<u64>, WireError)> {
    let value: Value = serde_json::from_str(text).map_err(|e| bad(None, ErrorCode::BadJson, e.to_string()))?;
    let Value::Object(mut obj) = value else {
        return Err(bad(None, ErrorCode::BadJson, "a message is a JSON object"));
    };
    let id = obj.get("id").and_then(Value::as_u64);
    let t = match obj.get("t") {
        Some(Value::String(t)) => t.clone(),
        _ => return Err(bad(id, ErrorCode::BadField, "a message needs a string field t")),
    };
    let version = |field: &str| match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| bad(id, ErrorCode::BadField, format!("{field} must be a version number"))),
    };
    match t.as_str() {
        "ping" => return Ok(ClientMsg::Ping),
        "hello" => {
            let since = version("since")?;
            let token = match obj.get("token") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => return Err(bad(id, ErrorCode::BadField, "token must be a string")),
            };
            return Ok(ClientMsg::Hello { token, since });
        }
        "sync" => return Ok(ClientMsg::Sync { since: version("since")? }),
        _ if !INTENTS.contains(&t.as_str()) => {
            let shown: String = t.chars().take(32).collect();
            return Err(bad(id, ErrorCode::UnknownType, format!("unknown message type {shown:?}")));
        }
        _ => {}
    }
    let id = id.ok_or_else(|| bad(None, ErrorCode::BadField, "an intent needs an integer id"))?;
    obj.remove("id");
    let intent: Intent =
        serde_json::from_value(Value::Object(obj)).map_err(|e| bad(Some(id), ErrorCode::BadField, e.to_string()))?;
    Ok(ClientMsg::Intent { id, intent })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> ErrorCode {
        decode(s).unwrap_err().1.code
    }

    #[test]
    fn decodes_intents() {
        assert_eq!(
            decode(r#"{"t":"move","id":3,"ply":0,"move":"c3-c4"}"#).unwrap(),
            ClientMsg::Intent { id: 3, intent: Intent::Move { ply: 0, mv: "c3-c4".into() } }
        );
        assert_eq!(
            decode(r#"{"t":"move","id":3,"ply":0,"move":17}"#).unwrap(),
            ClientMsg::Intent { id: 3, intent: Intent::Move { ply: 0, mv: "17".into() } }
        );
        assert_eq!(
            decode(r#"{"t":"hello","token":"x","since":5}"#).unwrap(),
            ClientMsg::Hello { token: Some("x".into()), since: Some(5) }
        );
        assert_eq!(decode(r#"{"t":"hello"}"#).unwrap(), ClientMsg::Hello { token: None, since: None });
        assert_eq!(decode(r#"{"t":"sync","since":9}"#).unwrap(), ClientMsg::Sync { since: Some(9) });
        assert_eq!(decode(r#"{"t":"sync"}"#).unwrap(), ClientMsg::Sync { since: None });
        assert_eq!(decode(r#"{"t":"ping"}"#).unwrap(), ClientMsg::Ping);
        assert_eq!(
            decode(r#"{"t":"cpuMove","id":4,"ply":1,"move":17}"#).unwrap(),
            ClientMsg::Intent { id: 4, intent: Intent::CpuMove { ply: 1, mv: "17".into() } }
        );
        assert_eq!(
            decode(r#"{"t":"quick","id":5,"phrase":"good-luck"}"#).unwrap(),
            ClientMsg::Intent { id: 5, intent: Intent::Quick { phrase: Phrase::GoodLuck } }
        );
        let ClientMsg::Intent { intent: Intent::Settings { turn_limit, .. }, .. } =
            decode(r#"{"t":"settings","id":1,"turnLimit":null}"#).unwrap()
        else {
            panic!()
        };
        assert_eq!(turn_limit, Some(None));
        let ClientMsg::Intent { intent: Intent::Settings { turn_limit, .. }, .. } =
            decode(r#"{"t":"settings","id":1}"#).unwrap()
        else {
            panic!()
        };
        assert_eq!(turn_limit, None);
    }

    #[test]
    fn refuses_bad_messages() {
        assert_eq!(code("{"), ErrorCode::BadJson);
        assert_eq!(code("[1]"), ErrorCode::BadJson);
        assert_eq!(code(r#"{"id":1}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"fly","id":1}"#), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"t":"move","ply":0,"move":"c3-c4"}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"move","id":1,"ply":-1,"move":"c3-c4"}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"move","id":1,"ply":0}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"move","id":1,"ply":0,"move":-3}"#), ErrorCode::BadField);
        // A move that is neither text nor a whole number from 0 up says so, in the protocol's
        // words, not serde's.
        for (mv, what) in
            [("-3", "-3"), ("1.5", "1.5"), ("17.0", "17.0"), ("null", "null"), ("true", "true"), ("[3]", "a list")]
        {
            let text = format!(r#"{{"t":"move","id":1,"ply":0,"move":{mv}}}"#);
            let (_, e) = decode(&text).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadField, "{text}");
            assert_eq!(e.message, format!("move must be text or a whole number from 0 up, not {what}"), "{text}");
        }
        assert_eq!(code(r#"{"t":"sit","id":1,"extra":2}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"hello","token":5}"#), ErrorCode::BadField);
        // A quick message is one of the preset phrases, never text of the sender's own.
        assert_eq!(code(r#"{"t":"quick","id":1,"phrase":"you are bad"}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"quick","id":1}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"quick","id":1,"phrase":"hello","text":"hi"}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"t":"sync","since":"x"}"#), ErrorCode::BadField);
        assert_eq!(decode(r#"{"t":"fly","id":9}"#).unwrap_err().0, Some(9));
    }

    #[test]
    fn intents_round_trip() {
        let all = [
            Intent::Sit {},
            Intent::Move { ply: 4, mv: "c3-d4".into() },
            Intent::Resign {},
            Intent::Undo {},
            Intent::UndoAnswer { accept: true },
            Intent::Rematch {},
            Intent::Settings { options: None, turn_limit: Some(None), ranked: Some(true) },
            Intent::Settings { options: None, turn_limit: Some(Some(30)), ranked: None },
            Intent::Name { name: "Ana".into() },
            Intent::Hint {},
            Intent::CpuMove { ply: 3, mv: "c3-d4".into() },
            Intent::Quick { phrase: Phrase::MustGo },
        ];
        for (i, intent) in all.into_iter().enumerate() {
            let m = ClientMsg::Intent { id: i as u64, intent };
            assert_eq!(decode(&m.to_json()).unwrap(), m);
        }
        for m in [
            ClientMsg::Hello { token: None, since: Some(3) },
            ClientMsg::Sync { since: Some(1) },
            ClientMsg::Sync { since: None },
            ClientMsg::Ping,
        ] {
            assert_eq!(decode(&m.to_json()).unwrap(), m);
        }
    }
}
