//! Sparring partners for Dots and Boxes. `rollout`, `chain_rule` and `greedy` are modelled
//! on the outside programs of issue 20: each answers in well under 50 ms and uses none of
//! qdan's search. `chainmc` is a stronger kind of player built from qdan's own playouts,
//! chain-and-loop table and solver, to test the expert against.
//!
//! - [`rollout`]: a Monte-Carlo player: a sample of safe lines (20, or 15), each valued by
//!   one to four greedy playouts that take or decline the last two (four) boxes at random.
//! - [`chainmc`]: the stronger one: Monte-Carlo over safe lines with playouts that end in
//!   the exact chain-and-loop endgame, and qdan's solver once fewer than 16 safe lines are
//!   left; a fixed number of playouts and solver nodes a move.
//! - [`chain_rule`]: Berlekamp's long chain rule: steer the count of long chains to the
//!   parity that gives its side control, keep control at chain ends while long chains last.
//! - [`greedy`]: takes everything, random safe lines, and hand-written endgame rules (open
//!   the smallest chain; decline the last two of a chain when a long chain is left, never
//!   of a loop), with the holes such rules have.

pub mod chain_rule;
pub mod chainmc;
pub mod common;
pub mod greedy;
pub mod rollout;
