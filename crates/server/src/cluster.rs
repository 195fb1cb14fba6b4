//! Several nodes on one PostgreSQL and one NATS server (docs/design.md §6, leases and fencing).
//!
//! - Each live table is owned by one node through a lease ([`crate::store::Fence`]); every
//!   write checks it, so a node that lost a table can never write for it again.
//! - A socket may land on any node. Intents for a table owned elsewhere go to its owner by
//!   NATS request/reply on the owner's subject ([`crate::table::rpc`]); the owner publishes each
//!   event on the table's subject, and every node holding sockets of the table relays them
//!   ([`crate::table::remote`]).
//! - A node renews its leases in the background; a table whose lease it lost stops. A node
//!   adopts tables whose owner is gone (their lease expired), and takes one over at once when
//!   NATS says its owner has no listener left (the process died), so a game waits seconds,
//!   not a lease's lifetime. The old owner cannot write after that: the fence has moved.
//! - When a table stops or changes hands, a `moved` message on its subject makes every node
//!   close that table's sockets with "reconnect" (4010); clients come back through the
//!   balancer and resume by version.
//!
//! This module is the node's membership alone (its NATS connection, what it publishes, the
//! subjects): the tables speak through it, so it knows nothing of them. The work a node does
//! for the cluster over its registry (answering other nodes, renewing leases, adopting
//! orphans) is `cluster_work`, above the registry.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How to join a cluster.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// `nats://host:port`, with `user:password@` or `token@` before the host when the NATS
    /// server asks for them.
    pub nats_url: String,
    /// This node's name (made unique per process with a random suffix).
    pub node: String,
    /// How long a lease lasts without renewal.
    pub lease_ttl: Duration,
}

/// Why a node could not join, or a message between nodes failed.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    #[error("NATS: {0}")]
    Nats(String),
    #[error("the owner of the table has no listener (its node is gone)")]
    OwnerGone,
    #[error("the node asked does not own the table")]
    NotOwner,
    #[error("message between nodes: {0}")]
    Codec(#[from] serde_json::Error),
}

/// This node's membership: its name, its NATS connection, its leases' lifetime.
#[derive(Debug)]
pub struct Cluster {
    pub node: String,
    client: async_nats::Client,
    pub lease_ttl: Duration,
    draining: AtomicBool,
    /// Whether this node and the others reach the store: the health check reads it.
    pub store_health: crate::cluster_health::StoreHealth,
}

/// The subject on which nodes say that the lobby changed (`crate::lobby`).
pub(crate) const LOBBY_SUBJECT: &str = "qdan.lobby";

/// The message a table's owner sends on the table's subject when it stops owning it.
pub const MOVED: &str = r#"{"t":"moved"}"#;

pub(crate) fn events_subject(code: &str) -> String {
    format!("qdan.table.{code}.events")
}

pub(crate) fn rpc_subject(node: &str) -> String {
    format!("qdan.node.{node}.rpc")
}

/// The connection options for `url` with its credentials (`nats://user:password@host:port`,
/// or `nats://token@host:port`, percent-encoded), and the address without them. Why here:
/// async-nats does not read credentials from the URL it connects to, so a NATS server that
/// asks for them refused every node.
fn nats_options(url: &str) -> Result<(async_nats::ConnectOptions, String), ClusterError> {
    let mut parsed = url::Url::parse(url).map_err(|e| ClusterError::Nats(format!("the --nats address: {e}")))?;
    let decode = |s: &str| percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned();
    let user = decode(parsed.username());
    let password = parsed.password().map(decode);
    let options = match (user.is_empty(), password) {
        (true, _) => async_nats::ConnectOptions::new(),
        (false, Some(password)) => async_nats::ConnectOptions::with_user_and_password(user, password),
        (false, None) => async_nats::ConnectOptions::with_token(user),
    };
    // Neither can fail on a URL that has a host, which every nats:// URL has.
    let _ = parsed.set_username("");
    let _ = parsed.set_password(None);
    Ok((options, parsed.to_string()))
}

impl Cluster {
    /// Connects to NATS as a new node.
    pub async fn connect(config: &ClusterConfig) -> Result<Arc<Cluster>, ClusterError> {
        let suffix: u32 = rand::random();
        let node = format!("{}-{suffix:08x}", config.node);
        let (options, address) = nats_options(&config.nats_url)?;
        let client = options
            .name(&node)
            // A hint takes up to a second; anything slower means the owner is stuck or gone.
            .request_timeout(Some(Duration::from_secs(5)))
            .connect(address.as_str())
            .await
            .map_err(|e| ClusterError::Nats(e.to_string()))?;
        Ok(Arc::new(Cluster {
            node,
            client,
            lease_ttl: config.lease_ttl,
            draining: AtomicBool::new(false),
            store_health: crate::cluster_health::StoreHealth::new(config.lease_ttl),
        }))
    }

    pub fn ttl_ms(&self) -> i64 {
        self.lease_ttl.as_millis() as i64
    }

    /// Sends one event of a table this node owns to the nodes holding its sockets.
    pub async fn publish_event(&self, code: &str, text: Arc<str>) {
        if let Err(e) = self.client.publish(events_subject(code), text.as_bytes().to_vec().into()).await {
            tracing::warn!(%code, "publishing an event: {e}");
        }
    }

    /// Tells every node that the lobby changed here (a challenge, a pool place, a wave's
    /// pairs), so that each looks now rather than at its next once-a-second look.
    pub async fn lobby_changed(&self) {
        if let Err(e) = self.client.publish(LOBBY_SUBJECT, Vec::new().into()).await {
            tracing::warn!("publishing a lobby change: {e}");
        }
    }

    /// Tells every node that this one stopped owning `code`.
    pub async fn table_moved(&self, code: &str) {
        self.publish_event(code, Arc::from(MOVED)).await;
        // The message must leave before a draining process exits.
        if let Err(e) = self.client.flush().await {
            tracing::warn!(%code, "flushing NATS: {e}");
        }
    }

    /// Tells the other nodes how this node reaches the store now (`crate::cluster_health`).
    pub async fn report_store_health(&self) {
        let body = serde_json::to_vec(&self.store_health.report(&self.node)).expect("reports serialise");
        if let Err(e) = self.client.publish(crate::cluster_health::SUBJECT, body.into()).await {
            tracing::warn!("publishing the store's health: {e}");
        }
    }

    /// Whether this node is draining (SIGTERM): the balancer's health check sees it.
    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Acquire)
    }

    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Release);
    }

    pub(crate) fn client(&self) -> &async_nats::Client {
        &self.client
    }
}
