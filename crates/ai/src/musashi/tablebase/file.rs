//! The table file: a header (magic, format version, board, target, a fingerprint of the
//! board's rule data, the slice list), the slices' bytes (Parent to move, then Children to
//! move, by Children count), then a checksum over everything before it.

use std::io::{Read, Write};
use std::path::Path;

use rules::musashi::{BoardKind, Target};

use super::{Slice, TableError, Tables};
use crate::musashi::index::SliceIndex;

use crate::checksum::Hasher;

/// Format version of table files; bump when the layout or the generator's meaning changes.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"QDANMTB\0";
/// Bytes of the fixed header: magic, version, board, target, fingerprint, slice count.
const FIXED: usize = 8 + 4 + 1 + 1 + 8 + 1;

/// File name of the tables for `(board, target)` in a cache directory.
pub fn file_name(board: BoardKind, target: Target) -> String {
    format!("musashi-{}-t{}.qtb", board.points(), target)
}

/// A fingerprint of the board's rule data, so a table built for other lines or capture pairs
/// (a changed rules crate) is never trusted.
pub(crate) fn fingerprint(kind: BoardKind) -> u64 {
    let b = kind.geometry();
    let mut h = Hasher::new();
    h.word(b.len as u64);
    for p in 0..b.len as usize {
        h.word(b.neighbours[p].0);
        for q in 0..b.pair_count[p] as usize {
            h.word(b.pairs[p][q].0);
        }
    }
    h.finish()
}

impl Tables {
    /// Writes the tables: a header (magic, version, board, target, rules fingerprint, slices),
    /// the data, then a checksum over header and data.
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let tmp = path.with_extension("qtb.part");
        {
            let mut f = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
            let mut h = Hasher::new();
            let header = self.header();
            h.bytes(&header);
            f.write_all(&header)?;
            for s in self.slices.iter().flatten() {
                for data in [&s.parent, &s.children] {
                    h.bytes(data);
                    f.write_all(data)?;
                }
            }
            f.write_all(&h.finish().to_le_bytes())?;
            f.flush()?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        // Rename last, so a reader never sees a half-written file under the real name.
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.board.points());
        out.push(self.target.0.unwrap_or(0));
        out.extend_from_slice(&fingerprint(self.board).to_le_bytes());
        let counts = self.slice_counts();
        out.push(counts.len() as u8);
        for k in counts {
            out.push(k);
            let s = self.slice(k).expect("listed slice");
            out.extend_from_slice(&(s.parent.len() as u64).to_le_bytes());
        }
        out
    }

    /// Reads tables for `(board, target)`, refusing a file of another version, board, target or
    /// rules, a damaged file and one whose checksum does not match.
    pub fn load(path: &Path, board: BoardKind, target: Target) -> Result<Tables, TableError> {
        let mut f = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
        let mut fixed = [0u8; FIXED];
        f.read_exact(&mut fixed)?;
        if &fixed[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(TableError::Version(version));
        }
        let fp = u64::from_le_bytes(fixed[14..22].try_into().expect("8 bytes"));
        if fixed[12] != board.points() || fixed[13] != target.0.unwrap_or(0) || fp != fingerprint(board) {
            return Err(TableError::Stale);
        }
        let mut t = Tables::empty(board, target);
        let list = read_slice_list(&mut f, board, fixed[22] as usize)?;
        let mut header = fixed.to_vec();
        for &k in &list {
            header.push(k);
            header.extend_from_slice(&SliceIndex::new(board, k).len().to_le_bytes());
        }
        let mut h = Hasher::new();
        h.bytes(&header);
        for &k in &list {
            let index = SliceIndex::new(board, k);
            let mut parent = vec![0u8; index.len() as usize];
            let mut children = vec![0u8; index.len() as usize];
            f.read_exact(&mut parent)?;
            f.read_exact(&mut children)?;
            h.bytes(&parent);
            h.bytes(&children);
            t.slices[k as usize] = Some(Slice { index, parent, children });
        }
        let mut sum = [0u8; 8];
        f.read_exact(&mut sum).map_err(|_| TableError::Corrupt("truncated"))?;
        if u64::from_le_bytes(sum) != h.finish() {
            return Err(TableError::Corrupt("checksum"));
        }
        if f.read(&mut [0u8; 1])? != 0 {
            return Err(TableError::Corrupt("trailing bytes"));
        }
        Ok(t)
    }
}

/// Reads `count` slice entries (Children count, entries per side), checking that each is a
/// slice of `board` with the right length, listed once, in increasing order.
fn read_slice_list(f: &mut impl Read, board: BoardKind, count: usize) -> Result<Vec<u8>, TableError> {
    let mut list: Vec<u8> = Vec::new();
    for _ in 0..count {
        let mut e = [0u8; 9];
        f.read_exact(&mut e)?;
        let k = e[0];
        let len = u64::from_le_bytes(e[1..9].try_into().expect("8 bytes"));
        if k > 16 || list.contains(&k) {
            return Err(TableError::Corrupt("slice list"));
        }
        if SliceIndex::new(board, k).len() != len {
            return Err(TableError::Corrupt("slice length"));
        }
        list.push(k);
    }
    if !list.is_sorted() {
        return Err(TableError::Corrupt("slice order"));
    }
    Ok(list)
}
