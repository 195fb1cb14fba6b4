//! The HTML pages: one shell with a real `lang`, a localised title, header, language switcher
//! and footer, around a body per page. Dynamic parts (the table's board and panel, the lesson's
//! board, the leaderboard) are drawn by the client from the same locale's messages, which the
//! page carries inline; the server's HTML already holds their final layout (pictures drawn in,
//! space reserved for boards, the lesson's first step written out), so nothing moves as they
//! fill in.

use rules::GameKind;
use serde_json::json;

use crate::assets;
use crate::config::{LeaderRow, LessonFacts, SiteSettings, TableFacts};
use crate::games::BoardShape;
use crate::html::{esc, game_name_id, game_summary_id, reserve, script_json};
use crate::i18n::{Arg, Lang, Messages, client_messages_url, messages};
use crate::page::{Extras, Page};

/// Renders `page` in `lang` as a complete HTML document, with absolute links under the
/// settings' public URL.
pub fn render(lang: Lang, page: &Page, extras: &Extras, settings: &SiteSettings) -> String {
    let m = messages(lang);
    let l = lang.code();
    let site = m.t("site-name");
    let (title, body) = match page {
        Page::Home => (format!("{site} · {}", m.t("home-title")), home(m)),
        Page::Game(g) => (format!("{} · {site}", m.t(&game_name_id(*g))), game(m, *g)),
        Page::Learn(g) => (
            format!("{} · {site}", m.t_args("learn-title", &[("game", Arg::Str(m.t(&game_name_id(*g))))])),
            learn(m, *g, extras.lesson.as_deref()),
        ),
        Page::Rules(g) => {
            (format!("{} · {site}", crate::rules_page::title(m, *g)), crate::rules_page::body(m, *g, settings))
        }
        Page::Group(code) => (
            format!("{} · {site}", m.t_args("group-title", &[("code", Arg::Str(code.clone()))])),
            group(m, extras.table),
        ),
        Page::Leaderboard => (format!("{} · {site}", m.t("leaderboard-title")), leaderboard(m, &extras.leaderboard)),
        Page::Replay(code, n) => (
            format!("{} · {site}", m.t_args("review-replay-title", &[("number", Arg::Num(*n as f64))])),
            crate::review_pages::replay(m, code, *n, extras.table),
        ),
        Page::MyGames => (format!("{} · {site}", m.t("review-my-games-title")), crate::review_pages::my_games(m)),
        Page::Player(_) => (format!("{} · {site}", m.t("review-player-title")), crate::review_pages::player(m)),
        Page::Analysis(g) => (
            format!("{} · {site}", m.t_args("review-analysis-title", &[("game", Arg::Str(m.t(&game_name_id(*g))))])),
            crate::review_pages::analysis(m, *g),
        ),
        Page::NotFound => (format!("{} · {site}", m.t("not-found-title")), not_found(m)),
        Page::GroupMissing => (format!("{} · {site}", m.t("group-missing-title")), group_missing(m)),
        Page::GameMissing(code) => (format!("{} · {site}", m.t("game-missing-title")), game_missing(m, code)),
        Page::PlayerMissing => (format!("{} · {site}", m.t("player-missing-title")), player_missing(m)),
    };
    let head = crate::head::render(m, page, extras, &settings.public_url, &title);
    let path = page.path();
    let mut switcher = String::new();
    for other in Lang::ALL {
        let o = other.code();
        let current = if other == lang { " aria-current=\"true\"" } else { "" };
        switcher.push_str(&format!(
            "<li><a href=\"/{o}{}\" hreflang=\"{o}\" lang=\"{o}\" data-lang=\"{o}\"{current}>{}</a></li>",
            esc(&path),
            other.autonym()
        ));
    }
    let mut data = json!({
        "lang": l,
        "page": page.kind(),
        "game": match page { Page::Game(g) | Page::Learn(g) | Page::Rules(g) | Page::Analysis(g) => Some(g.as_str()), _ => None },
        "code": match page { Page::Group(c) | Page::Replay(c, _) => Some(c.as_str()), _ => None },
        "gameNo": match page { Page::Replay(_, n) => Some(*n), _ => None },
        "playerId": match page { Page::Player(id) => Some(id.as_str()), _ => None },
        // The messages the client formats with: a file cached once per locale, not a copy in
        // every page (the head preloads it).
        "messages": client_messages_url(lang),
    });
    if let Page::Game(g) = page {
        // The game's local rules, as `GET /api/options/GAME` answers: the page offers a game
        // against the CPU on the device with them when there is no network (web/offline/).
        data["options"] = serde_json::to_value(wire::option_specs(*g)).expect("option specs serialise");
    }
    if let (Page::Learn(_), Some(lesson)) = (page, &extras.lesson) {
        // The client starts the lesson from these instead of asking for them.
        data["lesson"] = lesson.steps.clone();
    }
    format!(
        r##"<!doctype html>
<html lang="{l}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{head}</head>
<body data-page="{kind}">
<a class="skip" href="#main">{skip}</a>
<header class="top">
<a class="brand" href="/{l}/"><img src="{icon}" alt="" width="28" height="28"><span>{site}</span></a>
<nav class="main-nav" aria-label="{nav_label}"><a href="/{l}/">{nav_games}</a><a href="/{l}/leaderboard">{nav_board}</a><a href="/{l}/my-games">{nav_mine}</a></nav>
<details class="langs"><summary><span class="sr-only">{nav_lang}: </span><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" fill="none" stroke="currentColor" stroke-width="1.6"/></svg><span class="lang-name">{autonym}</span><span class="lang-code" aria-hidden="true">{code_upper}</span></summary><ul>{switcher}</ul></details>
</header>
<main id="main">
{body}
</main>
<footer class="foot"><p>{footer}</p></footer>
<div id="live" class="sr-only" aria-live="polite" aria-atomic="true"></div>
<script id="qdan-data" type="application/json">{data}</script>
</body>
</html>
"##,
        kind = page.kind(),
        icon = assets::url("icon.svg"),
        skip = esc(&m.t("skip-to-content")),
        site = esc(&site),
        nav_label = esc(&m.t("nav-label")),
        nav_games = esc(&m.t("nav-games")),
        nav_board = esc(&m.t("nav-leaderboard")),
        nav_mine = esc(&m.t("review-nav-my-games")),
        nav_lang = esc(&m.t("nav-language")),
        autonym = lang.autonym(),
        code_upper = l.to_uppercase(),
        footer = esc(&m.t("footer-text")),
        data = script_json(&data),
    )
}

/// A game's picture for its cards: the start of a Musashi game, a few moves of Dots, drawn by
/// the board code into `web/diagrams/` (`scripts/diagrams.mjs`) and inlined, so the card has its
/// final size and look before any script runs.
fn thumb(g: GameKind) -> String {
    let svg = &assets::all()[crate::games::thumb(g)].data;
    String::from_utf8_lossy(svg).trim_end().to_string()
}

fn home(m: &Messages) -> String {
    format!(
        r#"<section class="hero"><h1>{h}</h1><p>{intro}</p></section>
{playing}
{cards}"#,
        h = esc(&m.t("home-heading")),
        intro = esc(&m.t("home-intro")),
        playing = playing(m, false),
        cards = game_cards(m),
    )
}

/// The player's games in progress, filled by `web/playing.js` from `GET /api/me/playing` (the
/// device token is in the browser only). The home page keeps it hidden unless there are games,
/// so a visitor's page never moves; "Your games" (`always`) shows it, saying when it is empty.
pub(crate) fn playing(m: &Messages, always: bool) -> String {
    format!(
        r#"<section class="playing" id="playing" aria-labelledby="playing-title" data-always="{always}"{hidden}><h2 id="playing-title">{h}</h2><ul class="playing-list" id="playing-list">{loading}</ul></section>"#,
        hidden = if always { "" } else { " hidden" },
        h = esc(&m.t("playing-heading")),
        loading =
            if always { format!(r#"<li class="muted">{}</li>"#, esc(&m.t("group-loading"))) } else { String::new() },
    )
}

/// A card per game: its picture, name, summary and a button to its page.
fn game_cards(m: &Messages) -> String {
    let l = m.lang.code();
    let mut cards = String::new();
    for g in GameKind::ALL {
        let id = g.as_str();
        cards.push_str(&format!(
            r#"<li class="card"><a class="card-link" href="/{l}/games/{id}"><div class="thumb" data-game="{id}" aria-hidden="true">{thumb}</div><h2>{name}</h2><p>{summary}</p></a><a class="btn primary" href="/{l}/games/{id}">{play}</a></li>"#,
            thumb = thumb(g),
            name = esc(&m.t(&game_name_id(g))),
            summary = esc(&m.t(&game_summary_id(g))),
            play = esc(&m.t("home-play")),
        ));
    }
    format!(r#"<ul class="cards">{cards}</ul>"#)
}

fn game(m: &Messages, g: GameKind) -> String {
    let l = m.lang.code();
    let id = g.as_str();
    let mut levels = String::new();
    for (i, level) in ["beginner", "intermediate", "expert"].into_iter().enumerate() {
        let checked = if i == 0 { " checked" } else { "" };
        levels.push_str(&format!(
            r#"<label class="level"><input type="radio" name="level" value="{level}"{checked}><span>{}</span></label>"#,
            esc(&m.t(&format!("level-{level}")))
        ));
    }
    format!(
        r#"<div class="game-page">
<div class="thumb big" data-game="{id}" aria-hidden="true">{thumb}</div>
<div class="game-intro">
<h1>{name}</h1>
<p class="lead">{summary}</p>
<div class="choices">
<a class="btn choice" href="/{l}/games/{id}/learn"><strong>{learn}</strong><span>{learn_text}</span></a>
<a class="btn choice" href="/{l}/games/{id}#lobby" id="play-someone"><strong>{lobby}</strong><span>{lobby_text}</span></a>
<button type="button" class="btn choice primary" id="play-friend"><strong>{friend}</strong><span>{friend_text}</span></button>
<form class="choice cpu-form" id="play-cpu"><fieldset><legend><strong>{cpu}</strong><span>{cpu_text}</span></legend><div class="levels">{levels}</div></fieldset><button type="submit" class="btn">{cpu_start}</button></form>
<a class="btn choice" href="/{l}/games/{id}/rules"><strong>{rules}</strong><span>{rules_text}</span></a>
</div>
<p class="error" id="page-error" role="alert" hidden></p>
</div>
</div>
<section class="lobby" id="lobby" aria-labelledby="lobby-heading"><h2 id="lobby-heading">{lobby}</h2></section>"#,
        lobby = esc(&m.t("lobby-title")),
        lobby_text = esc(&m.t("lobby-text")),
        thumb = thumb(g),
        name = esc(&m.t(&game_name_id(g))),
        summary = esc(&m.t(&game_summary_id(g))),
        learn = esc(&m.t("game-learn")),
        learn_text = esc(&m.t("game-learn-text")),
        friend = esc(&m.t("game-play-friend")),
        friend_text = esc(&m.t("game-play-friend-text")),
        cpu = esc(&m.t("game-play-cpu")),
        cpu_text = esc(&m.t("game-play-cpu-text")),
        cpu_start = esc(&m.t("game-play-cpu-start")),
        rules = esc(&m.t("game-rules")),
        rules_text = esc(&m.t("game-rules-text")),
    )
}

/// The lesson page. With the lesson's facts, the first step is written out as the client will
/// show it (count, title, text, buttons) and the board's space is reserved.
fn learn(m: &Messages, g: GameKind, lesson: Option<&LessonFacts>) -> String {
    let l = m.lang.code();
    let id = g.as_str();
    let name = m.t(&game_name_id(g));
    let (count, step, text, next, board) = match lesson {
        Some(f) => (
            // The closing game is a step too (`learn.js`).
            esc(&m.t_args("learn-step", &[("step", Arg::Num(1.0)), ("steps", Arg::Num(f.count as f64 + 1.0))])),
            esc(&m.t(&format!("learn-{id}-{}-title", f.first))),
            esc(&m.t(&format!("learn-{id}-{}-text", f.first))),
            esc(&m.t("learn-skip")),
            reserve(BoardShape::of(&f.options)),
        ),
        None => (String::new(), String::new(), String::new(), esc(&m.t("learn-next")), String::new()),
    };
    format!(
        r#"<div class="learn" data-game="{id}">
<h1>{title}</h1>
<div class="learn-layout">
<div class="board-area"><div id="board" class="board {id}"{board}></div></div>
<section class="lesson" aria-labelledby="lesson-step">
<p class="step-count" id="lesson-count">{count}</p>
<h2 id="lesson-step">{step}</h2>
<p id="lesson-text">{text}</p>
<p id="lesson-feedback" class="feedback" role="status"></p>
<div class="row"><button type="button" class="btn" id="lesson-prev" disabled>{prev}</button><button type="button" class="btn primary" id="lesson-next">{next}</button></div>
<p><a href="/{l}/games/{id}">{back}</a></p>
</section>
</div>
</div>"#,
        title = esc(&m.t_args("learn-title", &[("game", Arg::Str(name.clone()))])),
        prev = esc(&m.t("learn-prev")),
        back = esc(&m.t_args("learn-back", &[("game", Arg::Str(name))])),
    )
}

/// The table page. The client fills the board and the panel; when the game is known the board's
/// space is reserved and its heading written, and the stylesheet keeps the panel's parts out of
/// sight until the first table has been drawn into them (`.panel:has(> .seats:empty)`).
fn group(m: &Messages, table: Option<TableFacts>) -> String {
    let (game, heading, board) = match table {
        Some(t) => (
            format!(" data-game=\"{}\"", t.game().as_str()),
            esc(&m.t(&game_name_id(t.game()))),
            reserve(BoardShape::of(&t.options)),
        ),
        None => (String::new(), esc(&m.t("group-loading")), String::new()),
    };
    format!(
        r#"<div class="play" id="play"{game}>
<div class="board-area"><h1 class="sr-only" id="play-heading">{heading}</h1><div id="board" class="board"{board}></div><div id="endscreen" class="endscreen" hidden></div></div>
<aside class="panel" id="panel"><p class="muted">{loading}</p></aside>
</div>
<p class="conn" id="conn" role="status" hidden></p>"#,
        loading = esc(&m.t("group-loading")),
    )
}

/// A leaderboard's rows: place, name (with the player's tag when two share the name), rating,
/// games; each row names its player for the client to mark the device's own.
fn leader_rows(m: &Messages, rows: &[LeaderRow]) -> String {
    let l = m.lang.code();
    let mut names = std::collections::HashMap::new();
    for r in rows {
        *names.entry(r.name.as_str()).or_insert(0) += 1;
    }
    let mut out = String::new();
    for (i, r) in rows.iter().enumerate() {
        let tag = if names[r.name.as_str()] > 1 {
            format!(r#"<span class="player-tag" title="{}">#{}</span>"#, esc(&m.t("leaderboard-tag")), esc(&r.tag))
        } else {
            String::new()
        };
        out.push_str(&format!(
            r#"<tr data-player="{tag_attr}" data-player-id="{id}"><td>{place}</td><td class="name"><a href="/{l}/players/{id}">{name}</a>{tag}</td><td>{rating}</td><td>{games}</td></tr>"#,
            tag_attr = esc(&r.tag),
            id = esc(&r.player_id),
            place = i + 1,
            name = esc(&crate::html::shown_name(m, &r.name)),
            rating = r.rating.round(),
            games = r.games,
        ));
    }
    out
}

/// The leaderboard: the rows the store gave, or a placeholder the client fills
/// (`web/leaderboard.js` leaves tables marked `data-filled` alone). Under each table, a link
/// to that game's rules on when a ranked game is rated (the `#ratings` section).
fn leaderboard(m: &Messages, boards: &[(GameKind, Vec<LeaderRow>)]) -> String {
    let mut sections = String::new();
    for g in GameKind::ALL {
        let (filled, body) = match boards.iter().find(|(bg, _)| *bg == g) {
            Some((_, rows)) if rows.is_empty() => (
                " data-filled",
                format!(r#"<tr><td colspan="4" class="muted">{}</td></tr>"#, esc(&m.t("leaderboard-empty"))),
            ),
            Some((_, rows)) => (" data-filled", leader_rows(m, rows)),
            None => ("", format!(r#"<tr><td colspan="4" class="muted">{}</td></tr>"#, esc(&m.t("group-loading")))),
        };
        sections.push_str(&format!(
            r##"<section class="board-table"><h2>{name}</h2><table data-game="{id}"{filled}><thead><tr><th scope="col">{rank}</th><th scope="col">{player}</th><th scope="col">{rating}</th><th scope="col">{games}</th></tr></thead><tbody>{body}</tbody></table><p class="muted"><a class="rated-rules" href="/{l}/games/{id}/rules#ratings">{how}</a></p></section>"##,
            id = g.as_str(),
            l = m.lang.code(),
            how = esc(&m.t("leaderboard-how")),
            name = esc(&m.t(&game_name_id(g))),
            rank = esc(&m.t("leaderboard-rank")),
            player = esc(&m.t("leaderboard-player")),
            rating = esc(&m.t("leaderboard-rating")),
            games = esc(&m.t("leaderboard-games")),
        ));
    }
    format!(
        r#"<h1>{h}</h1><p class="lead">{intro}</p><div class="tables">{sections}</div>"#,
        h = esc(&m.t("leaderboard-title")),
        intro = esc(&m.t("leaderboard-intro")),
    )
}

fn not_found(m: &Messages) -> String {
    format!(
        r#"<h1>{h}</h1><p>{p}</p><p><a class="btn primary" href="/{l}/">{home}</a></p>"#,
        h = esc(&m.t("not-found-title")),
        p = esc(&m.t("not-found-text")),
        l = m.lang.code(),
        home = esc(&m.t("nav-games")),
    )
}

/// Each missing thing's 404 leads somewhere useful: the group the game was looked for in, or
/// the leaderboard where players are listed; and home.
fn missing(m: &Messages, what: &str, back: &str, back_label: &str) -> String {
    format!(
        r#"<h1>{h}</h1><p>{p}</p><p class="missing-links"><a class="btn primary" href="{back}">{back_label}</a> <a class="btn" href="/{l}/">{home}</a></p>"#,
        h = esc(&m.t(&format!("{what}-missing-title"))),
        p = esc(&m.t(&format!("{what}-missing-text"))),
        back = esc(back),
        back_label = esc(back_label),
        l = m.lang.code(),
        home = esc(&m.t("nav-games")),
    )
}

fn game_missing(m: &Messages, code: &str) -> String {
    missing(m, "game", &format!("/{}/g/{code}", m.lang.code()), &m.t("game-missing-group"))
}

fn player_missing(m: &Messages) -> String {
    missing(m, "player", &format!("/{}/leaderboard", m.lang.code()), &m.t("nav-leaderboard"))
}

fn group_missing(m: &Messages) -> String {
    format!(
        r#"<section class="hero missing-group"><h1>{h}</h1><p>{p}</p></section>
{cards}"#,
        h = esc(&m.t("group-missing-title")),
        p = esc(&m.t("group-missing-text")),
        cards = game_cards(m),
    )
}
