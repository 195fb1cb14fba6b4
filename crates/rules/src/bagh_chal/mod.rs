//! Bagh-Chal (Tigers and Goats): four tigers hunt twenty goats on the 25-point board. The
//! goats are placed one a turn before any moves; a tiger captures by jumping one goat. See
//! `docs/design.md`, Bagh-Chal, for every rule and its sources.

pub mod board;
mod game;
mod interface;
mod notation;
mod options;
mod position;

pub use board::Point;
pub use game::{EndReason, Game, IllegalMove, Outcome, Played};
pub use interface::finished;
pub use notation::{ParseMoveError, ParsePositionError};
pub use options::{Options, Repetition, Role, Target};
pub use position::{GOATS, Move, Moves, Position};
