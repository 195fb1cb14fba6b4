//! A request's JSON body, read the way a socket reads a message (`docs/protocol.md`, "Errors"):
//! a body that is not JSON, or not an object, is `bad-json`; a field missing, unknown or of
//! the wrong type is `bad-field`. A body left out reads as `{}`, so an endpoint whose fields
//! are all optional needs none.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header;
use serde::de::DeserializeOwned;
use serde_json::Value;
use wire::ErrorCode;

use crate::error::ApiError;

/// The body as `T` (see the module's comment for the errors).
pub(crate) struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let json_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(is_json_type);
        // Over `MAX_BODY`, or a body that stopped arriving: refused before it is parsed.
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| ApiError::BadRequest(ErrorCode::BadJson, e.body_text()))?;
        if bytes.is_empty() {
            return parse_object(b"{}").map(JsonBody);
        }
        // A page of another site can send a form or plain text here without asking first, but
        // not `application/json`: a body of another type is refused unread.
        if !json_type {
            return Err(ApiError::BadRequest(
                ErrorCode::BadJson,
                "send the body as Content-Type: application/json".into(),
            ));
        }
        parse_object(&bytes).map(JsonBody)
    }
}

/// `application/json`, or a type with the `+json` suffix, parameters aside.
fn is_json_type(v: &str) -> bool {
    let essence = v.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// `bytes` as a JSON object read into `T`.
pub(crate) fn parse_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: Value =
        serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(ErrorCode::BadJson, e.to_string()))?;
    if !value.is_object() {
        return Err(ApiError::BadRequest(ErrorCode::BadJson, "the body is a JSON object".into()));
    }
    serde_json::from_value(value).map_err(|e| ApiError::BadRequest(ErrorCode::BadField, e.to_string()))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Named {
        name: String,
    }

    fn code(body: &str) -> Option<ErrorCode> {
        match parse_object::<Named>(body.as_bytes()) {
            Ok(_) => None,
            Err(ApiError::BadRequest(c, _)) => Some(c),
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn not_an_object_is_bad_json_and_a_bad_field_is_bad_field() {
        assert_eq!(code(r#"{"name":"Ana"}"#), None);
        for bad in ["{", "", "[]", r#"["Ana"]"#, "5", "null"] {
            assert_eq!(code(bad), Some(ErrorCode::BadJson), "{bad}");
        }
        for bad in [r#"{"name":5}"#, "{}", r#"{"name":"Ana","foo":1}"#] {
            assert_eq!(code(bad), Some(ErrorCode::BadField), "{bad}");
        }
    }

    #[test]
    fn json_types() {
        assert!(is_json_type("application/json"));
        assert!(is_json_type("Application/JSON; charset=utf-8"));
        assert!(is_json_type("application/merge-patch+json"));
        assert!(!is_json_type("text/plain"));
        assert!(!is_json_type("application/x-www-form-urlencoded"));
    }
}
