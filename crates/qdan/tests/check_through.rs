//! `qdan-bench check --through` against a real `qdan serve` (one node on SQLite, its own front
//! door here): a fresh client's view of each table in play agrees with the store; a store that
//! lost or changed a move the node acknowledged is caught, and so is a front door that does
//! not answer. The cluster test runs the same check through HAProxy on three nodes.

use bench::check::{Kind, check};
use serde_json::json;
use testkit::{Api, Qdan, TableClient};
use wire::{Intent, ServerMsg};

#[tokio::test]
async fn a_fresh_client_sees_what_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let node = Qdan::start(env!("CARGO_BIN_EXE_qdan"), &["--db", &db, "--tables", "off"], true).await.unwrap();
    let api = Api::new(node.url());
    let (ta, _) = api.player("Ana").await.unwrap();
    let (tb, _) = api.player("Ben").await.unwrap();
    let code = api.group(&ta, &json!({"game": "dots", "options": {"size": "3x3"}})).await.unwrap();
    let mut a = TableClient::connect(node.addr, &code, Some(&ta), None).await.unwrap();
    let mut b = TableClient::connect(node.addr, &code, Some(&tb), None).await.unwrap();
    assert!(matches!(b.intent(Intent::Sit {}).await.unwrap(), ServerMsg::Ack { .. }));
    for _ in 0..4 {
        let v = a.version().max(b.version());
        a.catch_up(v).await.unwrap();
        b.catch_up(v).await.unwrap();
        let t = a.table().clone();
        let mover = if t.is_turn_of(wire::Seat::First) { &mut a } else { &mut b };
        let mv = t.view.as_ref().unwrap().legal()[0].clone();
        let r = mover.intent(Intent::Move { ply: t.plies, mv }).await.unwrap();
        assert!(matches!(r, ServerMsg::Ack { .. }), "{r:?}");
    }
    let front = node.url();

    let r = check(&db, Some(&front), None).await.unwrap();
    assert!(r.is_clean(), "{r}");
    assert_eq!((r.opened, r.moves), (1, 4), "{r}");

    // The store changes under the node: the move it acknowledged at ply 3 is another.
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db).await.unwrap();
    sqlx::query("UPDATE moves SET mv = 'z9' WHERE ply = 3").execute(&pool).await.unwrap();
    let r = check(&db, Some(&front), None).await.unwrap();
    assert_eq!((r.count(Kind::ThroughDiffers), r.violations.len()), (1, 1), "{r}");
    // ... or is gone.
    sqlx::query("DELETE FROM moves WHERE ply = 3").execute(&pool).await.unwrap();
    let r = check(&db, Some(&front), None).await.unwrap();
    assert_eq!((r.count(Kind::ThroughDiffers), r.violations.len()), (1, 1), "{r}");

    // A front door where nothing answers.
    let nowhere = format!("http://127.0.0.1:{}", testkit::free_port());
    let r = check(&db, Some(&nowhere), None).await.unwrap();
    assert_eq!((r.count(Kind::ThroughUnreachable), r.violations.len()), (1, 1), "{r}");
}
