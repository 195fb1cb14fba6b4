//! The pages after the game: a finished game's replay with its review, the device's own
//! games, a player's public games and the analysis board. The server renders their frames
//! (headings, controls, empty lists); the client fills them from `/api/games/...`,
//! `/api/me/games`, `/api/players/.../games` and `/api/analysis` (`web/review/`). Like the
//! other pages they hold their final layout: the board's space is reserved (the analysis
//! board's from its default rules, a replay's from its group's latest game), and the parts the
//! client fills keep their place (`web/style.css`, "space kept").

use rules::{AnyOptions, GameKind};

use crate::config::TableFacts;
use crate::games::BoardShape;
use crate::html::reserve;
use crate::html::{esc, game_name_id};
use crate::i18n::{Arg, Messages};

/// A step button's picture: drawn, because the media-control characters (U+23EE, U+23ED) are
/// missing from many phones' fonts.
fn icon(path: &str) -> String {
    format!(
        r#"<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="{path}" fill="currentColor"/></svg>"#
    )
}

/// The step controls under a replayed board: first, back, forward, last.
fn steps(m: &Messages) -> String {
    let b = |id: &str, msg: &str, icon: &str| {
        format!(
            r#"<button type="button" class="btn step" id="{id}" aria-label="{label}" title="{label}">{icon}</button>"#,
            label = esc(&m.t(msg))
        )
    };
    format!(
        r#"<div class="steps" role="group" aria-label="{label}">{}{}<output id="step-ply" class="step-ply" aria-live="polite"></output>{}{}</div>"#,
        b("step-first", "review-step-first", &icon("M6 5h2v14H6zM19 5v14L9 12z")),
        b("step-prev", "review-step-prev", &icon("M17 5v14L6 12z")),
        b("step-next", "review-step-next", &icon("M7 5v14l11-7z")),
        b("step-last", "review-step-last", &icon("M16 5h2v14h-2zM5 5v14l10-7z")),
        label = esc(&m.t("review-steps-label")),
    )
}

/// The chart and the list of turning points (filled by the client).
fn chart_panel(m: &Messages) -> String {
    format!(
        r#"<section class="review" id="review" aria-labelledby="review-title"><h2 id="review-title">{h}</h2><p class="muted" id="review-status">{pending}</p><div class="chart" id="chart"></div><ol class="turning" id="turning"></ol><div class="turn-show" id="turn-show" hidden></div></section>"#,
        h = esc(&m.t("review-heading")),
        pending = esc(&m.t("review-pending")),
    )
}

/// `/{lang}/g/{code}/{n}`: a finished game, stepped through, with its review. With the facts of
/// the group's table (its latest game: the one a replay link usually names), the heading is the
/// client's and the board's space is reserved.
pub fn replay(m: &Messages, code: &str, n: u32, table: Option<TableFacts>) -> String {
    let (title, game, board) = match table {
        Some(t) => (
            m.t_args(
                "review-replay-heading",
                &[("game", Arg::Str(m.t(&game_name_id(t.game())))), ("number", Arg::Num(n as f64))],
            ),
            format!(" {}", t.game().as_str()),
            reserve(BoardShape::of(&t.options)),
        ),
        None => (m.t_args("review-replay-title", &[("number", Arg::Num(n as f64))]), String::new(), String::new()),
    };
    format!(
        r#"<div class="replay" id="replay">
<div class="board-area"><h1 id="replay-heading">{title}</h1><p class="players" id="replay-players"></p><div id="board" class="board{game}"{board}></div>{steps}<p class="move-said" id="move-said" aria-live="polite"></p></div>
<aside class="panel" id="panel">
<p class="result" id="replay-result"></p>
<p class="muted" id="replay-rules"></p>
{chart}
<p class="row"><a class="btn" id="analyse-here" href="/{l}/games/musashi/analysis">{analyse}</a><a class="btn" id="download" download>{download}</a><a class="btn" href="/{l}/g/{code}">{group}</a></p>
</aside>
</div>"#,
        title = esc(&title),
        steps = steps(m),
        chart = chart_panel(m),
        l = m.lang.code(),
        code = esc(code),
        analyse = esc(&m.t("review-analyse-here")),
        download = esc(&m.t("review-download")),
        group = esc(&m.t("review-back-to-group")),
    )
}

/// The table of a list of games (filled by the client).
fn games_table(m: &Messages) -> String {
    format!(
        r#"<table class="games" id="games"><thead><tr><th scope="col">{game}</th><th scope="col">{opponent}</th><th scope="col">{result}</th><th scope="col">{date}</th><th scope="col"><span class="sr-only">{replay}</span></th></tr></thead><tbody><tr><td colspan="5" class="muted">{loading}</td></tr></tbody></table>"#,
        game = esc(&m.t("review-col-game")),
        opponent = esc(&m.t("review-col-opponent")),
        result = esc(&m.t("review-col-result")),
        date = esc(&m.t("review-col-date")),
        replay = esc(&m.t("review-col-replay")),
        loading = esc(&m.t("group-loading")),
    )
}

/// `/{lang}/my-games`: this device's games in progress, then its recent finished games.
pub fn my_games(m: &Messages) -> String {
    format!(
        r#"<h1>{h}</h1>{playing}<p class="lead">{intro}</p>{table}"#,
        h = esc(&m.t("review-my-games-title")),
        playing = crate::pages::playing(m, true),
        intro = esc(&m.t("review-my-games-intro")),
        table = games_table(m),
    )
}

/// `/{lang}/players/{id}`: a player's ranked games.
pub fn player(m: &Messages) -> String {
    format!(
        r#"<h1 id="player-heading">{h}</h1><p class="lead">{intro}</p>{table}"#,
        h = esc(&m.t("review-player-title")),
        intro = esc(&m.t("review-player-intro")),
        table = games_table(m),
    )
}

/// `/{lang}/games/{game}/analysis`: the analysis board, its space reserved for the board of the
/// default rules (`web/analysis.js` starts from them unless the address names others). What is
/// analysed comes first (the rules, a record to import), what the server answers after it: the
/// list of moves, as long as the position has moves, ends the panel and moves nothing below it.
pub fn analysis(m: &Messages, g: GameKind) -> String {
    let id = g.as_str();
    format!(
        r#"<div class="analysis" data-game="{id}">
<div class="board-area"><h1>{title}</h1><div id="board" class="board {id}"{board}></div><div class="row" id="analysis-tools"></div>{steps}</div>
<aside class="panel" id="panel">
<form class="analysis-rules" id="analysis-rules"></form>
<details class="import" id="import"><summary>{import}</summary><label for="import-text">{import_label}</label><textarea id="import-text" rows="6" spellcheck="false"></textarea><p class="row"><button type="button" class="btn" id="import-go">{import_go}</button><input type="file" id="import-file" accept=".txt,text/plain"></p><p class="error" id="import-error" role="alert" hidden></p></details>
<section aria-labelledby="value-heading"><h2 id="value-heading">{value}</h2><p class="value" id="position-value" aria-live="polite"></p></section>
<section aria-labelledby="moves-heading"><h2 id="moves-heading">{moves}</h2><ol class="move-values" id="move-values"></ol></section>
</aside>
</div>"#,
        title = esc(&m.t_args("review-analysis-title", &[("game", Arg::Str(m.t(&game_name_id(g))))])),
        board = reserve(BoardShape::of(&AnyOptions::default_for(g))),
        steps = steps(m),
        value = esc(&m.t("review-analysis-value")),
        moves = esc(&m.t("review-analysis-moves")),
        import = esc(&m.t("review-import")),
        import_label = esc(&m.t("review-import-label")),
        import_go = esc(&m.t("review-import-go")),
    )
}
