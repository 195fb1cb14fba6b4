//! Dots and Boxes CPU players.

use std::time::Instant;

use rules::dots::{Edge, Edges, Game};

use crate::Level;

/// The edge `level` draws, or `None` when the game is over.
pub fn choose(game: &Game, level: Level, deadline: Instant) -> Option<Edge> {
    let _ = (level, deadline);
    // Interim beginner: take a box when one is offered, else avoid drawing a third side.
    let mut moves = Edges::new();
    game.legal_moves(&mut moves);
    let pos = game.position();
    let geo = pos.size.geometry();
    let third_side =
        |e: Edge| geo.boxes_of(e.0).any(|b| (pos.drawn.with(e.0) & geo.box_edges[b as usize]).count() == 3);
    moves
        .iter()
        .copied()
        .find(|&e| pos.completes(e).any())
        .or_else(|| moves.iter().copied().find(|&e| !third_side(e)))
        .or_else(|| moves.first().copied())
}
