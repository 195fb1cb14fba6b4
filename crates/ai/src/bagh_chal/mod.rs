//! Bagh-Chal (Tigers and Goats): the retrograde tables of the movement phase.
//!
//! * [`index`]: the positions with every goat placed, up to the 8 symmetries of the square,
//!   and their count (the paper's 88,260,972).
//! * [`tables`]: the retrograde solver, one slice per goat count, without the repetition
//!   rule (see its documentation for what that means under ours).
//! * [`file`]: the table file (header, checksum, save and load).

pub mod file;
pub mod index;
pub mod tables;

pub use file::file_name;
pub use tables::{SliceStats, TableError, Tables, Value};
