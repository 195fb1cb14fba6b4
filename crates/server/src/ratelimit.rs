//! Token buckets: one per WebSocket connection, and one per IP address for HTTP.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// A token bucket: `rate` tokens a second, holding at most `burst`.
#[derive(Debug, Clone)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket { rate, burst, tokens: burst, last: Instant::now() }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One bucket per IP address. Buckets that have refilled are dropped now and then, so the map
/// stays small under a flood of addresses.
#[derive(Debug)]
pub struct PerKey {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl PerKey {
    pub fn new(rate: f64, burst: f64) -> PerKey {
        PerKey { rate, burst, buckets: Mutex::new(HashMap::new()) }
    }

    pub fn allow(&self, ip: IpAddr) -> bool {
        let mut map = self.buckets.lock().expect("rate-limit lock");
        if map.len() > 100_000 {
            let full = self.burst;
            map.retain(|_, b| {
                b.take();
                b.tokens < full - 1.0
            });
        }
        map.entry(ip).or_insert_with(|| Bucket::new(self.rate, self.burst)).take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_limits_bursts() {
        let mut b = Bucket::new(1.0, 3.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
        let p = PerKey::new(1.0, 2.0);
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        assert!(p.allow(ip) && p.allow(ip));
        assert!(!p.allow(ip));
        assert!(p.allow("127.0.0.2".parse().unwrap()));
    }
}
