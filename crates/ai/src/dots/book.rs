//! The Dots expert's opening book: for the first lines of a game, the move a search with
//! [`SCALE`] times the expert's work chooses, worked out ahead (`crates/ai/examples/dots_book.rs`)
//! and kept in `crates/ai/data/dots-book.bin`, which is compiled into the crate
//! (`include_bytes!`), so that the server and the WebAssembly module carry the same book and
//! play the same move, with no file to read while playing.
//!
//! Why: the expert's opening searches are its slowest moves (on a phone, 1.2-1.5 s for the
//! first answer of a 5x4 game), and in the opening the same few positions come up in every
//! game. A position is in the book only when the drawn lines alone say everything the
//! expert's search looks at: no box claimed (so the turn is the parity of the lines drawn and
//! the score is 0-0), no box to take, and a safe line to draw.
//!
//! The file (little-endian; [`encode`] writes it, [`Book::parse`] reads it):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `QDANBOOK` |
//! | 4 | format version ([`VERSION`]) |
//! | 4 | number of sections (one a board size) |
//! | 8 | checksum of everything after the header (the crate's word-wise FNV-style hash) |
//! | per section, 8 | width, height (one byte each), 2 zero bytes, number of entries `n` (4 bytes) |
//! | per section, 8 n then n | the keys (canonical drawn-line masks, ascending), then one move a key |
//!
//! A key is a position's least image under the board's symmetries ([`Board::canonical`]),
//! and its move is an edge number of that image; [`book_move`] maps it back to the position
//! as played. The file may not grow past [`MAX_BYTES`] (a test checks it).

use std::sync::OnceLock;

use rules::Mask;
use rules::dots::{Position, Size};

use super::board::Board;
use super::playout::lines;
use crate::Level;
use crate::budget::{move_rng, work};
use crate::clock::WorkClock;

/// The book as built into the crate.
static FILE: &[u8] = include_bytes!("../../data/dots-book.bin");

/// The file's first bytes.
pub const MAGIC: [u8; 8] = *b"QDANBOOK";
/// The format of [`FILE`]; a reader refuses any other.
pub const VERSION: u32 = 1;
/// The book's size cap: it travels with the WebAssembly module to every phone.
pub const MAX_BYTES: usize = 1 << 20;
/// A book move is the expert's own search with this many times its work budget: 16 times the
/// playouts sharpen the visit counts that pick the move, while the move is still the expert's
/// kind of move (the same valuation, only less noisy).
pub const SCALE: u64 = 16;

const HEADER: usize = 24;
const SECTION: usize = 8;

/// Why a book file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not an opening book (no QDANBOOK header)")]
    Magic,
    #[error("opening book version {0}, this build reads {VERSION}")]
    Version(u32),
    #[error("the opening book is cut short")]
    Truncated,
    #[error("the opening book's checksum is {computed:#x}, its header says {stored:#x}")]
    Checksum { stored: u64, computed: u64 },
    #[error("the opening book's {0}x{1} keys are not in ascending order")]
    Unsorted(u8, u8),
}

/// One board size's positions.
#[derive(Debug, Clone)]
struct Section<'a> {
    w: u8,
    h: u8,
    keys: &'a [u8],
    moves: &'a [u8],
    /// The most lines drawn in any of its positions: past it no lookup is needed.
    most_drawn: u32,
}

impl Section<'_> {
    fn key(&self, i: usize) -> u64 {
        u64::from_le_bytes(self.keys[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    }

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn find(&self, key: u64) -> Option<u8> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.key(mid).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.moves[mid]),
            }
        }
        None
    }
}

/// A parsed book: its sections point into the file's bytes.
#[derive(Debug, Clone)]
pub struct Book<'a> {
    sections: Vec<Section<'a>>,
}

/// One entry: board width and height, the canonical drawn lines, the move in that image.
pub type Entry = (u8, u8, u64, u8);

impl<'a> Book<'a> {
    /// Reads a book file, checking its header, checksum and key order.
    pub fn parse(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if bytes.len() < HEADER {
            return Err(if bytes.starts_with(&MAGIC[..bytes.len().min(8)]) {
                BookError::Truncated
            } else {
                BookError::Magic
            });
        }
        if bytes[..8] != MAGIC {
            return Err(BookError::Magic);
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let version = u32_at(8);
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let count = u32_at(12) as usize;
        let stored = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let mut hasher = crate::checksum::Hasher::new();
        hasher.bytes(&bytes[HEADER..]);
        let computed = hasher.finish();
        if stored != computed {
            return Err(BookError::Checksum { stored, computed });
        }
        let mut at = HEADER;
        let mut sections = Vec::with_capacity(count);
        for _ in 0..count {
            let head = bytes.get(at..at + SECTION).ok_or(BookError::Truncated)?;
            let (w, h) = (head[0], head[1]);
            let n = u32::from_le_bytes(head[4..8].try_into().expect("4 bytes")) as usize;
            at += SECTION;
            let keys = bytes.get(at..at + 8 * n).ok_or(BookError::Truncated)?;
            at += 8 * n;
            let moves = bytes.get(at..at + n).ok_or(BookError::Truncated)?;
            at += n;
            let mut s = Section { w, h, keys, moves, most_drawn: 0 };
            if (1..n).any(|i| s.key(i - 1) >= s.key(i)) {
                return Err(BookError::Unsorted(w, h));
            }
            s.most_drawn = (0..n).map(|i| s.key(i).count_ones()).max().unwrap_or(0);
            sections.push(s);
        }
        if at != bytes.len() {
            return Err(BookError::Truncated);
        }
        Ok(Book { sections })
    }

    /// The move stored for canonical position `key` of a `w` x `h` board.
    pub fn lookup(&self, w: u8, h: u8, key: u64) -> Option<u8> {
        self.sections.iter().find(|s| s.w == w && s.h == h)?.find(key)
    }

    /// Whether a position of a `w` x `h` board with `drawn` lines may be in the book.
    pub fn may_hold(&self, w: u8, h: u8, drawn: u32) -> bool {
        self.sections.iter().any(|s| s.w == w && s.h == h && drawn <= s.most_drawn)
    }

    /// Every entry, section by section, keys ascending.
    pub fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.sections.iter().flat_map(|s| (0..s.len()).map(move |i| (s.w, s.h, s.key(i), s.moves[i])))
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.sections.iter().map(Section::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The bytes of a book holding `entries` (any order; one move a key and board).
pub fn encode(entries: &[Entry]) -> Vec<u8> {
    let mut sorted = entries.to_vec();
    sorted.sort_unstable();
    sorted.dedup_by_key(|e| (e.0, e.1, e.2));
    let mut sizes: Vec<(u8, u8)> = sorted.iter().map(|e| (e.0, e.1)).collect();
    sizes.dedup();
    let mut body = Vec::new();
    for &(w, h) in &sizes {
        let of: Vec<&Entry> = sorted.iter().filter(|e| (e.0, e.1) == (w, h)).collect();
        body.extend_from_slice(&[w, h, 0, 0]);
        body.extend_from_slice(&(of.len() as u32).to_le_bytes());
        for e in &of {
            body.extend_from_slice(&e.2.to_le_bytes());
        }
        body.extend(of.iter().map(|e| e.3));
    }
    let mut hasher = crate::checksum::Hasher::new();
    hasher.bytes(&body);
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(sizes.len() as u32).to_le_bytes());
    out.extend_from_slice(&hasher.finish().to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// The book compiled into the crate, as bytes.
pub fn file() -> &'static [u8] {
    FILE
}

/// The book compiled into the crate, parsed once; `None` if the file is damaged (a test
/// keeps that from being released: the expert would then search every move).
pub fn built_in() -> Option<&'static Book<'static>> {
    static BOOK: OnceLock<Option<Book<'static>>> = OnceLock::new();
    BOOK.get_or_init(|| Book::parse(FILE).ok()).as_ref()
}

/// Whether the expert's move in `drawn` may come from a book: no box claimed, none to take,
/// a safe line to draw, and too many lines left for the expert's solver to be tried.
pub fn eligible(board: &Board, drawn: u64) -> bool {
    let l = lines(board, drawn);
    board.claimed(drawn) == 0
        && l.captures == 0
        && l.safe != 0
        && (board.all & !drawn).count_ones() > super::expert::TRY_SOLVE_WITHIN
}

/// The built-in book's move in `pos`, in the position's own orientation, or `None` when the
/// position is not in it.
pub fn book_move(pos: &Position) -> Option<u8> {
    let book = built_in()?;
    let (w, h) = (pos.size.w, pos.size.h);
    // Most positions of a game are past the book: they cost no board tables.
    if pos.claimed() != Mask::EMPTY || !book.may_hold(w, h, pos.drawn.0.count_ones()) {
        return None;
    }
    lookup_in(book, &Board::new(w, h).ok()?, pos.drawn.0)
}

/// `book`'s move for the lines `drawn` of `board`, mapped back from the canonical image.
pub fn lookup_in(book: &Book<'_>, board: &Board, drawn: u64) -> Option<u8> {
    let key = board.canonical(drawn);
    let m = book.lookup(board.w, board.h, key)?;
    if drawn == key {
        return Some(m);
    }
    // The first symmetry that sends the position to its key: any would do (they differ only
    // by a symmetry of the position itself), the first keeps the answer the same everywhere.
    let s = (0..board.symmetries()).find(|&s| board.apply(s, drawn) == key).expect("the key is an image");
    Some(board.unmap_edge(s, m))
}

/// The move the book holds for the canonical position `key`: the expert's own search with
/// [`SCALE`] times its work, seeded by the key, so that anyone can regenerate an entry.
pub fn search_move(board: &Board, key: u64) -> u8 {
    let size = Size::new(board.w, board.h).expect("a board the site offers");
    let pos = Position { size, drawn: Mask(key), owned: [Mask::EMPTY; 2], turn: (key.count_ones() % 2) as u8 };
    let deadline = WorkClock::budget(work(rules::GameKind::Dots, Level::Expert) * SCALE);
    super::expert::expert(board.clone(), &pos, &deadline, &mut move_rng(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_reads_back_what_was_written() {
        let entries = vec![(5, 4, 9, 3), (5, 4, 1, 7), (5, 5, 2, 0)];
        let bytes = encode(&entries);
        let book = Book::parse(&bytes).unwrap();
        assert_eq!(book.len(), 3);
        assert_eq!(book.lookup(5, 4, 9), Some(3));
        assert_eq!(book.lookup(5, 4, 1), Some(7));
        assert_eq!(book.lookup(5, 5, 2), Some(0));
        assert_eq!(book.lookup(5, 4, 2), None);
        assert_eq!(book.lookup(4, 4, 9), None);
        assert_eq!(book.entries().collect::<Vec<_>>(), vec![(5, 4, 1, 7), (5, 4, 9, 3), (5, 5, 2, 0)]);
    }

    #[test]
    fn damaged_books_are_refused() {
        let bytes = encode(&[(5, 4, 9, 3), (5, 4, 12, 4)]);
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(matches!(Book::parse(&flipped), Err(BookError::Checksum { .. })));
        assert_eq!(
            Book::parse(&bytes[..bytes.len() - 1]).err(),
            Some(BookError::Checksum {
                stored: u64::from_le_bytes(bytes[16..24].try_into().unwrap()),
                computed: {
                    let mut h = crate::checksum::Hasher::new();
                    h.bytes(&bytes[HEADER..bytes.len() - 1]);
                    h.finish()
                }
            })
        );
        let mut version = bytes.clone();
        version[8] = 2;
        assert_eq!(Book::parse(&version).err(), Some(BookError::Version(2)));
        assert_eq!(Book::parse(b"QDANBOO").err(), Some(BookError::Truncated));
        assert_eq!(Book::parse(&[0; 40]).err(), Some(BookError::Magic));
    }

    #[test]
    fn a_move_is_mapped_back_to_the_position_as_played() {
        for (w, h) in [(5, 4), (5, 5)] {
            let board = Board::new(w, h).unwrap();
            // Three lines that no symmetry maps onto themselves, and a book holding their key.
            let drawn = 1u64 | 1 << 1 | 1 << (board.edges - 3);
            let key = board.canonical(drawn);
            let m = (0..board.edges).find(|&e| key & 1 << e == 0).unwrap();
            let bytes = encode(&[(w, h, key, m)]);
            let book = Book::parse(&bytes).unwrap();
            // The identity (None) and every other symmetry of the board.
            let image_of = |s: Option<usize>, mask: u64| s.map_or(mask, |s| board.apply(s, mask));
            for s in std::iter::once(None).chain((0..board.symmetries()).map(Some)) {
                let image = image_of(s, drawn);
                let played = lookup_in(&book, &board, image).unwrap();
                assert_eq!(image & 1 << played, 0, "{w}x{h} symmetry {s:?}: an undrawn line");
                // Some symmetry sends the position to the key and the answer to the book's move.
                let sends =
                    |t: Option<usize>| image_of(t, image) == key && image_of(t, image | 1 << played) == key | 1 << m;
                assert!(
                    std::iter::once(None).chain((0..board.symmetries()).map(Some)).any(sends),
                    "{w}x{h} symmetry {s:?}: {played} is not the book's {m}"
                );
            }
            assert_eq!(lookup_in(&book, &board, drawn | 1 << 5), None);
        }
    }
}
