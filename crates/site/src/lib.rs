//! This crate provides qdan's pages: the web client in `web/` and the translations in
//! `locales/`, embedded at build time, and the routes that serve them.
//!
//! Routes (all `GET`):
//!
//! | path | page |
//! |---|---|
//! | `/` | redirects to `/{lang}/`: a remembered choice (cookie `qdan_lang`), then `Accept-Language`, then English |
//! | `/{lang}/` | home: the games |
//! | `/{lang}/games/{game}` | a game: learn, play a friend, play the CPU, rules |
//! | `/{lang}/games/{game}/learn` | the lesson on the board |
//! | `/{lang}/games/{game}/rules` | the rules, site defaults, local rules, terms ([`rules_page`]) |
//! | `/{lang}/g/{code}` | a group: invite link, seats, settings, and the game itself |
//! | `/{lang}/g/{code}/{n}` | game `n` of a group, finished: its replay and review ([`review_pages`]) |
//! | `/{lang}/my-games` | this device's recent games |
//! | `/{lang}/players/{id}` | a player's public (ranked) games |
//! | `/{lang}/games/{game}/analysis` | the analysis board |
//! | `/{lang}/leaderboard` | ratings per game |
//! | `/{lang}/manifest.webmanifest` | the web app manifest ([`manifest`]) |
//! | `/static/{*path}` | the client's files ([`assets`]: versioned URLs, compressed, cached) |
//! | `/l10n/{lang}.ftl` | the client's messages of a locale, versioned and cached the same way |
//! | `/robots.txt`, `/sitemap.xml`, `/favicon.ico` | for crawlers ([`crawl`]) |
//! | `/sw.js` | the service worker: the files and visited pages kept for offline use ([`service_worker`]) |
//!
//! Every page is a function of the URL, the request's language headers and what the server
//! passes to [`router`]: its [`SiteSettings`] (what the pages print about how it runs, and the
//! public base URL that absolute links are built from) and a [`Backend`] through which it names
//! a table's game and board and hands over the lessons and leaderboards. Whether a group exists
//! is the server's to know: it answers an invite link to no group with [`group_missing`].
//! Pages carry their final layout: what the client draws later (boards, the table's panel) has
//! its space reserved in the HTML, so nothing moves as the page fills in.

pub mod assets;
pub mod config;
pub mod crawl;
pub mod games;
mod head;
mod html;
pub mod i18n;
pub mod manifest;
pub mod modules;
pub mod page;
pub mod pages;
pub mod review_pages;
pub mod rules_date;
pub mod rules_page;
pub mod service_worker;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use rules::GameKind;
use sha2::{Digest, Sha256};
use tower_http::compression::CompressionLayer;

pub use config::{Backend, LeaderRow, LessonFacts, NoBackend, PublicUrl, SiteSettings, SiteState, TableFacts};
pub use games::BoardShape;
pub use html::{esc, shown_name};
use i18n::Lang;
use page::{Extras, Page};

/// The cookie that remembers the language a visitor chose in the switcher.
pub const LANG_COOKIE: &str = "qdan_lang";

/// The page, static-file and crawler routes, merged into the server's router. Compresses the
/// pages (brotli or gzip, by `Accept-Encoding`); static files come compressed already.
pub fn router(settings: SiteSettings, backend: Arc<dyn Backend>) -> Router {
    // Reads the files now if the server has not (`assets::load`), before any request.
    assets::all();
    assets::warm_in_background();
    Router::new()
        .route("/", get(root))
        .route("/{lang}", get(lang_root))
        .route("/{lang}/", get(home))
        .route("/{lang}/games/{game}", get(game))
        .route("/{lang}/games/{game}/learn", get(learn))
        .route("/{lang}/games/{game}/rules", get(rules))
        .route("/{lang}/g/{code}", get(group))
        .route("/{lang}/leaderboard", get(leaderboard))
        .route("/{lang}/g/{code}/{n}", get(replay))
        .route("/{lang}/my-games", get(my_games))
        .route("/{lang}/players/{id}", get(player))
        .route("/{lang}/games/{game}/analysis", get(analysis))
        .route("/{lang}/manifest.webmanifest", get(manifest::serve))
        .route("/static/{*path}", get(assets::serve))
        .route("/l10n/{file}", get(i18n::serve_messages))
        .route("/robots.txt", get(crawl::robots))
        .route("/sitemap.xml", get(crawl::sitemap))
        .route("/favicon.ico", get(crawl::favicon))
        .route("/sw.js", get(service_worker::serve))
        .fallback(unmatched)
        .layer(CompressionLayer::new().br(true).gzip(true))
        .with_state(SiteState { settings: Arc::new(settings), backend })
}

/// The `Content-Security-Policy` the site's pages need: scripts from the site only, plus the
/// inline import map by its hash, plus the compiling of WebAssembly (`'wasm-unsafe-eval'`,
/// which allows `WebAssembly.instantiate` and nothing of `eval`): the engine worker runs the
/// CPU in the page (`web/engine/`).
pub fn content_security_policy() -> &'static str {
    static CSP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CSP.get_or_init(|| {
        format!(
            "default-src 'self'; script-src 'self' {} 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
            modules::import_map_csp_source()
        )
    })
}

/// The locale for a request without one in its URL.
pub fn preferred_lang(headers: &HeaderMap) -> Lang {
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == LANG_COOKIE)
        .and_then(|(_, v)| Lang::from_code(v.trim()));
    cookie
        .or_else(|| headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(i18n::negotiate))
        .unwrap_or(Lang::En)
}

async fn root(headers: HeaderMap) -> Response {
    let lang = preferred_lang(&headers);
    let mut r = Redirect::to(&format!("/{}/", lang.code())).into_response();
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    r
}

async fn lang_root(State(s): State<SiteState>, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    match Lang::from_code(&lang) {
        Some(l) => Redirect::permanent(&format!("/{}/", l.code())).into_response(),
        None => not_found(&s, &headers),
    }
}

/// An HTML page. Its ETag is the hash of its bytes, so a browser that revalidates an unchanged
/// page gets a 304 and no body.
fn html(
    status: StatusCode,
    lang: Lang,
    page: &Page,
    extras: &Extras,
    settings: &SiteSettings,
    req: &HeaderMap,
) -> Response {
    let body = pages::render(lang, page, extras, settings);
    let tag =
        format!("\"{}\"", Sha256::digest(body.as_bytes())[..9].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    h.insert(header::ETAG, HeaderValue::from_str(&tag).expect("hex etag"));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(content_security_policy()));
    if status == StatusCode::OK
        && req
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    (status, h, body).into_response()
}

/// The 404 page for an invite link whose group does not exist, in `lang`, with the games to
/// start one of.
pub fn group_missing(lang: Lang, settings: &SiteSettings) -> Response {
    html(StatusCode::NOT_FOUND, lang, &Page::GroupMissing, &Extras::default(), settings, &HeaderMap::new())
}

fn not_found(s: &SiteState, headers: &HeaderMap) -> Response {
    html(StatusCode::NOT_FOUND, preferred_lang(headers), &Page::NotFound, &Extras::default(), &s.settings, headers)
}

/// Any path no route matches (`/de/foo`, `/en/players/`, `/en/g/CODE/1/x`): the site's 404
/// page, in the locale the path starts with, else the visitor's. Unknown API paths keep a bare
/// 404: a program asked, not a person.
async fn unmatched(State(s): State<SiteState>, uri: axum::http::Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return StatusCode::NOT_FOUND.into_response();
    }
    let first = path.trim_start_matches('/').split('/').next().unwrap_or("");
    let lang = Lang::from_code(first).unwrap_or_else(|| preferred_lang(&headers));
    html(StatusCode::NOT_FOUND, lang, &Page::NotFound, &Extras::default(), &s.settings, &headers)
}

fn page_in(s: &SiteState, lang: &str, headers: &HeaderMap, page: Option<Page>, extras: Extras) -> Response {
    match (Lang::from_code(lang), page) {
        (Some(l), Some(p)) => html(StatusCode::OK, l, &p, &extras, &s.settings, headers),
        (Some(l), None) => html(StatusCode::NOT_FOUND, l, &Page::NotFound, &Extras::default(), &s.settings, headers),
        (None, _) => not_found(s, headers),
    }
}

async fn home(State(s): State<SiteState>, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, Some(Page::Home), Extras::default())
}

async fn game(State(s): State<SiteState>, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Game), Extras::default())
}

async fn learn(State(s): State<SiteState>, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let g = game.parse::<GameKind>().ok();
    let extras = Extras { lesson: g.and_then(|g| s.backend.lesson(g)), ..Extras::default() };
    page_in(&s, &lang, &headers, g.map(Page::Learn), extras)
}

async fn rules(State(s): State<SiteState>, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Rules), Extras::default())
}

/// Whether `code` could be a group code (letters and digits, short): anything else is a 404
/// without a round trip to the server.
fn plausible_code(code: &str) -> bool {
    (4..=32).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

async fn group(State(s): State<SiteState>, Path((lang, code)): Path<(String, String)>, headers: HeaderMap) -> Response {
    if !plausible_code(&code) || Lang::from_code(&lang).is_none() {
        return page_in(&s, &lang, &headers, None, Extras::default());
    }
    let extras = Extras { table: s.backend.table(&code).await, ..Extras::default() };
    page_in(&s, &lang, &headers, Some(Page::Group(code)), extras)
}

async fn leaderboard(State(s): State<SiteState>, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    if Lang::from_code(&lang).is_none() {
        return not_found(&s, &headers);
    }
    let mut boards = Vec::new();
    for g in GameKind::ALL {
        if let Some(rows) = s.backend.leaderboard(g).await {
            boards.push((g, rows));
        }
    }
    page_in(&s, &lang, &headers, Some(Page::Leaderboard), Extras { leaderboard: boards, ..Extras::default() })
}

async fn replay(
    State(s): State<SiteState>,
    Path((lang, code, n)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let page = n.parse::<u32>().ok().filter(|n| *n >= 1 && plausible_code(&code)).map(|n| Page::Replay(code, n));
    // A game the group never had is a 404 with the way back to the group, not a page whose
    // client finds nothing.
    if let (Some(l), Some(Page::Replay(code, n))) = (Lang::from_code(&lang), &page)
        && s.backend.game_exists(code, *n).await == Some(false)
    {
        let missing = Page::GameMissing(code.clone());
        return html(StatusCode::NOT_FOUND, l, &missing, &Extras::default(), &s.settings, &headers);
    }
    // The group's table names the game and board a replay link usually shows: its space is
    // reserved in the page.
    let table = match &page {
        Some(Page::Replay(code, _)) => s.backend.table(code).await,
        _ => None,
    };
    page_in(&s, &lang, &headers, page, Extras { table, ..Extras::default() })
}

async fn my_games(State(s): State<SiteState>, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, Some(Page::MyGames), Extras::default())
}

/// Player ids are `p_` and letters or digits.
async fn player(State(s): State<SiteState>, Path((lang, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let ok = (3..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    let known = if ok { s.backend.player_exists(&id).await } else { Some(false) };
    match (Lang::from_code(&lang), known) {
        (Some(l), Some(false)) => {
            html(StatusCode::NOT_FOUND, l, &Page::PlayerMissing, &Extras::default(), &s.settings, &headers)
        }
        _ => page_in(&s, &lang, &headers, ok.then_some(Page::Player(id)), Extras::default()),
    }
}

async fn analysis(
    State(s): State<SiteState>,
    Path((lang, game)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Analysis), Extras::default())
}

#[cfg(test)]
mod glossary_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod web_tests;
