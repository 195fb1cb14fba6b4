//! Bounds on what one address or one player holds at once (issue 19): sockets per address,
//! hint searches per player. A [`Held`] counts per key; a [`Slot`] is one unit held and gives
//! it back when dropped, so a socket or a search that ends in any way (an error, a panic, a
//! dropped task) frees its place.
//!
//! Counts are per node: behind the cluster's balancer an address can hold this many on each
//! node it reaches (`docs/deploy.md`, "Per-address limits across nodes").

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// Units held per key, at most `max` each (`0`: no limit).
#[derive(Debug)]
pub struct Held<K: Eq + Hash + Clone> {
    max: u32,
    counts: Mutex<HashMap<K, u32>>,
}

/// One unit held under `key`; dropping it gives the unit back.
#[derive(Debug)]
pub struct Slot<K: Eq + Hash + Clone> {
    held: Arc<Held<K>>,
    key: K,
}

impl<K: Eq + Hash + Clone> Held<K> {
    pub fn new(max: u32) -> Arc<Held<K>> {
        Arc::new(Held { max, counts: Mutex::new(HashMap::new()) })
    }

    /// The most one key may hold.
    pub fn max(&self) -> u32 {
        self.max
    }

    /// Takes a unit for `key`, or `None` when it already holds `max`.
    pub fn take(self: &Arc<Self>, key: K) -> Option<Slot<K>> {
        let mut counts = self.counts.lock().expect("limits lock");
        let n = counts.entry(key.clone()).or_insert(0);
        if self.max != 0 && *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot { held: self.clone(), key })
    }

    /// Units `key` holds now.
    pub fn count(&self, key: &K) -> u32 {
        self.counts.lock().expect("limits lock").get(key).copied().unwrap_or(0)
    }
}

impl<K: Eq + Hash + Clone> Drop for Slot<K> {
    fn drop(&mut self) {
        let mut counts = self.held.counts.lock().expect("limits lock");
        if let Some(n) = counts.get_mut(&self.key) {
            *n -= 1;
            // Keys holding nothing are removed, so the map is as large as what is held.
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_holds_at_most_max_and_gets_units_back_when_slots_drop() {
        let h = Held::new(2);
        let a = h.take("a").unwrap();
        let b = h.take("a").unwrap();
        assert!(h.take("a").is_none());
        assert!(h.take("b").is_some(), "another key has its own count");
        drop(a);
        let c = h.take("a").unwrap();
        drop((b, c));
        assert_eq!(h.count(&"a"), 0);
        assert!(h.counts.lock().unwrap().is_empty(), "nothing held, nothing kept");
        let unlimited = Held::new(0);
        let all: Vec<_> = (0..1000).map(|_| unlimited.take(1).unwrap()).collect();
        assert_eq!(unlimited.count(&1), 1000);
        drop(all);
    }
}
