//! One module per subcommand.

pub mod bench_load;
pub mod musashi_tables;
pub mod perft;
pub mod serve;
pub mod solve_dots;
