//! Default names. A player who has not chosen a name is called "Player 4821" in English,
//! "Игрок 4821" in Russian: the name travels as [`DEFAULT_NAME_MARK`] and the number, and each
//! page shows it in its viewer's language (the message `player-default-name`), so a guest made
//! on a German page is not "Gast 4821" to an English visitor. A typed name never looks like
//! one: the server refuses private-use characters in names.

/// The first character of a default name (one of Unicode's private-use characters).
pub const DEFAULT_NAME_MARK: char = '\u{E000}';

/// The default name with `number`.
pub fn default_name(number: u16) -> String {
    format!("{DEFAULT_NAME_MARK}{number}")
}

/// The number of a default name, or `None` for a chosen one.
pub fn default_name_number(name: &str) -> Option<&str> {
    name.strip_prefix(DEFAULT_NAME_MARK).filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names_carry_their_number_and_chosen_ones_none() {
        assert_eq!(default_name_number(&default_name(4821)), Some("4821"));
        assert_eq!(default_name_number("Player 4821"), None);
        assert_eq!(default_name_number("4821"), None);
        assert_eq!(default_name_number("\u{E000}"), None);
    }
}
