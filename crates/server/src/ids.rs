//! Secrets and names made by the server: device tokens (kept only as hashes), player ids and
//! invite codes. All come from the operating system's random source.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b
}

/// A new device token: 256 random bits, base64url.
pub fn new_token() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<32>())
}

/// What the store keeps of a token: its SHA-256, hex.
pub fn hash_token(token: &str) -> String {
    let d = Sha256::digest(token.as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// A player id: `p_` and 96 random bits.
pub fn new_player_id() -> String {
    format!("p_{}", URL_SAFE_NO_PAD.encode(random_bytes::<12>()))
}

/// Letters of invite codes: base32 without the look-alikes 0/O and 1/I/L.
const CODE_ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZa";

/// An invite code: 12 characters of a 32-letter alphabet = 60 random bits.
pub fn new_invite_code() -> String {
    let mut out = String::with_capacity(12);
    let bytes = random_bytes::<12>();
    for b in bytes {
        out.push(CODE_ALPHABET[(b & 31) as usize] as char);
    }
    out
}

/// `true` if `s` could be an invite code (checked before touching the store).
pub fn looks_like_code(s: &str) -> bool {
    s.len() == 12 && s.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A display name, trimmed; 1..=24 characters, no control characters.
pub fn clean_name(name: &str) -> Option<String> {
    let t = name.trim();
    let n = t.chars().count();
    ((1..=24).contains(&n) && !t.chars().any(char::is_control)).then(|| t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_codes_are_fresh() {
        let a = new_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, new_token());
        assert_eq!(hash_token(&a).len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
        let c = new_invite_code();
        assert!(looks_like_code(&c), "{c}");
        assert!(!looks_like_code("short"));
        assert!(!looks_like_code("000000000000"));
    }

    #[test]
    fn names() {
        assert_eq!(clean_name("  Ana "), Some("Ana".into()));
        assert_eq!(clean_name(""), None);
        assert_eq!(clean_name("a\u{0}b"), None);
        assert_eq!(clean_name(&"x".repeat(25)), None);
        assert_eq!(clean_name("<script>"), Some("<script>".into()));
    }
}
