//! Dots and Boxes on W x H boxes (W, H in 3..=5): draw a line; complete a box and move again;
//! most boxes wins. See `docs/design.md` §3 for the rules and §3.2 for the edge numbering.

mod game;
pub mod geometry;
mod interface;
pub mod notation;

pub use game::{Edge, Edges, Game, IllegalMove, Options, Outcome, ParseEdgeError, Played, Player, Position};
pub use geometry::{EdgePlace, Geometry, Size};
