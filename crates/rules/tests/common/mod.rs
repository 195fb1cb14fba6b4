//! What the interface tests of every game share.

use rules::Game;

/// Leaves `depth` plies below `g`, through the `Game` interface alone; checks on the way that
/// a game not over has a move, each move reads back from its text and is recorded, changes
/// the position's hash, and that its undo brings the hash back.
pub fn walk<G: Game>(g: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if g.outcome().is_some() {
        return 0;
    }
    let mut moves = G::Moves::default();
    g.legal_moves(&mut moves);
    assert!(!moves.is_empty(), "a game not over has a move");
    let (side, hash, plies) = (g.turn(), g.state_hash(), g.plies());
    let mut n = 0;
    for &m in moves.iter() {
        assert_eq!(G::parse_move(&m.to_string()), Ok(m), "a move reads back from its text");
        g.play_as(side, m).expect("a legal move plays");
        assert_eq!(g.played(plies), (side, m));
        assert_ne!(g.state_hash(), hash, "{m} changed the position");
        n += walk(g, depth - 1);
        assert!(g.undo());
        assert_eq!(g.state_hash(), hash, "undoing {m} restores the position");
    }
    n
}
