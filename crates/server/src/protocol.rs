//! The WebSocket messages (see `docs/protocol.md`): decoding what clients send, with a
//! specific error for each way it can be wrong, and the error type every intent can answer.

use serde::Deserialize;
use serde_json::{Value, json};

/// A message from a client.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientMsg {
    Hello { token: String, since: Option<u64> },
    Ping,
    Intent { id: u64, intent: Intent },
}

/// Something a client asks a table to do; answered by one ack or one error.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "t", rename_all = "camelCase", deny_unknown_fields)]
pub enum Intent {
    Sit {},
    Move {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
    },
    Resign {},
    Undo {},
    UndoAnswer {
        accept: bool,
    },
    Rematch {},
    Settings {
        #[serde(default)]
        options: Option<Value>,
        #[serde(default, rename = "turnLimit", deserialize_with = "present")]
        turn_limit: Option<Option<u32>>,
        #[serde(default)]
        ranked: Option<bool>,
    },
    Name {
        name: String,
    },
    Hint {},
}

/// Tells "absent" (`None`) from "null" (`Some(None)`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    Option::<u32>::deserialize(d).map(Some)
}

/// An error answered to a client: a stable code and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    pub code: &'static str,
    pub message: String,
}

impl WireError {
    pub fn new(code: &'static str, message: impl Into<String>) -> WireError {
        WireError { code, message: message.into() }
    }

    /// The JSON sent for this error, answering intent `id` (if known).
    pub fn to_json(&self, id: Option<u64>) -> String {
        json!({"t": "error", "id": id, "code": self.code, "message": self.message}).to_string()
    }
}

impl From<rules::PlayError> for WireError {
    fn from(e: rules::PlayError) -> WireError {
        WireError::new(e.code(), e.to_string())
    }
}

const INTENTS: [&str; 10] =
    ["sit", "move", "resign", "undo", "undoAnswer", "rematch", "settings", "name", "hint", "hello"];

/// Decodes one text frame. On error, also returns the intent id when one could be read, so
/// the error can answer it.
pub fn decode(text: &str) -> Result<ClientMsg, (Option<u64>, WireError)> {
    let value: Value = serde_json::from_str(text).map_err(|e| (None, WireError::new("bad-json", e.to_string())))?;
    let Value::Object(mut obj) = value else {
        return Err((None, WireError::new("bad-json", "a message is a JSON object")));
    };
    let id = obj.get("id").and_then(Value::as_u64);
    let t = match obj.get("t") {
        Some(Value::String(t)) => t.clone(),
        _ => return Err((id, WireError::new("bad-field", "a message needs a string field t"))),
    };
    match t.as_str() {
        "ping" => return Ok(ClientMsg::Ping),
        "hello" => {
            let token = obj.get("token").and_then(Value::as_str).map(str::to_string);
            let since = match obj.get("since") {
                None | Some(Value::Null) => None,
                Some(v) => Some(v.as_u64().ok_or((id, WireError::new("bad-field", "since must be a version number")))?),
            };
            let token = token.ok_or((id, WireError::new("bad-field", "hello needs a token")))?;
            return Ok(ClientMsg::Hello { token, since });
        }
        _ if !INTENTS.contains(&t.as_str()) => {
            return Err((id, WireError::new("unknown-type", format!("unknown message type {:?}", trunc(&t)))));
        }
        _ => {}
    }
    let id = id.ok_or((None, WireError::new("bad-field", "an intent needs an integer id")))?;
    obj.remove("id");
    let intent: Intent = serde_json::from_value(Value::Object(obj))
        .map_err(|e| (Some(id), WireError::new("bad-field", e.to_string())))?;
    Ok(ClientMsg::Intent { id, intent })
}

fn trunc(s: &str) -> String {
    s.chars().take(32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_intents() {
        assert_eq!(
            decode(r#"{"t":"move","id":3,"ply":0,"move":"c3-c4"}"#).unwrap(),
            ClientMsg::Intent { id: 3, intent: Intent::Move { ply: 0, mv: "c3-c4".into() } }
        );
        assert_eq!(
            decode(r#"{"t":"hello","token":"x","since":5}"#).unwrap(),
            ClientMsg::Hello { token: "x".into(), since: Some(5) }
        );
        assert_eq!(decode(r#"{"t":"ping"}"#).unwrap(), ClientMsg::Ping);
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
        let code = |s: &str| decode(s).unwrap_err().1.code;
        assert_eq!(code("{"), "bad-json");
        assert_eq!(code("[1]"), "bad-json");
        assert_eq!(code(r#"{"id":1}"#), "bad-field");
        assert_eq!(code(r#"{"t":"fly","id":1}"#), "unknown-type");
        assert_eq!(code(r#"{"t":"move","ply":0,"move":"c3-c4"}"#), "bad-field");
        assert_eq!(code(r#"{"t":"move","id":1,"ply":-1,"move":"c3-c4"}"#), "bad-field");
        assert_eq!(code(r#"{"t":"move","id":1,"ply":0}"#), "bad-field");
        assert_eq!(code(r#"{"t":"sit","id":1,"extra":2}"#), "bad-field");
        assert_eq!(code(r#"{"t":"hello"}"#), "bad-field");
        assert_eq!(decode(r#"{"t":"fly","id":9}"#).unwrap_err().0, Some(9));
    }
}
