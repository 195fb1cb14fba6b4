//! A queue in front of a few worker places, shared fairly among client addresses.
//!
//! The analysis board values one position at a time for the whole node. A plain semaphore
//! serves in arrival order, so one address that keeps asking (several tabs, a script within
//! its request rate) kept everyone else waiting or refused. Here each address has at most
//! [`FairQueue::per_address`] questions waiting, and when a place frees the next one goes to
//! the waiting address that was served longest ago (round robin over addresses): a visitor
//! from another address waits for at most the questions already running, whatever one
//! address sends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// How many addresses' last turns are remembered at most; past this the memory is cleared
/// (fairness then restarts from arrival order, which is harmless).
const REMEMBERED: usize = 10_000;

/// The queue. Cheap to share: clone the `Arc`.
#[derive(Debug)]
pub struct FairQueue {
    places: usize,
    per_address: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    running: usize,
    waiting: Vec<Waiter>,
    /// The turn number at which each address was last served.
    last_turn: HashMap<IpAddr, u64>,
    turns: u64,
    arrivals: u64,
}

#[derive(Debug)]
struct Waiter {
    key: IpAddr,
    arrival: u64,
    tx: oneshot::Sender<Place>,
}

/// The address already has as many questions waiting as it may.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("this address already has {0} questions waiting")]
pub struct Full(pub usize);

/// One worker place, held until dropped; dropping it hands the place to the next waiter.
#[derive(Debug)]
pub struct Place {
    queue: Arc<FairQueue>,
    /// False for a place that was never handed over (its receiver had gone).
    held: bool,
}

impl Drop for Place {
    fn drop(&mut self) {
        if self.held {
            self.queue.release();
        }
    }
}

impl FairQueue {
    pub fn new(places: usize, per_address: usize) -> Arc<FairQueue> {
        Arc::new(FairQueue { places, per_address, inner: Mutex::new(Inner::default()) })
    }

    /// Waits for a place for `key`; refused at once when `key` has too many waiting. The
    /// caller bounds the wait with a timeout; a wait given up frees its spot in the queue.
    pub async fn acquire(self: &Arc<Self>, key: IpAddr) -> Result<Place, Full> {
        let rx = {
            let mut inner = self.inner.lock().expect("fair queue lock");
            // Waiters whose caller gave up do not count.
            inner.waiting.retain(|w| !w.tx.is_closed());
            if inner.running < self.places && inner.waiting.is_empty() {
                inner.grant(key);
                return Ok(Place { queue: self.clone(), held: true });
            }
            if inner.waiting.iter().filter(|w| w.key == key).count() >= self.per_address {
                return Err(Full(self.per_address));
            }
            let (tx, rx) = oneshot::channel();
            inner.arrivals += 1;
            let arrival = inner.arrivals;
            inner.waiting.push(Waiter { key, arrival, tx });
            rx
        };
        // The sender is only dropped after a place was sent; a closed channel cannot happen
        // while the queue lives, but waiting again is the safe answer if it did.
        match rx.await {
            Ok(place) => Ok(place),
            Err(_) => Err(Full(self.per_address)),
        }
    }

    fn release(self: &Arc<Self>) {
        let mut inner = self.inner.lock().expect("fair queue lock");
        inner.running -= 1;
        while inner.running < self.places {
            let Some(next) = inner.next_waiter() else { break };
            let w = inner.waiting.swap_remove(next);
            inner.grant(w.key);
            if let Err(mut place) = w.tx.send(Place { queue: self.clone(), held: true }) {
                // Its caller gave up: the place was never handed over.
                place.held = false;
                inner.running -= 1;
            }
        }
        if inner.running == 0 && inner.waiting.is_empty() && inner.last_turn.len() > REMEMBERED {
            inner.last_turn.clear();
        }
    }

    /// Questions running and waiting, for tests and metrics.
    pub fn load(&self) -> (usize, usize) {
        let inner = self.inner.lock().expect("fair queue lock");
        (inner.running, inner.waiting.iter().filter(|w| !w.tx.is_closed()).count())
    }
}

impl Inner {
    fn grant(&mut self, key: IpAddr) {
        self.running += 1;
        self.turns += 1;
        self.last_turn.insert(key, self.turns);
    }

    /// The waiter of the address served longest ago (never served first), oldest first.
    fn next_waiter(&self) -> Option<usize> {
        let rank = |w: &Waiter| (self.last_turn.get(&w.key).copied().unwrap_or(0), w.arrival);
        (0..self.waiting.len()).filter(|&i| !self.waiting[i].tx.is_closed()).min_by_key(|&i| rank(&self.waiting[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    /// Polls `fut` once: `Some` when it finished.
    async fn ready<F: std::future::Future + Unpin>(fut: &mut F) -> Option<F::Output> {
        tokio::time::timeout(Duration::from_millis(20), fut).await.ok()
    }

    #[tokio::test]
    async fn another_address_goes_before_a_busy_ones_second_question() {
        let q = FairQueue::new(1, 2);
        let a1 = q.acquire(ip(1)).await.unwrap();
        let mut a2 = Box::pin(q.acquire(ip(1)));
        assert!(ready(&mut a2).await.is_none(), "one place, taken");
        let mut a3 = Box::pin(q.acquire(ip(1)));
        assert!(ready(&mut a3).await.is_none());
        assert_eq!(q.acquire(ip(1)).await.unwrap_err(), Full(2), "a third waiting question is refused");
        let mut b = Box::pin(q.acquire(ip(2)));
        assert!(ready(&mut b).await.is_none());
        assert_eq!(q.load(), (1, 3));
        drop(a1);
        // b came last but its address was never served.
        let b = ready(&mut b).await.expect("b is served next").unwrap();
        assert!(ready(&mut a2).await.is_none());
        drop(b);
        let a2 = ready(&mut a2).await.expect("then a's second").unwrap();
        drop(a2);
        let a3 = ready(&mut a3).await.expect("then a's third").unwrap();
        drop(a3);
        assert_eq!(q.load(), (0, 0));
    }

    #[tokio::test]
    async fn a_wait_given_up_frees_its_spot_and_loses_no_place() {
        let q = FairQueue::new(1, 1);
        let a = q.acquire(ip(1)).await.unwrap();
        let mut b = Box::pin(q.acquire(ip(2)));
        assert!(ready(&mut b).await.is_none());
        drop(b);
        // b's spot is free again for its address...
        let mut b2 = Box::pin(q.acquire(ip(2)));
        assert!(ready(&mut b2).await.is_none());
        drop(b2);
        // ...and the place a's release offers to the gone waiters comes back to the queue.
        drop(a);
        assert_eq!(q.load(), (0, 0));
        let c = q.acquire(ip(3)).await.unwrap();
        drop(c);
    }

    #[tokio::test]
    async fn addresses_take_turns_under_load() {
        let q = FairQueue::new(1, 3);
        let first = q.acquire(ip(9)).await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // Address 1 queues three questions before addresses 2 and 3 queue one each.
        for key in [1, 1, 1, 2, 3] {
            let (q, order) = (q.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let place = q.acquire(ip(key)).await.unwrap();
                order.lock().unwrap().push(key);
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(place);
            }));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(first);
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), vec![1, 2, 3, 1, 1]);
    }
}
