//! Errors of the HTTP endpoints: one type, one `match` from variant to status; internal
//! details are logged, not sent.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{1}")]
    BadRequest(&'static str, String),
    #[error("missing or unknown device token")]
    Unauthorized,
    #[error("not found")]
    NotFound,
    #[error("too many requests")]
    RateLimited,
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = match &self {
            ApiError::BadRequest(code, _) => (StatusCode::BAD_REQUEST, *code),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, "bad-token"),
            ApiError::NotFound => (StatusCode::NOT_FOUND, "not-found"),
            ApiError::RateLimited => (StatusCode::TOO_MANY_REQUESTS, "rate-limited"),
            ApiError::Store(e) => {
                tracing::error!("store: {e}");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        };
        let message = match &self {
            ApiError::Store(_) => "the server could not do that; try again".to_string(),
            e => e.to_string(),
        };
        (status, Json(json!({"code": code, "message": message}))).into_response()
    }
}
