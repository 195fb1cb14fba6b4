//! The text record of a game: a header of tags (the rules it was played under, and whatever
//! else is worth keeping: names, result, date, link), then its moves. `docs/notation.md`
//! describes the format; [`Record`] writes it ([`std::fmt::Display`]) and reads it back
//! ([`std::str::FromStr`]), checking every move with the rules.
//!
//! ```
//! use rules::record::Record;
//!
//! let text = "[Game \"dots\"]\n[Size \"3x3\"]\n[First \"Ana\"]\n\n1. a1-b1 2. a1-a2\n";
//! let r: Record = text.parse().unwrap();
//! assert_eq!(r.moves, ["0", "12"]);
//! assert!(r.to_string().ends_with("1. a1-b1 2. a1-a2\n"));
//! assert_eq!(r.tag("First"), Some("Ana"));
//! assert_eq!(r.to_string().parse::<Record>().unwrap(), r);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::registry::{AnyGame, AnyOptions, GameKind};

/// A game as its text record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The rules of the game. Settings of a group that do not change a game (swapping sides
    /// on a rematch, showing endangered Children) are not part of a record: they keep their
    /// defaults.
    pub options: AnyOptions,
    /// The moves, oldest first, in the protocol's text (`c3-d4`, `17`); the written record
    /// names a Dots line by its dots instead (`b2-c2`, [`dots::notation`]).
    pub moves: Vec<String>,
    /// Every other tag, in order: `(name, value)`.
    pub tags: Vec<(String, String)>,
}

/// Whether tag `name` carries rules (`Game`, or a rule tag of any game); every other tag is
/// kept as it is.
fn is_rule_tag(name: &str) -> bool {
    name == "Game" || GameKind::ALL.iter().any(|k| k.rule_tags().contains(&name))
}

/// Why a text is not a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A header line that is not `[Name "value"]`.
    #[error("line {line}: a tag is written [Name \"value\"]")]
    BadTag { line: usize },
    /// A rule tag with a value the game does not have.
    #[error("tag {tag}: {reason}")]
    BadRule { tag: String, reason: String },
    /// No `Game` tag.
    #[error("the record does not say which game it is ([Game \"musashi\"], [Game \"dots\"] or [Game \"bagh-chal\"])")]
    NoGame,
    /// A rule tag of another game than the `Game` tag names: the record is ambiguous.
    #[error("tag {tag} is not a rule of {game}")]
    OtherGamesRule { tag: String, game: String },
    /// A move that does not parse or is against the rules (numbered from 1).
    #[error("move {number} ({text:?}) is not legal: {reason}")]
    BadMove { number: usize, text: String, reason: String },
}

impl RecordError {
    /// The move number of a bad move.
    pub fn move_number(&self) -> Option<usize> {
        match self {
            RecordError::BadMove { number, .. } => Some(*number),
            _ => None,
        }
    }
}

impl Record {
    /// A record of `moves` under `options` (their group-only settings reset), checked with the
    /// rules; the moves come back in canonical text.
    pub fn new(options: AnyOptions, moves: &[String], tags: Vec<(String, String)>) -> Result<Record, RecordError> {
        let options = options.game_rules();
        let mut game = AnyGame::new(options);
        let mut canonical = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let bad = |reason: String| RecordError::BadMove { number: i + 1, text: text.clone(), reason };
            let side = game.turn();
            if game.outcome().is_some() {
                return Err(bad("the game was already over".into()));
            }
            canonical.push(game.play(side, text.trim()).map_err(|e| bad(e.to_string()))?);
        }
        Ok(Record { options, moves: canonical, tags })
    }

    /// The value of tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The game after every move.
    pub fn game(&self) -> AnyGame {
        let mut game = AnyGame::new(self.options);
        for m in &self.moves {
            let side = game.turn();
            game.play(side, m).expect("a record's moves were checked");
        }
        game
    }
}

fn quote(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('"');
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            // A tag is one line.
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Game \"{}\"]", self.options.kind().as_str())?;
        for (name, value) in self.options.rule_tags() {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        for (name, value) in &self.tags {
            writeln!(f, "[{name} {}]", quote(value))?;
        }
        writeln!(f)?;
        // A number before each turn: a Musashi pair of moves from the first mover's, a Dots
        // turn with the extra lines its boxes earned.
        let mut game = AnyGame::new(self.options);
        let mut line = String::new();
        let mut turn_no = 0;
        let mut last_turn = None;
        for (i, m) in self.moves.iter().enumerate() {
            let side = game.turn();
            if self.options.starts_turn(i, side, last_turn) {
                turn_no += 1;
                if line.len() > 72 {
                    writeln!(f, "{}", line.trim_end())?;
                    line.clear();
                }
                line.push_str(&format!("{turn_no}. "));
            }
            line.push_str(&self.options.record_move(m).ok_or(fmt::Error)?);
            line.push(' ');
            last_turn = Some(side);
            game.play(side, m).map_err(|_| fmt::Error)?;
        }
        if !line.is_empty() {
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// Reads `[Name "value"]`.
fn tag_line(line: &str, n: usize) -> Result<(String, String), RecordError> {
    let bad = || RecordError::BadTag { line: n };
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let rest = rest.trim();
    let body = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')).ok_or_else(bad)?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

fn rule<T: FromStr<Err = String>>(tag: &str, v: &str) -> Result<T, RecordError> {
    v.parse().map_err(|reason| RecordError::BadRule { tag: tag.into(), reason })
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut tags = Vec::new();
        let mut rules: Vec<(String, String)> = Vec::new();
        let mut moves = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with('[') {
                let (name, value) = tag_line(line, i + 1)?;
                if is_rule_tag(&name) {
                    rules.push((name, value));
                } else {
                    tags.push((name, value));
                }
                continue;
            }
            // Move numbers (`12.`) are for people; the moves are the other words.
            moves.extend(
                line.split_whitespace()
                    .filter(|w| !(w.ends_with('.') && w[..w.len() - 1].chars().all(|c| c.is_ascii_digit())))
                    .map(str::to_string),
            );
        }
        let get = |name: &str| rules.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let kind: GameKind = rule("Game", get("Game").ok_or(RecordError::NoGame)?)?;
        // A rule tag of another game makes the record ambiguous.
        if let Some((n, _)) = rules.iter().find(|(n, _)| n != "Game" && !kind.rule_tags().contains(&n.as_str())) {
            return Err(RecordError::OtherGamesRule { tag: n.clone(), game: kind.as_str().into() });
        }
        let options = AnyOptions::from_rule_tags(kind, &rules)
            .map_err(|(tag, reason)| RecordError::BadRule { tag: tag.into(), reason })?;
        // A move may be written another way than the protocol's text (a Dots line by its
        // dots, `b2-c2`; the protocol's number, `6`, which older records used, still reads).
        for m in &mut moves {
            if let Some(text) = options.read_record_move(m) {
                *m = text;
            }
        }
        Record::new(options, &moves, tags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{dots, musashi};

    #[test]
    fn a_musashi_record_reads_back() {
        let o = musashi::Options { board: musashi::BoardKind::Square25, ..Default::default() };
        let moves: Vec<String> = ["c3-d4", "e1-d2", "d4-c3"].map(String::from).to_vec();
        let tags = vec![("Parent".to_string(), "Ana \"the fox\"".to_string()), ("Result".into(), "children".into())];
        let r = Record::new(AnyOptions::Musashi(o), &moves, tags).unwrap();
        let text = r.to_string();
        assert!(text.contains("[Board \"25\"]") && text.contains("1. c3-d4 e1-d2 2. d4-c3"), "{text}");
        assert_eq!(text.parse::<Record>().unwrap(), r);
    }

    /// The walk of December 2026: a Dots record listed bare line numbers while the replay
    /// named lines by their dots; both now write `b2-c2`.
    #[test]
    fn a_dots_record_names_lines_by_their_dots_and_reads_back() {
        let o = dots::Options { size: dots::Size::new(5, 4).unwrap(), ..Default::default() };
        let moves: Vec<String> = ["0", "6", "25", "32"].map(String::from).to_vec();
        let r = Record::new(AnyOptions::Dots(o), &moves, vec![]).unwrap();
        let text = r.to_string();
        assert!(text.ends_with("1. a1-b1 2. b2-c2 3. a1-a2 4. b2-b3\n"), "{text}");
        assert_eq!(text.parse::<Record>().unwrap(), r);
        // Numbers, as records were written before, and dots in either order still read.
        let old = "[Game \"dots\"]\n[Size \"5x4\"]\n\n1. 0 2. c2-b2 3. 25 4. b3-b2\n";
        assert_eq!(old.parse::<Record>().unwrap(), r);
        let e = "[Game \"dots\"]\n[Size \"5x4\"]\n\na1-c1".parse::<Record>().unwrap_err();
        assert_eq!(e.move_number(), Some(1), "{e}");
    }

    #[test]
    fn bad_records_say_why() {
        let e = "[Game \"musashi\"]\n\nc3-d4 c3-d5".parse::<Record>().unwrap_err();
        assert_eq!(e.move_number(), Some(2), "{e}");
        assert!(e.to_string().contains("c3-d5"));
        assert_eq!("1. c3-d4".parse::<Record>().unwrap_err(), RecordError::NoGame);
        assert!(matches!("[Game \"dots\"]\n[Size \"9x9\"]".parse::<Record>(), Err(RecordError::BadRule { .. })));
        assert!(matches!("[Game musashi]".parse::<Record>(), Err(RecordError::BadTag { line: 1 })));
        assert_eq!(
            "[Game \"dots\"]\n[Board \"33\"]".parse::<Record>().unwrap_err(),
            RecordError::OtherGamesRule { tag: "Board".into(), game: "dots".into() }
        );
        assert_eq!(
            "[Game \"bagh-chal\"]\n[Limit \"100\"]".parse::<Record>().unwrap_err().to_string(),
            "tag Limit is not a rule of bagh-chal"
        );
    }
}
