//! Numbers in position texts, move texts and rule tags: decimal digits only. Rust's integer
//! parsing also takes a leading `+`, which no text of ours writes and which an independent
//! reader of `docs/notation.md` would refuse.

use std::str::FromStr;

/// `s` as a number when it is one or more ASCII digits (leading zeros allowed), else `None`.
pub(crate) fn digits<T: FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The comma-separated entries of a point list: none for an empty list, and an empty entry
/// (`a1,,a2`, a trailing comma) kept so that the caller refuses it.
pub(crate) fn list(s: &str) -> impl Iterator<Item = &str> {
    s.split(',').filter(move |_| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_digits_make_a_number() {
        assert_eq!(digits::<u16>("017"), Some(17));
        assert_eq!(digits::<u16>("0"), Some(0));
        for bad in ["", "+5", "-5", " 5", "5 ", "5.0", "٣", "70000"] {
            assert_eq!(digits::<u16>(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn an_empty_entry_is_kept_for_the_caller_to_refuse() {
        assert_eq!(list("").count(), 0);
        assert_eq!(list("a1,b2").collect::<Vec<_>>(), ["a1", "b2"]);
        assert_eq!(list("a1,,b2").collect::<Vec<_>>(), ["a1", "", "b2"]);
        assert_eq!(list(",").collect::<Vec<_>>(), ["", ""]);
    }
}
