//! Juroku Musashi CPU players.

pub mod index;
pub mod tablebase;

use std::time::Instant;

use rules::musashi::{Game, Move, Moves, Role};

use crate::Level;

/// The move `level` plays in `game`, or `None` when the game is over.
pub fn choose(game: &Game, level: Level, deadline: Instant) -> Option<Move> {
    let _ = (level, deadline);
    // Interim beginner: the Parent takes the largest capture, the Children avoid giving one.
    let mut moves = Moves::new();
    game.legal_moves(&mut moves);
    let pos = *game.position();
    let score = |m: &Move| -> i32 {
        let mut after = pos;
        let taken = after.play_unchecked(*m).count() as i32;
        match pos.turn {
            Role::Parent => taken * 10 + after.parent_exits().count() as i32,
            Role::Children => {
                let (danger, _) = after.danger();
                -(danger.count() as i32) * 10 - after.parent_exits().count() as i32
            }
        }
    };
    moves.iter().copied().max_by_key(score)
}
