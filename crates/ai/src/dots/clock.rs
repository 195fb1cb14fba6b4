//! What "out of time" means for a search: the site counts wall-clock time (a player waits
//! for the answer), a match series on a shared machine may count the thread's own CPU time
//! instead, so that other people's work does not change how strong the CPU plays.
//!
//! A search holds a [`Deadline`]: a clock and the reading at which to stop. This crate
//! only knows the wall clock; another clock (the arena's thread CPU time) comes in through
//! the [`Clock`] trait, which keeps `ai` free of operating-system calls.

use std::sync::Arc;
use std::time::{Duration, Instant};

/// A monotonic time source, read as the time passed since some fixed origin.
pub trait Clock: Send + Sync {
    fn now(&self) -> Duration;
}

/// Wall-clock time since the clock was made.
#[derive(Debug, Clone, Copy)]
pub struct WallClock(Instant);

impl WallClock {
    pub fn new() -> WallClock {
        WallClock(Instant::now())
    }
}

impl Default for WallClock {
    fn default() -> WallClock {
        WallClock::new()
    }
}

impl Clock for WallClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A point on a clock at which a search must stop.
#[derive(Clone)]
pub struct Deadline {
    clock: Arc<dyn Clock>,
    at: Duration,
}

impl std::fmt::Debug for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Deadline({:?} left)", self.remaining())
    }
}

impl Deadline {
    /// `budget` from now on `clock`.
    pub fn after(clock: Arc<dyn Clock>, budget: Duration) -> Deadline {
        let at = clock.now() + budget;
        Deadline { clock, at }
    }

    /// A wall-clock deadline at `instant`.
    pub fn at_instant(instant: Instant) -> Deadline {
        Deadline::after(Arc::new(WallClock::new()), instant.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has passed.
    #[inline]
    pub fn passed(&self) -> bool {
        self.clock.now() >= self.at
    }

    /// Time left before the deadline (zero once passed).
    pub fn remaining(&self) -> Duration {
        self.at.saturating_sub(self.clock.now())
    }

    /// A deadline on the same clock after `share` of the time left (0.0..=1.0).
    pub fn share(&self, share: f64) -> Deadline {
        Deadline::after(self.clock.clone(), self.remaining().mul_f64(share.clamp(0.0, 1.0)))
    }

    /// A deadline on the same clock at most `limit` from now.
    pub fn at_most(&self, limit: Duration) -> Deadline {
        Deadline::after(self.clock.clone(), self.remaining().min(limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock that only moves when told: deadlines without sleeping.
    struct Manual(std::sync::Mutex<Duration>);

    impl Clock for Manual {
        fn now(&self) -> Duration {
            *self.0.lock().unwrap()
        }
    }

    #[test]
    fn shares_and_limits_follow_the_clock() {
        let clock = Arc::new(Manual(std::sync::Mutex::new(Duration::from_secs(5))));
        let d = Deadline::after(clock.clone(), Duration::from_millis(800));
        assert!(!d.passed());
        assert_eq!(d.remaining(), Duration::from_millis(800));
        let half = d.share(0.5);
        assert_eq!(half.remaining(), Duration::from_millis(400));
        assert_eq!(d.at_most(Duration::from_millis(100)).remaining(), Duration::from_millis(100));
        *clock.0.lock().unwrap() += Duration::from_millis(500);
        assert!(half.passed() && !d.passed());
        assert_eq!(d.remaining(), Duration::from_millis(300));
        *clock.0.lock().unwrap() += Duration::from_millis(300);
        assert!(d.passed());
    }
}
