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

/// Appends increasing indices to a list file (or, for [`join_parts`], to bytes in memory).
pub(crate) struct ListWriter<W: Write = BufWriter<File>> {
    out: zstd::stream::write::Encoder<'static, W>,
    last: Option<u64>,
    pub(crate) count: u64,
}

impl ListWriter {
    pub(crate) fn create(path: &Path) -> std::io::Result<ListWriter> {
        let file = BufWriter::with_capacity(1 << 20, File::create(path)?);
        Ok(ListWriter { out: zstd::stream::write::Encoder::new(file, 1)?, last: None, count: 0 })
    }

    /// Flushes and syncs the file (before a checkpoint names it complete).
    pub(crate) fn finish(self) -> std::io::Result<u64> {
        let f = self.out.finish()?.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        Ok(self.count)
    }
}

impl<W: Write> ListWriter<W> {
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
}

/// One thread's share of a level list, covering a range of indices: the entries after its
/// first, as gaps from the first, in a file of its own. [`join_parts`] joins the shares
/// of consecutive ranges into one list by copying their bytes: zstd frames concatenate, and
/// only the gap to each share's first entry is written anew.
pub(crate) struct PartWriter {
    path: PathBuf,
    first: Option<u64>,
    inner: ListWriter,
}

/// A finished share (see [`PartWriter`]).
pub(crate) struct Part {
    path: PathBuf,
    first: Option<u64>,
    last: Option<u64>,
    count: u64,
}

impl PartWriter {
    pub(crate) fn create(path: PathBuf) -> std::io::Result<PartWriter> {
        let inner = ListWriter::create(&path)?;
        Ok(PartWriter { path, first: None, inner })
    }

    #[inline]
    pub(crate) fn push(&mut self, i: u64) -> std::io::Result<()> {
        if self.first.is_none() {
            self.first = Some(i);
            self.inner.last = Some(i);
            return Ok(());
        }
        self.inner.push(i)
    }

    pub(crate) fn finish(self) -> std::io::Result<Part> {
        let last = self.inner.last;
        let count = self.inner.finish()? + u64::from(self.first.is_some());
        Ok(Part { path: self.path, first: self.first, last, count })
    }
}

/// Joins the shares of consecutive index ranges, in order, into the list file `dest`, and
/// removes them; answers the number of entries.
pub(crate) fn join_parts(dest: &Path, parts: Vec<Part>) -> std::io::Result<u64> {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(dest)?);
    let (mut last, mut count) = (None::<u64>, 0);
    for part in parts {
        if let Some(first) = part.first {
            let mut bridge = ListWriter { out: zstd::stream::write::Encoder::new(Vec::new(), 1)?, last, count: 0 };
            bridge.push(first)?;
            out.write_all(&bridge.out.finish()?)?;
            std::io::copy(&mut File::open(&part.path)?, &mut out)?;
            (last, count) = (part.last, count + part.count);
        }
        std::fs::remove_file(&part.path)?;
    }
    if last.is_none() {
        // An empty list is still one (empty) zstd frame, as `ListWriter` writes it.
        out.write_all(&zstd::stream::write::Encoder::new(Vec::new(), 1)?.finish()?)?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    Ok(count)
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

    #[test]
    fn parts_join_into_one_list() {
        let dir = std::env::temp_dir().join(format!("qdan-parts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Shares of four ranges: one empty, one with a single entry, two with several.
        let shares: [&[u64]; 5] = [&[0, 3, 9], &[], &[12], &[13, 14, 300, 1 << 40], &[(1 << 40) + 2]];
        // No entries at all: still a list that reads back empty.
        let empty = list_path(&dir, Side::Parent, 4);
        let none = vec![PartWriter::create(dir.join("none")).unwrap().finish().unwrap()];
        assert_eq!(join_parts(&empty, none).unwrap(), 0);
        assert_eq!(ListReader::open(&empty).unwrap().unwrap().count(), 0);
        std::fs::remove_file(&empty).unwrap();
        let mut parts = Vec::new();
        for (n, share) in shares.iter().enumerate() {
            let mut w = PartWriter::create(dir.join(format!("part{n}"))).unwrap();
            for &i in *share {
                w.push(i).unwrap();
            }
            parts.push(w.finish().unwrap());
        }
        let path = list_path(&dir, Side::Children, 3);
        let all: Vec<u64> = shares.concat();
        assert_eq!(join_parts(&path, parts).unwrap(), all.len() as u64);
        let back: Vec<u64> = ListReader::open(&path).unwrap().unwrap().map(|r| r.unwrap()).collect();
        assert_eq!(back, all);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the shares are removed");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
