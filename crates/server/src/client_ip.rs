//! Which address a request comes from, for the per-IP limits.
//!
//! Behind a reverse proxy every socket comes from the proxy, so all visitors would share one
//! rate-limit bucket. A proxy we were told to trust appends the address it saw to
//! `X-Forwarded-For`; anything to the left of that was written by the client and may be
//! forged. So we walk the header from the right, past our own proxies, and take the first
//! address that is not one of them. Without trusted proxies the header is ignored entirely.
//!
//! Proxies that speak RFC 7239 write `Forwarded: for=...` instead. Which of the two headers is
//! read is configured, never guessed: a proxy appends to one and passes the other through, so
//! reading whichever is present would let a client write the one the proxy leaves alone.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The proxies (addresses or CIDR networks) whose forwarding header we believe, and which
/// header that is.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ProxyHeader,
}

/// The header a trusted proxy appends the client's address to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1` (nginx, HAProxy, Caddy, most load balancers).
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1` (RFC 7239).
    Forwarded,
}

/// A `--proxy-header` value that names neither header.
#[derive(Debug, thiserror::Error)]
#[error("not a forwarding header (x-forwarded-for or forwarded): {0:?}")]
pub struct BadHeader(String);

impl FromStr for ProxyHeader {
    type Err = BadHeader;

    fn from_str(s: &str) -> Result<ProxyHeader, BadHeader> {
        match s.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(ProxyHeader::XForwardedFor),
            "forwarded" => Ok(ProxyHeader::Forwarded),
            _ => Err(BadHeader(s.to_owned())),
        }
    }
}

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
        Ok(TrustedProxies { nets, header: ProxyHeader::default() })
    }
}

impl TrustedProxies {
    /// The same proxies, read from `header`.
    pub fn reading(self, header: ProxyHeader) -> TrustedProxies {
        TrustedProxies { header, ..self }
    }

    /// Whether `peer` is one of the trusted proxies.
    pub fn is_trusted(&self, peer: IpAddr) -> bool {
        self.trusts(canonical(peer))
    }

    /// `ip` is canonical: the peer and every parsed hop are made so before they get here.
    fn trusts(&self, ip: IpAddr) -> bool {
        self.nets.iter().any(|n| n.contains(&ip))
    }

    /// The client's address: the socket peer, unless the peer is a trusted proxy, in which
    /// case the rightmost untrusted address of the forwarding header. When the header runs out or
    /// holds something unreadable, the last address a trusted hop vouched for is used, so a
    /// garbled header never lets a client pick its own bucket.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        // Several header lines count as one list, in order (RFC 9110 §5.3), so walk the lines
        // from the last. A line that is not text ends the walk like any unreadable entry.
        let lines = |name| headers.get_all(name).iter().rev().map(|v| v.to_str().unwrap_or(""));
        match self.header {
            ProxyHeader::XForwardedFor => {
                self.walk(peer, lines("x-forwarded-for").flat_map(|l| l.rsplit(',')).map(parse_entry))
            }
            ProxyHeader::Forwarded => {
                self.walk(peer, lines("forwarded").flat_map(|l| rsplit_unquoted(l, b',')).map(forwarded_for))
            }
        }
    }

    /// Follows the hops from the nearest: each trusted one vouches for the next.
    fn walk(&self, peer: IpAddr, hops: impl Iterator<Item = Option<IpAddr>>) -> IpAddr {
        let mut client = peer;
        for hop in hops {
            let Some(ip) = hop else { break };
            client = ip;
            if !self.trusts(ip) {
                break;
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

/// The `for=` address of one `Forwarded` element (`for=192.0.2.60;proto=https`,
/// `for="[2001:db8::17]:4711"`). `unknown`, an obfuscated `_name` and an element without
/// `for` give none: that hop did not say who the client was.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    let value = rsplit_unquoted(element, b';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim().eq_ignore_ascii_case("for").then_some(value.trim())
    })?;
    let value = match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        // Addresses never need escapes; a quoted value that has one is not an address.
        Some(quoted) if quoted.contains('\\') => return None,
        Some(quoted) => quoted,
        None => value,
    };
    // RFC 7239 writes IPv6 in brackets even without a port (`"[2001:db8::17]"`).
    let value = match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        Some(v6) => v6,
        None => value,
    };
    parse_entry(value)
}

/// Splits `s` at each `sep` outside double quotes (a quoted string may hold either separator),
/// from the right. Quotes are matched from the right too, so the elements our proxy appended
/// are read correctly whatever the client wrote in front of them, unbalanced quotes included.
fn rsplit_unquoted(s: &str, sep: u8) -> RSplitUnquoted<'_> {
    RSplitUnquoted { rest: Some(s), sep }
}

struct RSplitUnquoted<'a> {
    rest: Option<&'a str>,
    sep: u8,
}

impl<'a> Iterator for RSplitUnquoted<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest?;
        let b = s.as_bytes();
        let mut quoted = false;
        for i in (0..b.len()).rev() {
            if b[i] == b'"' {
                // `\"` inside a quoted string is an escaped quote, not its end.
                let backslashes = b[..i].iter().rev().take_while(|&&c| c == b'\\').count();
                if backslashes % 2 == 0 {
                    quoted = !quoted;
                }
            } else if b[i] == self.sep && !quoted {
                // `sep` is ASCII, so both sides are on character boundaries.
                self.rest = Some(&s[..i]);
                return Some(&s[i + 1..]);
            }
        }
        self.rest = None;
        Some(s)
    }
}

/// What the per-address limits count `ip` as: an IPv4 address as itself (also when it comes
/// mapped into IPv6), an IPv6 address as its /64. One subscriber line or host gets a whole /64
/// (RFC 6177) and may pick any address in it, so counting exact IPv6 addresses would let one
/// client rotate through 2^64 of them, each with a fresh allowance.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
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

    /// A request's header lines of `name`, in order.
    fn lines_of(name: &'static str, lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(name, l.parse().unwrap());
        }
        h
    }

    fn headers(lines: &[&str]) -> HeaderMap {
        lines_of("x-forwarded-for", lines)
    }

    fn forwarded(lines: &[&str]) -> HeaderMap {
        lines_of("forwarded", lines)
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
    fn forwarded_is_read_only_when_chosen() {
        let xff: TrustedProxies = "127.0.0.1, 10.0.0.0/8".parse().unwrap();
        let rfc = xff.clone().reading(ProxyHeader::Forwarded);
        let mut h = forwarded(&["for=198.51.100.7"]);
        h.append("x-forwarded-for", "203.0.113.1".parse().unwrap());
        // Each reads its own header; the other one could have been written by the client.
        assert_eq!(xff.client_ip(ip("127.0.0.1"), &h), ip("203.0.113.1"));
        assert_eq!(rfc.client_ip(ip("127.0.0.1"), &h), ip("198.51.100.7"));
        assert_eq!(rfc.client_ip(ip("127.0.0.1"), &headers(&["203.0.113.1"])), ip("127.0.0.1"));
    }

    #[test]
    fn forwarded_elements_and_their_pairs() {
        let t = "127.0.0.1, 10.0.0.0/8".parse::<TrustedProxies>().unwrap().reading(ProxyHeader::Forwarded);
        let client = |lines: &[&str]| t.client_ip(ip("127.0.0.1"), &forwarded(lines));
        // RFC 7239's own examples, and the forged element in front of the proxy's.
        assert_eq!(client(&["for=192.0.2.43"]), ip("192.0.2.43"));
        assert_eq!(client(&["for=192.0.2.60;proto=http;by=203.0.113.43"]), ip("192.0.2.60"));
        assert_eq!(client(&["For=\"[2001:db8:cafe::17]:4711\""]), ip("2001:db8:cafe::17"));
        assert_eq!(client(&["for=\"[2001:db8::9]\""]), ip("2001:db8::9"));
        assert_eq!(client(&["for=1.1.1.1, for=198.51.100.7;proto=https, for=10.0.0.5"]), ip("198.51.100.7"));
        assert_eq!(client(&["for=1.1.1.1", "for=198.51.100.7, for=10.0.0.5"]), ip("198.51.100.7"));
        // A quoted comma or semicolon in another parameter does not split the element.
        assert_eq!(client(&["for=198.51.100.8;by=\"a,b;c\""]), ip("198.51.100.8"));
        assert_eq!(client(&["proto=https;for=198.51.100.9"]), ip("198.51.100.9"));
    }

    #[test]
    fn forwarded_hops_that_hide_the_client_end_the_walk() {
        let t = "127.0.0.1, 10.0.0.0/8".parse::<TrustedProxies>().unwrap().reading(ProxyHeader::Forwarded);
        let client = |lines: &[&str]| t.client_ip(ip("127.0.0.1"), &forwarded(lines));
        assert_eq!(client(&["for=1.1.1.1, for=unknown"]), ip("127.0.0.1"));
        assert_eq!(client(&["for=1.1.1.1, for=_hidden, for=10.0.0.5"]), ip("10.0.0.5"));
        assert_eq!(client(&["for=1.1.1.1, proto=https"]), ip("127.0.0.1"));
        assert_eq!(client(&["for=\"1.1.1.1"]), ip("127.0.0.1"));
        assert_eq!(client(&["for=\"1.1.1\\.1\""]), ip("127.0.0.1"));
        assert_eq!(client(&[""]), ip("127.0.0.1"));
    }

    #[test]
    fn unbalanced_quotes_in_front_do_not_swallow_the_proxys_element() {
        let t = "127.0.0.1".parse::<TrustedProxies>().unwrap().reading(ProxyHeader::Forwarded);
        let client = |line: &str| t.client_ip(ip("127.0.0.1"), &forwarded(&[line]));
        assert_eq!(client("for=\"1.1.1.1, for=198.51.100.7"), ip("198.51.100.7"));
        assert_eq!(client("by=\"x\\\", for=198.51.100.7"), ip("198.51.100.7"));
        assert_eq!(client("for=198.51.100.8;by=\"a\\\"b,c\""), ip("198.51.100.8"));
    }

    proptest::proptest! {
        /// Whatever a client writes, the element our proxy appended decides: the client's
        /// text in front of it can neither hide it nor put another address in its place.
        #[test]
        fn text_in_front_of_the_proxys_entry_changes_nothing(
            forged in "[ -~]{0,60}",
            client in proptest::array::uniform4(0u8..=255),
            v6 in proptest::bool::ANY,
            port in proptest::option::of(1u16..),
        ) {
            let trusted: TrustedProxies = "127.0.0.1, 10.0.0.0/8".parse().unwrap();
            let c = if v6 {
                IpAddr::from([0x2001, 0xdb8, 0, 0, 0, 0, u16::from(client[0]), u16::from(client[1])])
            } else {
                IpAddr::from([198, 51, client[2], client[3]])
            };
            let (xff, rfc) = match (c, port) {
                (IpAddr::V6(a), Some(p)) => (format!("[{a}]:{p}"), format!("for=\"[{a}]:{p}\"")),
                (IpAddr::V6(a), None) => (a.to_string(), format!("for=\"[{a}]\"")),
                (IpAddr::V4(a), Some(p)) => (format!("{a}:{p}"), format!("for=\"{a}:{p}\"")),
                (IpAddr::V4(a), None) => (a.to_string(), format!("for={a}")),
            };
            let peer = ip("127.0.0.1");
            let h = headers(&[&format!("{forged}, {xff}")]);
            proptest::prop_assert_eq!(trusted.client_ip(peer, &h), c);
            let h = forwarded(&[&format!("{forged}, {rfc};proto=https")]);
            proptest::prop_assert_eq!(trusted.clone().reading(ProxyHeader::Forwarded).client_ip(peer, &h), c);
            // The forged text alone never beats a peer that is not a trusted proxy.
            let h = forwarded(&[&forged]);
            let outsider = ip("203.0.113.9");
            proptest::prop_assert_eq!(trusted.reading(ProxyHeader::Forwarded).client_ip(outsider, &h), outsider);
        }
    }

    #[test]
    fn limits_count_ipv6_by_its_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(limit_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), ip("2001:db8:1:2::"));
        assert_eq!(limit_key(ip("2001:db8:1:2::1")), limit_key(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(limit_key(ip("2001:db8:1:2::1")), limit_key(ip("2001:db8:1:3::1")));
        assert_eq!(limit_key(ip("::ffff:198.51.100.7")), ip("198.51.100.7"));
        assert_eq!(limit_key(ip("198.51.100.7")), ip("198.51.100.7"));
        assert!("::1".parse::<TrustedProxies>().unwrap().is_trusted(ip("::1")));
        assert!("127.0.0.1".parse::<TrustedProxies>().unwrap().is_trusted(ip("::ffff:127.0.0.1")));
    }

    #[test]
    fn naming_the_header() {
        assert_eq!("X-Forwarded-For".parse::<ProxyHeader>().unwrap(), ProxyHeader::XForwardedFor);
        assert_eq!("forwarded".parse::<ProxyHeader>().unwrap(), ProxyHeader::Forwarded);
        assert!("x-real-ip".parse::<ProxyHeader>().is_err());
    }

    #[test]
    fn parsing_the_list() {
        assert!("".parse::<TrustedProxies>().unwrap().nets.is_empty());
        assert_eq!("127.0.0.1,::1, 10.0.0.0/8".parse::<TrustedProxies>().unwrap().nets.len(), 3);
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
        assert!("proxy.local".parse::<TrustedProxies>().is_err());
    }
}
