//! The streaming generator against the in-memory one: the same bytes, also when stopped and
//! resumed at every step.

use std::time::{Duration, Instant};

use rules::musashi::{BoardKind, Role, Target};

use super::{StreamOptions, build_slice};
use crate::musashi::tablebase::slice_file::{SliceFile, slice_file_name};
use crate::musashi::tablebase::{TableError, Tables, Value};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qdan-stream-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds the slices of `max_k`'s parity up to `max_k` both ways and compares every byte.
fn same_as_memory(board: BoardKind, target: Target, max_k: u8, opts: &StreamOptions, name: &str) {
    let dir = temp_dir(name);
    let mem = Tables::build(board, target, max_k, |_| {}).unwrap();
    let mut k = max_k % 2;
    while k <= max_k {
        if target.children_left_to_win().is_some_and(|l| k <= l) {
            k += 2;
            continue;
        }
        let stats = loop {
            match build_slice(board, target, k, &dir, opts, |_| {}) {
                Ok(s) => break s,
                Err(TableError::Stopped { .. }) => continue,
                Err(e) => panic!("{e}"),
            }
        };
        let f = SliceFile::open(&dir.join(slice_file_name(board, target, k)), board, target, k).unwrap();
        let s = f.to_slice().unwrap();
        let want = mem.slice(k).unwrap();
        assert!(s.parent == want.parent, "{board} t{target} k{k}: Parent-to-move bytes differ");
        assert!(s.children == want.children, "{board} t{target} k{k}: Children-to-move bytes differ");
        for i in (0..want.index.len()).step_by(4099) {
            assert_eq!(f.value_at(Role::Parent, i).unwrap(), Value::from_byte(want.parent[i as usize]));
            assert_eq!(f.value_at(Role::Children, i).unwrap(), Value::from_byte(want.children[i as usize]));
        }
        let wins = want.parent.iter().chain(&want.children).filter(|&&b| b != 0).count() as u64;
        assert_eq!(stats.children_wins, wins);
        assert_eq!(f.stats.children_wins, wins);
        k += 2;
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The options with `threads` threads a level (the bytes must not depend on it: one thread,
/// and three, which split the words unevenly and interleave their updates).
fn with_threads(threads: usize) -> StreamOptions {
    StreamOptions { threads, ..StreamOptions::default() }
}

#[test]
fn square_board_matches_the_memory_generator() {
    same_as_memory(BoardKind::Square25, Target::NONE, 8, &with_threads(1), "sq-none");
    same_as_memory(BoardKind::Square25, Target::TEN, 10, &with_threads(3), "sq-ten");
    same_as_memory(BoardKind::Square25, Target::NONE, 7, &with_threads(2), "sq-odd");
}

#[test]
fn setchin_board_matches_the_memory_generator() {
    same_as_memory(BoardKind::Setchin33, Target::NONE, 4, &with_threads(3), "se-even");
    same_as_memory(BoardKind::Setchin33, Target::NONE, 5, &with_threads(1), "se-odd");
}

#[test]
fn a_build_stopped_at_every_step_resumes_to_the_same_bytes() {
    // Stop after every Parent class and every level (a checkpoint each time), then go on.
    let opts = StreamOptions { checkpoint_every: Duration::ZERO, stop_at: Some(Instant::now()), threads: 2 };
    same_as_memory(BoardKind::Square25, Target::TEN, 10, &opts, "stop");
}

#[test]
fn a_damaged_slice_file_is_refused() {
    let dir = temp_dir("damage");
    let (board, target) = (BoardKind::Square25, Target::NONE);
    for k in [0, 2, 4] {
        build_slice(board, target, k, &dir, &StreamOptions::default(), |_| {}).unwrap();
    }
    let path = dir.join(slice_file_name(board, target, 4));
    assert!(SliceFile::open(&path, board, Target::TEN, 4).is_err());
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(SliceFile::open(&path, board, target, 4), Err(TableError::Corrupt(_))));
    // The slice above refuses to build on it.
    assert!(build_slice(board, target, 6, &dir, &StreamOptions::default(), |_| {}).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
