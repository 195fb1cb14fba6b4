//! Level lists: the indices decided at one distance, in increasing order, as LEB128 gaps.
//!
//! The streaming generator finds the positions of each distance by scanning its arrays in
//! index order, so each list comes out sorted and compresses to about a byte an entry. The
//! lists of a slice's Children-to-move side are what the slices above it read (a capture
//! lands on a Children-to-move position of a lower slice), one distance at a time.
//!
//! The gap bytes are written through zstd (level 1) into `.lsz` files, which packs them to
//! about half; `.lst` files of plain gap bytes (the first 33-point build wrote those) are
//! still read.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// Which side is to move in the listed positions.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    Parent,
    Children,
}

impl Side {
    fn letter(self) -> char {
        match self {
            Side::Parent => 'p',
            Side::Children => 'c',
        }
    }
}

/// The file of one level list in a directory (the plain one, `.lst`, if that is what is
/// there; else the compressed one, `.lsz`, which is also the name to write).
pub(crate) fn list_path(dir: &Path, side: Side, d: usize) -> PathBuf {
    let plain = dir.join(format!("{}-{d:03}.lst", side.letter()));
    if plain.exists() { plain } else { dir.join(format!("{}-{d:03}.lsz", side.letter())) }
}

/// Levels with a list file for `side` in `dir`, in increasing order.
pub(crate) fn levels_in(dir: &Path, side: Side) -> std::io::Result<Vec<usize>> {
    let mut out = Vec::new();
    if !dir.exists() {
        return Ok(out);
    }
    for e in std::fs::read_dir(dir)? {
        let name = e?.file_name();
        let name = name.to_string_lossy();
        if let Some(rest) = name.strip_prefix(side.letter()).and_then(|r| r.strip_prefix('-'))
            && let Some(num) = rest.strip_suffix(".lst").or_else(|| rest.strip_suffix(".lsz"))
            && let Ok(d) = num.parse()
        {
            out.push(d);
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// Appends increasing indices to a list file.
pub(crate) struct ListWriter {
    out: zstd::stream::write::Encoder<'static, BufWriter<File>>,
    last: Option<u64>,
    pub(crate) count: u64,
}

impl ListWriter {
    pub(crate) fn create(path: &Path) -> std::io::Result<ListWriter> {
        let file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        Ok(ListWriter { out: zstd::stream::write::Encoder::new(file, 1)?, last: None, count: 0 })
    }

    #[inline]
    pub(crate) fn push(&mut self, i: u64) -> std::io::Result<()> {
        let gap = match self.last {
            None => i,
            Some(l) => {
                debug_assert!(i > l, "level lists are written in increasing order");
                i - l - 1
            }
        };
        self.last = Some(i);
        self.count += 1;
        let mut buf = [0u8; 10];
        let mut n = 0;
        let mut g = gap;
        loop {
            let b = (g & 0x7f) as u8;
            g >>= 7;
            if g == 0 {
                buf[n] = b;
                n += 1;
                break;
            }
            buf[n] = b | 0x80;
            n += 1;
        }
        self.out.write_all(&buf[..n])
    }

    /// Flushes and syncs the file (before a checkpoint names it complete).
    pub(crate) fn finish(self) -> std::io::Result<u64> {
        let f = self.out.finish()?.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        Ok(self.count)
    }
}

/// Reads a list file back in order.
pub(crate) struct ListReader {
    inp: Box<dyn Read + Send>,
    last: Option<u64>,
}

impl ListReader {
    /// The list at `path`; an empty reader when there is no such file.
    pub(crate) fn open(path: &Path) -> std::io::Result<Option<ListReader>> {
        let f = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let inp: Box<dyn Read + Send> = if path.extension().is_some_and(|e| e == "lsz") {
            Box::new(BufReader::with_capacity(1 << 16, zstd::stream::read::Decoder::new(f)?))
        } else {
            Box::new(BufReader::with_capacity(1 << 20, f))
        };
        Ok(Some(ListReader { inp, last: None }))
    }
}

impl Iterator for ListReader {
    type Item = std::io::Result<u64>;

    fn next(&mut self) -> Option<std::io::Result<u64>> {
        let mut gap = 0u64;
        let mut shift = 0;
        loop {
            let mut b = [0u8; 1];
            match self.inp.read(&mut b) {
                Ok(0) if shift == 0 => return None,
                Ok(0) => {
                    return Some(Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "truncated level list")));
                }
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            if shift > 63 {
                return Some(Err(std::io::Error::new(std::io::ErrorKind::InvalidData, "bad level list")));
            }
            gap |= ((b[0] & 0x7f) as u64) << shift;
            shift += 7;
            if b[0] & 0x80 == 0 {
                break;
            }
        }
        let i = match self.last {
            None => gap,
            Some(l) => l + 1 + gap,
        };
        self.last = Some(i);
        Some(Ok(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_round_trip() {
        let dir = std::env::temp_dir().join(format!("qdan-lists-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let items = [0u64, 1, 2, 200, 100_000, 1 << 33, (1 << 33) + 1];
        let path = list_path(&dir, Side::Children, 7);
        let mut w = ListWriter::create(&path).unwrap();
        for &i in &items {
            w.push(i).unwrap();
        }
        assert_eq!(w.finish().unwrap(), items.len() as u64);
        let back: Vec<u64> = ListReader::open(&path).unwrap().unwrap().map(|r| r.unwrap()).collect();
        assert_eq!(back, items);
        assert_eq!(levels_in(&dir, Side::Children).unwrap(), vec![7]);
        assert!(ListReader::open(&list_path(&dir, Side::Parent, 1)).unwrap().is_none());
        // Plain gap bytes, as the first build wrote them: 0, 1, 2, 200 (gap 197), 100 000.
        let plain = dir.join("p-002.lst");
        std::fs::write(&plain, [0u8, 0, 0, 0xc5, 0x01, 0xd7, 0x8b, 0x06]).unwrap();
        assert_eq!(list_path(&dir, Side::Parent, 2), plain);
        assert_eq!(levels_in(&dir, Side::Parent).unwrap(), vec![2]);
        let back: Vec<u64> = ListReader::open(&plain).unwrap().unwrap().map(|r| r.unwrap()).collect();
        assert_eq!(back, [0, 1, 2, 200, 100_000]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
