//! Every HTTP error of the API has the body of a socket error (`docs/protocol.md`, "Every HTTP
//! error has the same body"). The handlers' own errors have it already (`error::ApiError`);
//! this gives it to the refusals axum makes before a handler runs: a query string that does
//! not read (`?review=a&review=b`), a method the path does not take, a path with no endpoint.

use axum::Json;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use wire::{ErrorCode, WireError};

/// The most of a refusal's own text kept as its `message`.
const MESSAGE_BYTES: usize = 1024;

pub(crate) async fn as_json(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let res = next.run(req).await;
    let status = res.status();
    let json = res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let (parts, body) = res.into_parts();
    // A long body (a page's 404) is no message: the status's reason stands for it.
    let text = axum::body::to_bytes(body, MESSAGE_BYTES)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() { status.canonical_reason().unwrap_or("refused").to_string() } else { text };
    let mut out = (status, Json(WireError::with_message(code_for(status), message))).into_response();
    // Headers that say more than the body (`Allow` on a 405) stay.
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

/// The error code a bare status stands for.
fn code_for(status: StatusCode) -> ErrorCode {
    match status {
        StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => ErrorCode::NotFound,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        StatusCode::UNAUTHORIZED => ErrorCode::BadToken,
        s if s.is_client_error() => ErrorCode::BadField,
        _ => ErrorCode::Internal,
    }
}
