//! This crate provides qdan's pages: the web client in `web/` and the translations in
//! `locales/`, embedded at build time, and the routes that serve them.

use axum::Router;

/// The page and static-file routes, merged into the server's router.
pub fn router() -> Router {
    Router::new()
}
