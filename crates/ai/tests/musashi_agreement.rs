//! The tables agree with a plain exhaustive search on thousands of random positions near the
//! end of the game, on both boards and on both sides to move.
//!
//! The 33-point slice files made by `qdan tablebase build --board 33` are too large to build
//! here; `setchin_slice_files_agree_with_search` checks those found in `MUSASHI_TABLES_DIR`
//! (ignored by default, and it passes with a note when there are none):
//!
//! ```text
//! MUSASHI_TABLES_DIR=tablebases cargo test --release -p ai --test musashi_agreement -- --ignored --nocapture
//! ```

use ai::musashi::search::exhaustive_value;
use ai::musashi::{Tables, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::Mask;
use rules::musashi::{BoardKind, Point, Position, Role, Target};

/// Children moves the exhaustive search looks ahead (up to 6 plies after a Parent move).
const HORIZON: u32 = 3;

/// A random position with `k` Children, most of them close to the Parent so that traps and
/// captures are near (the end of a game), some anywhere.
fn near_end(board: BoardKind, k: u32, rng: &mut StdRng) -> Position {
    let geo = board.geometry();
    let n = board.points();
    let parent = Point(rng.gen_range(0..n));
    let mut near = geo.neighbours[parent.index()];
    for p in geo.neighbours[parent.index()] {
        near |= geo.neighbours[p as usize];
    }
    near = near.without(parent.0);
    let mut children = Mask::EMPTY;
    while children.count() < k {
        let q = if rng.gen_bool(0.8) {
            let pts: Vec<u8> = (near & !children).collect();
            if pts.is_empty() { rng.gen_range(0..n) } else { pts[rng.gen_range(0..pts.len())] }
        } else {
            rng.gen_range(0..n)
        };
        if q != parent.0 {
            children = children.with(q);
        }
    }
    let turn = if rng.gen_bool(0.5) { Role::Parent } else { Role::Children };
    Position { board, parent, children, turn, children_moves: 0 }
}

/// Checks `count` random positions with Children counts from `ks`; returns how many the
/// tables call a Children win within the horizon (so the test sees both kinds).
fn check(tables: &Tables, ks: &[u32], count: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut wins = 0;
    for i in 0..count {
        let k = ks[i % ks.len()];
        let pos = near_end(tables.board, k, &mut rng);
        let table = tables.value(&pos).expect("slice built");
        let search = exhaustive_value(&pos, tables.target, HORIZON);
        match (table, search) {
            (Value::ChildrenWin(d), Some(s)) => {
                assert_eq!(Value::ChildrenWin(d), s, "{pos}");
                wins += 1;
            }
            (Value::ChildrenWin(d), None) => assert!(d as u32 > HORIZON, "{pos}: table {d}, search none"),
            (Value::ParentWin, None) => {}
            (Value::ParentWin, Some(s)) => panic!("{pos}: table says Parent wins, search {s:?}"),
        }
    }
    wins
}

#[test]
fn square_board_trap_only_agrees_with_search() {
    let tables = Tables::build(BoardKind::Square25, Target::NONE, 8, |_| {}).unwrap();
    let wins = check(&tables, &[2, 4, 6, 8], 4000, 1);
    assert!(wins > 500, "only {wins} wins within the horizon");
}

#[test]
fn square_board_target_ten_agrees_with_search() {
    // Target 10: the 8-Children slice is the last before the Parent wins; every capture ends
    // the game, which the search must see too.
    let tables = Tables::build(BoardKind::Square25, Target::TEN, 8, |_| {}).unwrap();
    let wins = check(&tables, &[8], 3000, 2);
    assert!(wins > 300, "only {wins} wins within the horizon");
}

#[test]
fn square_board_odd_counts_agree_with_search() {
    // Position texts may hold an odd number of Children; those slices form their own chain.
    let tables = Tables::build(BoardKind::Square25, Target::NONE, 7, |_| {}).unwrap();
    let wins = check(&tables, &[1, 3, 5, 7], 2000, 3);
    assert!(wins > 200, "only {wins} wins within the horizon");
}

#[test]
fn setchin_board_agrees_with_search() {
    let even = Tables::build(BoardKind::Setchin33, Target::NONE, 4, |_| {}).unwrap();
    let odd = Tables::build(BoardKind::Setchin33, Target::NONE, 5, |_| {}).unwrap();
    let wins = check(&even, &[2, 4], 2000, 4) + check(&odd, &[3, 5], 2000, 5);
    assert!(wins > 200, "only {wins} wins within the horizon");
}

#[test]
#[ignore = "needs the 33-point slice files (MUSASHI_TABLES_DIR); minutes per slice"]
fn setchin_slice_files_agree_with_search() {
    let Ok(dir) = std::env::var("MUSASHI_TABLES_DIR") else {
        println!("MUSASHI_TABLES_DIR not set: nothing to check");
        return;
    };
    let count: usize = std::env::var("MUSASHI_SAMPLES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let mut checked = 0;
    for target in [Target::TEN, Target::SIX, Target::NONE] {
        let mut tables = Tables::empty(BoardKind::Setchin33, target);
        for (k, r) in tables.attach_dir(std::path::Path::new(&dir)) {
            r.unwrap_or_else(|e| panic!("slice file with {k} Children, target {target}: {e}"));
        }
        let mut ks: Vec<u8> = tables.slice_counts();
        ks.extend(tables.file_counts());
        for k in ks {
            let t0 = std::time::Instant::now();
            let wins = check(&tables, &[k as u32], count, 100 + k as u64);
            println!(
                "target {target}, {k} Children: {count} positions agree ({wins} Children wins within {HORIZON} moves), {:.1} s",
                t0.elapsed().as_secs_f64()
            );
            assert!(wins > count / 20, "only {wins} wins within the horizon");
            checked += 1;
        }
    }
    if checked == 0 {
        println!("no 33-point slice files in {dir}: nothing to check");
    }
}
