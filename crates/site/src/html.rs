//! Small helpers every page uses: escaping and the message ids of the games' names.

use rules::GameKind;

use crate::games::BoardShape;

/// Escapes text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element.
pub fn script_json(v: &serde_json::Value) -> String {
    v.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The message id of a game's name.
pub fn game_name_id(g: GameKind) -> String {
    format!("game-{}", g.as_str())
}

/// The message id of a game's one-line summary.
pub fn game_summary_id(g: GameKind) -> String {
    format!("game-{}-summary", g.as_str())
}

/// A player's name as `m`'s reader sees it: a default name in their language ("Player 4821"),
/// a chosen one as typed (`wire::names`).
pub fn shown_name(m: &crate::i18n::Messages, name: &str) -> String {
    match wire::names::default_name_number(name) {
        Some(n) => m.t_args("player-default-name", &[("number", crate::i18n::Arg::Str(n.to_string()))]),
        None => name.to_string(),
    }
}

/// The style attribute that reserves a board's space before the client draws it.
pub(crate) fn reserve(shape: BoardShape) -> String {
    format!(" style=\"--board-ratio: {} / {}\"", shape.width, shape.height)
}
