//! The browser client (`web/`), embedded at build time and served under `/static/`.
//!
//! **Caching.** Pages name each file by a URL carrying its content hash
//! (`/static/app.js?v=1a2b3c4d5e6f`, [`url`]), and modules reach each other through the page's
//! import map ([`crate::modules`]), which maps every module's plain URL to its hashed one. A
//! hashed URL always means the same bytes, so it is cached for a year as `immutable`: a
//! returning visitor loads nothing twice, and a new release changes the URLs of the files that
//! changed and no others. A plain or outdated URL (an old tab after a release, a browser without
//! import maps) still answers, with `no-cache` and an ETag, so it is revalidated every time and
//! never mixes two versions for long.
//!
//! **Compression.** Text files are compressed once per process, with brotli (quality 11; 9 for
//! files of 64 KiB and more, [`brotli_quality`]) and gzip (level 9) on a background thread
//! started with the router, and sent by the request's `Accept-Encoding`. The pages themselves are compressed per request by the router's
//! compression layer, which leaves these answers alone because they already carry a
//! `Content-Encoding`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// Every file of the client.
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "tsconfig.json"]
#[exclude = "*.d.ts"]
#[exclude = "*.md"]
#[exclude = "test/*"]
pub struct Web;

/// The content type of a file, from its extension.
pub fn content_type(path: &str) -> &'static str {
    match extension(path) {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "webmanifest" => "application/json",
        "png" => "image/png",
        // WebAssembly.instantiateStreaming insists on this type.
        "wasm" => "application/wasm",
        "ico" => "image/x-icon",
        "ftl" | "txt" => "text/plain; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn extension(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or("")
}

/// Whether a file is worth compressing (images other than SVG already are).
fn compressible(path: &str) -> bool {
    !matches!(extension(path), "png" | "ico" | "jpg" | "jpeg" | "webp" | "woff2")
}

/// Brotli's quality for a file of `len` bytes: the best (11) for the scripts and styles, 9 from
/// 64 KiB. For the 358 KB engine module quality 11 took 5 s of CPU (at load 10) and saved 11 %
/// over quality 9's 0.3 s; a request that comes before the start-up compression waits for it.
fn brotli_quality(len: usize) -> i32 {
    if len < 64 * 1024 { 11 } else { 9 }
}

/// One file: its bytes, the hash that versions its URL, and its compressed forms.
pub struct Asset {
    pub data: Bytes,
    /// The first 12 hex digits of the file's SHA-256.
    pub hash: String,
    compressed: OnceLock<Option<Compressed>>,
}

struct Compressed {
    br: Bytes,
    gzip: Bytes,
}

impl Asset {
    /// A file of `data`, versioned by the first 12 hex digits of its SHA-256.
    pub fn new(data: Bytes) -> Asset {
        let hash = Sha256::digest(&data)[..6].iter().map(|b| format!("{b:02x}")).collect();
        Asset { data, hash, compressed: OnceLock::new() }
    }

    /// The compressed forms, made on first use (`None` for files not worth it).
    fn compressed(&self, path: &str) -> Option<&Compressed> {
        self.compressed
            .get_or_init(|| {
                if !compressible(path) {
                    return None;
                }
                let mut br = Vec::new();
                let params = brotli::enc::BrotliEncoderParams {
                    quality: brotli_quality(self.data.len()),
                    lgwin: 22,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &self.data[..], &mut br, &params).expect("compressing into memory");
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                gz.write_all(&self.data).expect("compressing into memory");
                let gzip = gz.finish().expect("compressing into memory");
                Some(Compressed { br: br.into(), gzip: gzip.into() })
            })
            .as_ref()
    }
}

/// The environment variable naming a directory to serve the client from instead of the copy
/// embedded at build time, read once at start: for trying a change to `web/` without a rebuild,
/// and for the browser test of a new release (`e2e/service-worker.test.js`), which starts the
/// same binary on two different sets of files.
pub const WEB_DIR_ENV: &str = "QDAN_WEB_DIR";

/// [`WEB_DIR_ENV`] names a directory whose files cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("{WEB_DIR_ENV}={dir}: the client's files cannot be read from there")]
pub struct WebDirError {
    dir: String,
    source: std::io::Error,
}

static ALL: OnceLock<HashMap<String, Asset>> = OnceLock::new();

/// Reads every file now (the embedded copy, or [`WEB_DIR_ENV`]'s directory), so that a
/// directory that cannot be read stops the start with a message instead of a request with a
/// panic. The server calls it before it opens its store.
pub fn load() -> Result<(), WebDirError> {
    if ALL.get().is_none() {
        let files = read_all()?;
        let _ = ALL.set(files);
    }
    Ok(())
}

fn read_all() -> Result<HashMap<String, Asset>, WebDirError> {
    match std::env::var_os(WEB_DIR_ENV) {
        Some(dir) => read_web_dir(std::path::Path::new(&dir)),
        None => Ok(Web::iter()
            .filter_map(|path| Some((path.to_string(), Asset::new(Web::get(&path)?.data.into_owned().into()))))
            .collect()),
    }
}

/// The client's files under `dir` (what [`WEB_DIR_ENV`] names).
fn read_web_dir(dir: &std::path::Path) -> Result<HashMap<String, Asset>, WebDirError> {
    let fail = |source| WebDirError { dir: dir.display().to_string(), source };
    let mut files = HashMap::new();
    read_dir(dir, "", &mut files).map_err(fail)?;
    // A folder that is not the client's (a typo, the repository's top) is refused whole
    // rather than served as a site without its script.
    if !files.contains_key("app.js") {
        return Err(fail(std::io::Error::new(std::io::ErrorKind::NotFound, "no app.js: not the client's web folder")));
    }
    Ok(files)
}

/// Every file by its path under `web/`, read and hashed once: the embedded copy, or the files
/// under [`WEB_DIR_ENV`] when it is set.
///
/// # Panics
/// If [`WEB_DIR_ENV`] names a directory that cannot be read and [`load`] was not called first
/// (the server calls it at start, and stops there with the error).
pub fn all() -> &'static HashMap<String, Asset> {
    ALL.get_or_init(|| read_all().unwrap_or_else(|e| panic!("{e}")))
}

/// Whether a file of `web/` is part of the client (what [`Web`] leaves out: the type checker's
/// settings, the notes and the unit tests).
fn served(path: &str) -> bool {
    path != "tsconfig.json" && !path.ends_with(".d.ts") && !path.ends_with(".md") && !path.starts_with("test/")
}

/// Reads every served file under `dir` into `out`, by its path relative to the top (`prefix`).
fn read_dir(dir: &std::path::Path, prefix: &str, out: &mut HashMap<String, Asset>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type()?.is_dir() {
            read_dir(&entry.path(), &format!("{name}/"), out)?;
        } else if served(&name) {
            out.insert(name, Asset::new(std::fs::read(entry.path())?.into()));
        }
    }
    Ok(())
}

/// Set once [`warm_in_background`] has compressed every file.
static WARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Compresses every file ahead of the first requests, once per process, on a thread of its own
/// (well under a second of CPU).
pub fn warm_in_background() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        std::thread::spawn(|| {
            for (path, asset) in all() {
                asset.compressed(path);
            }
            WARMED.store(true, std::sync::atomic::Ordering::Release);
        });
    });
}

/// Whether the start-up compression of [`warm_in_background`] is over: a test that measures
/// the CPU of an idle server waits for it, as it is start-up work, not idle work.
pub fn warmed() -> bool {
    WARMED.load(std::sync::atomic::Ordering::Acquire)
}

/// The versioned URL of a file under `web/` (`/static/{path}?v={hash}`).
///
/// # Panics
/// If the file does not exist: every caller names a file of the client.
pub fn url(path: &str) -> String {
    let asset = all().get(path).unwrap_or_else(|| panic!("web/{path} is not embedded"));
    format!("/static/{path}?v={}", asset.hash)
}

/// A content coding the static files come in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Encoding {
    Br,
    Gzip,
}

/// The encoding to answer `Accept-Encoding` with: the client's highest weight, brotli on a tie.
fn pick_encoding(headers: &HeaderMap) -> Option<Encoding> {
    let accept = headers.get(header::ACCEPT_ENCODING)?.to_str().ok()?;
    let mut best: Option<(f32, Encoding)> = None;
    for part in accept.split(',') {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = pieces
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let enc = match name.as_str() {
            "br" => Encoding::Br,
            "gzip" | "x-gzip" => Encoding::Gzip,
            _ => continue,
        };
        if q > 0.0 && best.is_none_or(|(bq, b)| q > bq || (q == bq && enc == Encoding::Br && b != Encoding::Br)) {
            best = Some((q, enc));
        }
    }
    best.map(|(_, e)| e)
}

/// The query of a static URL: `v`, the version the page asked for.
#[derive(Deserialize)]
pub struct Version {
    v: Option<String>,
}

impl Version {
    /// Whether the URL asked for the version `hash`.
    pub fn is(&self, hash: &str) -> bool {
        self.v.as_deref() == Some(hash)
    }
}

/// A year: the longest lifetime caches honour.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `GET /static/{*path}`.
pub async fn serve(Path(path): Path<String>, Query(version): Query<Version>, headers: HeaderMap) -> Response {
    match all().get(&path) {
        Some(asset) => respond(&path, asset, if version.is(&asset.hash) { IMMUTABLE } else { "no-cache" }, &headers),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// Answers with `asset` under `cache_control`: 304 for a matching `If-None-Match`, else its
/// bytes in the best encoding the client accepts.
pub fn respond(path: &str, asset: &Asset, cache_control: &'static str, headers: &HeaderMap) -> Response {
    let tag = format!("\"{}\"", asset.hash);
    let mut h = HeaderMap::new();
    h.insert(header::ETAG, HeaderValue::from_str(&tag).expect("hex etag"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    let compressed = asset.compressed(path);
    if compressed.is_some() {
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"))
    {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(path)));
    let body = match (compressed, pick_encoding(headers)) {
        (Some(c), Some(Encoding::Br)) => {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            c.br.clone()
        }
        (Some(c), Some(Encoding::Gzip)) => {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            c.gzip.clone()
        }
        _ => asset.data.clone(),
    };
    (StatusCode::OK, h, body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_serves_the_files_the_embedded_copy_does() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        let mut files = HashMap::new();
        read_dir(&dir, "", &mut files).unwrap();
        let mut read: Vec<&String> = files.keys().collect();
        read.sort();
        let mut embedded: Vec<String> = Web::iter().map(|p| p.to_string()).collect();
        embedded.sort();
        assert_eq!(read, embedded.iter().collect::<Vec<_>>());
        assert_eq!(files["app.js"].hash, all()["app.js"].hash);
    }
}

#[cfg(test)]
mod web_dir_tests {
    use super::read_web_dir;

    #[test]
    fn a_folder_that_is_not_the_clients_is_refused_with_its_name() {
        let missing = std::env::temp_dir().join(format!("qdan-no-such-folder-{}", std::process::id()));
        let e = read_web_dir(&missing).err().expect("refused").to_string();
        assert!(e.starts_with("QDAN_WEB_DIR=") && e.contains("qdan-no-such-folder"), "{e}");
        let empty = std::env::temp_dir().join(format!("qdan-empty-web-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let e = read_web_dir(&empty).err().expect("refused");
        assert!(std::error::Error::source(&e).unwrap().to_string().contains("app.js"), "{e}");
        std::fs::remove_dir_all(&empty).unwrap();
    }

    #[test]
    fn the_repositorys_web_folder_is_read() {
        let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        match read_web_dir(&web) {
            Ok(files) => assert!(files.contains_key("app.js") && !files.contains_key("tsconfig.json")),
            Err(e) => panic!("{e}"),
        }
    }
}
