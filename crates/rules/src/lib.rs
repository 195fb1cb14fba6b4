//! This crate provides the exact rules of the games qdan hosts: **Juroku Musashi**
//! ([`musashi`]), **Dots and Boxes** ([`dots`]) and **Bagh-Chal** ([`bagh_chal`]). Each
//! implements the [`Game`] trait (typed options and moves; move generation, play, undo,
//! outcome, notation, a state hash), and one registry lists them: [`GameKind`],
//! [`AnyOptions`] and [`AnyGame`] host any game without knowing which. In this crate adding a
//! game is one line there; the other layers are in `docs/adding-a-game.md`.
//!
//! No I/O, no async; move generation fills lists on the stack and never allocates.
//!
//! ```
//! use rules::musashi::{Game, Options, Moves, Role};
//!
//! let mut game = Game::new(Options::default());
//! let mut moves = Moves::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 8); // the Parent on c3 can step along eight lines
//! game.play("c3-c4".parse().unwrap()).unwrap();
//! assert_eq!(game.turn(), Role::Children);
//! assert!(game.outcome().is_none());
//! ```
//!
//! ```
//! use rules::dots::{Game, Options, Edge};
//!
//! let mut game = Game::new(Options::default()); // 5x4 boxes
//! game.play(Edge(0)).unwrap();
//! assert_eq!(game.turn(), 1); // no box completed: the turn passes
//! ```

#![deny(missing_debug_implementations)]

mod any;
pub mod bagh_chal;
pub mod dots;
pub mod game;
mod mask;
mod movelist;
pub mod musashi;
pub mod record;
mod registry;
#[cfg(feature = "json-schema")]
mod schema;
mod text;

pub use any::{EndReason, Finished, PlayError, Refusal, Side, dots_finished, musashi_finished};
pub use game::Game;
pub use mask::Mask;
pub use movelist::MoveList;
pub use registry::{AnyGame, AnyOptions, GameKind};
