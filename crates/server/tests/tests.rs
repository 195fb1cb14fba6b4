//! Integration tests: a real server on loopback, real WebSocket clients.

mod common;

// Full games of both games through an invite link, with a spectator.
mod games;
// Away players, the CPU standing in, reconnecting to the seat; the turn clock.
mod presence;
// Undo (against the CPU and a person), resignation, rematch swaps, settings.
mod flood;
mod flow;
// Ranked games and Glicko-2.
mod ranked;
// Malformed and hostile input.
mod bad_input;
// Security: headers, unguessable secrets, a token acting only for its seat, names as text, limits.
mod security;
// The store on SQLite and PostgreSQL; restoring games after a restart.
mod store;
// The lesson on the board: every step solvable, hints for wrong moves, errors for bad input.
mod lesson;
// Invite codes as typed, links to no group, default names, leaderboard tags (issue 16).
mod invite;
// After the game: stored reviews, replays, records, lists of games, the analysis (issue 15).
mod review;
// Games in progress: the list with whose turn it is (issue 35, part 3).
mod playing;
// The lobby: open challenges, quick pairing, players who do not come (issue 35).
mod lobby;
// Blocking a player, and the lobby's bounds per player and per address across nodes (issue 35, part 7).
mod blocks;
// The pages' side of the server: public URL, a table's game and board, lessons, static files.
mod pages;
// The CPU played on the player's device: cpuMove, its refusals, the server's CPU moves counted (issue 36).
mod device_cpu;
// Games played offline, uploaded: checked move by move, stored once, no CPU work (issue 36, part 6).
mod offline;
// Quick messages between the players: preset phrases, who may send, the rate (issue 35, part 5).
mod quick;
// The smaller HTTP answers against their JSON Schema definitions.
mod http_answers;
// Continue on another device: the one-time link that moves a player (issue 35, part 4).
mod transfer;
// What a stranger can make the server do: CPU for nobody, players made by visits, limits (issue 19).
mod abuse;
// GET /metrics: values that move with play, and who may read them (issue 39, part 5).
mod metrics;
// A move on a node that lost the table's lease: table-moved, then close 4010 (issue 39).
mod lease_moved;
// Each move's event before its ack on the mover's socket, many tables at once.
mod ack_order;
// (SIGKILL of the real binary: crates/qdan/tests/crash.rs.)
