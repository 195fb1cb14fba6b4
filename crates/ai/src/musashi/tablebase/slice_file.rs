//! One slice in a file of its own, for slices too large to build or hold in memory.
//!
//! Layout: a header (magic, format version, board, target, Children count, rules
//! fingerprint, entries per side, Children wins, canonical positions, longest distance),
//! the Parent-to-move bytes, the Children-to-move bytes (the encoding of [`Value`]), then a
//! checksum over all of it. The streaming generator writes one such file per slice when the
//! slice is done (`.part` first, then renamed), so a stopped build keeps every finished
//! slice. Lookups read single bytes from the file, so the largest slices need no memory.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use rules::musashi::{BoardKind, Role, Target};

use super::file::{Hasher, fingerprint};
use super::stream::lists::{ListReader, Side, levels_in, list_path};
use super::{Slice, SliceStats, TableError, Value};
use crate::musashi::index::SliceIndex;

const MAGIC: &[u8; 8] = b"QDANMTS\0";
/// Format version of slice files.
pub const SLICE_VERSION: u32 = 1;
/// Header bytes: magic, version, board, target, k, fingerprint, entries, wins, positions,
/// longest distance.
const HEADER: u64 = 8 + 4 + 1 + 1 + 1 + 8 + 8 + 8 + 8 + 2;
/// Entries handled at a time when a slice file is written or checked.
const CHUNK: u64 = 1 << 26;

/// File name of slice `k` of `(board, target)` in a table directory.
pub fn slice_file_name(board: BoardKind, target: Target, k: u8) -> String {
    format!("musashi-{}-t{}-k{k}.qts", board.points(), target)
}

/// A slice file, checked and open for lookups.
pub struct SliceFile {
    pub path: PathBuf,
    pub index: SliceIndex,
    pub stats: SliceStats,
    file: File,
}

impl std::fmt::Debug for SliceFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SliceFile({}, {:?})", self.path.display(), self.index)
    }
}

fn header(board: BoardKind, target: Target, k: u8, s: &SliceStats) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER as usize);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&SLICE_VERSION.to_le_bytes());
    out.push(board.points());
    out.push(target.0.unwrap_or(0));
    out.push(k);
    out.extend_from_slice(&fingerprint(board).to_le_bytes());
    out.extend_from_slice(&s.entries.to_le_bytes());
    out.extend_from_slice(&s.children_wins.to_le_bytes());
    out.extend_from_slice(&s.positions.to_le_bytes());
    out.extend_from_slice(&s.max_distance.to_le_bytes());
    out
}

/// Writes the slice file at `path` from the level lists in `lists` (both sides), the value
/// of each listed index being its level. Returns the stats as written.
pub(crate) fn write_from_lists(
    path: &Path,
    index: SliceIndex,
    target: Target,
    lists: &Path,
    mut stats: SliceStats,
) -> Result<SliceStats, TableError> {
    let board = index.geo.board.kind;
    let n = index.len();
    let tmp = path.with_extension("qts.part");
    let mut f = BufWriter::with_capacity(1 << 22, File::create(&tmp)?);
    // The header carries counts known only after the merge: write a placeholder first.
    f.write_all(&vec![0u8; HEADER as usize])?;
    let mut sides = Vec::new();
    let mut wins = 0u64;
    let mut longest = 0usize;
    for side in [Side::Parent, Side::Children] {
        let mut h = Hasher::new();
        let levels = levels_in(lists, side)?;
        if let Some(&d) = levels.last() {
            longest = longest.max(d);
        }
        if levels.last().is_some_and(|&d| d as u16 > super::value::MAX_DISTANCE) {
            return Err(TableError::DistanceOverflow);
        }
        let mut readers = Vec::new();
        for &d in &levels {
            let mut r = ListReader::open(&list_path(lists, side, d))?.expect("listed file");
            let first = r.next().transpose()?;
            readers.push((d as u8 + 1, r, first));
        }
        let mut buf = vec![0u8; CHUNK as usize];
        let mut start = 0u64;
        while start < n {
            let len = CHUNK.min(n - start);
            let chunk = &mut buf[..len as usize];
            chunk.fill(0);
            for (code, r, next) in readers.iter_mut() {
                while let Some(i) = *next {
                    if i >= start + len {
                        break;
                    }
                    if i < start || chunk[(i - start) as usize] != 0 {
                        return Err(TableError::Corrupt("level lists out of order or overlapping"));
                    }
                    chunk[(i - start) as usize] = *code;
                    wins += 1;
                    *next = r.next().transpose()?;
                }
            }
            if start + len < n {
                h.words(chunk);
            } else {
                h.bytes(chunk);
            }
            f.write_all(chunk)?;
            start += len;
        }
        if readers.iter().any(|(_, _, next)| next.is_some()) {
            return Err(TableError::Corrupt("level list index past the slice"));
        }
        sides.push(h.finish());
    }
    stats.entries = n;
    stats.children_wins = wins;
    stats.max_distance = longest as u16;
    let head = header(board, target, index.k, &stats);
    let mut h = Hasher::new();
    h.bytes(&head);
    h.word(sides[0]);
    h.word(sides[1]);
    f.write_all(&h.finish().to_le_bytes())?;
    let file = f.into_inner().map_err(|e| e.into_error())?;
    file.write_all_at(&head, 0)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)?;
    Ok(stats)
}

impl SliceFile {
    /// Opens slice `k` of `(board, target)` at `path`: the header must match, the length must
    /// be right, and the checksum over the whole file must hold (one sequential read).
    pub fn open(path: &Path, board: BoardKind, target: Target, k: u8) -> Result<SliceFile, TableError> {
        let file = File::open(path)?;
        let mut head = vec![0u8; HEADER as usize];
        file.read_exact_at(&mut head, 0).map_err(|_| TableError::Corrupt("truncated"))?;
        if &head[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if version != SLICE_VERSION {
            return Err(TableError::Version(version));
        }
        let word = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
        if head[12] != board.points() || head[13] != target.0.unwrap_or(0) || word(15) != fingerprint(board) {
            return Err(TableError::Stale);
        }
        let index = SliceIndex::new(board, k);
        if head[14] != k || word(23) != index.len() {
            return Err(TableError::Corrupt("slice count or length"));
        }
        let stats = SliceStats {
            k,
            entries: word(23),
            children_wins: word(31),
            positions: word(39),
            max_distance: u16::from_le_bytes(head[47..49].try_into().expect("2 bytes")),
            seconds: 0.0,
        };
        let n = index.len();
        if file.metadata()?.len() != HEADER + 2 * n + 8 {
            return Err(TableError::Corrupt("file length"));
        }
        let sf = SliceFile { path: path.to_path_buf(), index, stats, file };
        sf.verify(&head)?;
        Ok(sf)
    }

    fn verify(&self, head: &[u8]) -> Result<(), TableError> {
        let n = self.index.len();
        let mut r = BufReader::with_capacity(1 << 22, &self.file);
        let mut skip = vec![0u8; HEADER as usize];
        r.read_exact(&mut skip)?;
        let mut sides = [0u64; 2];
        let mut buf = vec![0u8; CHUNK as usize];
        for side in &mut sides {
            let mut h = Hasher::new();
            let mut done = 0u64;
            while done < n {
                let len = CHUNK.min(n - done);
                let chunk = &mut buf[..len as usize];
                r.read_exact(chunk)?;
                if done + len < n {
                    h.words(chunk);
                } else {
                    h.bytes(chunk);
                }
                done += len;
            }
            *side = h.finish();
        }
        let mut h = Hasher::new();
        h.bytes(head);
        h.word(sides[0]);
        h.word(sides[1]);
        let mut sum = [0u8; 8];
        r.read_exact(&mut sum)?;
        if u64::from_le_bytes(sum) != h.finish() {
            return Err(TableError::Corrupt("checksum"));
        }
        Ok(())
    }

    /// The stored value of entry `i` for `turn` to move (one read from the file).
    pub fn value_at(&self, turn: Role, i: u64) -> Result<Value, TableError> {
        let n = self.index.len();
        let at = HEADER + if turn == Role::Parent { 0 } else { n } + i;
        let mut b = [0u8; 1];
        self.file.read_exact_at(&mut b, at)?;
        Ok(Value::from_byte(b[0]))
    }

    /// Reads the whole slice into memory.
    pub fn to_slice(&self) -> Result<Slice, TableError> {
        let n = self.index.len() as usize;
        let mut parent = vec![0u8; n];
        let mut children = vec![0u8; n];
        self.file.read_exact_at(&mut parent, HEADER)?;
        self.file.read_exact_at(&mut children, HEADER + n as u64)?;
        Ok(Slice { index: self.index, parent, children })
    }

    /// Writes the Children-to-move level lists of this slice into `dir` (what the slices
    /// above read), for a slice file that came without them.
    pub(crate) fn write_children_lists(&self, dir: &Path) -> Result<(), TableError> {
        use super::stream::lists::ListWriter;
        std::fs::create_dir_all(dir)?;
        let n = self.index.len();
        let mut writers: Vec<Option<ListWriter>> = Vec::new();
        let mut r = BufReader::with_capacity(1 << 22, &self.file);
        std::io::copy(&mut (&mut r).take(HEADER + n), &mut std::io::sink())?;
        let mut buf = vec![0u8; CHUNK as usize];
        let mut done = 0u64;
        while done < n {
            let len = CHUNK.min(n - done);
            let chunk = &mut buf[..len as usize];
            r.read_exact(chunk)?;
            for (off, &b) in chunk.iter().enumerate() {
                if b == 0 {
                    continue;
                }
                let d = b as usize - 1;
                if writers.len() <= d {
                    writers.resize_with(d + 1, || None);
                }
                if writers[d].is_none() {
                    writers[d] = Some(ListWriter::create(&list_path(dir, Side::Children, d))?);
                }
                writers[d].as_mut().expect("created").push(done + off as u64)?;
            }
            done += len;
        }
        for w in writers.into_iter().flatten() {
            w.finish()?;
        }
        Ok(())
    }
}
