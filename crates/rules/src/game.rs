//! The interface the rules of every game implement, with typed options and moves (as
//! shakmaty's `Position` trait does for chess variants): the layers above host a game
//! through it, and the registry ([`crate::registry`]) lists the games that implement it.
//!
//! The trait names no game and not the registry: the registry lists the games that
//! implement it. Moves are typed inside; text appears only at the edge ([`Game::parse_move`] and the
//! move's `Display`), where the protocol and the records meet the rules.

use std::fmt::{Debug, Display};
use std::ops::Deref;

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use crate::any::Refusal;
use crate::any::{Finished, Side};

/// The rules of one game: a game in progress (its position and the moves that led to it).
pub trait Game: Clone + Debug + Eq + Send + Sync + 'static {
    /// The names of side 0 and side 1 (`parent`, `children`), as records and messages name
    /// them.
    const SIDES: [&'static str; 2];
    /// The local rules a group chooses.
    type Options: Copy + Eq + Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One move, typed.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// A list of moves on the stack: move generation never allocates.
    type Moves: Default + Deref<Target = [Self::Move]>;
    /// Why this game refused a move.
    type Illegal: std::error::Error + Copy + Eq + Into<Refusal>;

    /// A game from the start under `options`.
    fn new(options: Self::Options) -> Self;
    fn options(&self) -> Self::Options;
    /// The side to move.
    fn turn(&self) -> Side;
    /// Moves played so far.
    fn plies(&self) -> usize;
    /// The side that played move `ply` (counted from 0) and the move.
    fn played(&self, ply: usize) -> (Side, Self::Move);
    /// The legal moves of the side to move (none once the game is over).
    fn legal_moves(&self, out: &mut Self::Moves);
    /// Plays `mv` for `side`; on error nothing changes.
    fn play_as(&mut self, side: Side, mv: Self::Move) -> Result<(), Self::Illegal>;
    /// Takes back a resignation, or else the last move; `false` when there is nothing to
    /// take back.
    fn undo(&mut self) -> bool;
    fn resign(&mut self, side: Side) -> Result<(), Self::Illegal>;
    fn outcome(&self) -> Option<Finished>;
    /// A move from its text, as the protocol and the records write it.
    fn parse_move(text: &str) -> Result<Self::Move, String>;
    /// Whether a rematch under `options` swaps the players' sides.
    fn swap_on_rematch(options: &Self::Options) -> bool;
    /// A hash of the position and everything that decides what may follow (the side to
    /// move, the score, the repetition record where the rules have one).
    fn state_hash(&self) -> u64;

    /// The names of the record's tags that carry this game's rules (`docs/notation.md`).
    const RULE_TAGS: &'static [&'static str];
    /// The record's rule tags for `options`, in the order written.
    fn rule_tags(options: &Self::Options) -> Vec<(&'static str, String)>;
    /// Options from a record's rule tags (`(name, value)`; a missing tag keeps the default,
    /// [`read_tag`] reads one); on error, the tag and why.
    fn options_from_tags(tags: &[(String, String)]) -> Result<Self::Options, (&'static str, String)>;
    /// `options` with the settings that do not change a game (a group's, such as swapping
    /// sides on a rematch) at their defaults: what a record keeps.
    fn game_rules(options: Self::Options) -> Self::Options;
    /// A move as a record writes it; by default its text.
    fn record_move(_options: &Self::Options, mv: Self::Move) -> String {
        mv.to_string()
    }
    /// A move written another way in records (besides its text), if `word` is one.
    fn read_record_move(_options: &Self::Options, _word: &str) -> Option<Self::Move> {
        None
    }
    /// Whether the move at `ply` by `side` begins a numbered turn in a record (`last`: the
    /// side of the move before).
    fn starts_turn(ply: usize, side: Side, last: Option<Side>) -> bool;

    /// Leaf counts of the move tree `depth` plies deep (a finished game has no moves). A game
    /// may count faster (bulk counting at the last ply); it must count the same.
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let side = self.turn();
        let mut n = 0;
        for &m in moves.iter() {
            self.play_as(side, m).expect("a legal move plays");
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }
}

/// Sets `into` from rule tag `name` among a record's `tags` when the record has it (else the
/// default stays); on error, the tag and why.
pub fn read_tag<T: std::str::FromStr<Err = String>>(
    tags: &[(String, String)],
    name: &'static str,
    into: &mut T,
) -> Result<(), (&'static str, String)> {
    if let Some((_, v)) = tags.iter().find(|(n, _)| n == name) {
        *into = v.parse().map_err(|e| (name, e))?;
    }
    Ok(())
}

/// A 64-bit FNV-1a hash of `words`: stable across builds and platforms (the standard
/// library's hasher is not), for [`Game::state_hash`].
pub(crate) fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in words {
        for b in w.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}
