//! One module per subcommand.

pub mod bagh_chal_tables;
mod memory;
pub mod musashi_tables;
pub mod perft;
pub mod review;
pub mod serve;
pub mod solve_dots;
