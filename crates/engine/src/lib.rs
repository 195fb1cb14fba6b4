//! qdan's engine for the browser: the rules and the CPU players of every game, built for
//! `wasm32-unknown-unknown` from the same sources the server plays with, so that the page
//! works out the CPU's move, the hint, the analysis board and the review on the player's device.
//!
//! The interface is one call, [`handle`]: a JSON request in, a JSON answer out. In
//! WebAssembly it is reached through a plain exported ABI ([`abi`], four functions) instead of
//! generated bindings: a handful of calls do not need a binding generator, and the module
//! then rebuilds with nothing but cargo and wasm-opt (`scripts/build-engine`).
//!
//! Requests (`docs/design.md`, "The engine in the browser"):
//! - `{"op":"move","kind":"dots","options":{..},"moves":["a1b1",..],"level":"expert","seed":"123"}`
//!   answers `{"move":"b1c1","capped":false}` (`"move":null` when the game is over);
//! - `{"op":"hint",..}` is a move at the expert level;
//! - `{"op":"analyse","options":{"game":"dots",..},"moves":[..]}` (the body of
//!   `POST /api/analysis`) answers what the server answers there, an `AnalysisView`, worked
//!   out on a work budget ([`analysis::DEVICE`]);
//! - `{"op":"review","options":{"game":"dots",..},"moves":[..]}` answers a finished game's
//!   review, the `ReviewView` the server stores and serves in `GET /api/games/CODE/N`, on a
//!   work budget ([`review::DEVICE`]); for Musashi, `"known":[..]` (the server's answer to
//!   `POST /api/musashi/values`) gives the exact values its tables know, used instead of a search;
//! - anything else answers `{"error":"..."}`.

#[cfg(target_arch = "wasm32")]
mod abi;
pub mod analysis;
mod request;
pub mod review;
pub mod sample;

pub use request::{Answer, Request, handle, handle_on};
