//! Juroku Musashi: one Parent hunts sixteen Children on the 33-point board (or the 25-point
//! Edo square). See `docs/design.md` §2 and the rules pages for every rule sentence.

pub mod board;
mod game;
mod interface;
mod notation;
mod options;
mod position;

pub use board::{BOARD25, BOARD33, Board, BoardKind, Point};
pub use game::{Game, IllegalMove, Outcome, Played};
pub use notation::ParsePositionError;
pub use options::{Limit, Options, Role, Target};
pub use position::{EndReason, Move, Moves, ParseMoveError, Position};
