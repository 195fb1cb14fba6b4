//! Errors of the HTTP endpoints: one type, one `match` from variant to status; the body is
//! the same [`WireError`] the socket sends. Internal details are logged, not sent.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use wire::{ErrorCode, WireError};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{1}")]
    BadRequest(ErrorCode, String),
    #[error("missing or unknown device token")]
    Unauthorized,
    #[error("not found")]
    NotFound,
    /// A socket opened by a page of another site (`403`, `cross-origin`; `crate::origin`).
    #[error("cross-origin socket")]
    CrossOrigin,
    #[error("too many requests")]
    RateLimited,
    /// The request came too late: another one changed what it was about (`409`).
    #[error("{1}")]
    Conflict(ErrorCode, String),
    /// Over one of the bounds of issue 19 (`429`, with the code and a message saying which).
    #[error("{1}")]
    TooMany(ErrorCode, String),
    /// A body over an endpoint's bound (`413`, `too-large`, the message naming the bound).
    #[error("{0}")]
    TooLarge(String),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = match &self {
            ApiError::BadRequest(code, _) => (StatusCode::BAD_REQUEST, code.clone()),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, ErrorCode::BadToken),
            ApiError::NotFound => (StatusCode::NOT_FOUND, ErrorCode::NotFound),
            ApiError::CrossOrigin => (StatusCode::FORBIDDEN, ErrorCode::CrossOrigin),
            ApiError::RateLimited => (StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited),
            ApiError::TooMany(code, _) => (StatusCode::TOO_MANY_REQUESTS, code.clone()),
            ApiError::Conflict(code, _) => (StatusCode::CONFLICT, code.clone()),
            ApiError::TooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::TooLarge),
            ApiError::Store(e) => {
                tracing::error!("store: {e}");
                (StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal)
            }
        };
        let body = match self {
            ApiError::BadRequest(code, message)
            | ApiError::TooMany(code, message)
            | ApiError::Conflict(code, message) => WireError::with_message(code, message),
            ApiError::TooLarge(message) => WireError::with_message(ErrorCode::TooLarge, message),
            _ => WireError::new(code),
        };
        (status, Json(body)).into_response()
    }
}
