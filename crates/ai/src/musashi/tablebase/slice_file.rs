//! One slice in a file of its own, for slices too large to build or hold in memory.
//!
//! Layout: a header (magic, format version, board, target, Children count, rules
//! fingerprint, entries per side, Children wins, canonical positions, longest distance),
//! then the values (the byte encoding of [`Value`]) of the Parent-to-move side and of the
//! Children-to-move side, then a checksum over all of it.
//!
//! Format 2 stores the values in zstd-compressed blocks of [`BLOCK`] entries, with a
//! directory of block offsets after the header: about 2 bits a position instead of 8 (the
//! 33-point slices with 8 to 16 Children take ~12 GB instead of 55). A lookup reads and
//! unpacks one block. Format 1 (raw bytes, as the first 33-point builds wrote) is still read.
//! The streaming generator writes one such file per slice when the slice is done (`.part`
//! first, then renamed), so a stopped build keeps every finished slice.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use rules::musashi::{BoardKind, Role, Target};

use super::file::fingerprint;
use super::stream::lists::{ListReader, ListWriter, Side, levels_in, list_path};
use super::{Slice, SliceStats, TableError, Value};
use crate::checksum::Hasher;
use crate::musashi::index::SliceIndex;

const MAGIC: &[u8; 8] = b"QDANMTS\0";
/// Format version of the slice files written (compressed blocks).
pub const SLICE_VERSION: u32 = 2;
/// The raw format (one byte a position), still read.
const RAW_VERSION: u32 = 1;
/// Header bytes: magic, version, board, target, k, fingerprint, entries, wins, positions,
/// longest distance.
const HEADER: u64 = 8 + 4 + 1 + 1 + 1 + 8 + 8 + 8 + 8 + 2;
/// Entries per compressed block.
pub const BLOCK: u64 = 1 << 16;
/// Entries handled at a time when a slice file is written or read through (a multiple of
/// [`BLOCK`]).
const CHUNK: u64 = 1 << 26;
/// zstd level: level 3 packed a 33-point sample to 2.1 bits (Parent to move) and 1.4 bits
/// (Children to move) a position; level 9 to 1.6 and 1.1 bits at a several times slower write.
const LEVEL: i32 = 3;

/// File name of slice `k` of `(board, target)` in a table directory.
pub fn slice_file_name(board: BoardKind, target: Target, k: u8) -> String {
    format!("musashi-{}-t{}-k{k}.qts", board.points(), target)
}

/// How the values are stored.
enum Body {
    Raw,
    /// Absolute file offsets of the blocks of each side, one more than the blocks.
    Blocks([Vec<u64>; 2]),
}

/// A slice file, checked and open for lookups.
pub struct SliceFile {
    pub path: PathBuf,
    pub index: SliceIndex,
    pub stats: SliceStats,
    file: File,
    body: Body,
}

impl std::fmt::Debug for SliceFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SliceFile({}, {:?})", self.path.display(), self.index)
    }
}

fn header(board: BoardKind, target: Target, k: u8, s: &SliceStats, version: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER as usize);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
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

/// A checksum over pieces of any length, equal to [`Hasher::bytes`] over them joined.
struct StreamHash {
    h: Hasher,
    pending: Vec<u8>,
}

impl StreamHash {
    fn new() -> StreamHash {
        StreamHash { h: Hasher::new(), pending: Vec::with_capacity(8) }
    }
    fn update(&mut self, mut data: &[u8]) {
        if !self.pending.is_empty() {
            let take = (8 - self.pending.len()).min(data.len());
            self.pending.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.pending.len() < 8 {
                return;
            }
            self.h.words(&self.pending);
            self.pending.clear();
        }
        let whole = data.len() / 8 * 8;
        self.h.words(&data[..whole]);
        self.pending.extend_from_slice(&data[whole..]);
    }
    fn finish(mut self) -> u64 {
        let rest = std::mem::take(&mut self.pending);
        self.h.bytes(&rest);
        self.h.finish()
    }
}

fn offsets_bytes(offsets: &[Vec<u64>; 2]) -> Vec<u8> {
    offsets.iter().flatten().flat_map(|o| o.to_le_bytes()).collect()
}

/// Writes a format-2 file: values go in side by side, chunk by chunk (each chunk a whole
/// number of blocks but the last of a side); the header and block directory are written last.
struct BlockWriter {
    tmp: PathBuf,
    f: BufWriter<File>,
    at: u64,
    offsets: [Vec<u64>; 2],
    body: StreamHash,
}

impl BlockWriter {
    fn create(path: &Path, n: u64) -> Result<BlockWriter, TableError> {
        let tmp = path.with_extension("qts.part");
        let mut f = BufWriter::with_capacity(1 << 22, File::create(&tmp)?);
        let dir_len = 2 * (n.div_ceil(BLOCK) + 1) * 8;
        // Header and directory carry what is known only at the end: placeholders first.
        f.write_all(&vec![0u8; (HEADER + dir_len) as usize])?;
        Ok(BlockWriter { tmp, f, at: HEADER + dir_len, offsets: [Vec::new(), Vec::new()], body: StreamHash::new() })
    }

    fn chunk(&mut self, side: usize, values: &[u8]) -> Result<(), TableError> {
        for block in values.chunks(BLOCK as usize) {
            let packed = zstd::bulk::compress(block, LEVEL)?;
            self.offsets[side].push(self.at);
            self.f.write_all(&packed)?;
            self.body.update(&packed);
            self.at += packed.len() as u64;
        }
        Ok(())
    }

    fn end_side(&mut self, side: usize) {
        self.offsets[side].push(self.at);
    }

    /// Writes the checksum, header and directory, syncs, and renames the file into `path`.
    fn finish(self, path: &Path, head: &[u8]) -> Result<(), TableError> {
        let BlockWriter { tmp, mut f, offsets, body, .. } = self;
        let dir = offsets_bytes(&offsets);
        f.write_all(&checksum(head, &dir, body.finish()).to_le_bytes())?;
        let file = f.into_inner().map_err(|e| e.into_error())?;
        file.write_all_at(head, 0)?;
        file.write_all_at(&dir, HEADER)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)?;
        Ok(())
    }
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
    let mut w = BlockWriter::create(path, n)?;
    let (mut wins, mut longest) = (0u64, 0usize);
    for (s, side) in [Side::Parent, Side::Children].into_iter().enumerate() {
        let levels = levels_in(lists, side)?;
        longest = longest.max(levels.last().copied().unwrap_or(0));
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
            w.chunk(s, chunk)?;
            start += len;
        }
        w.end_side(s);
        if readers.iter().any(|(_, _, next)| next.is_some()) {
            return Err(TableError::Corrupt("level list index past the slice"));
        }
    }
    stats.entries = n;
    stats.children_wins = wins;
    stats.max_distance = longest as u16;
    w.finish(path, &header(board, target, index.k, &stats, SLICE_VERSION))?;
    Ok(stats)
}

fn checksum(head: &[u8], dir: &[u8], body: u64) -> u64 {
    let mut h = Hasher::new();
    h.bytes(head);
    h.bytes(dir);
    h.word(body);
    h.finish()
}

impl SliceFile {
    /// Opens slice `k` of `(board, target)` at `path`: the header must match, the lengths
    /// must be right, and the checksum over the whole file must hold (one sequential read).
    pub fn open(path: &Path, board: BoardKind, target: Target, k: u8) -> Result<SliceFile, TableError> {
        let file = File::open(path)?;
        let mut head = vec![0u8; HEADER as usize];
        file.read_exact_at(&mut head, 0).map_err(|_| TableError::Corrupt("truncated"))?;
        if &head[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if version != SLICE_VERSION && version != RAW_VERSION {
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
        let size = file.metadata()?.len();
        let body = if version == RAW_VERSION {
            if size != HEADER + 2 * n + 8 {
                return Err(TableError::Corrupt("file length"));
            }
            Body::Raw
        } else {
            let blocks = n.div_ceil(BLOCK) as usize;
            let mut dir = vec![0u8; 2 * (blocks + 1) * 8];
            file.read_exact_at(&mut dir, HEADER).map_err(|_| TableError::Corrupt("truncated"))?;
            let all: Vec<u64> = dir.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().expect("8"))).collect();
            let (p, c) = all.split_at(blocks + 1);
            let first = HEADER + dir.len() as u64;
            if p[0] != first || p[blocks] != c[0] || c[blocks] + 8 != size || !all.is_sorted() {
                return Err(TableError::Corrupt("block directory"));
            }
            Body::Blocks([p.to_vec(), c.to_vec()])
        };
        let sf = SliceFile { path: path.to_path_buf(), index, stats, file, body };
        sf.verify(&head)?;
        Ok(sf)
    }

    fn verify(&self, head: &[u8]) -> Result<(), TableError> {
        let mut r = BufReader::with_capacity(1 << 22, &self.file);
        let want = match &self.body {
            Body::Raw => {
                let mut h = Hasher::new();
                h.bytes(head);
                std::io::copy(&mut (&mut r).take(HEADER), &mut std::io::sink())?;
                for side in [Role::Parent, Role::Children] {
                    let mut s = StreamHash::new();
                    self.chunks(side, |_, chunk| {
                        s.update(chunk);
                        Ok(())
                    })?;
                    h.word(s.finish());
                }
                r.seek_relative((2 * self.index.len()) as i64)?;
                h.finish()
            }
            Body::Blocks(offsets) => {
                let dir = offsets_bytes(offsets);
                std::io::copy(&mut (&mut r).take(HEADER + dir.len() as u64), &mut std::io::sink())?;
                let mut body = StreamHash::new();
                let mut left = offsets[1][offsets[1].len() - 1] - offsets[0][0];
                let mut buf = vec![0u8; 1 << 22];
                while left > 0 {
                    let len = left.min(buf.len() as u64) as usize;
                    r.read_exact(&mut buf[..len])?;
                    body.update(&buf[..len]);
                    left -= len as u64;
                }
                checksum(head, &dir, body.finish())
            }
        };
        let mut sum = [0u8; 8];
        r.read_exact(&mut sum)?;
        if u64::from_le_bytes(sum) != want {
            return Err(TableError::Corrupt("checksum"));
        }
        Ok(())
    }

    /// Block `b` of `side`, unpacked.
    fn block(&self, offsets: &[Vec<u64>; 2], side: usize, b: usize) -> Result<Vec<u8>, TableError> {
        let (from, to) = (offsets[side][b], offsets[side][b + 1]);
        let mut packed = vec![0u8; (to - from) as usize];
        self.file.read_exact_at(&mut packed, from)?;
        let want = BLOCK.min(self.index.len() - b as u64 * BLOCK) as usize;
        let out = zstd::bulk::decompress(&packed, want).map_err(|_| TableError::Corrupt("block"))?;
        if out.len() != want {
            return Err(TableError::Corrupt("block length"));
        }
        Ok(out)
    }

    /// Calls `f(first index, values)` over the whole of `turn`'s side, in order.
    fn chunks(&self, turn: Role, mut f: impl FnMut(u64, &[u8]) -> Result<(), TableError>) -> Result<(), TableError> {
        let n = self.index.len();
        let side = (turn == Role::Children) as usize;
        match &self.body {
            Body::Raw => {
                let mut buf = vec![0u8; CHUNK.min(n) as usize];
                let mut done = 0u64;
                while done < n {
                    let len = CHUNK.min(n - done) as usize;
                    self.file.read_exact_at(&mut buf[..len], HEADER + side as u64 * n + done)?;
                    f(done, &buf[..len])?;
                    done += len as u64;
                }
            }
            Body::Blocks(offsets) => {
                for b in 0..offsets[side].len() - 1 {
                    f(b as u64 * BLOCK, &self.block(offsets, side, b)?)?;
                }
            }
        }
        Ok(())
    }

    /// `true` for a format-1 (raw) file.
    pub fn is_raw(&self) -> bool {
        matches!(self.body, Body::Raw)
    }

    /// Rewrites this file in format 2 under the same name (written aside, then renamed
    /// over it; readers that have the old file open keep reading it).
    pub fn rewrite_compressed(&self, target: Target) -> Result<(), TableError> {
        let mut w = BlockWriter::create(&self.path, self.index.len())?;
        for (s, turn) in [Role::Parent, Role::Children].into_iter().enumerate() {
            self.chunks(turn, |_, values| w.chunk(s, values))?;
            w.end_side(s);
        }
        let head = header(self.index.geo.board.kind, target, self.index.k, &self.stats, SLICE_VERSION);
        w.finish(&self.path, &head)
    }

    /// The stored value of entry `i` for `turn` to move (one read from the file).
    pub fn value_at(&self, turn: Role, i: u64) -> Result<Value, TableError> {
        let n = self.index.len();
        let side = (turn == Role::Children) as usize;
        let b = match &self.body {
            Body::Raw => {
                let mut b = [0u8; 1];
                self.file.read_exact_at(&mut b, HEADER + side as u64 * n + i)?;
                b[0]
            }
            Body::Blocks(offsets) => self.block(offsets, side, (i / BLOCK) as usize)?[(i % BLOCK) as usize],
        };
        Ok(Value::from_byte(b))
    }

    /// Reads the whole slice into memory.
    pub fn to_slice(&self) -> Result<Slice, TableError> {
        let n = self.index.len() as usize;
        let mut sides = [vec![0u8; n], vec![0u8; n]];
        for (turn, out) in [Role::Parent, Role::Children].into_iter().zip(sides.iter_mut()) {
            self.chunks(turn, |at, values| {
                out[at as usize..at as usize + values.len()].copy_from_slice(values);
                Ok(())
            })?;
        }
        let [parent, children] = sides;
        Ok(Slice { index: self.index, parent, children })
    }

    /// Writes the Children-to-move level lists of this slice into `dir` (what the slices
    /// above read), for a slice file that came without them.
    pub(crate) fn write_children_lists(&self, dir: &Path) -> Result<(), TableError> {
        std::fs::create_dir_all(dir)?;
        let mut writers: Vec<Option<ListWriter>> = Vec::new();
        self.chunks(Role::Children, |at, values| {
            for (off, &b) in values.iter().enumerate() {
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
                writers[d].as_mut().expect("created").push(at + off as u64)?;
            }
            Ok(())
        })?;
        for w in writers.into_iter().flatten() {
            w.finish()?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "slice_file_tests.rs"]
mod tests;
