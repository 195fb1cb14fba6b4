//! Sparring partners for Dots and Boxes, modelled on the outside programs of issue 20. Each
//! answers in well under 50 ms; none uses qdan's solver or search.
//!
//! - [`rollout`]: a Monte-Carlo player: a sample of safe lines (20, or 15), each valued by
//!   one to four greedy playouts that take or decline the last two (four) boxes at random.
//! - [`chain_rule`]: Berlekamp's long chain rule: steer the count of long chains to the
//!   parity that gives its side control, keep control at chain ends while long chains last.
//! - [`greedy`]: takes everything, random safe lines, and hand-written endgame rules (open
//!   the smallest chain; decline the last two of a chain when a long chain is left, never
//!   of a loop), with the holes such rules have.

pub mod chain_rule;
pub mod common;
pub mod greedy;
pub mod rollout;
