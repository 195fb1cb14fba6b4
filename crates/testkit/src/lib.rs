//! This crate provides what qdan's whole-process tests (`crates/qdan/tests`) and benchmarks
//! (`crates/bench`) share: a `qdan serve` child process that can be killed and started again
//! ([`Qdan`]), the HTTP calls that open a game ([`Api`]), and a WebSocket client that keeps
//! its table current from the server's events ([`TableClient`], built on `wire::Mirror`).

mod api;
mod client;
pub mod hosts;
pub mod infra;
pub mod netns;
pub mod player;
mod process;

pub use api::Api;
pub use client::{TableClient, Ws};
pub use process::{Qdan, Signal, free_port, wait_for_port};

/// What can go wrong talking to a server under test.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    #[error("I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("HTTP: {0}")]
    Http(#[from] reqwest::Error),
    #[error("WebSocket: {0}")]
    Ws(#[from] Box<tokio_tungstenite::tungstenite::Error>),
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the table: {0}")]
    Mirror(#[from] wire::MirrorError),
    #[error("HTTP {0}: {1}")]
    Status(u16, String),
    #[error("{0}")]
    Server(String),
    #[error("network namespaces: {0}")]
    Net(String),
    #[error("timed out: {0}")]
    Timeout(String),
}

pub type Result<T> = std::result::Result<T, KitError>;

impl From<tokio_tungstenite::tungstenite::Error> for KitError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> KitError {
        KitError::Ws(Box::new(e))
    }
}
