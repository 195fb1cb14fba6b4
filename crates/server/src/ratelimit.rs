//! Token buckets: one per WebSocket connection, and one per IP address for HTTP; and the
//! flood guard that closes a connection which keeps sending past its bucket.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

/// One bucket per IP address (or per other key: a player's id). Buckets that have refilled are
/// dropped now and then, so the map stays small under a flood of addresses.
#[derive(Debug)]
pub struct PerKey<K = IpAddr> {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

impl<K: Eq + std::hash::Hash> PerKey<K> {
    pub fn new(rate: f64, burst: f64) -> PerKey<K> {
        PerKey { rate, burst, buckets: Mutex::new(HashMap::new()) }
    }

    pub fn allow(&self, ip: K) -> bool {
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

/// Closes a connection that had more than `limit` messages refused within any `window`.
///
/// The count is of refusals in a sliding window, not "in a row": a client that floods is
/// refused most of its messages while a few get through as tokens refill, and a count that
/// started over at each accepted message would almost never reach its limit.
#[derive(Debug)]
pub struct FloodGuard {
    limit: usize,
    window: Duration,
    refusals: VecDeque<Instant>,
}

impl FloodGuard {
    pub fn new(limit: usize, window: Duration) -> FloodGuard {
        FloodGuard { limit, window, refusals: VecDeque::with_capacity(limit + 1) }
    }

    /// Records a refusal; `true` when the connection should now be closed.
    pub fn refused(&mut self) -> bool {
        self.refused_at(Instant::now())
    }

    fn refused_at(&mut self, now: Instant) -> bool {
        while self.refusals.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
            self.refusals.pop_front();
        }
        self.refusals.push_back(now);
        self.refusals.len() > self.limit
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

    #[test]
    fn flood_guard_counts_refusals_in_a_window() {
        let t0 = Instant::now();
        let mut g = FloodGuard::new(100, Duration::from_secs(10));
        // 100 refusals spread over 9.9 s: still open; the 101st within the window closes.
        for i in 0..100 {
            assert!(!g.refused_at(t0 + Duration::from_millis(i * 99)));
        }
        assert!(g.refused_at(t0 + Duration::from_millis(9_950)));
        // The same 101 refusals spread over more than 10 s never close.
        let mut g = FloodGuard::new(100, Duration::from_secs(10));
        for i in 0..1000 {
            assert!(!g.refused_at(t0 + Duration::from_millis(i * 101)), "refusal {i}");
        }
    }
}
