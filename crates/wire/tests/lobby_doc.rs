//! The lobby socket's examples in `docs/protocol.md` (blocks tagged `json lobby-client` and
//! `json lobby-server`, one message per line, possibly indented in a list) are the lobby's
//! wire types, and the types write them back the same way.

use wire::lobby::{LobbyClientMsg, LobbyServerMsg};

fn lines(tag: &str) -> Vec<String> {
    let doc = include_str!("../../../docs/protocol.md");
    let open = format!("```json {tag}");
    let mut out = Vec::new();
    let mut inside = false;
    for line in doc.lines().map(str::trim) {
        if line == open {
            inside = true;
        } else if inside && line == "```" {
            inside = false;
        } else if inside {
            out.push(line.to_string());
        }
    }
    out
}

#[test]
fn lobby_examples_are_lobby_messages() {
    let client = lines("lobby-client");
    assert!(client.len() >= 3, "the client examples are there");
    for line in client {
        let m: LobbyClientMsg = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let back = serde_json::to_value(&m).unwrap();
        let want: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back, want, "{line}");
    }
    let server = lines("lobby-server");
    let mut kinds = std::collections::BTreeSet::new();
    for line in server {
        let m: LobbyServerMsg = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let back = serde_json::to_value(&m).unwrap();
        let want: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back, want, "{line}");
        kinds.insert(want["t"].as_str().unwrap().to_string());
    }
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["error", "lobby", "paired", "pong"]);
}

#[test]
fn a_hello_with_an_unknown_field_or_game_is_refused() {
    for bad in [r#"{"t":"hello","game":"chess"}"#, r#"{"t":"hello","game":"dots","x":1}"#, r#"{"t":"sit"}"#] {
        assert!(serde_json::from_str::<LobbyClientMsg>(bad).is_err(), "{bad}");
    }
}
