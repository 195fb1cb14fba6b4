//! Every example of `docs/protocol.md` is parsed into the wire types, so the document cannot
//! drift from the server: blocks tagged `json client` hold client messages (one per line),
//! `json server` server messages, `json table` a whole table. A table example must also be a
//! real position: its view is what the rules make of its moves.

use wire::{ClientMsg, GameView, Mirror, ServerMsg, TableView, decode};

fn blocks(tag: &str) -> Vec<String> {
    let doc = include_str!("../../../docs/protocol.md");
    let open = format!("```json {tag}\n");
    doc.split(&open).skip(1).map(|rest| rest.split("\n```").next().unwrap_or_default().to_string()).collect()
}

#[test]
fn client_examples_are_client_messages() {
    let lines: Vec<String> =
        blocks("client").iter().flat_map(|b| b.lines().map(str::to_string).collect::<Vec<_>>()).collect();
    assert!(lines.len() >= 10, "the client examples are there");
    for line in lines {
        let m = decode(&line).unwrap_or_else(|e| panic!("{line}: {:?}", e.1));
        // And the types write them back the same way (numbers as text aside).
        if !line.contains("\"move\":17") {
            let back: serde_json::Value = serde_json::from_str(&m.to_json()).unwrap();
            let want: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(back, want, "{line}");
        }
        let _: ClientMsg = m;
    }
}

#[test]
fn server_examples_are_server_messages_and_round_trip() {
    let lines: Vec<String> =
        blocks("server").iter().flat_map(|b| b.lines().map(str::to_string).collect::<Vec<_>>()).collect();
    assert!(lines.len() >= 20, "the server examples are there");
    let mut kinds = std::collections::BTreeSet::new();
    for line in lines {
        let m: ServerMsg = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        if let ServerMsg::Event { event, .. } = &m {
            kinds.insert(event.kind());
        }
        let back: serde_json::Value = serde_json::to_value(&m).unwrap();
        let want: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back, want, "{line}");
    }
    let all = [
        "seat",
        "spectators",
        "move",
        "undo",
        "undoRequest",
        "undoDeclined",
        "resign",
        "end",
        "rematchOffer",
        "newGame",
        "settings",
        "noShow",
    ];
    assert_eq!(kinds.into_iter().collect::<Vec<_>>().len(), all.len(), "every event kind has an example");
}

#[test]
fn the_table_example_is_a_table_and_a_real_position() {
    let tables = blocks("table");
    assert_eq!(tables.len(), 1);
    let t: TableView = serde_json::from_str(&tables[0]).unwrap_or_else(|e| panic!("{e}"));
    let mirror = Mirror::new(1, t.clone()).unwrap();
    // The mirror replays the moves with the rules: the view must be exactly theirs.
    let mut game = rules::AnyGame::new(t.options);
    for mv in &t.moves {
        game.play(game.turn(), mv).unwrap();
    }
    let want = GameView::of(&game);
    assert_eq!(
        t.view.as_ref(),
        Some(&want),
        "the example's view should be:\n{}",
        serde_json::to_string(&want).unwrap()
    );
    assert_eq!(t.plies as usize, t.moves.len());
    assert_eq!(mirror.table, t);
}

#[test]
fn every_error_code_is_documented() {
    let doc = include_str!("../../../docs/protocol.md");
    for c in wire::ErrorCode::samples() {
        assert!(doc.contains(&format!("`{}`", c.as_str())), "{} is not in docs/protocol.md", c.as_str());
    }
}
