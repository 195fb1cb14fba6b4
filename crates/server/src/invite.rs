//! Invite codes as people type them: every route that reads a code (`/{lang}/g/{code}`, a
//! replay's `/{lang}/g/{code}/{n}`, `/api/groups/{code}`, `/ws/{code}`) goes through [`codes`]
//! first (`/api/games/{code}/{n}` resolves its code itself, `crate::review`), which finds the stored
//! code a typed one means (see [`crate::ids::normalize_code`]) and rewrites the request to it,
//! before the router picks a handler. The page route also answers here when the group does not
//! exist: a real 404 page in the visitor's language with a way to start a game, instead of a
//! group page whose socket could never open. (The `site` router that renders pages holds no
//! state, so this check lives on the server.)
//!
//! Only the page routes (a group's and a replay's) pay a store look-up for a code already in stored
//! form; the API and the socket pass such codes straight to their handlers, which look the group up
//! anyway.

use axum::extract::{Request, State};
use axum::http::Uri;
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use site::i18n::Lang;

use crate::ids;
use crate::state::AppState;
use crate::store::StoreError;

/// Where a code sits in a request's path.
#[derive(Debug, PartialEq, Eq)]
enum CodeRoute<'a> {
    Page {
        lang: &'a str,
        code: &'a str,
    },
    /// A finished game's page: a typed code is redirected to the stored one, as a group's is.
    Replay {
        lang: &'a str,
        code: &'a str,
        n: &'a str,
    },
    /// An API path or the socket: a typed code is rewritten in place (the path's last segment).
    Api {
        code: &'a str,
    },
}

fn route_of(path: &str) -> Option<CodeRoute<'_>> {
    let parts: Vec<&str> = path.strip_prefix('/')?.split('/').collect();
    match parts.as_slice() {
        // The lobby's socket is not a table's.
        ["ws", "lobby"] => None,
        ["ws", code] | ["api", "groups", code] => Some(CodeRoute::Api { code }),
        [lang, "g", code] => Some(CodeRoute::Page { lang, code }),
        [lang, "g", code, n] if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            Some(CodeRoute::Replay { lang, code, n })
        }
        _ => None,
    }
}

/// The stored code `typed` stands for, if its group exists: the code as typed, then in
/// today's normal form, then an old code in another case.
pub async fn resolve(state: &AppState, typed: &str) -> Result<Option<String>, StoreError> {
    let store = &state.ctx.store;
    if ids::looks_like_code(typed) && store.group(typed).await?.is_some() {
        return Ok(Some(typed.to_string()));
    }
    if let Some(code) = ids::normalize_code(typed).filter(|c| c != typed)
        && store.group(&code).await?.is_some()
    {
        return Ok(Some(code));
    }
    for code in ids::old_code_spellings(typed) {
        if store.group(&code).await?.is_some() {
            return Ok(Some(code));
        }
    }
    Ok(None)
}

/// `path` with its last segment replaced by `code`, keeping the query.
fn with_code(uri: &Uri, code: &str) -> Option<Uri> {
    let path = uri.path();
    let base = &path[..path.rfind('/')? + 1];
    let pq = match uri.query() {
        Some(q) => format!("{base}{code}?{q}"),
        None => format!("{base}{code}"),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(pq.parse().ok()?);
    Uri::from_parts(parts).ok()
}

/// The middleware: rewrites typed codes to stored ones and answers unknown invite links.
pub(crate) async fn codes(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let Some(route) = route_of(&path) else { return next.run(req).await };
    // What the request is, once its code is resolved: a page in a language (a replay with its
    // game number), or a path to rewrite.
    let (typed, page) = match route {
        CodeRoute::Page { lang, code } | CodeRoute::Replay { lang, code, .. } => match Lang::from_code(lang) {
            Some(l) => (code, Some(l)),
            // Not a locale: the site's own 404.
            None => return next.run(req).await,
        },
        CodeRoute::Api { code } => {
            if ids::looks_like_code(code) {
                return next.run(req).await;
            }
            (code, None)
        }
    };
    let replay = match route {
        CodeRoute::Replay { n, .. } => Some(n),
        _ => None,
    };
    let found = match resolve(&state, typed).await {
        Ok(found) => found,
        Err(e) => {
            // The handlers meet the same store and answer the error themselves.
            tracing::error!("resolving invite code: {e}");
            return next.run(req).await;
        }
    };
    match (found, page) {
        (None, Some(lang)) if replay.is_none() => site::group_missing(lang, &state.ctx.config.site_settings()),
        (None, _) => next.run(req).await,
        (Some(code), Some(lang)) if code != typed => match replay {
            Some(n) => Redirect::to(&format!("/{}/g/{code}/{n}", lang.code())).into_response(),
            None => Redirect::to(&format!("/{}/g/{code}", lang.code())).into_response(),
        },
        (Some(_), Some(_)) => next.run(req).await,
        (Some(code), None) => {
            if let Some(uri) = with_code(req.uri(), &code) {
                *req.uri_mut() = uri;
            }
            next.run(req).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_that_carry_codes() {
        assert_eq!(route_of("/ws/abc"), Some(CodeRoute::Api { code: "abc" }));
        assert_eq!(route_of("/api/groups/abc"), Some(CodeRoute::Api { code: "abc" }));
        // The finished game's API resolves its code itself (`crate::review`).
        assert_eq!(route_of("/api/games/abc/2"), None);
        assert_eq!(route_of("/de/g/abc"), Some(CodeRoute::Page { lang: "de", code: "abc" }));
        assert_eq!(route_of("/de/g/abc/3"), Some(CodeRoute::Replay { lang: "de", code: "abc", n: "3" }));
        assert_eq!(route_of("/api/groups"), None);
        assert_eq!(route_of("/de/games/dots"), None);
        assert_eq!(route_of("/de/g/abc/3/x"), None);
    }

    #[test]
    fn rewriting_keeps_the_query() {
        let uri: Uri = "/ws/k3j9-qw2m-7xab?since=4".parse().unwrap();
        assert_eq!(with_code(&uri, "K3J9QW2M7XAB").unwrap().to_string(), "/ws/K3J9QW2M7XAB?since=4");
        let uri: Uri = "/api/groups/k3j9qw2m7xab".parse().unwrap();
        assert_eq!(with_code(&uri, "K3J9QW2M7XAB").unwrap().to_string(), "/api/groups/K3J9QW2M7XAB");
    }
}
