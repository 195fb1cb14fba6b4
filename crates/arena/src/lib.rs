//! This crate provides qdan's match tool (`qdan-arena`): any two CPU players, qdan's levels
//! or the sparring partners of issue 20, play N games in-process with alternating first
//! movers, and the tool prints W-D-L, margins and move times. It is a separate binary, not
//! part of the shipped `qdan`.
//!
//! - [`players`]: who can play (qdan's levels, [`partners`]).
//! - [`dots_series`]: a Dots series, with an optional audit of one side's moves by the exact
//!   solver (where it reaches) and by long searches (where it does not).
//! - [`choices`]: what players draw at given moments of a recorded Dots game, valued exactly.
//! - [`musashi_series`]: a Juroku Musashi series between qdan's levels, under any rule options.
//! - [`levels`]: level against level on any game, through the engine's requests, natively or
//!   in the checked-in WebAssembly module (the same games, move for move).
//! - [`cpu`]: the thread-CPU-time clock that budgets moves on a shared machine.
//! - [`stats`]: medians and percentiles.

pub mod choices;
pub mod cpu;
pub mod dots_series;
pub mod level_table;
pub mod levels;
pub mod musashi_series;
pub mod partners;
pub mod players;
pub mod stats;
