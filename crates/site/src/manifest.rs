//! The web app manifest, `/{lang}/manifest.webmanifest`, which makes the site installable on
//! a phone's home screen: its name, the locale's description, where it opens (that locale's
//! home page) and the icons under `web/icons/` (made from `web/icon.svg` by
//! `scripts/icons.mjs`).

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::i18n::{Lang, messages};

/// The icons the manifest lists: path under `/static/`, size in pixels, purpose.
pub const ICONS: [(&str, u32, &str); 3] = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
];

/// The colour behind the splash screen and of the browser's bars: the page background.
const BACKGROUND: &str = "#faf7f2";

/// The manifest of `lang`.
pub fn manifest(lang: Lang) -> Value {
    let m = messages(lang);
    let l = lang.code();
    let icons: Vec<Value> = ICONS
        .iter()
        .map(|(path, px, purpose)| json!({"src": format!("/static/{path}"), "sizes": format!("{px}x{px}"), "type": "image/png", "purpose": purpose}))
        .chain(std::iter::once(json!({"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})))
        .collect();
    json!({
        "id": "/",
        "name": m.t("site-name"),
        "short_name": m.t("site-name"),
        "description": m.t("site-description"),
        "lang": l,
        "start_url": format!("/{l}/"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "icons": icons,
    })
}

/// `GET /{lang}/manifest.webmanifest`.
pub async fn serve(Path(lang): Path<String>) -> Response {
    let Some(lang) = Lang::from_code(&lang) else { return (StatusCode::NOT_FOUND, "not found").into_response() };
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/manifest+json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    (StatusCode::OK, h, manifest(lang).to_string()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::Web;

    /// Width and height from a PNG's header.
    fn png_size(data: &[u8]) -> (u32, u32) {
        assert_eq!(&data[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
        assert_eq!(&data[12..16], b"IHDR");
        let n = |i: usize| u32::from_be_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
        (n(16), n(20))
    }

    #[test]
    fn every_locale_has_an_installable_manifest() {
        for lang in Lang::ALL {
            let v = manifest(lang);
            assert_eq!(v["start_url"], format!("/{}/", lang.code()));
            assert_eq!(v["display"], "standalone");
            assert!(!v["description"].as_str().unwrap().is_empty());
            let sizes: Vec<&str> =
                v["icons"].as_array().unwrap().iter().map(|i| i["sizes"].as_str().unwrap()).collect();
            // Chromium asks for a 192 and a 512 pixel icon before it offers to install.
            assert!(sizes.contains(&"192x192") && sizes.contains(&"512x512"), "{sizes:?}");
        }
        assert_ne!(manifest(Lang::De)["description"], manifest(Lang::En)["description"]);
    }

    #[test]
    fn the_icons_exist_at_their_sizes() {
        for (path, px, _) in ICONS {
            let file = Web::get(path).unwrap_or_else(|| panic!("web/{path} is missing"));
            assert_eq!(png_size(&file.data), (px, px), "{path}");
        }
        let apple = Web::get("icons/apple-touch-icon.png").expect("web/icons/apple-touch-icon.png");
        assert_eq!(png_size(&apple.data), (180, 180));
    }
}
