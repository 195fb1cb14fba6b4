//! The live tables this node can reach: a map from invite code to a handle. A table is
//! started on first use (after checking the group exists) and stops itself when idle.
//!
//! In a cluster a table runs on the node that holds its lease. `get` finds the owner: this
//! node (a local actor), another node (a [`RemoteTable`] relaying to it), or nobody (this
//! node takes the lease and restores the table from the store, as a restart does).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::cluster::Cluster;
use crate::ctx::Ctx;
use crate::store::{Fence, Store, StoreError};
use crate::table::remote::RemoteTable;
use crate::table::{self, LocalTable, TableHandle};

#[derive(Debug)]
pub struct Registry {
    ctx: Ctx,
    tables: Mutex<HashMap<String, LocalTable>>,
    remotes: Mutex<HashMap<String, Arc<RemoteTable>>>,
}

/// Attempts to find or take an owner before giving up (each loses only to another node that
/// took the table in between).
const RESOLVE_TRIES: usize = 5;

impl Registry {
    pub fn new(ctx: Ctx) -> Registry {
        Registry { ctx, tables: Mutex::new(HashMap::new()), remotes: Mutex::new(HashMap::new()) }
    }

    pub fn store(&self) -> &Store {
        &self.ctx.store
    }

    /// The table's actor on this node, if it runs here.
    pub fn local(&self, code: &str) -> Option<LocalTable> {
        self.tables.lock().expect("registry lock").get(code).filter(|h| h.is_alive()).cloned()
    }

    fn start_local(&self, code: &str, fence: Option<Fence>) -> LocalTable {
        let mut map = self.tables.lock().expect("registry lock");
        map.retain(|_, h| h.is_alive());
        map.entry(code.to_string()).or_insert_with(|| table::spawn(code.to_string(), self.ctx.clone(), fence)).clone()
    }

    /// The table of group `code`, started if needed; `None` when there is no such group.
    pub async fn get(&self, code: &str) -> Result<Option<TableHandle>, StoreError> {
        if let Some(h) = self.local(code) {
            return Ok(Some(TableHandle::Local(h)));
        }
        if !crate::ids::looks_like_code(code) || self.ctx.store.group(code).await?.is_none() {
            return Ok(None);
        }
        let Some(cluster) = self.ctx.cluster.clone() else {
            return Ok(Some(TableHandle::Local(self.start_local(code, None))));
        };
        self.resolve(&cluster, code).await.map(Some)
    }

    async fn resolve(&self, cluster: &Arc<Cluster>, code: &str) -> Result<TableHandle, StoreError> {
        let store = &self.ctx.store;
        for _ in 0..RESOLVE_TRIES {
            if let Some(h) = self.local(code) {
                return Ok(TableHandle::Local(h));
            }
            let lease = store.lease(code).await?;
            let fence = match lease {
                Some(l) if l.live && l.node == cluster.node => {
                    Some(Fence { code: code.to_string(), node: l.node, epoch: l.epoch })
                }
                Some(l) if l.live => {
                    let cached = self.remotes.lock().expect("registry lock").get(code).cloned();
                    match cached {
                        Some(r) if r.owner == l.node && r.epoch == l.epoch && r.is_alive() => {
                            return Ok(TableHandle::Remote(r));
                        }
                        // Its owner's process is gone (NATS has no listener for it): take
                        // the table now rather than when the lease runs out.
                        Some(r) if r.owner == l.node && r.epoch == l.epoch && r.owner_gone() => {
                            let dead = Fence { code: code.to_string(), node: l.node, epoch: l.epoch };
                            let taken = store.take_lease_from(&dead, &cluster.node, cluster.ttl_ms()).await?;
                            self.count_takeover(&taken);
                            taken
                        }
                        _ => match RemoteTable::open(cluster.clone(), code, &l.node, l.epoch).await {
                            Ok(r) => {
                                self.remotes.lock().expect("registry lock").insert(code.to_string(), r.clone());
                                return Ok(TableHandle::Remote(r));
                            }
                            Err(e) => return Err(StoreError::Corrupt(format!("reaching table {code}: {e}"))),
                        },
                    }
                }
                _ => {
                    let taken = store.take_lease(code, &cluster.node, cluster.ttl_ms()).await?;
                    // An expired lease of another node: its table is taken over.
                    if lease.is_some_and(|l| l.node != cluster.node) {
                        self.count_takeover(&taken);
                    }
                    taken
                }
            };
            if let Some(f) = fence {
                self.remotes.lock().expect("registry lock").remove(code);
                return Ok(TableHandle::Local(self.start_local(code, Some(f))));
            }
        }
        Err(StoreError::Corrupt(format!("table {code} changed hands too often to reach")))
    }

    /// Takes over table `code` if its lease is free (its owner is gone); otherwise nothing.
    pub async fn adopt(&self, code: &str) -> Result<(), StoreError> {
        let Some(cluster) = self.ctx.cluster.as_ref() else { return Ok(()) };
        if self.local(code).is_some() {
            return Ok(());
        }
        // Who held it before, for the count of takeovers (adopting is rare: an orphan, a restart).
        let before = self.ctx.store.lease(code).await?;
        if let Some(f) = self.ctx.store.take_lease(code, &cluster.node, cluster.ttl_ms()).await? {
            if before.is_some_and(|l| l.node != cluster.node) {
                self.ctx.metrics.lease_takeovers.increment(1);
            }
            self.start_local(code, Some(f));
        }
        Ok(())
    }

    /// Counts a lease taken from another node.
    fn count_takeover(&self, taken: &Option<Fence>) {
        if taken.is_some() {
            self.ctx.metrics.lease_takeovers.increment(1);
        }
    }

    /// Stops the local tables whose leases are not in `held` (this node lost them).
    pub async fn keep_only(&self, held: &[String], asked_at: std::time::Instant) {
        let lost: Vec<(String, LocalTable)> = {
            let map = self.tables.lock().expect("registry lock");
            // A table started after the renewal was asked for took its lease after the
            // renewal's snapshot: its absence from `held` says nothing.
            map.iter()
                .filter(|(c, h)| h.is_alive() && h.started < asked_at && !held.contains(c))
                .map(|(c, h)| (c.clone(), h.clone()))
                .collect()
        };
        for (code, t) in lost {
            self.ctx.metrics.lease_losses.increment(1);
            tracing::warn!(%code, "lost the lease of table {code}: stopping it");
            t.stop(false).await;
        }
    }

    /// Starts the table of every unfinished game (after a restart), so clocks and CPU seats
    /// run again without waiting for a client. In a cluster only the tables nobody owns.
    /// Returns how many this node runs now.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let codes = self.ctx.store.groups_playing().await?;
        for code in &codes {
            match self.ctx.cluster {
                Some(_) => self.adopt(code).await?,
                None => {
                    self.get(code).await?;
                }
            }
        }
        Ok(self.len())
    }

    /// Hands every table over: each local table stops and gives up its lease (other nodes
    /// take them at once), every socket is told to reconnect. Waits until all have stopped.
    pub async fn drain(&self) {
        let local: Vec<LocalTable> = self.tables.lock().expect("registry lock").drain().map(|(_, h)| h).collect();
        for t in &local {
            t.stop(true).await;
        }
        let remote: Vec<Arc<RemoteTable>> =
            self.remotes.lock().expect("registry lock").drain().map(|(_, r)| r).collect();
        for r in remote {
            r.close();
        }
    }

    /// The codes of the tables running on this node now.
    pub fn live_codes(&self) -> Vec<String> {
        self.tables
            .lock()
            .expect("registry lock")
            .iter()
            .filter(|(_, h)| h.is_alive())
            .map(|(c, _)| c.clone())
            .collect()
    }

    /// Tables running on this node now.
    pub fn len(&self) -> usize {
        self.tables.lock().expect("registry lock").values().filter(|h| h.is_alive()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
