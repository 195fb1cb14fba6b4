//! The solver's table on disk, so that a long solve cut off by a time limit or by the end of
//! a session continues from what it had proved. Every entry is a bound proved for a
//! canonical position, true whichever probe and window stored it, so a search over a loaded
//! table walks the top of the tree again through its cutoffs and goes on below where the
//! stored entries stop.
//!
//! Layout: a header (magic, version, board, key flags, table size), the table's words as they
//! are in memory (little-endian), then a checksum over both. A file is written under a
//! `.part` name and renamed, so one under the real name is always whole.

use std::fs::File;
use std::io::{BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::solver::Solver;
use super::tt::Table;
use crate::checksum::Hasher;

/// Format version of table files; bump when the layout or the meaning of a key changes.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"QDANDTT\0";
const HEADER: usize = 16;

/// Why a table file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum TableFileError {
    #[error("table file I/O: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a Dots solver table file")]
    Magic,
    #[error("table file version {0}, this program reads {VERSION}")]
    Version(u32),
    #[error("the table file is for {file}; this solve uses {this}")]
    Other { file: String, this: String },
    #[error("table file is damaged: {0}")]
    Corrupt(&'static str),
}

/// What a file must match to be loaded: what the keys mean (the board, symmetry and the
/// corner-edge equivalence) and where they go (the table's size).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Layout {
    w: u8,
    h: u8,
    symmetry: bool,
    equivalence: bool,
    bits: u8,
}

impl Layout {
    fn of(solver: &Solver) -> Layout {
        Layout {
            w: solver.board.w,
            h: solver.board.h,
            symmetry: solver.use_symmetry,
            equivalence: solver.use_equivalence,
            bits: solver.tt.bits() as u8,
        }
    }

    fn header(self) -> [u8; HEADER] {
        let mut out = [0u8; HEADER];
        out[..8].copy_from_slice(MAGIC);
        out[8..12].copy_from_slice(&VERSION.to_le_bytes());
        out[12] = self.w;
        out[13] = self.h;
        out[14] = u8::from(self.symmetry) | u8::from(self.equivalence) << 1;
        out[15] = self.bits;
        out
    }

    fn parse(header: &[u8; HEADER]) -> Result<Layout, TableFileError> {
        if &header[..8] != MAGIC {
            return Err(TableFileError::Magic);
        }
        let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(TableFileError::Version(version));
        }
        let flags = header[14];
        Ok(Layout {
            w: header[12],
            h: header[13],
            symmetry: flags & 1 != 0,
            equivalence: flags & 2 != 0,
            bits: header[15],
        })
    }

    fn describe(self) -> String {
        let keys = match (self.symmetry, self.equivalence) {
            (true, true) => "",
            (true, false) => ", keys without the corner-edge equivalence",
            (false, true) => ", keys without symmetry",
            (false, false) => ", plain keys",
        };
        format!("a {}x{} board with a table of 2^{} buckets{keys}", self.w, self.h, self.bits)
    }
}

/// Saves a solver's table from another thread while the solver searches: the table is
/// shared, and a slot caught half-written reads back as empty.
#[derive(Clone)]
pub struct TableSaver {
    table: Arc<Table>,
    layout: Layout,
}

impl TableSaver {
    /// Writes the table to `path` (through `path.part`, renamed when complete).
    pub fn save(&self, path: &Path) -> Result<(), TableFileError> {
        let tmp = part_path(path);
        {
            let mut f = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
            let mut hash = Hasher::new();
            let header = self.layout.header();
            hash.words(&header);
            f.write_all(&header)?;
            self.table.write_words(&mut f, &mut hash)?;
            f.write_all(&hash.finish().to_le_bytes())?;
            f.flush()?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        std::fs::rename(&tmp, path)?;
        Ok(())
    }
}

fn part_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}

impl Solver {
    /// A handle that writes this solver's table to a file, from any thread.
    pub fn table_saver(&self) -> TableSaver {
        TableSaver { table: Arc::clone(&self.tt), layout: Layout::of(self) }
    }

    /// Writes the table to `path`: [`Solver::load_table`] in a later run continues from it.
    pub fn save_table(&self, path: &Path) -> Result<(), TableFileError> {
        self.table_saver().save(path)
    }

    /// Fills the table from a file [`Solver::save_table`] wrote for the same board, key
    /// flags and table size. On any error the table is left empty.
    pub fn load_table(&mut self, path: &Path) -> Result<(), TableFileError> {
        let mut f = BufReader::with_capacity(1 << 20, File::open(path)?);
        let mut header = [0u8; HEADER];
        f.read_exact(&mut header).map_err(truncated)?;
        let (file, this) = (Layout::parse(&header)?, Layout::of(self));
        if file != this {
            return Err(TableFileError::Other { file: file.describe(), this: this.describe() });
        }
        let mut hash = Hasher::new();
        hash.words(&header);
        let read = (|| {
            self.tt.read_words(&mut f, &mut hash).map_err(truncated)?;
            let mut sum = [0u8; 8];
            f.read_exact(&mut sum).map_err(truncated)?;
            if u64::from_le_bytes(sum) != hash.finish() {
                return Err(TableFileError::Corrupt("checksum mismatch"));
            }
            if f.read(&mut [0u8; 1])? != 0 {
                return Err(TableFileError::Corrupt("bytes after the checksum"));
            }
            Ok(())
        })();
        if read.is_err() {
            // Words already read may be damaged: none of them is trusted.
            self.tt.clear();
        }
        read
    }
}

fn truncated(e: std::io::Error) -> TableFileError {
    if e.kind() == ErrorKind::UnexpectedEof { TableFileError::Corrupt("file ends early") } else { e.into() }
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::clock::Deadline;
    use crate::dots::board::Board;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("qdan-dots-tt-{name}-{}", std::process::id()))
    }

    fn solver(w: u8, h: u8) -> Solver {
        Solver::new(Board::new(w, h).unwrap(), 16)
    }

    /// A probe's proofs saved and loaded: the next solve gives the same value with fewer nodes.
    #[test]
    fn a_loaded_table_continues_the_solve() {
        let path = temp("continue");
        let mut fresh = solver(4, 3);
        let value = fresh.value(0).unwrap();
        let mut first = solver(4, 3);
        assert!(first.at_least(0, value).unwrap());
        first.save_table(&path).unwrap();
        let mut resumed = solver(4, 3);
        resumed.load_table(&path).unwrap();
        assert_eq!(resumed.value(0), Some(value));
        assert!(
            resumed.stats.nodes < fresh.stats.nodes / 2,
            "resumed {} nodes, fresh {}",
            resumed.stats.nodes,
            fresh.stats.nodes
        );
        std::fs::remove_file(&path).unwrap();
    }

    /// A solve stopped by its deadline, saved, and finished by another solver from the file.
    #[test]
    fn a_stopped_solve_finishes_from_its_file() {
        let path = temp("stopped");
        let value = solver(4, 3).value(0).unwrap();
        let mut first = solver(4, 3);
        first.set_threads(2);
        first.set_deadline(Some(Deadline::at_instant(Instant::now() + Duration::from_millis(30))));
        // Stopped (or, on a fast machine, done): either way the file holds proved bounds.
        let _ = first.value(0);
        first.save_table(&path).unwrap();
        let mut second = solver(4, 3);
        second.load_table(&path).unwrap();
        assert_eq!(second.value(0), Some(value));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn other_files_are_refused_and_leave_the_table_empty() {
        let path = temp("refused");
        let mut s = solver(3, 3);
        let value = s.value(0).unwrap();
        let fresh_nodes = s.stats.nodes;
        s.save_table(&path).unwrap();
        let good = std::fs::read(&path).unwrap();

        let other = |e: Result<(), TableFileError>| matches!(e, Err(TableFileError::Other { .. }));
        assert!(other(solver(3, 2).load_table(&path)));
        assert!(other(Solver::new(Board::new(3, 3).unwrap(), 17).load_table(&path)));
        let mut plain = solver(3, 3);
        plain.set_equivalence(false);
        assert!(other(plain.load_table(&path)));

        let mut bytes = good.clone();
        bytes[0] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(solver(3, 3).load_table(&path), Err(TableFileError::Magic)));

        bytes = good.clone();
        bytes[8] = 9;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(solver(3, 3).load_table(&path), Err(TableFileError::Version(9))));

        for damage in [Damage::Flip(HEADER + 4000), Damage::Truncate(good.len() - 3), Damage::Append] {
            let mut bytes = good.clone();
            match damage {
                Damage::Flip(at) => bytes[at] ^= 0x10,
                Damage::Truncate(len) => bytes.truncate(len),
                Damage::Append => bytes.push(0),
            }
            std::fs::write(&path, &bytes).unwrap();
            let mut s = solver(3, 3);
            assert!(matches!(s.load_table(&path), Err(TableFileError::Corrupt(_))), "{damage:?}");
            // Nothing of the damaged file stays: the solve starts from scratch.
            assert_eq!(s.value(0), Some(value));
            assert_eq!(s.stats.nodes, fresh_nodes);
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[derive(Debug, Clone, Copy)]
    enum Damage {
        Flip(usize),
        Truncate(usize),
        Append,
    }
}
