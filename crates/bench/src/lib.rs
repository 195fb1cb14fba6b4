//! This crate provides qdan's benchmarks that drive a real `qdan serve` from outside (the
//! `qdan-bench` binary), kept out of the shipped `qdan` binary: [`load`], many games over
//! WebSockets, optionally beside the boardgame.io peer; [`pairing`], players arriving in the
//! lobby's quick-pairing pools; [`check`], the invariants of a cluster's stored games
//! (docs/reliability.md).

pub mod check;
pub mod load;
pub mod pairing;
