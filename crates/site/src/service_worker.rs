//! The service worker, `/sw.js`: it keeps the client's files, the engine module and the pages
//! a visitor opened in the browser's Cache Storage, so that a page opened once still shows
//! offline and a returning visitor's files come from the device.
//!
//! The script is its code (`service-worker.js`, beside this file) after one line written here,
//! the release: a version (a hash over every served file's hash, the client messages' hashes and
//! the code itself) and the versioned URLs to fetch at install. A new release changes the
//! version, so the browser, which compares the script byte for byte when it checks for an update
//! (at every navigation; `/sw.js` itself is `no-cache`), installs the new worker; that one fills a
//! cache named by its version and deletes every other when it takes over. The strategy by URL is
//! in `service-worker.js`; `docs/architecture.md` ("Offline and updates") says why taking over
//! open pages at once is safe.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::assets::{self, Asset};
use crate::i18n::{Lang, client_messages, client_messages_url};

/// The worker's code, after the release line.
const CODE: &str = include_str!("service-worker.js");

/// Whether a file is fetched at install. Left out: the link-preview pictures (`share/`, which
/// only crawlers and chat apps fetch), the diagrams (the server writes them into the pages) and
/// `favicon.ico` (served at `/favicon.ico`, which the browser asks for itself).
pub fn precached(path: &str) -> bool {
    !path.starts_with("share/") && !path.starts_with("diagrams/") && path != "favicon.ico"
}

/// The version of a release: the first 12 hex digits of a SHA-256 over every file's path and
/// hash (in path order), every locale's client messages hash, and the worker's code.
pub fn version(files: &HashMap<String, Asset>) -> String {
    let mut paths: Vec<&String> = files.keys().collect();
    paths.sort();
    let mut h = Sha256::new();
    for p in paths {
        h.update(p.as_bytes());
        h.update(b" ");
        h.update(files[p].hash.as_bytes());
        h.update(b"\n");
    }
    for lang in Lang::ALL {
        h.update(lang.code().as_bytes());
        h.update(client_messages(lang).hash.as_bytes());
    }
    h.update(CODE.as_bytes());
    h.finalize()[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// The pages, under `/{lang}/`, kept at install in every language in use, opened or not: those
/// a game against the CPU on the device needs with no network (the home page, each game's page,
/// where such a game starts, and "My games", where it waits for its upload).
pub fn offline_pages() -> Vec<String> {
    let games = rules::GameKind::ALL.into_iter().map(|g| format!("games/{}", g.as_str()));
    std::iter::once(String::new()).chain(games).chain(std::iter::once("my-games".to_string())).collect()
}

/// The script for the files `files`: the release line, then the code.
pub fn script_for(files: &HashMap<String, Asset>) -> String {
    let mut precache: Vec<String> =
        files.iter().filter(|(p, _)| precached(p)).map(|(p, a)| format!("/static/{p}?v={}", a.hash)).collect();
    precache.sort();
    let messages: serde_json::Map<String, serde_json::Value> =
        Lang::ALL.into_iter().map(|l| (l.code().to_string(), client_messages_url(l).into())).collect();
    let release =
        json!({ "version": version(files), "precache": precache, "messages": messages, "pages": offline_pages() });
    format!("const RELEASE = {release};\n{CODE}")
}

/// The script of this process's files, made once.
pub fn script() -> &'static str {
    static SCRIPT: OnceLock<String> = OnceLock::new();
    SCRIPT.get_or_init(|| script_for(assets::all()))
}

/// `GET /sw.js`. Served from the root so that its scope is the whole site; `no-cache` with an
/// ETag, so that every update check reaches the server and costs a 304 when nothing changed.
pub async fn serve(headers: HeaderMap) -> Response {
    let body = script();
    let tag =
        format!("\"{}\"", &Sha256::digest(body.as_bytes())[..9].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let mut h = HeaderMap::new();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::ETAG, HeaderValue::from_str(&tag).expect("hex etag"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    (StatusCode::OK, h, body).into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::{Body, to_bytes};
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    /// The release line of a script, parsed.
    fn release(script: &str) -> serde_json::Value {
        let line = script.lines().next().unwrap();
        let json = line.strip_prefix("const RELEASE = ").and_then(|l| l.strip_suffix(';')).expect("the release line");
        serde_json::from_str(json).unwrap()
    }

    #[tokio::test]
    async fn is_served_from_the_root_uncached_and_revalidated() {
        let res =
            crate::tests::test_router().oneshot(Request::get("/sw.js").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let h = res.headers().clone();
        assert_eq!(h[header::CACHE_CONTROL], "no-cache");
        assert_eq!(h[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
        let body = to_bytes(res.into_body(), 1 << 22).await.unwrap();
        assert_eq!(String::from_utf8_lossy(&body), script());
        let tag = h[header::ETAG].to_str().unwrap();
        let again = Request::get("/sw.js").header(header::IF_NONE_MATCH, tag).body(Body::empty()).unwrap();
        let res = crate::tests::test_router().oneshot(again).await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
    }

    #[tokio::test]
    async fn lists_the_pages_a_game_offline_needs_and_each_is_served() {
        let r = release(script());
        let pages: Vec<&str> = r["pages"].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
        let games: Vec<String> = rules::GameKind::ALL.into_iter().map(|g| format!("games/{}", g.as_str())).collect();
        assert_eq!(pages[0], "");
        assert_eq!(pages[1..pages.len() - 1], games);
        assert_eq!(pages.last(), Some(&"my-games"));
        assert!(games.contains(&"games/bagh-chal".to_string()));
        for p in pages {
            let req = Request::get(format!("/de/{p}")).body(Body::empty()).unwrap();
            let res = crate::tests::test_router().oneshot(req).await.unwrap();
            assert_eq!(res.status(), StatusCode::OK, "/de/{p}");
        }
    }

    #[test]
    fn lists_the_client_the_engine_and_every_locale() {
        let r = release(script());
        let urls: Vec<&str> = r["precache"].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
        for path in [
            "app.js",
            "style.css",
            "icons/icon-192.png",
            "engine/qdan_engine.wasm",
            "engine/worker.js",
            "engine/call.js",
        ] {
            let url = assets::url(path);
            assert!(urls.contains(&url.as_str()), "{url} missing from {urls:?}");
        }
        // Every module the import map names, so a page's later imports are there offline too.
        let map: serde_json::Value = serde_json::from_str(crate::modules::import_map()).unwrap();
        for url in map["imports"].as_object().unwrap().values() {
            assert!(urls.contains(&url.as_str().unwrap()), "{url} missing");
        }
        assert!(!urls.iter().any(|u| u.contains("/share/") || u.contains("/diagrams/")), "{urls:?}");
        for lang in Lang::ALL {
            assert_eq!(r["messages"][lang.code()], client_messages_url(lang));
        }
        assert_eq!(r["version"], version(assets::all()));
    }

    #[test]
    fn the_version_changes_with_any_file() {
        let copy = |files: &HashMap<String, Asset>| -> HashMap<String, Asset> {
            files.iter().map(|(p, a)| (p.clone(), Asset::new(a.data.clone()))).collect()
        };
        let base = copy(assets::all());
        assert_eq!(version(&base), version(assets::all()), "a function of the files");
        let mut changed = copy(&base);
        let mut css = changed["style.css"].data.to_vec();
        css.extend_from_slice(b"\n/* a new release */\n");
        changed.insert("style.css".into(), Asset::new(css.into()));
        assert_ne!(version(&changed), version(&base));
        let mut wasm = copy(&base);
        let mut module = wasm["engine/qdan_engine.wasm"].data.to_vec();
        module[8] ^= 1;
        wasm.insert("engine/qdan_engine.wasm".into(), Asset::new(module.into()));
        assert_ne!(version(&wasm), version(&base));
        let mut added = copy(&base);
        added.insert("new.js".into(), Asset::new(b"export {};".to_vec().into()));
        assert_ne!(version(&added), version(&base));
        // The new script names the new file's URL, so the new worker fetches it at install.
        let r = release(&script_for(&changed));
        let url = format!("/static/style.css?v={}", changed["style.css"].hash);
        assert!(r["precache"].as_array().unwrap().iter().any(|u| u == &url));
        assert_ne!(r["version"], release(script())["version"]);
    }
}
