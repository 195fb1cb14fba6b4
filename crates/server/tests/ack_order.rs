//! Every event an intent caused reaches the intent's own socket before its `ack`
//! (docs/protocol.md, "Client to server"): checked for every move of quick games played at
//! once on a multi-threaded runtime, where a socket's writer and the table run on different
//! threads. The writer once took an answer that arrived between its look at the events and its
//! look at the answers, and sent it before the events it had just missed (seen about once in
//! 50,000 acks of the crash audit).

use serde_json::json;

use crate::common::{Client, TestServer, first_legal, my_turn, plies};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_moves_event_reaches_the_movers_socket_before_its_ack() {
    let s = TestServer::start().await;
    let mut tables = Vec::new();
    for _ in 0..8 {
        let (ta, _) = s.player("Ana").await;
        let (tb, _) = s.player("Ben").await;
        let code = s.group(&ta, json!({"game": "dots", "options": {"size": "5x5"}})).await;
        let addr = s.addr;
        tables.push(tokio::spawn(async move {
            let mut a = Client::connect(addr, &code, &ta, None).await;
            let mut b = Client::connect(addr, &code, &tb, None).await;
            assert_eq!(b.intent(json!({"t": "sit"})).await["t"], "ack");
            let mut acks = 0;
            for game in 0..2 {
                a.wait_for(|t| t["status"] == "playing").await;
                b.wait_for(|t| t["status"] == "playing").await;
                loop {
                    let v = a.v.max(b.v);
                    a.catch_up(v).await;
                    b.catch_up(v).await;
                    if a.table["status"] != "playing" {
                        break;
                    }
                    let c = if my_turn(&a.table, a.seat().unwrap()) { &mut a } else { &mut b };
                    let (ply, mv) = (plies(&c.table), first_legal(&c.table));
                    let id = 10_000 + acks;
                    c.send(json!({"t": "move", "id": id, "ply": ply, "move": mv})).await;
                    let mut seen = false;
                    loop {
                        let m = c.recv().await;
                        if m["t"] == "event" && m["kind"] == "move" && m["ply"] == json!(ply) {
                            seen = true;
                        }
                        if m["t"] == "state" && plies(&m["table"]) > ply {
                            seen = true;
                        }
                        if m["id"] == json!(id) {
                            assert_eq!(m["t"], "ack", "{m}");
                            assert!(seen, "game {game}: the ack of move {ply} came before its event");
                            break;
                        }
                        c.absorb(&m);
                    }
                    acks += 1;
                }
                if game == 0 {
                    for c in [&mut a, &mut b] {
                        assert_eq!(c.intent(json!({"t": "rematch"})).await["t"], "ack");
                    }
                }
            }
            acks
        }));
    }
    let mut acks = 0;
    for t in tables {
        acks += t.await.unwrap();
    }
    // 8 tables, 2 games each of 60 lines.
    assert_eq!(acks, 8 * 2 * 60);
}
