//! This crate provides qdan's wire protocol as types: every message a client sends
//! ([`ClientMsg`], [`Intent`]), every message the server sends ([`ServerMsg`]), the events a
//! table emits ([`Event`], deltas), the error codes with their arguments ([`ErrorCode`]), the
//! table and game views ([`TableView`], [`GameView`]) and the games' option schema
//! ([`option_specs`]). `docs/protocol.md` describes the same types; a test parses its examples
//! into them, and `web/types.js` mirrors them for the browser.
//!
//! A client keeps its copy of a table current with a [`Mirror`]:
//!
//! ```
//! use wire::{Mirror, ServerMsg};
//!
//! # fn apply(mirror: &mut Option<Mirror>, text: &str) -> Result<(), Box<dyn std::error::Error>> {
//! match serde_json::from_str::<ServerMsg>(text)? {
//!     ServerMsg::State { v, table } => *mirror = Some(Mirror::new(v, *table)?),
//!     ServerMsg::Event { v, event } => mirror.as_mut().ok_or("no state yet")?.apply(v, &event)?,
//!     _ => {}
//! }
//! # Ok(())
//! # }
//! ```

mod client;
mod error;
mod event;
mod mirror;
mod options;
pub mod review;
mod server;
mod table;
mod view;

pub use client::{ClientMsg, Intent, decode};
pub use error::{ErrorCode, WireError};
pub use event::Event;
pub use mirror::{Mirror, MirrorError};
pub use options::{OptionSpec, group_options, merge_options, option_specs, parse_options};
pub use server::{ServerMsg, You};
pub use table::{
    ClockView, CpuLevel, MoveSource, RatingChange, ResultView, Seat, SeatView, Status, TableView, UndoView,
};
pub use view::{CapturePoint, DotsLine, DotsView, GameView, MusashiLast, MusashiView, point_names};
