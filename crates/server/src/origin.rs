//! Which pages may open a socket. A browser sends the page's `Origin` with every WebSocket
//! opening, and lets any page open a socket to any site; without a check, a page of another
//! site could open sockets here for its visitors (it cannot act as them, the device token is
//! never in a cookie, but each socket takes one of the address's allowance of sockets).
//! Programs that are not browsers send no `Origin` and are let in.

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};

/// Whether a socket opening with these headers may go on: no `Origin`, or an `Origin` whose
/// host and port are those the request was sent to (its `Host`, as a balancer passes it on),
/// or the site's public URL (`--public-url`, for a proxy that rewrites `Host`).
pub fn allowed(headers: &HeaderMap, public_url: &str) -> bool {
    let Some(origin) = headers.get(ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    if origin.eq_ignore_ascii_case(public_url) {
        return true;
    }
    let Some(authority) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        // `null` (a sandboxed frame, a file) and other schemes are no page of this site.
        return false;
    };
    headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|host| !authority.is_empty() && authority.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(HOST, host.parse().unwrap());
        if let Some(o) = origin {
            h.insert(ORIGIN, o.parse().unwrap());
        }
        h
    }

    const PUBLIC: &str = "https://qdan.example";

    #[test]
    fn programs_without_an_origin_are_let_in() {
        assert!(allowed(&headers(None, "127.0.0.1:8080"), PUBLIC));
    }

    #[test]
    fn the_sites_own_pages_are_let_in() {
        assert!(allowed(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"), PUBLIC));
        assert!(allowed(&headers(Some("http://LOCALHOST:8080"), "localhost:8080"), PUBLIC));
        // Behind TLS the page is https and the balancer passes the same Host on.
        assert!(allowed(&headers(Some("https://qdan.example"), "qdan.example"), PUBLIC));
        // A proxy that rewrites Host: the public URL decides.
        assert!(allowed(&headers(Some("https://qdan.example"), "10.0.0.5:8080"), PUBLIC));
    }

    #[test]
    fn other_sites_are_refused() {
        assert!(!allowed(&headers(Some("https://evil.example"), "127.0.0.1:8080"), PUBLIC));
        // Another port of the same host is another origin.
        assert!(!allowed(&headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("http://127.0.0.1"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("null"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("http://"), ""), PUBLIC));
        // A longer host that ends with this one is not this one.
        assert!(!allowed(&headers(Some("https://qdan.example.evil"), "qdan.example"), PUBLIC));
    }
}
