//! A move that reaches a node which lost the table's lease (issue 39's rough edge): the node
//! was paused past its lease and another node took the table, but this node's table does not
//! know yet. The move is answered `table-moved` (nothing stored; reconnect and send it again),
//! not `internal`, and the table stops so its sockets are told to reconnect (close 4010).
//! The lease and the fence work on SQLite as on PostgreSQL, so one process plays both nodes:
//! its table holds node a's lease, and the store hands the table to node b.

use std::time::Duration;

use serde_json::json;
use server::table::TableHandle;
use wire::{ErrorCode, Intent};

use crate::common::TestServer;

#[tokio::test]
async fn a_move_on_a_node_that_lost_the_lease_is_answered_table_moved() {
    let s = TestServer::start().await;
    let (ta, ana) = s.player("Ana").await;
    let (_, ben) = s.player("Ben").await;
    let code = s.group(&ta, json!({"game": "dots", "options": {"size": "3x3"}})).await;
    let store = &s.state.ctx.store;
    // Node a's table, under a lease of 600 ms that nobody renews (a paused node).
    let lease = store.take_lease(&code, "a", 600).await.unwrap().expect("a free lease");
    let table = TableHandle::Local(server::table::spawn(code.clone(), s.state.ctx.clone(), Some(lease)));
    let row = |id: String| async move { store.player(&id).await.unwrap() };
    table.join(1, row(ana).await, None).await.unwrap();
    table.join(2, row(ben).await, None).await.unwrap();
    // Both seated: the game starts (the host may be seated already).
    let _ = table.intent(1, Intent::Sit {}).await;
    table.intent(2, Intent::Sit {}).await.unwrap();

    // The lease runs out and node b takes the table; node a's table still runs.
    tokio::time::sleep(Duration::from_millis(700)).await;
    store.take_lease(&code, "b", 5_000).await.unwrap().expect("an expired lease is taken");
    assert!(table.is_alive());
    let mv = |conn| table.intent(conn, Intent::Move { ply: 0, mv: "0".into() });
    let e = match mv(1).await {
        Err(e) if e.code == ErrorCode::NotYourTurn => mv(2).await.unwrap_err(),
        other => other.unwrap_err(),
    };
    assert_eq!(e.code, ErrorCode::TableMoved, "{e:?}");
    assert_eq!(store.count_moves().await.unwrap(), 0, "nothing was stored");
    // The table stopped: every socket of it is told to reconnect (close 4010).
    for _ in 0..100 {
        if !table.is_alive() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!table.is_alive(), "the table goes on after losing its lease");
    // Operators see the loss.
    let text = s.http.get(s.url("/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(text.lines().any(|l| l == "qdan_lease_losses_total 1"), "{text}");
}
