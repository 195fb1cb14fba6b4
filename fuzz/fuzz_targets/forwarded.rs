//! Any forwarding header a client or proxy can send: working out the client's address must
//! never panic, must ignore the headers entirely when the peer is not a trusted proxy, and
//! must only ever name the peer, a trusted hop, or the address a trusted hop vouched for.
#![no_main]

use std::net::{IpAddr, SocketAddr};

use axum::http::{HeaderMap, HeaderValue};
use libfuzzer_sys::fuzz_target;
use server::client_ip::{ProxyHeader, TrustedProxies};

fuzz_target!(|data: &[u8]| {
    // Each line is one header line; the first byte picks the header for all of them.
    let Some((&pick, rest)) = data.split_first() else { return };
    let name = if pick & 1 == 0 { "x-forwarded-for" } else { "forwarded" };
    let mut headers = HeaderMap::new();
    for line in rest.split(|&b| b == b'\n') {
        if let Ok(v) = HeaderValue::from_bytes(line) {
            headers.append(name, v);
        }
    }
    let trusted: TrustedProxies = "127.0.0.1, 10.0.0.0/8, ::1".parse().unwrap();
    for header in [ProxyHeader::XForwardedFor, ProxyHeader::Forwarded] {
        let t = trusted.clone().reading(header);
        let outsider: IpAddr = "203.0.113.9".parse().unwrap();
        assert_eq!(t.client_ip(outsider, &headers), outsider);
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        let got = t.client_ip(peer, &headers);
        // Whatever came out was written in the header, or is the peer itself.
        if got != peer {
            assert!(written(rest).any(|ip| ip == got), "{got} is not in {:?}", String::from_utf8_lossy(rest));
        }
    }
});

/// Every address written in `text`, in any of the forms the headers allow (`1.2.3.4:5`,
/// `[::1]:80`, mapped IPv4 in hex), counted as IPv4 when it is a mapped one.
fn written(text: &[u8]) -> impl Iterator<Item = IpAddr> + '_ {
    text.split(|&b| !(b.is_ascii_hexdigit() || b == b':' || b == b'.'))
        .filter_map(|t| std::str::from_utf8(t).ok())
        .filter_map(|t| t.parse::<IpAddr>().ok().or_else(|| t.parse::<SocketAddr>().ok().map(|a| a.ip())))
        .map(|ip| match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        })
}
