//! The example answer of `GET /api/me/playing` in `docs/protocol.md` (the block tagged
//! `json playing`) is parsed into the wire type and written back the same, so the document
//! an outside client is written from cannot drift from the server.

use wire::playing::PlayingGame;

#[test]
fn the_documented_answer_is_a_list_of_playing_games() {
    let doc = include_str!("../../../docs/protocol.md");
    let block = doc.split("```json playing\n").nth(1).and_then(|rest| rest.split("\n```").next()).expect("the example");
    let games: Vec<PlayingGame> = serde_json::from_str(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
    assert_eq!(games.len(), 2);
    assert!(games[0].my_turn && games[0].turn == games[0].seat && games[0].clock.is_some());
    assert!(!games[1].my_turn && games[1].opponent.cpu.is_some() && games[1].clock.is_none());
    let back = serde_json::to_value(&games).unwrap();
    let want: serde_json::Value = serde_json::from_str(block).unwrap();
    assert_eq!(back, want);
}
