//! Which address a request comes from, for the per-IP limits.
//!
//! Behind a reverse proxy every socket comes from the proxy, so all visitors would share one
//! rate-limit bucket. A proxy we were told to trust appends the address it saw to
//! `X-Forwarded-For`; anything to the left of that was written by the client and may be
//! forged. So we walk the header from the right, past our own proxies, and take the first
//! address that is not one of them. Without trusted proxies the header is ignored entirely.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The proxies (addresses or CIDR networks) whose `X-Forwarded-For` we believe.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

/// A `--trusted-proxy` value that is neither an address nor a network.
#[derive(Debug, thiserror::Error)]
#[error("not an IP address or network: {0:?}")]
pub struct BadProxy(String);

impl FromStr for TrustedProxies {
    type Err = BadProxy;

    /// A comma-separated list such as `127.0.0.1, 10.0.0.0/8, ::1`.
    fn from_str(s: &str) -> Result<TrustedProxies, BadProxy> {
        let mut nets = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let net = match part.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => part.parse::<IpAddr>().map(IpNet::from).map_err(|_| BadProxy(part.to_owned()))?,
            };
            nets.push(net);
        }
        Ok(TrustedProxies(nets))
    }
}

impl TrustedProxies {
    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|n| n.contains(&ip))
    }

    /// The client's address: the socket peer, unless the peer is a trusted proxy, in which
    /// case the rightmost untrusted address of `X-Forwarded-For`. When the header runs out or
    /// holds something unreadable, the last address a trusted hop vouched for is used, so a
    /// garbled header never lets a client pick its own bucket.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = canonical(peer);
        if !self.trusts(client) {
            return client;
        }
        // Several header lines count as one list, in order (RFC 9110 §5.3), so walk the lines
        // from the last. A line that is not text ends the walk like any unreadable entry.
        let lines = headers.get_all("x-forwarded-for").iter().rev().map(|v| v.to_str().unwrap_or(""));
        for entry in lines.flat_map(|l| l.rsplit(',')) {
            match parse_entry(entry) {
                Some(ip) => {
                    client = ip;
                    if !self.trusts(ip) {
                        break;
                    }
                }
                None => break,
            }
        }
        client
    }
}

/// One `X-Forwarded-For` element: an address, optionally with a port (`1.2.3.4:5`, `[::1]:5`).
fn parse_entry(s: &str) -> Option<IpAddr> {
    let s = s.trim();
    let ip = s.parse::<IpAddr>().ok().or_else(|| s.parse::<SocketAddr>().ok().map(|a| a.ip()))?;
    Some(canonical(ip))
}

/// IPv4 clients of a dual-stack socket show up as `::ffff:a.b.c.d`; count them as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append("x-forwarded-for", l.parse().unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let t = TrustedProxies::default();
        assert_eq!(t.client_ip(ip("203.0.113.9"), &headers(&["198.51.100.1"])), ip("203.0.113.9"));
    }

    #[test]
    fn an_untrusted_peer_cannot_choose_its_address() {
        let t: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        assert_eq!(t.client_ip(ip("203.0.113.9"), &headers(&["198.51.100.1"])), ip("203.0.113.9"));
    }

    #[test]
    fn the_rightmost_untrusted_address_is_the_client() {
        let t: TrustedProxies = "127.0.0.1, 10.0.0.0/8".parse().unwrap();
        // The client forged 1.1.1.1; our edge proxy 10.0.0.5 saw 198.51.100.7.
        let h = headers(&["1.1.1.1, 198.51.100.7, 10.0.0.5"]);
        assert_eq!(t.client_ip(ip("127.0.0.1"), &h), ip("198.51.100.7"));
        // The same list over several header lines.
        let h = headers(&["1.1.1.1", "198.51.100.7", "10.0.0.5"]);
        assert_eq!(t.client_ip(ip("127.0.0.1"), &h), ip("198.51.100.7"));
    }

    #[test]
    fn ports_ipv6_and_mapped_addresses() {
        let t: TrustedProxies = "::1, 127.0.0.1".parse().unwrap();
        assert_eq!(t.client_ip(ip("::1"), &headers(&["[2001:db8::7]:4711"])), ip("2001:db8::7"));
        assert_eq!(t.client_ip(ip("::ffff:127.0.0.1"), &headers(&["198.51.100.7:80"])), ip("198.51.100.7"));
        assert_eq!(t.client_ip(ip("::ffff:203.0.113.9"), &HeaderMap::new()), ip("203.0.113.9"));
    }

    #[test]
    fn garbage_or_a_short_header_falls_back_to_the_last_trusted_hop() {
        let t: TrustedProxies = "127.0.0.1, 10.0.0.0/8".parse().unwrap();
        assert_eq!(t.client_ip(ip("127.0.0.1"), &HeaderMap::new()), ip("127.0.0.1"));
        assert_eq!(t.client_ip(ip("127.0.0.1"), &headers(&["unknown, 10.0.0.5"])), ip("10.0.0.5"));
        assert_eq!(t.client_ip(ip("127.0.0.1"), &headers(&["10.0.0.6, 10.0.0.5"])), ip("10.0.0.6"));
        assert_eq!(t.client_ip(ip("127.0.0.1"), &headers(&["not an address"])), ip("127.0.0.1"));
    }

    #[test]
    fn parsing_the_list() {
        assert!("".parse::<TrustedProxies>().unwrap().0.is_empty());
        assert_eq!("127.0.0.1,::1, 10.0.0.0/8".parse::<TrustedProxies>().unwrap().0.len(), 3);
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
        assert!("proxy.local".parse::<TrustedProxies>().is_err());
    }
}
