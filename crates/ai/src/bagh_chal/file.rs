//! The table file: a header (magic, format version, target, a fingerprint of the board's
//! rule data), the slices' bytes (tigers to move, then goats to move, fewest goats first),
//! then a checksum over everything before it. The slices present follow from the target.

use std::io::{Read, Write};
use std::path::Path;

use rules::bagh_chal::GOATS;
use rules::bagh_chal::board::{NEIGHBOURS, POINTS, Point, jumps_from};

use super::index::SliceIndex;
use super::tables::{Slice, TableError, Tables};
use crate::checksum::Hasher;

/// Format version of table files; bump when the layout or the generator's meaning changes.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"QDANBTB\0";
/// Bytes of the header: magic, version, target, fingerprint.
const HEADER: usize = 8 + 4 + 1 + 8;

/// File name of the tables for `target` captures in a table directory.
pub fn file_name(target: u8) -> String {
    format!("bagh-chal-t{target}.qtb")
}

/// A fingerprint of the board's lines and jumps, so tables built for other rule data (a
/// changed rules crate) are never trusted.
fn fingerprint() -> u64 {
    let mut h = Hasher::new();
    for (p, lines) in NEIGHBOURS.iter().enumerate().take(POINTS) {
        h.word(lines.0);
        for j in jumps_from(Point(p as u8)) {
            h.word(u64::from(j.over.0) | u64::from(j.to.0) << 8);
        }
    }
    h.finish()
}

fn header(target: u8) -> [u8; HEADER] {
    let mut out = [0u8; HEADER];
    out[..8].copy_from_slice(MAGIC);
    out[8..12].copy_from_slice(&VERSION.to_le_bytes());
    out[12] = target;
    out[13..21].copy_from_slice(&fingerprint().to_le_bytes());
    out
}

impl Tables {
    /// Writes the tables (to a temporary name, renamed when complete).
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let tmp = path.with_extension("qtb.part");
        {
            let mut f = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
            let mut h = Hasher::new();
            let head = header(self.target);
            h.bytes(&head);
            f.write_all(&head)?;
            for g in self.min_goats()..=GOATS {
                let s = self.slice(g).expect("built tables hold every slice");
                for data in [&s.tigers, &s.goats] {
                    h.bytes(data);
                    f.write_all(data)?;
                }
            }
            f.write_all(&h.finish().to_le_bytes())?;
            f.flush()?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        std::fs::rename(&tmp, path)?;
        Ok(())
    }

    /// Reads tables for `target`, refusing a file of another version, target or rules, a
    /// damaged file and one whose checksum does not match.
    pub fn load(path: &Path, target: u8) -> Result<Tables, TableError> {
        let mut f = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
        let mut head = [0u8; HEADER];
        f.read_exact(&mut head).map_err(|_| TableError::Corrupt("truncated"))?;
        if &head[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(TableError::Version(version, VERSION));
        }
        if head != header(target) {
            return Err(TableError::Stale);
        }
        let mut t = Tables::empty(target)?;
        let mut h = Hasher::new();
        h.bytes(&head);
        for g in t.min_goats()..=GOATS {
            let index = SliceIndex::new(g);
            let mut tigers = vec![0u8; index.len() as usize];
            let mut goats = vec![0u8; index.len() as usize];
            f.read_exact(&mut tigers).map_err(|_| TableError::Corrupt("truncated"))?;
            f.read_exact(&mut goats).map_err(|_| TableError::Corrupt("truncated"))?;
            h.bytes(&tigers);
            h.bytes(&goats);
            t.insert(Slice { index, tigers, goats });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bagh_chal::Value;
    use rules::Mask;
    use rules::bagh_chal::{Position, Role};

    #[test]
    fn save_and_load_round_trip_and_damage_is_refused() {
        let dir = std::env::temp_dir().join(format!("qdan-bagh-chal-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(file_name(2));
        let t = Tables::build(2, |_| {}).unwrap();
        t.save(&path).unwrap();
        let back = Tables::load(&path, 2).unwrap();
        for g in 19..=20 {
            let (a, b) = (t.slice(g).unwrap(), back.slice(g).unwrap());
            assert!(a.tigers == b.tigers && a.goats == b.goats, "slice {g}");
        }
        // Twenty goats, b3 empty, the tigers on the corners to move: blocked, the goats win.
        let corners = Mask(1 | 1 << 4 | 1 << 20 | 1 << 24);
        let blocked = Position {
            tigers: corners,
            goats: Mask((1 << 25) - 1) & !corners & !Mask(1 << 11),
            in_hand: 0,
            captured: 0,
            turn: Role::Tigers,
        };
        assert_eq!(back.value(&blocked), Some(Value::Loss(0)));
        assert!(matches!(Tables::load(&path, 3), Err(TableError::Stale)));
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(Tables::load(&path, 2), Err(TableError::Corrupt("checksum"))));
        bytes.truncate(mid);
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(Tables::load(&path, 2), Err(TableError::Corrupt("truncated"))));
        std::fs::write(&path, b"not a table").unwrap();
        assert!(matches!(Tables::load(&path, 2), Err(TableError::Corrupt("truncated") | TableError::Magic)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
