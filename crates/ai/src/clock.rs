//! What "out of time" means for a search, in one place for every game. The site counts
//! wall-clock time (a player waits for the answer); a match series on a shared machine may
//! count the thread's own CPU time instead, so that other people's work does not change how
//! strong the CPU plays; WebAssembly has no clock of its own (`Instant::now` panics on
//! wasm32-unknown-unknown), so there the host passes one in ([`FnClock`]) or the search
//! stops after a count of work ([`WorkClock`]).
//!
//! A search holds a [`Deadline`]: a clock and the reading at which to stop. The clocks that
//! ask the operating system ([`WallClock`], [`ThreadCpuClock`]) exist only with the
//! `native` feature, so a build without it cannot read a clock behind the caller's back.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
#[cfg(feature = "native")]
use std::time::Instant;

/// A monotonic time source, read as the time passed since some fixed origin.
pub trait Clock: Send + Sync {
    fn now(&self) -> Duration;

    /// Whether the readings are time, so that keeping some back for returning the answer
    /// ([`Deadline::earlier_by`]) means something. A count of work is not.
    fn counts_time(&self) -> bool {
        true
    }
}

/// Wall-clock time since the clock was made.
#[cfg(feature = "native")]
#[derive(Debug, Clone, Copy)]
pub struct WallClock(Instant);

#[cfg(feature = "native")]
impl WallClock {
    pub fn new() -> WallClock {
        WallClock(Instant::now())
    }
}

#[cfg(feature = "native")]
impl Default for WallClock {
    fn default() -> WallClock {
        WallClock::new()
    }
}

#[cfg(feature = "native")]
impl Clock for WallClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// The CPU time of the thread that reads it ([`thread_cpu_time`]): a deadline on it passes
/// only on the thread that made it.
#[cfg(feature = "native")]
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreadCpuClock;

#[cfg(feature = "native")]
impl Clock for ThreadCpuClock {
    fn now(&self) -> Duration {
        thread_cpu_time()
    }
}

/// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(feature = "native")]
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to; this clock exists on every Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Time as the host tells it: a function the caller supplies (in a browser, one that reads
/// `performance.now()`).
#[derive(Debug, Clone, Copy)]
pub struct FnClock(pub fn() -> Duration);

impl Clock for FnClock {
    fn now(&self) -> Duration {
        (self.0)()
    }
}

/// A clock that moves one step (one nanosecond) each time it is read, so that a deadline
/// `n` steps ahead passes after `n` reads: a budget of work, not of time. Searches read
/// their deadline every so many nodes, so the steps count nodes in those units, and the
/// same position with the same budget and random source gives the same move on any machine.
#[derive(Debug, Default)]
pub struct WorkClock(AtomicU64);

impl WorkClock {
    pub fn new() -> WorkClock {
        WorkClock::default()
    }

    /// A deadline `steps` reads ahead on a new work clock.
    pub fn budget(steps: u64) -> Deadline {
        Deadline::after(Arc::new(WorkClock::new()), Duration::from_nanos(steps))
    }
}

impl Clock for WorkClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.0.fetch_add(1, Ordering::Relaxed))
    }

    fn counts_time(&self) -> bool {
        false
    }
}

/// A work budget with a time cap as a safety net: each read counts one step of work, as
/// [`WorkClock`] does, and once `cap` has passed on the `time` clock every read says the
/// budget is spent. Levels are amounts of work (`crate::budget`); the cap only stops a search
/// that a slow or overloaded host would otherwise let run on, and [`CappedWork::fired`] says
/// whether it did, so that the host can log it.
pub struct CappedWork {
    work: AtomicU64,
    time: Arc<dyn Clock>,
    cap: Duration,
    fired: std::sync::atomic::AtomicBool,
}

impl CappedWork {
    /// A clock that stops the search when the work is spent or `cap` has passed on `time`.
    pub fn new(time: Arc<dyn Clock>, cap: Duration) -> Arc<CappedWork> {
        let cap = time.now() + cap;
        Arc::new(CappedWork { work: AtomicU64::new(0), time, cap, fired: Default::default() })
    }

    /// A deadline `steps` reads ahead on this clock.
    pub fn budget(self: &Arc<CappedWork>, steps: u64) -> Deadline {
        Deadline::after(self.clone(), Duration::from_nanos(steps))
    }

    /// Whether the time cap ended a search before its work was spent.
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::Relaxed)
    }
}

impl Clock for CappedWork {
    fn now(&self) -> Duration {
        let steps = self.work.fetch_add(1, Ordering::Relaxed);
        if self.time.now() >= self.cap {
            self.fired.store(true, Ordering::Relaxed);
            // Past any budget: every deadline on this clock has passed.
            return Duration::from_secs(u64::MAX / 4);
        }
        Duration::from_nanos(steps)
    }

    fn counts_time(&self) -> bool {
        false
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

    /// The moment `clock` reads `at`.
    pub fn at(clock: Arc<dyn Clock>, at: Duration) -> Deadline {
        Deadline { clock, at }
    }

    /// A wall-clock deadline at `instant`.
    #[cfg(feature = "native")]
    pub fn at_instant(instant: Instant) -> Deadline {
        Deadline::after(Arc::new(WallClock::new()), instant.saturating_duration_since(Instant::now()))
    }

    /// `budget` of the calling thread's CPU time from now.
    #[cfg(feature = "native")]
    pub fn cpu_budget(budget: Duration) -> Deadline {
        Deadline::after(Arc::new(ThreadCpuClock), budget)
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

    /// `margin` earlier, but not before now: time kept back for returning the answer. On a
    /// clock that counts work ([`Clock::counts_time`]) the deadline stays where it is.
    pub fn earlier_by(&self, margin: Duration) -> Deadline {
        if !self.clock.counts_time() {
            return self.clone();
        }
        Deadline { clock: self.clock.clone(), at: self.at.saturating_sub(margin).max(self.clock.now()) }
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
        assert_eq!(d.earlier_by(Duration::from_millis(150)).remaining(), Duration::from_millis(650));
        assert_eq!(d.earlier_by(Duration::from_secs(9)).remaining(), Duration::ZERO);
        *clock.0.lock().unwrap() += Duration::from_millis(500);
        assert!(half.passed() && !d.passed());
        assert_eq!(d.remaining(), Duration::from_millis(300));
        *clock.0.lock().unwrap() += Duration::from_millis(300);
        assert!(d.passed());
    }

    #[test]
    fn a_work_budget_passes_after_its_reads() {
        let d = WorkClock::budget(3);
        assert!(!d.passed() && !d.passed());
        assert!(d.passed(), "the third read reaches the budget");
        // A margin in milliseconds would eat a budget of reads whole.
        let d = WorkClock::budget(1000).earlier_by(Duration::from_millis(150));
        assert_eq!(d.remaining(), Duration::from_nanos(999));
    }

    #[test]
    fn a_capped_budget_stops_at_its_work_or_its_cap() {
        let time = Arc::new(Manual(std::sync::Mutex::new(Duration::ZERO)));
        let clock = CappedWork::new(time.clone(), Duration::from_secs(1));
        let d = clock.budget(3);
        assert!(!d.passed() && !d.passed());
        assert!(d.passed(), "the work is spent");
        assert!(!clock.fired(), "the work ran out first");
        let d = clock.budget(1_000);
        assert!(!d.passed());
        *time.0.lock().unwrap() = Duration::from_secs(1);
        assert!(d.passed(), "the cap has passed");
        assert!(clock.fired());
    }

    #[cfg(feature = "native")]
    #[test]
    fn cpu_deadline_counts_work_not_sleep() {
        let d = Deadline::cpu_budget(Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(40));
        assert!(!d.passed(), "sleeping uses no CPU time");
        let mut x = 0u64;
        while !d.passed() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let w = Deadline::at_instant(Instant::now() + Duration::from_secs(60)).at_most(Duration::ZERO);
        assert!(w.passed());
    }
}
