//! What the pages get from the game server: the public URL in every absolute link, a table
//! page that knows its game and board (reserved space, share card), a lesson page that carries
//! its steps, and static files that are compressed and cached for good.

use serde_json::{Value, json};

use crate::common::{TestServer, fast_config};

async fn get(s: &TestServer, path: &str) -> (reqwest::StatusCode, reqwest::header::HeaderMap, String) {
    let r = s.http.get(s.url(path)).send().await.unwrap();
    let (status, headers) = (r.status(), r.headers().clone());
    (status, headers, r.text().await.unwrap())
}

fn between<'a>(s: &'a str, from: &str, to: &str) -> &'a str {
    s.split(from).nth(1).unwrap_or_else(|| panic!("no {from}")).split(to).next().unwrap()
}

async fn public_server() -> TestServer {
    let config = server::Config { public_url: "https://qdan.example".parse().unwrap(), ..fast_config() };
    TestServer::start_with(config, None).await
}

#[tokio::test]
async fn absolute_links_use_the_configured_public_url() {
    let s = public_server().await;
    let (status, _, robots) = get(&s, "/robots.txt").await;
    assert_eq!(status, 200);
    assert!(robots.contains("Sitemap: https://qdan.example/sitemap.xml"), "{robots}");
    let (_, _, sitemap) = get(&s, "/sitemap.xml").await;
    assert!(sitemap.contains("<loc>https://qdan.example/hi/games/musashi/rules</loc>"));
    assert!(!sitemap.contains(&s.addr.to_string()));
    let (_, _, home) = get(&s, "/de/").await;
    assert!(home.contains("<link rel=\"canonical\" href=\"https://qdan.example/de/\">"));
    assert!(home.contains("<link rel=\"alternate\" hreflang=\"ru\" href=\"https://qdan.example/ru/\">"));
    assert!(home.contains("<meta property=\"og:image\" content=\"https://qdan.example/static/share/site.png?v="));
    let (status, h, _) = get(&s, "/favicon.ico").await;
    assert_eq!(status, 200);
    assert_eq!(h["content-type"], "image/x-icon");
}

#[tokio::test]
async fn a_table_page_names_its_game_and_reserves_its_board() {
    let s = public_server().await;
    let (token, _) = s.player("Ana").await;
    let musashi = s.group(&token, json!({"game": "musashi", "options": {"board": "25"}})).await;
    let dots = s.group(&token, json!({"game": "dots", "options": {"size": "3x4"}})).await;
    let (status, _, page) = get(&s, &format!("/en/g/{musashi}")).await;
    assert_eq!(status, 200);
    assert!(page.contains("<div class=\"play\" id=\"play\" data-game=\"musashi\">"));
    assert!(page.contains("style=\"--board-ratio: 560 / 560\""), "the 25-point board");
    assert!(page.contains("<meta property=\"og:title\" content=\"A game of Juroku Musashi: take a seat or watch\">"));
    assert!(page.contains("content=\"https://qdan.example/static/share/musashi.png?v="));
    assert!(page.contains(&format!("<meta property=\"og:url\" content=\"https://qdan.example/en/g/{musashi}\">")));
    assert!(page.contains("<meta name=\"robots\" content=\"noindex\">"));
    // The Dots table preloads its board and, 3 boxes wide and 4 high, is taller than wide.
    let (_, _, page) = get(&s, &format!("/ru/g/{dots}")).await;
    assert!(page.contains("style=\"--board-ratio: 400 / 500\""));
    assert!(page.contains("<link rel=\"modulepreload\" href=\"/static/dots/index.js?v="));
    assert!(between(&page, "<meta name=\"description\" content=\"", "\"").contains("Точки и квадраты"));
    // Against the CPU the game starts at once; the page shows that game's board.
    let cpu = s.group(&token, json!({"game": "dots", "cpu": "beginner", "options": {"size": "4x3"}})).await;
    let (_, _, page) = get(&s, &format!("/en/g/{cpu}")).await;
    assert!(page.contains("style=\"--board-ratio: 500 / 400\""), "{}", between(&page, "<main", "</main>"));
}

#[tokio::test]
async fn the_lesson_page_carries_the_lesson_the_api_serves() {
    let s = TestServer::start().await;
    for (game, steps, title, ratio) in
        [("musashi", 8, "Moving the Parent", "760 / 560"), ("dots", 5, "Drawing a line", "400 / 400")]
    {
        let api: Value = s.http.get(s.url(&format!("/api/lesson/{game}"))).send().await.unwrap().json().await.unwrap();
        assert_eq!(api["steps"].as_array().unwrap().len(), steps, "{game}");
        let (_, _, page) = get(&s, &format!("/en/games/{game}/learn")).await;
        let data: Value =
            serde_json::from_str(between(&page, "<script id=\"qdan-data\" type=\"application/json\">", "</script>"))
                .unwrap();
        assert_eq!(data["lesson"], api, "{game}");
        assert!(page.contains(&format!("id=\"lesson-count\">Step 1 of {}</p>", steps + 1)), "{game}");
        assert!(page.contains(&format!("<h2 id=\"lesson-step\">{title}</h2>")), "{game}");
        assert!(page.contains(&format!("style=\"--board-ratio: {ratio}\"")), "{game}");
    }
}

#[tokio::test]
async fn static_files_come_compressed_and_versioned() {
    let s = TestServer::start().await;
    let (_, _, home) = get(&s, "/en/").await;
    let css = between(&home, "<link rel=\"stylesheet\" href=\"", "\"").to_string();
    assert!(css.starts_with("/static/style.css?v="), "{css}");
    let r = s.http.get(s.url(&css)).header("accept-encoding", "gzip, br").send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-encoding"], "br");
    assert_eq!(r.headers()["cache-control"], "public, max-age=31536000, immutable");
    let plain = s.http.get(s.url("/static/style.css")).send().await.unwrap();
    assert_eq!(plain.headers()["cache-control"], "no-cache");
    assert!(plain.headers().get("content-encoding").is_none());
    let size = plain.bytes().await.unwrap().len();
    assert!(r.bytes().await.unwrap().len() * 3 < size, "brotli saves two thirds of the stylesheet");
    // Pages are compressed too, and carry the policy that lets their import map run.
    let r = s.http.get(s.url("/en/games/dots")).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(r.headers()["content-encoding"], "br");
    let csp = r.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("script-src 'self' 'sha256-"), "{csp}");
}
