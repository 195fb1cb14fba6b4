//! This node's work for the cluster, over its registry: answering other nodes' requests for
//! the tables it runs (the questions are in [`crate::table::rpc`]), renewing its leases, and
//! adopting tables whose owner is gone. It sits above the registry; the membership it works
//! with ([`crate::cluster`]) sits below the tables.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;

use crate::cluster::{Cluster, rpc_subject};
use crate::registry::Registry;
use crate::table::rpc::{Op, Request, Response};
use crate::table::state::TableError;

/// Starts this node's background work: answering other nodes, renewing leases, adopting
/// orphaned tables.
pub fn start(cluster: &Arc<Cluster>, registry: Arc<Registry>) {
    tokio::spawn(serve(cluster.clone(), registry.clone()));
    tokio::spawn(renew(cluster.clone(), registry.clone()));
    tokio::spawn(adopt_orphans(cluster.clone(), registry));
    tokio::spawn(hear_store_health(cluster.clone()));
}

/// Renews this node's leases a few times per lifetime; a table whose lease was lost (the node
/// was paused past its expiry, or cut off from the database) stops at once. Each renewal is
/// also this node's look at the store: it is given a quarter of a lease (a silent connection
/// would hold it for the driver's own timeout, 13 s in `crates/qdan/tests/partitions.rs`), and
/// what it found is told to the other nodes (`crate::cluster_health`).
async fn renew(cluster: Arc<Cluster>, registry: Arc<Registry>) {
    let every = cluster.lease_ttl / 4;
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let asked_at = std::time::Instant::now();
        let store = registry.store();
        // A node that sheds its players stops renewing, so that its leases run out and the
        // other nodes take its tables: renewed now and then through a flapping link, they would
        // stay with a node that answers nobody (`serve`). It still looks whether the store is back.
        let looked = if cluster.store_health.shedding() {
            store.reachable_within(every).await.map(|()| None)
        } else {
            store.renew_leases_within(&cluster.node, cluster.ttl_ms(), every).await.map(Some)
        };
        match looked {
            Ok(held) => {
                cluster.store_health.reached(asked_at);
                if let Some(held) = held {
                    registry.keep_only(&held, asked_at).await;
                }
            }
            Err(e) => {
                cluster.store_health.failed();
                tracing::warn!("renewing leases: {e}");
            }
        }
        cluster.report_store_health().await;
    }
}

/// Keeps the other nodes' reports of how they reach the store.
async fn hear_store_health(cluster: Arc<Cluster>) {
    let mut sub = match cluster.client().subscribe(crate::cluster_health::SUBJECT).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("subscribing to the nodes' store health: {e}");
            return;
        }
    };
    while let Some(msg) = sub.next().await {
        match serde_json::from_slice::<crate::cluster_health::Report>(&msg.payload) {
            Ok(r) if r.node != cluster.node => cluster.store_health.heard(r),
            Ok(_) => {}
            Err(e) => tracing::warn!("an undecodable store health report: {e}"),
        }
    }
}

/// Takes over tables with a game in progress whose owner is gone, so their clocks and CPU
/// seats run again without waiting for a player's next message.
async fn adopt_orphans(cluster: Arc<Cluster>, registry: Arc<Registry>) {
    loop {
        // Spread the nodes' sweeps so they rarely race for the same table.
        let jitter = rand::random::<u64>() % (cluster.lease_ttl.as_millis() as u64 / 2 + 1);
        tokio::time::sleep(cluster.lease_ttl / 2 + Duration::from_millis(jitter)).await;
        if cluster.draining() {
            return;
        }
        match registry.store().orphaned_tables().await {
            Ok(codes) => {
                for code in codes {
                    if let Err(e) = registry.adopt(&code).await {
                        tracing::warn!(%code, "adopting a table: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("looking for orphaned tables: {e}"),
        }
    }
}

/// Answers other nodes' requests for the tables this node runs.
async fn serve(cluster: Arc<Cluster>, registry: Arc<Registry>) {
    let mut sub = match cluster.client().subscribe(rpc_subject(&cluster.node)).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("subscribing to this node's requests: {e}");
            return;
        }
    };
    while let Some(msg) = sub.next().await {
        let (cluster, registry) = (cluster.clone(), registry.clone());
        // Each request on its own task: a hint takes a second, a move must not wait for it.
        tokio::spawn(async move {
            let Some(reply_to) = msg.reply else { return };
            let response = match serde_json::from_slice::<Request>(&msg.payload) {
                // Cut from the store while others reach it: its tables can store nothing, and
                // a table waiting on the store would hold the asking node for its whole
                // request timeout. The asker's client reconnects, and once this node's lease
                // runs out the asking node takes the table.
                Ok(_) if cluster.store_health.shedding() => Response::NotOwner,
                Ok(req) => answer(&registry, req).await,
                Err(e) => {
                    tracing::warn!("an undecodable request from another node: {e}");
                    return;
                }
            };
            let body = serde_json::to_vec(&response).expect("responses serialise");
            if let Err(e) = cluster.client().publish(reply_to, body.into()).await {
                tracing::warn!("answering another node: {e}");
            }
        });
    }
}

async fn answer(registry: &Registry, req: Request) -> Response {
    let Some(table) = registry.local(&req.code) else { return Response::NotOwner };
    let gone = || Response::Answer(Err(TableError::Gone.into_wire()));
    match req.op {
        Op::Join { conn, player, since } => match table.join(conn, player, since).await {
            Ok(j) => {
                Response::Joined { welcome: j.welcome, catch_up: j.catch_up.iter().map(|m| m.to_string()).collect() }
            }
            Err(_) => Response::NotOwner,
        },
        Op::Leave { conn, going_away } => {
            table.leave(conn, going_away).await;
            Response::Done
        }
        Op::Intent { conn, intent } => Response::Answer(table.intent(conn, intent).await),
        Op::Sync { since } => match table.sync(since).await {
            Ok(m) => Response::Messages(m.iter().map(|m| m.to_string()).collect()),
            Err(_) => gone(),
        },
        Op::Snapshot => match table.snapshot().await {
            Ok(m) => Response::Messages(vec![m.to_string()]),
            Err(_) => gone(),
        },
    }
}
