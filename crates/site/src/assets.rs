//! The browser client (`web/`), embedded at build time and served under `/static/` with an
//! `ETag` from the file's SHA-256, so browsers revalidate cheaply and never run stale code.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

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
    match path.rsplit('.').next().unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "webmanifest" => "application/json",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "ftl" | "txt" => "text/plain; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn etag(hash: [u8; 32]) -> String {
    let hex: String = hash[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// `GET /static/{*path}`.
pub async fn serve(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let Some(file) = Web::get(&path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let tag = etag(file.metadata.sha256_hash());
    let mut h = HeaderMap::new();
    h.insert(header::ETAG, HeaderValue::from_str(&tag).expect("hex etag"));
    // Revalidate every time: the modules import each other by plain URLs, so a long cache
    // could mix two versions of the client.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    {
        return (StatusCode::NOT_MODIFIED, h).into_response();
    }
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(&path)));
    (StatusCode::OK, h, file.data.into_owned()).into_response()
}
