use super::*;
use rand::{Rng, SeedableRng};
use rules::musashi::{BoardKind, Options, Target};

/// Plain minimax to `depth` plies, then the same horizon rule without pruning: the Parent
/// takes the best of standing and each capture, the Children trap or stand.
fn minimax(g: &mut Game, depth: i32, ply: i32) -> i32 {
    if let Some(v) = decided(g, None, ply) {
        return v;
    }
    let mut moves = Moves::new();
    g.legal_moves(&mut moves);
    if depth == 0 {
        let pos = *g.position();
        let stand = evaluate(&pos);
        return match pos.turn {
            Role::Children => {
                let traps = moves.iter().any(|&m| {
                    let mut after = pos;
                    after.play_unchecked(m);
                    after.parent_exits().is_empty()
                });
                if traps { WIN - ply - 1 } else { stand }
            }
            Role::Parent => {
                let mut best = stand;
                for &m in moves.iter().filter(|m| pos.captures_at(m.to).any()) {
                    g.play_unchecked(m);
                    best = best.max(-minimax(g, 0, ply + 1));
                    g.undo();
                }
                best
            }
        };
    }
    let mut best = -WIN - 1;
    for &m in moves.iter() {
        g.play_unchecked(m);
        best = best.max(-minimax(g, depth - 1, ply + 1));
        g.undo();
    }
    best
}

/// Games played at random for `plies` plies (fewer if one ends), one per seed.
fn random_game(board: BoardKind, seed: u64, plies: usize) -> Game {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut g = Game::new(Options { board, ..Options::default() });
    for _ in 0..plies {
        let mut moves = Moves::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len() as u32) as usize];
        g.play_unchecked(m);
        if g.outcome().is_some() {
            g.undo();
            break;
        }
    }
    g
}

#[test]
fn the_table_search_finds_the_minimax_value() {
    let mut checked = 0;
    for seed in 0..10u64 {
        let board = if seed % 4 == 3 { BoardKind::Square25 } else { BoardKind::Setchin33 };
        // Early positions (many Children, so Children moves in another order transpose);
        // odd and even lengths: both sides at the root.
        let g = random_game(board, seed, 3 + seed as usize);
        let mut s = ExpertSearch::until(None, crate::clock::WorkClock::budget(u64::MAX / 2), 64);
        let got = s.value_at(&g, 5);
        let want = minimax(&mut g.clone(), 5, 0);
        assert_eq!(got, want, "seed {seed}: {}", g.position());
        checked += 1;
    }
    assert_eq!(checked, 10);
}

#[test]
fn traps_are_seen_without_playing_the_moves() {
    let mut seen = [0u32; 2];
    for seed in 0..400u64 {
        let g = random_game(BoardKind::Setchin33, seed, 10 + (seed as usize % 60));
        let pos = *g.position();
        if pos.turn != Role::Children {
            continue;
        }
        let mut moves = Moves::new();
        pos.pseudo_legal_moves(&mut moves);
        let brute = moves.iter().any(|&m| {
            let mut after = pos;
            after.play_unchecked(m);
            after.parent_exits().is_empty()
        });
        assert_eq!(children_can_trap(&pos), brute, "{pos}");
        seen[brute as usize] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn a_trap_is_found() {
    // c1-b1 closes the cornered Parent's last exit (no target: three Children may win).
    let options = Options { target: Target::NONE, ..Options::default() };
    let trap = Game::from_position(options, "33:a1:a2,b2,c1,e5:c:0".parse::<Position>().unwrap());
    let mut s = ExpertSearch::until(None, crate::clock::WorkClock::budget(1_000), 64);
    let f = s.best(&trap).unwrap();
    let mut after = *trap.position();
    after.play_unchecked(f.best);
    assert!(after.parent_exits().is_empty(), "{:?}", f);
    assert!(f.score > PROVEN, "{f:?}");
}
