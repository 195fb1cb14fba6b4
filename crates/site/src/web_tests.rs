//! What crawlers, link previews and browsers get besides the words: crawler files, head tags,
//! versioned and compressed static files, preloads, and the layout the server reserves.

use std::io::Read;

use axum::http::{StatusCode, header};
use base64::Engine;
use rules::GameKind;
use sha2::{Digest, Sha256};

use crate::crawl::public_pages;
use crate::games::BoardShape;
use crate::i18n::{Lang, messages};
use crate::tests::{KNOWN_TABLE, get_page};
use crate::{assets, modules};

const BASE: &str = "https://qdan.example";

/// The values of every `<tag attr=...>` whose attribute `key` is `value`, as (tag text).
fn tags<'a>(html: &'a str, needle: &str) -> Vec<&'a str> {
    html.match_indices(needle)
        .map(|(i, _)| {
            let start = html[..i].rfind('<').unwrap();
            let end = i + html[i..].find('>').unwrap();
            &html[start..=end]
        })
        .collect()
}

/// The value of attribute `name` in one tag.
fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let i = tag.find(&key).unwrap_or_else(|| panic!("{name} missing in {tag}")) + key.len();
    &tag[i..i + tag[i..].find('"').unwrap()]
}

/// The content of `<meta property|name="{key}">`.
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    tags(html, &format!("=\"{key}\" content=")).first().map(|t| attr(t, "content"))
}

#[tokio::test]
async fn robots_txt_allows_pages_and_names_the_sitemap() {
    let (s, h, body) = get_page("/robots.txt", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain"));
    assert!(body.starts_with("User-agent: *\n"), "{body}");
    assert!(body.contains("Disallow: /api/\n") && body.contains("Disallow: /ws/\n"), "{body}");
    assert!(body.contains(&format!("Sitemap: {BASE}/sitemap.xml\n")), "{body}");
    // Pages, static files and share pictures stay open to crawlers.
    for open in ["Disallow: /\n", "/static", "/en/", "/g/"] {
        assert!(!body.contains(open), "{open} in {body}");
    }
}

#[tokio::test]
async fn sitemap_lists_every_public_page_in_every_locale_with_alternates() {
    let (s, h, body) = get_page("/sitemap.xml", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/xml"));
    assert!(body.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    let urls: Vec<&str> = body.split("<url>").skip(1).collect();
    assert_eq!(urls.len(), public_pages().len() * Lang::ALL.len());
    assert_eq!(
        public_pages().len(),
        1 + 4 * GameKind::ALL.len() + 1,
        "home, each game's page, lesson, rules and analysis board, leaderboard"
    );
    let mut locs = std::collections::BTreeSet::new();
    for u in &urls {
        let loc = u.split("<loc>").nth(1).unwrap().split("</loc>").next().unwrap();
        assert!(loc.starts_with(&format!("{BASE}/")), "{loc}");
        assert!(!loc.contains("/g/"), "a private table in the sitemap: {loc}");
        assert!(locs.insert(loc.to_string()), "{loc} twice");
        // Each URL names all five locales and x-default, itself among them.
        assert_eq!(u.matches("<xhtml:link rel=\"alternate\"").count(), 6, "{u}");
        assert!(u.contains(&format!("href=\"{loc}\"")), "{u}");
        assert!(u.contains("hreflang=\"x-default\" href=\"https://qdan.example/en/"), "{u}");
    }
    for l in Lang::ALL {
        assert!(locs.contains(&format!("{BASE}/{}/games/dots/learn", l.code())));
    }
}

#[tokio::test]
async fn favicon_ico_is_an_icon() {
    let (s, h, body) = get_page("/favicon.ico", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CONTENT_TYPE], "image/x-icon");
    let bytes = &assets::all()["favicon.ico"].data;
    assert_eq!(&bytes[..4], &[0, 0, 1, 0], "ICO header");
    assert_eq!(bytes[4], 3, "16, 32 and 48 px");
    assert!(!body.is_empty());
    assert!(h.get(header::CONTENT_ENCODING).is_none());
}

#[tokio::test]
async fn every_public_page_has_absolute_alternates_a_canonical_and_its_own_description() {
    for lang in Lang::ALL {
        let l = lang.code();
        let m = messages(lang);
        let mut descriptions = std::collections::BTreeSet::new();
        for page in public_pages() {
            let path = page.path();
            let (s, _, html) = get_page(&format!("/{l}{path}"), &[]).await;
            assert_eq!(s, StatusCode::OK, "/{l}{path}");
            let canonical = tags(&html, "rel=\"canonical\"");
            assert_eq!(canonical.len(), 1, "/{l}{path}");
            assert_eq!(attr(canonical[0], "href"), format!("{BASE}/{l}{path}"));
            let alternates = tags(&html, "rel=\"alternate\" hreflang=");
            assert_eq!(alternates.len(), 6, "/{l}{path}");
            for a in &alternates {
                let (hl, href) = (attr(a, "hreflang"), attr(a, "href"));
                let want = if hl == "x-default" { "en" } else { hl };
                assert_eq!(href, format!("{BASE}/{want}{path}"), "/{l}{path}");
            }
            assert!(!html.contains("name=\"robots\""), "/{l}{path} is indexable");
            let desc = meta(&html, "description").unwrap();
            assert!(desc.len() > 40, "/{l}{path}: {desc}");
            assert!(descriptions.insert(desc.to_string()), "/{l}{path} repeats a description: {desc}");
            assert_eq!(meta(&html, "og:description"), Some(desc));
            assert_eq!(meta(&html, "og:url").unwrap(), format!("{BASE}/{l}{path}"));
        }
        // The home page keeps the site's description; every other page has its own.
        assert!(descriptions.contains(&crate::esc(&m.t("site-description"))));
    }
}

#[tokio::test]
async fn share_cards_show_the_game_and_its_board() {
    for (path, png, alt) in [
        ("/de/", "share/site.png", "meta-image-site"),
        ("/de/games/musashi", "share/musashi.png", "meta-image-musashi"),
        ("/de/games/dots/rules", "share/dots.png", "meta-image-dots"),
        ("/de/leaderboard", "share/site.png", "meta-image-site"),
    ] {
        let (_, _, html) = get_page(path, &[]).await;
        assert_eq!(meta(&html, "og:image").unwrap(), format!("{BASE}{}", assets::url(png)), "{path}");
        assert_eq!(meta(&html, "og:image:alt").unwrap(), crate::esc(&messages(Lang::De).t(alt)), "{path}");
        assert_eq!(meta(&html, "og:locale"), Some("de_DE"));
        assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
        assert_eq!(meta(&html, "og:image:width"), Some("1200"));
        assert!(meta(&html, "og:title").unwrap().contains("qdan"));
    }
    // The pictures are PNGs of the announced size, served like any static file.
    for png in ["share/site.png", "share/musashi.png", "share/dots.png"] {
        let data = &assets::all()[png].data;
        assert_eq!(&data[1..4], b"PNG", "{png}");
        let (w, h) = (
            u32::from_be_bytes(data[16..20].try_into().unwrap()),
            u32::from_be_bytes(data[20..24].try_into().unwrap()),
        );
        assert_eq!((w, h), (1200, 630), "{png}");
        let (s, hd, _) = get_page(&assets::url(png), &[]).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(hd[header::CONTENT_TYPE], "image/png");
    }
}

#[tokio::test]
async fn an_invite_link_previews_its_game_and_stays_out_of_indexes() {
    let (_, _, html) = get_page(&format!("/en/g/{KNOWN_TABLE}"), &[]).await;
    assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(tags(&html, "rel=\"canonical\"").is_empty() && tags(&html, "hreflang=\"x-default\"").is_empty());
    assert_eq!(meta(&html, "og:title"), Some("A game of Dots and Boxes: take a seat or watch"));
    assert!(meta(&html, "description").unwrap().contains("Dots and Boxes"));
    assert_eq!(meta(&html, "og:image").unwrap(), format!("{BASE}{}", assets::url("share/dots.png")));
    assert_eq!(meta(&html, "og:url").unwrap(), format!("{BASE}/en/g/{KNOWN_TABLE}"));
    // A code the server does not know still gets a card, without a game.
    let (s, _, html) = get_page("/en/g/UNKNOWN0CODE", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(meta(&html, "og:title"), Some("A game on qdan: take a seat or watch"));
    assert_eq!(meta(&html, "og:image").unwrap(), format!("{BASE}{}", assets::url("share/site.png")));
}

#[tokio::test]
async fn versioned_static_files_are_immutable_and_compressed() {
    let url = assets::url("style.css");
    let (s, h, _) = get_page(&url, &[(header::ACCEPT_ENCODING, "gzip, deflate, br")]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CACHE_CONTROL], assets::IMMUTABLE);
    assert_eq!(h[header::CONTENT_ENCODING], "br");
    assert_eq!(h[header::VARY], "Accept-Encoding");
    // An outdated version is still served, but never cached as if it were that version.
    let (s, h, _) = get_page("/static/style.css?v=000000000000", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");

    let raw = &assets::all()["app.js"].data;
    let req = |enc: &'static str| {
        let mut r = axum::http::Request::builder().uri(assets::url("app.js"));
        if !enc.is_empty() {
            r = r.header(header::ACCEPT_ENCODING, enc);
        }
        r.body(axum::body::Body::empty()).unwrap()
    };
    use tower::ServiceExt;
    for (enc, want) in
        [("br;q=1, gzip;q=1", Some("br")), ("gzip", Some("gzip")), ("br;q=0, gzip", Some("gzip")), ("", None)]
    {
        let res = crate::tests::test_router().oneshot(req(enc)).await.unwrap();
        let got = res.headers().get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap().to_string());
        assert_eq!(got.as_deref(), want, "{enc}");
        let body = axum::body::to_bytes(res.into_body(), 1 << 22).await.unwrap();
        let mut plain = Vec::new();
        match want {
            Some("br") => brotli::BrotliDecompress(&mut &body[..], &mut plain).unwrap(),
            Some(_) => drop(flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut plain).unwrap()),
            None => plain = body.to_vec(),
        }
        assert_eq!(&plain[..], &raw[..], "{enc}");
        if want.is_some() {
            assert!(body.len() * 2 < raw.len(), "{enc}: {} of {}", body.len(), raw.len());
        }
    }
}

#[tokio::test]
async fn pages_are_compressed_and_revalidate_by_etag() {
    let (s, h, _) = get_page("/ru/games/musashi/rules", &[(header::ACCEPT_ENCODING, "br")]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CONTENT_ENCODING], "br");
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    let tag = h[header::ETAG].to_str().unwrap().to_string();
    let (s, _, body) = get_page("/ru/games/musashi/rules", &[(header::IF_NONE_MATCH, &tag)]).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
}

#[tokio::test]
async fn pages_preload_what_they_run_and_nothing_else() {
    let preloads = |html: &str| -> Vec<String> {
        tags(html, "rel=\"modulepreload\"")
            .iter()
            .map(|t| attr(t, "href").split('?').next().unwrap().to_string())
            .collect()
    };
    let (_, _, home) = get_page("/en/", &[]).await;
    let p = preloads(&home);
    for m in ["/static/i18n.js", "/static/home.js", "/static/api.js", "/static/vendor/fluent-bundle/index.js"] {
        assert!(p.iter().any(|x| x == m), "home lacks {m}: {p:?}");
    }
    for m in ["play.js", "ws.js", "musashi/", "dots/", "learn.js"] {
        assert!(!p.iter().any(|x| x.contains(m)), "home preloads {m}: {p:?}");
    }
    let (_, _, table) = get_page(&format!("/en/g/{KNOWN_TABLE}"), &[]).await;
    let p = preloads(&table);
    for m in
        ["/static/play.js", "/static/ws.js", "/static/games/dots.js", "/static/dots/index.js", "/static/dots/render.js"]
    {
        assert!(p.iter().any(|x| x == m), "table lacks {m}: {p:?}");
    }
    assert!(!p.iter().any(|x| x.contains("musashi")), "a Dots table preloads no Musashi code: {p:?}");
    // The lesson and the analysis board load their game's module the same way.
    for (path, m) in
        [("/en/games/musashi/learn", "/static/games/musashi.js"), ("/en/games/dots/analysis", "/static/games/dots.js")]
    {
        let (_, _, html) = get_page(path, &[]).await;
        let p = preloads(&html);
        assert!(p.iter().any(|x| x == m), "{path} lacks {m}: {p:?}");
    }
    assert!(!p.iter().any(|x| x.contains("home.js")), "{p:?}");
    // The import map comes before the first preload and the entry module, and every preload
    // uses the URL the import map maps to, so the browser reuses what it preloaded.
    let map_at = table.find("<script type=\"importmap\">").unwrap();
    assert!(map_at < table.find("rel=\"modulepreload\"").unwrap());
    assert!(map_at < table.find("<script type=\"module\"").unwrap());
    let map = table[map_at..].split('>').nth(1).unwrap().split("</script").next().unwrap();
    let map: serde_json::Value = serde_json::from_str(map).unwrap();
    for t in tags(&table, "rel=\"modulepreload\"") {
        let href = attr(t, "href");
        let plain = href.split('?').next().unwrap();
        assert_eq!(map["imports"][plain], href);
        let (s, h, _) = get_page(href, &[]).await;
        assert_eq!(s, StatusCode::OK, "{href}");
        assert_eq!(h[header::CACHE_CONTROL], assets::IMMUTABLE, "{href}");
    }
}

#[tokio::test]
async fn the_policy_allows_exactly_the_inline_import_map() {
    let (_, h, html) = get_page("/hi/leaderboard", &[]).await;
    let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    let map = html.split("<script type=\"importmap\">").nth(1).unwrap().split("</script>").next().unwrap();
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(map.as_bytes()));
    assert!(csp.contains(&format!("script-src 'self' 'sha256-{hash}' 'wasm-unsafe-eval';")), "{csp}");
    assert!(!csp.contains("unsafe-inline';") || csp.contains("style-src 'self' 'unsafe-inline'"), "{csp}");
    assert_eq!(modules::import_map(), map);
}

#[tokio::test]
async fn home_cards_carry_their_pictures() {
    let (_, _, html) = get_page("/tl/", &[]).await;
    for g in GameKind::ALL {
        let card = html.split(&format!("class=\"thumb\" data-game=\"{}\"", g.as_str())).nth(1).unwrap();
        let svg = card.split("</div>").next().unwrap();
        assert!(
            svg.contains(&format!("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}-board\"", g.as_str())),
            "{svg}"
        );
        assert!(svg.contains("width=") && svg.contains("height="), "an intrinsic size, so no shift: {svg}");
    }
}

#[tokio::test]
async fn the_lesson_and_the_table_have_their_final_layout_in_the_html() {
    let (_, _, html) = get_page("/en/games/musashi/learn", &[]).await;
    assert!(html.contains("<p class=\"step-count\" id=\"lesson-count\">Step 1 of 9</p>"), "{html}");
    assert!(html.contains("<h2 id=\"lesson-step\">Moving the Parent</h2>"));
    assert!(html.contains("id=\"board\" class=\"board musashi\" style=\"--board-ratio: 760 / 560\""));
    let data = html
        .split("<script id=\"qdan-data\" type=\"application/json\">")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["lesson"]["steps"][0]["id"], "move");
    // A game without lesson facts still renders, and the client asks for the steps.
    let (s, _, html) = get_page("/en/games/dots/learn", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(!html.contains("--board-ratio") && !html.contains("\"lesson\":"));

    let (_, _, html) = get_page(&format!("/en/g/{KNOWN_TABLE}"), &[]).await;
    assert!(html.contains("<div class=\"play\" id=\"play\" data-game=\"dots\">"));
    assert!(html.contains("id=\"play-heading\">Dots and Boxes</h1>"));
    assert!(html.contains("<div id=\"board\" class=\"board\" style=\"--board-ratio: 600 / 500\"></div>"));
}

#[tokio::test]
async fn the_analysis_board_and_a_replay_have_their_final_layout_in_the_html() {
    // The board of the rules the analysis board starts from.
    let (_, _, html) = get_page("/en/games/musashi/analysis", &[]).await;
    assert!(html.contains("id=\"board\" class=\"board musashi\" style=\"--board-ratio: 760 / 560\""), "{html}");
    let (_, _, html) = get_page("/en/games/dots/analysis", &[]).await;
    assert!(html.contains("id=\"board\" class=\"board dots\" style=\"--board-ratio: 600 / 500\""), "{html}");
    // The list of moves, as long as the server's answer, ends the panel: it moves nothing.
    let panel = html.split("<aside class=\"panel\" id=\"panel\">").nth(1).unwrap().split("</aside>").next().unwrap();
    assert!(panel.trim_end().ends_with("<ol class=\"move-values\" id=\"move-values\"></ol></section>"), "{panel}");

    // A replay of a group the server knows: the client's heading and the board's space.
    let (_, _, html) = get_page(&format!("/en/g/{KNOWN_TABLE}/1"), &[]).await;
    assert!(html.contains("<h1 id=\"replay-heading\">Dots and Boxes, game 1</h1>"), "{html}");
    assert!(html.contains("<div id=\"board\" class=\"board dots\" style=\"--board-ratio: 600 / 500\"></div>"));
    // Without the group's facts the page still renders, and the client draws the board.
    let (s, _, html) = get_page("/en/g/UNKNOWN12345/1", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<div id=\"board\" class=\"board\"></div>"), "{html}");
}

/// The aspect ratios the server reserves are the ones the board code draws: compare with the
/// diagrams it drew into `web/diagrams/`.
#[test]
fn board_shapes_match_the_drawn_boards() {
    let view_box = |file: &str| {
        let svg = String::from_utf8_lossy(&assets::all()[file].data).into_owned();
        let vb = svg.split("viewBox=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
        let n: Vec<u32> = vb.split(' ').map(|x| x.parse().unwrap()).collect();
        (n[2], n[3])
    };
    let shape = |o: rules::AnyOptions| {
        let s = BoardShape::of(&o);
        (s.width, s.height)
    };
    assert_eq!(shape(rules::AnyOptions::default_for(GameKind::Musashi)), view_box("diagrams/musashi-start.svg"));
    let dots =
        |w, h| rules::AnyOptions::Dots(rules::dots::Options { size: rules::dots::Size { w, h }, swap_first: true });
    assert_eq!(shape(dots(3, 3)), view_box("diagrams/dots-home.svg"));
    assert_eq!(shape(dots(5, 4)), view_box("diagrams/dots-chain.svg"));
    let small = rules::musashi::Options { board: rules::musashi::BoardKind::Square25, ..Default::default() };
    assert_eq!(shape(rules::AnyOptions::Musashi(small)), (560, 560));
}

#[tokio::test]
async fn the_leaderboard_is_written_by_the_server() {
    let (_, _, html) = get_page("/en/leaderboard", &[]).await;
    let dots = html.split("<table data-game=\"dots\" data-filled>").nth(1).unwrap().split("</table>").next().unwrap();
    assert!(
        dots.contains(
            "<tr data-player=\"K3J9\" data-player-id=\"p-1\"><td>1</td><td class=\"name\"><a href=\"/en/players/p-1\">&lt;b&gt;Ana&lt;/b&gt;</a></td><td>1612</td><td>3</td></tr>"
        ),
        "{dots}"
    );
    // Two players named Ben: each name is followed by its player's tag.
    assert!(
        dots.contains(
            "<td>2</td><td class=\"name\"><a href=\"/en/players/p-2\">Ben</a><span class=\"player-tag\" title=\""
        ),
        "{dots}"
    );
    assert!(dots.contains(">#ZZ01</span></td><td>1388</td><td>3</td></tr>"), "{dots}");
    assert!(dots.contains(">#Q7RT</span></td><td>1300</td><td>1</td></tr>"), "{dots}");
    let musashi =
        html.split("<table data-game=\"musashi\" data-filled>").nth(1).unwrap().split("</table>").next().unwrap();
    assert!(musashi.contains(&messages(Lang::En).t("leaderboard-empty").replace('"', "&quot;")), "{musashi}");
    // Under each game's table, a link to when its ranked games are rated, in the page's language.
    for lang in Lang::ALL {
        let (_, _, html) = get_page(&format!("/{}/leaderboard", lang.code()), &[]).await;
        for g in ["musashi", "dots"] {
            let link = format!(
                "<a class=\"rated-rules\" href=\"/{}/games/{g}/rules#ratings\">{}</a>",
                lang.code(),
                crate::esc(&messages(lang).t("leaderboard-how"))
            );
            assert!(html.contains(&link), "{lang:?} lacks {link}");
        }
    }
    // Without a store the tables wait for the client.
    let html = crate::pages::render(
        Lang::En,
        &crate::page::Page::Leaderboard,
        &Default::default(),
        &crate::SiteSettings::example(),
    );
    assert!(html.contains("<table data-game=\"dots\"><thead>") && !html.contains("data-filled"));
}

#[tokio::test]
async fn the_messages_are_a_file_cached_once_per_locale() {
    let (_, _, html) = get_page("/ru/games/dots", &[]).await;
    let url = crate::i18n::client_messages_url(Lang::Ru);
    assert!(url.starts_with("/l10n/ru.ftl?v="), "{url}");
    assert!(html.contains(&format!("<link rel=\"preload\" href=\"{url}\" as=\"fetch\" crossorigin>")));
    assert!(html.contains(&format!("\"messages\":\"{url}\"")));
    assert!(!html.contains("play-spectators"), "the messages are not inlined any more");
    let (s, h, body) = get_page(&url, &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CACHE_CONTROL], assets::IMMUTABLE);
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain"));
    assert_eq!(body, crate::i18n::client_source(Lang::Ru));
    let (_, h, _) = get_page(&url, &[(header::ACCEPT_ENCODING, "br")]).await;
    assert_eq!(h[header::CONTENT_ENCODING], "br");
    let (s, h, _) = get_page("/l10n/ru.ftl", &[]).await;
    assert_eq!((s, h[header::CACHE_CONTROL].to_str().unwrap()), (StatusCode::OK, "no-cache"));
    for bad in ["/l10n/xx.ftl", "/l10n/ru.txt", "/l10n/ru"] {
        assert_eq!(get_page(bad, &[]).await.0, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[test]
fn the_client_does_not_carry_the_server_only_messages() {
    for lang in Lang::ALL {
        let src = crate::i18n::client_source(lang);
        assert!(src.contains("play-spectators ="), "{lang:?}");
        assert!(!src.contains("meta-invite-title"), "{lang:?}");
        assert!(messages(lang).has("meta-invite-title"), "{lang:?}");
    }
}
