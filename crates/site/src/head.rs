//! A page's `<head>`: title and description, what crawlers read (canonical URL, absolute
//! hreflang alternates, `noindex` for private pages), the share card (Open Graph and Twitter),
//! and what the browser needs first (the stylesheet, the import map, every module the page
//! will run as `modulepreload`, then the entry module).

use rules::GameKind;

use crate::config::PublicUrl;
use crate::html::{esc, game_name_id, game_summary_id};
use crate::i18n::{Arg, Lang, Messages};
use crate::modules::{self, ENTRY};
use crate::page::{Extras, Page};
use crate::{assets, rules_page};

/// The module `app.js` imports for each kind of page (see its `start()`).
pub fn page_module(page: &Page) -> Option<&'static str> {
    match page {
        Page::Home | Page::Game(_) => Some("home.js"),
        Page::Learn(_) => Some("learn.js"),
        Page::Rules(_) => Some("rules.js"),
        Page::Group(_) => Some("play.js"),
        Page::Leaderboard => Some("leaderboard.js"),
        Page::Replay(..) => Some("replay.js"),
        Page::MyGames | Page::Player(_) => Some("games.js"),
        Page::Analysis(_) => Some("analysis.js"),
        Page::NotFound | Page::GroupMissing | Page::GameMissing(_) | Page::PlayerMissing => Some("home.js"),
    }
}

/// The modules to preload: everything the page's code imports, directly or not, apart from the
/// entry itself (its `<script>` loads it). A table whose game is known also gets that game's
/// board and rules modules, which the play page imports on demand.
pub fn preloads(page: &Page, extras: &Extras) -> Vec<String> {
    let mut roots = vec![ENTRY];
    roots.extend(page_module(page));
    // `games/index.js` imports a page's game module on demand (`loadGame`): a page that shows
    // a game's board preloads that game's module and what it imports, and no other game's.
    let game = match (page, extras.table) {
        (Page::Group(_), Some(t)) => Some(t.game()),
        (Page::Learn(g) | Page::Analysis(g), _) => Some(*g),
        _ => None,
    };
    let game_module = game.map(|g| format!("games/{}.js", g.as_str()));
    roots.extend(game_module.as_deref());
    modules::closure(&roots).into_iter().filter(|m| m != ENTRY).collect()
}

/// The share picture of a page: a game's board, or both boards.
fn image(page: &Page, extras: &Extras) -> (String, String) {
    let game = match page {
        Page::Game(g) | Page::Learn(g) | Page::Rules(g) | Page::Analysis(g) => Some(*g),
        Page::Group(_) => extras.table.map(|t| t.game()),
        _ => None,
    };
    let key = game.map_or("site", GameKind::as_str);
    (format!("share/{key}.png"), format!("meta-image-{key}"))
}

/// The Open Graph locale of each language.
fn og_locale(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en_GB",
        Lang::De => "de_DE",
        Lang::Ru => "ru_RU",
        Lang::Hi => "hi_IN",
        Lang::Tl => "tl_PH",
    }
}

/// The page's description: what search results and link previews show under its title.
pub fn description(m: &Messages, page: &Page, extras: &Extras) -> String {
    let game = |g: GameKind| Arg::Str(m.t(&game_name_id(g)));
    match page {
        Page::Home | Page::NotFound | Page::GroupMissing | Page::GameMissing(_) | Page::PlayerMissing => {
            m.t("site-description")
        }
        Page::Game(g) => m.t(&game_summary_id(*g)),
        Page::Learn(g) => m.t_args("meta-learn-description", &[("game", game(*g))]),
        Page::Rules(g) => rules_page::description(m, *g),
        Page::Leaderboard => m.t("meta-leaderboard-description"),
        Page::Replay(..) => m.t("meta-replay-description"),
        Page::MyGames | Page::Player(_) => m.t("meta-games-description"),
        Page::Analysis(g) => m.t_args("meta-analysis-description", &[("game", game(*g))]),
        Page::Group(_) => match extras.table {
            Some(t) => m.t_args("meta-invite-description", &[("game", game(t.game()))]),
            None => m.t("meta-invite-any-description"),
        },
    }
}

/// The title of the page's share card (the document title, but for an invitation).
fn card_title(m: &Messages, page: &Page, extras: &Extras, title: &str) -> String {
    match (page, extras.table) {
        (Page::Group(_), Some(t)) => m.t_args("meta-invite-title", &[("game", Arg::Str(m.t(&game_name_id(t.game()))))]),
        (Page::Group(_), None) => m.t("meta-invite-any-title"),
        _ => title.to_string(),
    }
}

/// The `<head>` element's content after `<meta charset>` and the viewport.
pub fn render(m: &Messages, page: &Page, extras: &Extras, base: &PublicUrl, title: &str) -> String {
    let lang = m.lang;
    let l = lang.code();
    let path = esc(&page.path());
    let url = format!("{base}/{l}{path}");
    let desc = esc(&description(m, page, extras));
    let mut out = format!("<title>{}</title>\n<meta name=\"description\" content=\"{desc}\">\n", esc(title));
    match page {
        // A table is a private invitation and a 404 is nothing: neither belongs in an index
        // (link previews still read their cards). A replay is a game of such a table, and the
        // lists of games are one device's or one player's: none of them for search engines.
        Page::Group(_)
        | Page::NotFound
        | Page::GroupMissing
        | Page::GameMissing(_)
        | Page::PlayerMissing
        | Page::Replay(..)
        | Page::MyGames
        | Page::Player(_) => out.push_str("<meta name=\"robots\" content=\"noindex\">\n"),
        _ => {
            out.push_str(&format!("<link rel=\"canonical\" href=\"{url}\">\n"));
            for other in Lang::ALL {
                let o = other.code();
                out.push_str(&format!("<link rel=\"alternate\" hreflang=\"{o}\" href=\"{base}/{o}{path}\">\n"));
            }
            out.push_str(&format!("<link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}/en{path}\">\n"));
        }
    }
    out.push_str(&format!(
        "<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">\n<link rel=\"icon\" href=\"{}\" type=\"image/svg+xml\">\n\
         <link rel=\"manifest\" href=\"/{l}/manifest.webmanifest\">\n<link rel=\"apple-touch-icon\" href=\"{}\">\n\
         <link rel=\"stylesheet\" href=\"{}\">\n",
        assets::url("icon.svg"),
        assets::url("icons/apple-touch-icon.png"),
        assets::url("style.css"),
    ));
    // The messages are fetched by `app.js` before anything is drawn: start at once. (A fetch
    // preload needs `crossorigin` to match the script's same-origin fetch.)
    out.push_str(&format!(
        "<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin>\n",
        crate::i18n::client_messages_url(lang)
    ));
    // The import map comes before any module is asked for, or browsers ignore it.
    out.push_str(&format!("<script type=\"importmap\">{}</script>\n", modules::import_map()));
    for module in preloads(page, extras) {
        out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">\n", assets::url(&module)));
    }
    out.push_str(&format!("<script type=\"module\" src=\"{}\"></script>\n", assets::url(ENTRY)));
    let (img, alt) = image(page, extras);
    out.push_str(&format!(
        "<meta property=\"og:site_name\" content=\"{site}\">\n<meta property=\"og:type\" content=\"website\">\n\
         <meta property=\"og:locale\" content=\"{locale}\">\n<meta property=\"og:url\" content=\"{url}\">\n\
         <meta property=\"og:title\" content=\"{card}\">\n<meta property=\"og:description\" content=\"{desc}\">\n\
         <meta property=\"og:image\" content=\"{base}{img}\">\n<meta property=\"og:image:type\" content=\"image/png\">\n\
         <meta property=\"og:image:width\" content=\"1200\">\n<meta property=\"og:image:height\" content=\"630\">\n\
         <meta property=\"og:image:alt\" content=\"{alt}\">\n<meta name=\"twitter:card\" content=\"summary_large_image\">\n",
        site = esc(&m.t("site-name")),
        locale = og_locale(lang),
        card = esc(&card_title(m, page, extras, title)),
        img = assets::url(&img),
        alt = esc(&m.t(&alt)),
    ));
    out
}
