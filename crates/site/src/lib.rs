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
//! | `/static/{*path}` | the client's files |
//!
//! The router holds no state: every page is a pure function of the URL and the request's
//! language headers, so the server merges it into its own app. Whether a group exists is the
//! server's to know: it answers an invite link to no group with [`group_missing`].

pub mod assets;
mod html;
pub mod i18n;
pub mod manifest;
pub mod pages;
pub mod review_pages;
pub mod rules_date;
pub mod rules_page;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use rules::GameKind;

use i18n::Lang;
use pages::Page;

/// The cookie that remembers the language a visitor chose in the switcher.
pub const LANG_COOKIE: &str = "qdan_lang";

pub use html::esc;

/// What the pages say about how the server runs: the server passes its effective settings,
/// so a page always prints what the server does.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteSettings {
    /// Seconds a seated player may be gone (network lost) before the CPU stands in.
    pub away_grace_secs: u64,
    /// The same for a page that was closed or reloaded.
    pub reload_grace_secs: u64,
    /// The turn time limits a host may choose (`None`: no limit), the default first.
    pub turn_limits: Vec<Option<u32>>,
}

impl SiteSettings {
    /// Settings for tests of this crate (the server always passes its own).
    pub fn example() -> SiteSettings {
        SiteSettings { away_grace_secs: 10, reload_grace_secs: 2, turn_limits: vec![None, Some(30), Some(60)] }
    }
}

type Settings = State<Arc<SiteSettings>>;

/// The page and static-file routes, merged into the server's router.
pub fn router(settings: SiteSettings) -> Router {
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
        .with_state(Arc::new(settings))
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

async fn lang_root(State(s): Settings, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    match Lang::from_code(&lang) {
        Some(l) => Redirect::permanent(&format!("/{}/", l.code())).into_response(),
        None => not_found(&s, &headers),
    }
}

fn html(status: StatusCode, lang: Lang, page: &Page, settings: &SiteSettings) -> Response {
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    (status, h, pages::render(lang, page, settings)).into_response()
}

/// The 404 page for an invite link whose group does not exist, in `lang`, with the games to
/// start one of.
pub fn group_missing(lang: Lang, settings: &SiteSettings) -> Response {
    html(StatusCode::NOT_FOUND, lang, &Page::GroupMissing, settings)
}

fn not_found(settings: &SiteSettings, headers: &HeaderMap) -> Response {
    html(StatusCode::NOT_FOUND, preferred_lang(headers), &Page::NotFound, settings)
}

fn page_in(settings: &SiteSettings, lang: &str, headers: &HeaderMap, page: Option<Page>) -> Response {
    match (Lang::from_code(lang), page) {
        (Some(l), Some(p)) => html(StatusCode::OK, l, &p, settings),
        (Some(l), None) => html(StatusCode::NOT_FOUND, l, &Page::NotFound, settings),
        (None, _) => not_found(settings, headers),
    }
}

async fn home(State(s): Settings, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, Some(Page::Home))
}

async fn game(State(s): Settings, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Game))
}

async fn learn(State(s): Settings, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Learn))
}

async fn rules(State(s): Settings, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Rules))
}

/// Whether `code` could be a group code (letters and digits, short): anything else is a 404
/// without a round trip to the server.
fn plausible_code(code: &str) -> bool {
    (4..=32).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

async fn group(State(s): Settings, Path((lang, code)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, plausible_code(&code).then_some(Page::Group(code)))
}

async fn leaderboard(State(s): Settings, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, Some(Page::Leaderboard))
}

async fn replay(
    State(s): Settings,
    Path((lang, code, n)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let page = n.parse::<u32>().ok().filter(|n| *n >= 1 && plausible_code(&code)).map(|n| Page::Replay(code, n));
    page_in(&s, &lang, &headers, page)
}

async fn my_games(State(s): Settings, Path(lang): Path<String>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, Some(Page::MyGames))
}

/// Player ids are `p_` and letters or digits.
async fn player(State(s): Settings, Path((lang, id)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let ok = (3..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    page_in(&s, &lang, &headers, ok.then_some(Page::Player(id)))
}

async fn analysis(State(s): Settings, Path((lang, game)): Path<(String, String)>, headers: HeaderMap) -> Response {
    page_in(&s, &lang, &headers, game.parse::<GameKind>().ok().map(Page::Analysis))
}

#[cfg(test)]
mod glossary_tests;
#[cfg(test)]
mod tests;
