//! What crawlers fetch besides the pages: `/robots.txt`, `/sitemap.xml` and `/favicon.ico`.
//!
//! The sitemap lists every public page in every locale, each with its alternates in the other
//! locales (and `x-default`, the English page), as absolute URLs under the site's public base
//! URL. Group (table) pages are left out: they are private invitations, marked `noindex`.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use rules::GameKind;

use crate::assets;
use crate::config::SiteState;
use crate::html::esc;
use crate::i18n::Lang;
use crate::page::Page;

/// The pages a crawler may index, in every locale.
pub fn public_pages() -> Vec<Page> {
    let mut pages = vec![Page::Home];
    for g in GameKind::ALL {
        pages.extend([Page::Game(g), Page::Learn(g), Page::Rules(g), Page::Analysis(g)]);
    }
    pages.push(Page::Leaderboard);
    pages
}

fn text(content_type: &'static str, body: String) -> Response {
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    (h, body).into_response()
}

/// `GET /robots.txt`: everything but the API and the sockets may be crawled.
pub async fn robots(State(s): State<SiteState>) -> Response {
    text("text/plain; charset=utf-8", robots_txt(s.settings.public_url.as_str()))
}

pub fn robots_txt(base: &str) -> String {
    format!("User-agent: *\nDisallow: /api/\nDisallow: /ws/\n\nSitemap: {base}/sitemap.xml\n")
}

/// `GET /sitemap.xml`.
pub async fn sitemap(State(s): State<SiteState>) -> Response {
    text("application/xml; charset=utf-8", sitemap_xml(s.settings.public_url.as_str()))
}

pub fn sitemap_xml(base: &str) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in public_pages() {
        let path = esc(&page.path());
        let mut alternates = String::new();
        for other in Lang::ALL {
            let o = other.code();
            alternates.push_str(&format!("<xhtml:link rel=\"alternate\" hreflang=\"{o}\" href=\"{base}/{o}{path}\"/>"));
        }
        alternates
            .push_str(&format!("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{base}/en{path}\"/>"));
        for lang in Lang::ALL {
            out.push_str(&format!("<url><loc>{base}/{}{path}</loc>{alternates}</url>\n", lang.code()));
        }
    }
    out.push_str("</urlset>\n");
    out
}

/// `GET /favicon.ico`, for browsers and crawlers that ask for it by its old fixed name. Its URL
/// cannot carry a version, so it is cached for a day rather than for ever.
pub async fn favicon(headers: HeaderMap) -> Response {
    let asset = &assets::all()["favicon.ico"];
    assets::respond("favicon.ico", asset, "public, max-age=86400", &headers)
}
