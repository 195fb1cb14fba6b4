//! Secrets and names made by the server: device tokens (kept only as hashes), player ids, the
//! short tags that tell players of the same name apart, and invite codes. All come from the
//! operating system's random source.
//!
//! Invite codes are read aloud and typed on phones, so they use one case only: Crockford's
//! base32 (digits and capitals without I, L, O and U). [`normalize_code`] forgives what people
//! type: lower case, the look-alikes I and L for 1 and O for 0, and hyphens between groups.
//! Codes made before (a 32-letter alphabet with one lower-case letter, `a`) stay valid exactly
//! as they were stored.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use unicode_general_category::{GeneralCategory, get_general_category};

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

/// Crockford's base32: the letters of invite codes and player tags.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The letters of invite codes made before the codes became case-insensitive.
const OLD_CODE_ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZa";

/// The characters of an invite code.
pub const CODE_LEN: usize = 12;

/// An invite code: 12 Crockford letters = 60 random bits.
pub fn new_invite_code() -> String {
    random_bytes::<CODE_LEN>().iter().map(|b| CROCKFORD[(b & 31) as usize] as char).collect()
}

/// `true` if `s` is an invite code as stored, new or old (checked before touching the store).
pub fn looks_like_code(s: &str) -> bool {
    s.len() == CODE_LEN
        && (s.bytes().all(|b| CROCKFORD.contains(&b)) || s.bytes().all(|b| OLD_CODE_ALPHABET.contains(&b)))
}

/// The invite code someone meant by `typed`: upper case, I and L read as 1, O as 0, hyphens
/// and spaces dropped. `None` when it cannot be a code of today's alphabet.
pub fn normalize_code(typed: &str) -> Option<String> {
    let mut out = String::with_capacity(CODE_LEN);
    for c in typed.chars() {
        let c = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        };
        if !c.is_ascii() || !CROCKFORD.contains(&(c as u8)) || out.len() == CODE_LEN {
            return None;
        }
        out.push(c);
    }
    (out.len() == CODE_LEN).then_some(out)
}

/// The spellings an old code (with its one lower-case letter `a`) may have been stored under
/// when `typed` is the same code in another case: every choice of `A` or `a` where an A
/// stands. Empty when `typed` is not an old code in any case, or has more than four A's (a
/// guess that would cost more look-ups than it is worth).
pub fn old_code_spellings(typed: &str) -> Vec<String> {
    let upper = typed.to_ascii_uppercase();
    let old_upper = |b: u8| OLD_CODE_ALPHABET.contains(&b) || b == b'A';
    if upper.len() != CODE_LEN || !upper.bytes().all(old_upper) {
        return vec![];
    }
    let at: Vec<usize> = upper.bytes().enumerate().filter(|(_, b)| *b == b'A').map(|(i, _)| i).collect();
    if at.len() > 4 {
        return vec![];
    }
    (0..1u32 << at.len())
        .map(|mask| {
            let mut b = upper.clone().into_bytes();
            for (k, i) in at.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    b[*i] = b'a';
                }
            }
            String::from_utf8(b).expect("ASCII")
        })
        .filter(|s| s != typed)
        .collect()
}

/// A player's short public tag: four Crockford letters from a hash of the player id, shown
/// beside a name that two players share (the id itself stays out of sight).
pub fn player_tag(player_id: &str) -> String {
    let d = Sha256::digest(player_id.as_bytes());
    let bits = u32::from_be_bytes([d[0], d[1], d[2], d[3]]);
    (0..4).map(|i| CROCKFORD[((bits >> (27 - 5 * i)) & 31) as usize] as char).collect()
}

/// Why [`clean_name`] refused a name, as the API and the socket say it (`bad-field`).
pub const NAME_RULE: &str = concat!(
    "a name has 1 to 24 characters, something that shows, and no control, private-use, format, ",
    "separator or invisible characters"
);

/// A display name, trimmed; 1..=24 characters, and refused (`None`) when it has
/// - a control character;
/// - a private-use character, in any plane (U+E000..U+F8FF and planes 15 and 16): those draw
///   as empty boxes, and one of them marks a default name (`wire::names`);
/// - a line or paragraph separator (U+2028, U+2029): Chromium draws nothing for it in a seat
///   list, so `Ana\u{2028}Bee` passes for another player's `AnaBee`;
/// - a format character (general category Cf): bidi overrides and isolates (U+202A..U+202E,
///   U+2066..U+2069) reverse the text around a name on every page that shows it, and the
///   zero-width ones (U+200B..U+200D, U+2060, U+FEFF, tags) make two names that look the same
///   differ. A joiner that some emoji sequences and Devanagari spellings use is refused with
///   them: a name reads the same without it;
/// - an invisible selector ([`invisible_selector`]): a variation selector after a letter, the
///   combining grapheme joiner, a Mongolian free variation selector. They draw nothing, and
///   neither page nor leaderboard tells `Ana\u{FE00}` from `Ana`;
/// - nothing that shows: only spaces, combining marks and characters that draw as blanks
///   ([`draws_blank`]), such as a Hangul filler.
pub fn clean_name(name: &str) -> Option<String> {
    let t = name.trim();
    let n = t.chars().count();
    let refused = t.chars().any(|c| {
        c.is_control()
            || matches!(
                get_general_category(c),
                GeneralCategory::PrivateUse
                    | GeneralCategory::Format
                    | GeneralCategory::LineSeparator
                    | GeneralCategory::ParagraphSeparator
            )
    });
    let chars: Vec<char> = t.chars().collect();
    let hidden = (0..chars.len()).any(|i| invisible_selector(&chars, i));
    let blank = t.chars().all(draws_blank);
    ((1..=24).contains(&n) && !refused && !hidden && !blank).then(|| t.to_string())
}

/// Whether `chars[i]` changes nothing a reader sees: the combining grapheme joiner, a Mongolian
/// free variation selector, or a variation selector (U+FE00..U+FE0F, U+E0100..U+E01EF). The
/// two that choose how an emoji is drawn (U+FE0E text, U+FE0F emoji) are kept after a symbol
/// (`❤\u{FE0F}`, as phone keyboards type it) and in a keycap (`1\u{FE0F}\u{20E3}`): there
/// they show. An ideographic variation sequence is refused with the rest; a name reads the same
/// without it.
fn invisible_selector(chars: &[char], i: usize) -> bool {
    let c = chars[i];
    let selector = matches!(c, '\u{034F}' | '\u{180B}'..='\u{180D}' | '\u{180F}' | '\u{FE00}'..='\u{FE0F}')
        || ('\u{E0100}'..='\u{E01EF}').contains(&c);
    if !selector {
        return false;
    }
    let prev = i.checked_sub(1).map(|j| chars[j]);
    let after_symbol = prev.is_some_and(|p| {
        matches!(
            get_general_category(p),
            GeneralCategory::OtherSymbol | GeneralCategory::MathSymbol | GeneralCategory::ModifierSymbol
        )
    });
    let keycap =
        prev.is_some_and(|p| p.is_ascii_digit() || p == '#' || p == '*') && chars.get(i + 1) == Some(&'\u{20E3}');
    let presentation = matches!(c, '\u{FE0E}' | '\u{FE0F}');
    !(presentation && (after_symbol || keycap))
}

/// Whether `c` draws nothing of its own: white space, a combining mark with no letter under
/// it (variation selectors among them), or a letter or symbol that is drawn blank on purpose.
fn draws_blank(c: char) -> bool {
    // Hangul choseong and jungseong fillers, the Hangul filler and its halfwidth form, the
    // blank Braille pattern, the combining grapheme joiner: the blanks used to fake an
    // empty name where spaces are trimmed.
    const BLANKS: [char; 6] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}', '\u{034F}'];
    c.is_whitespace()
        || BLANKS.contains(&c)
        || matches!(get_general_category(c), GeneralCategory::Format | GeneralCategory::NonspacingMark)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_selectors_are_refused_emoji_ones_kept() {
        for bad in ["Ana\u{FE00}", "Ana\u{FE0F}", "A\u{034F}na", "Ana\u{E0100}", "Ana\u{180B}", "1\u{FE0F}"] {
            assert_eq!(clean_name(bad), None, "{bad:?}");
        }
        for good in ["\u{2764}\u{FE0F}Ana", "Ana \u{263A}\u{FE0F}", "1\u{FE0F}\u{20E3}", "\u{2764}\u{FE0E}", "Ana"] {
            assert_eq!(clean_name(good).as_deref(), Some(good), "{good:?}");
        }
    }

    #[test]
    fn tokens_and_codes_are_fresh() {
        let a = new_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, new_token());
        assert_eq!(hash_token(&a).len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
        let c = new_invite_code();
        assert!(looks_like_code(&c), "{c}");
        assert_ne!(c, new_invite_code());
        assert!(!looks_like_code("short"));
        assert!(!looks_like_code("ZZZZZZZZZZZz"));
    }

    #[test]
    fn codes_have_one_case_and_no_look_alikes() {
        for _ in 0..200 {
            let c = new_invite_code();
            assert!(c.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()), "{c}");
            assert!(!c.contains(['I', 'L', 'O', 'U']), "{c}");
            assert_eq!(normalize_code(&c).as_deref(), Some(c.as_str()));
            assert_eq!(normalize_code(&c.to_ascii_lowercase()).as_deref(), Some(c.as_str()));
        }
    }

    #[test]
    fn typed_codes_are_forgiven() {
        assert_eq!(normalize_code("k3j9-qw2m-7xab").as_deref(), Some("K3J9QW2M7XAB"));
        assert_eq!(normalize_code("Oil0 oIl0 Oil0").as_deref(), Some("011001100110"));
        assert_eq!(normalize_code("K3J9QW2M7XA"), None, "too short");
        assert_eq!(normalize_code("K3J9QW2M7XABC"), None, "too long");
        assert_eq!(normalize_code("K3J9QW2M7XAU"), None, "U is not a letter of the codes");
        assert_eq!(normalize_code("K3J9QW2M7XA!"), None);
        assert_eq!(normalize_code("K3J9QW2M7XAé"), None);
    }

    #[test]
    fn old_codes_in_another_case() {
        // Stored as `K3J9QW2MaXAB`; typed in capitals.
        let s = old_code_spellings("K3J9QW2MAXAB");
        assert!(s.contains(&"K3J9QW2MaXAB".to_string()), "{s:?}");
        assert_eq!(s.len(), 3, "two A's: four spellings, less the one typed");
        assert!(old_code_spellings("K3J9QW2M0XAB").is_empty(), "0 is not an old letter");
        assert!(old_code_spellings("AAAAAAAAAAAA").is_empty(), "too many guesses");
        assert!(looks_like_code("K3J9QW2MaXAB"));
    }

    #[test]
    fn tags_are_stable_and_short() {
        let t = player_tag("p_abc");
        assert_eq!(t, player_tag("p_abc"));
        assert_eq!(t.len(), 4);
        assert!(t.bytes().all(|b| CROCKFORD.contains(&b)));
        assert_ne!(player_tag("p_abc"), player_tag("p_abd"));
    }

    #[test]
    fn names() {
        assert_eq!(clean_name("  Ana "), Some("Ana".into()));
        assert_eq!(clean_name(""), None);
        assert_eq!(clean_name("a\u{0}b"), None);
        assert_eq!(clean_name(&"x".repeat(25)), None);
        assert_eq!(clean_name("<script>"), Some("<script>".into()));
        for bad in ["\u{202E}evil", "a\u{2067}b", "An\u{200D}a", "\u{FEFF}x", "\u{3164}", "\u{2800} \u{FE0F}"] {
            assert_eq!(clean_name(bad), None, "{bad:?}");
        }
        for good in ["Ана", "राम", "José", "李雷", "Ana\u{3164}Bo", "🙂"] {
            assert_eq!(clean_name(good).as_deref(), Some(good), "{good:?}");
        }
    }
}
