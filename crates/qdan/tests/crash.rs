//! The real `qdan` binary, killed with SIGKILL mid-game and started again: every acknowledged
//! move and the turn clock are still there.

use serde_json::json;
use testkit::{Api, Qdan, TableClient};
use wire::{GameView, Intent, ServerMsg, Status};

#[tokio::test]
async fn sigkill_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("qdan.db").display());
    let mut server = Qdan::start(env!("CARGO_BIN_EXE_qdan"), &["--db", &db, "--tables", "off"], true).await.unwrap();
    let api = Api::new(server.url());
    let (ta, _) = api.player("Ana").await.unwrap();
    let (tb, _) = api.player("Ben").await.unwrap();
    let code = api.group(&ta, &json!({"game": "dots", "options": {"size": "5x5"}, "turnLimit": 60})).await.unwrap();
    let mut a = TableClient::connect(server.addr, &code, Some(&ta), None).await.unwrap();
    let mut b = TableClient::connect(server.addr, &code, Some(&tb), None).await.unwrap();
    assert!(matches!(b.intent(Intent::Sit {}).await.unwrap(), ServerMsg::Ack { .. }));
    // Play as fast as the acks come, and kill the server in the middle of it.
    let mut acked = vec![];
    for _ in 0..30 {
        a.catch_up(b.version()).await.unwrap();
        b.catch_up(a.version()).await.unwrap();
        let t = a.table().clone();
        assert_eq!(t.status, Status::Playing);
        let Some(GameView::Dots(view)) = &t.view else { panic!("a Dots game") };
        let mover = if t.is_turn_of(wire::Seat::First) { &mut a } else { &mut b };
        let edge = view.legal[0];
        let answer = mover.intent(Intent::Move { ply: t.plies, mv: edge.to_string() }).await.unwrap();
        assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
        acked.push(edge);
    }
    let clock_before = a.table().clock.unwrap().remaining_ms;
    server.kill(); // SIGKILL
    server.restart().await.unwrap();
    let a = TableClient::connect(server.addr, &code, Some(&ta), None).await.unwrap();
    let t = a.table();
    let Some(GameView::Dots(view)) = &t.view else { panic!("a Dots game") };
    let lines: Vec<u8> = view.lines.iter().map(|l| l.edge).collect();
    assert_eq!(lines, acked, "every acknowledged move, in order");
    assert_eq!(t.status, Status::Playing);
    let clock_after = t.clock.unwrap().remaining_ms;
    assert!(clock_after <= clock_before && clock_after > clock_before - 15_000, "{clock_before} -> {clock_after}");
}
