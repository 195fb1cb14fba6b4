//! Which pages may open a socket. A browser sends the page's `Origin` with every WebSocket
//! opening, and lets any page open a socket to any site; without a check, a page of another
//! site could open sockets here for its visitors (it cannot act as them, the device token is
//! never in a cookie, but each socket takes one of the address's allowance of sockets).
//! Programs that are not browsers send no `Origin` and are let in.

use std::sync::atomic::{AtomicI64, Ordering};

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};

/// Whether a socket opening with these headers may go on: no `Origin`, or an `Origin` whose
/// host and port are those the request was sent to (its `Host`, as a balancer passes it on),
/// or the site's public URL's (`--public-url`, for a proxy that rewrites `Host`). A port left
/// out is its scheme's (80, 443), so `https://qdan.example` and `qdan.example:443` agree.
/// A refusal is logged (once a minute at most), since the browser only sees a failed socket.
pub fn allowed(headers: &HeaderMap, public_url: &str) -> bool {
    let Some(origin) = headers.get(ORIGIN) else { return true };
    let host = headers.get(HOST).and_then(|h| h.to_str().ok());
    let ok = origin.to_str().ok().and_then(site).is_some_and(|(page, default_port)| {
        site(public_url).is_some_and(|(public, _)| public == page)
            || host.and_then(|h| authority(h, default_port)).is_some_and(|to| to == page)
    });
    if !ok {
        warn_now(origin.to_str().unwrap_or("?"), host.unwrap_or("?"));
    }
    ok
}

/// The host (lower case) and port of an origin or URL, and its scheme's default port; `None`
/// for `null` (a sandboxed frame, a file) and other schemes, which are no page of this site.
fn site(url: &str) -> Option<((String, u16), u16)> {
    let (rest, default_port) = if let Some(r) = url.strip_prefix("https://") {
        (r, 443)
    } else if let Some(r) = url.strip_prefix("http://") {
        (r, 80)
    } else {
        return None;
    };
    Some((authority(rest.trim_end_matches('/'), default_port)?, default_port))
}

/// `host[:port]` (an IPv6 host in brackets) as lower-case host and port.
fn authority(s: &str, default_port: u16) -> Option<(String, u16)> {
    let (host, port) = match s.strip_prefix('[') {
        Some(v6) => {
            let (addr, after) = v6.split_once(']')?;
            if !after.is_empty() && !after.starts_with(':') {
                return None;
            }
            (format!("[{addr}]"), after.strip_prefix(':'))
        }
        None => match s.rsplit_once(':') {
            Some((h, p)) => (h.to_string(), Some(p)),
            None => (s.to_string(), None),
        },
    };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => default_port,
    };
    let valid = host.starts_with('[') || (!host.is_empty() && !host.contains(['/', '@', ':']));
    valid.then(|| (host.to_ascii_lowercase(), port))
}

fn warn_now(origin: &str, host: &str) {
    static LAST: AtomicI64 = AtomicI64::new(i64::MIN);
    let now = crate::clock::now_ms();
    let last = LAST.load(Ordering::Relaxed);
    if now.saturating_sub(last) >= 60_000
        && LAST.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    {
        tracing::warn!(
            origin,
            host,
            "refused a socket opened by another site's page (behind a proxy that rewrites Host, give --public-url)"
        );
    }
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
        assert!(allowed(&headers(Some("http://[::1]:8080"), "[::1]:8080"), PUBLIC));
        // Behind TLS the page is https and the balancer passes the same Host on.
        assert!(allowed(&headers(Some("https://qdan.example"), "qdan.example"), PUBLIC));
        // A port left out is the scheme's.
        assert!(allowed(&headers(Some("https://qdan.example"), "qdan.example:443"), "http://127.0.0.1:8080"));
        assert!(allowed(&headers(Some("http://qdan.example"), "qdan.example:80"), "http://127.0.0.1:8080"));
        // A proxy that rewrites Host: the public URL decides, written with or without its port.
        assert!(allowed(&headers(Some("https://qdan.example"), "10.0.0.5:8080"), PUBLIC));
        assert!(allowed(&headers(Some("https://qdan.example"), "10.0.0.5:8080"), "https://qdan.example:443"));
    }

    #[test]
    fn other_sites_are_refused() {
        assert!(!allowed(&headers(Some("https://evil.example"), "127.0.0.1:8080"), PUBLIC));
        // Another port of the same host is another origin.
        assert!(!allowed(&headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("http://127.0.0.1"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("https://qdan.example:8443"), "10.0.0.5:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("null"), "127.0.0.1:8080"), PUBLIC));
        assert!(!allowed(&headers(Some("http://"), ""), PUBLIC));
        assert!(!allowed(&headers(Some("http://a@127.0.0.1:8080"), "127.0.0.1:8080"), PUBLIC));
        // A longer host that ends with this one is not this one.
        assert!(!allowed(&headers(Some("https://qdan.example.evil"), "qdan.example"), PUBLIC));
    }
}
