//! Slice files: the old raw format still read, rewritten compressed, and the streaming checksum.

use super::*;
use crate::musashi::tablebase::Tables;

/// A format-1 file (raw bytes) as the first 33-point builds wrote it.
fn write_raw(path: &Path, t: &Tables, k: u8) {
    let s = t.slice(k).unwrap();
    let stats = SliceStats { k, entries: s.index.len(), ..SliceStats::default() };
    let head = header(t.board, t.target, k, &stats, RAW_VERSION);
    let mut h = Hasher::new();
    h.bytes(&head);
    for side in [&s.parent, &s.children] {
        let mut one = Hasher::new();
        one.bytes(side);
        h.word(one.finish());
    }
    let mut bytes = head;
    bytes.extend_from_slice(&s.parent);
    bytes.extend_from_slice(&s.children);
    bytes.extend_from_slice(&h.finish().to_le_bytes());
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn format_1_files_are_still_read() {
    let (board, target) = (BoardKind::Square25, Target::NONE);
    let t = Tables::build(board, target, 6, |_| {}).unwrap();
    let path = std::env::temp_dir().join(format!("qdan-raw-{}.qts", std::process::id()));
    write_raw(&path, &t, 6);
    let f = SliceFile::open(&path, board, target, 6).unwrap();
    let s = f.to_slice().unwrap();
    let want = t.slice(6).unwrap();
    assert!(s.parent == want.parent && s.children == want.children);
    for i in (0..want.index.len()).step_by(997) {
        assert_eq!(f.value_at(Role::Parent, i).unwrap(), Value::from_byte(want.parent[i as usize]));
        assert_eq!(f.value_at(Role::Children, i).unwrap(), Value::from_byte(want.children[i as usize]));
    }
    // Rewritten in format 2: the same values, a smaller file.
    let raw_len = std::fs::metadata(&path).unwrap().len();
    f.rewrite_compressed(target).unwrap();
    let g = SliceFile::open(&path, board, target, 6).unwrap();
    assert!(!g.is_raw() && f.is_raw());
    assert!(std::fs::metadata(&path).unwrap().len() < raw_len / 2);
    let back = g.to_slice().unwrap();
    assert!(back.parent == want.parent && back.children == want.children);
    write_raw(&path, &t, 6);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() / 3;
    bytes[at] ^= 4;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(SliceFile::open(&path, board, target, 6), Err(TableError::Corrupt(_))));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn stream_hash_equals_hashing_at_once() {
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
    let mut whole = Hasher::new();
    whole.bytes(&data);
    let mut s = StreamHash::new();
    for piece in data.chunks(13) {
        s.update(piece);
    }
    assert_eq!(s.finish(), whole.finish());
}
