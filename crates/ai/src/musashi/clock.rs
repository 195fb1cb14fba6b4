//! When a CPU player must stop thinking: at a wall-clock instant (the site, where the answer
//! is due within its second), or after an amount of its own thread's CPU time (match series
//! on a shared, loaded machine, where a wall-clock budget measures the load as much as the
//! player).

use std::time::{Duration, Instant};

/// A thinking deadline.
#[derive(Copy, Clone, Debug)]
pub enum Deadline {
    /// Stop at this moment.
    Wall(Instant),
    /// Stop once the calling thread has used this much CPU time in all
    /// ([`thread_cpu_time`]).
    ThreadCpu(Duration),
}

impl Deadline {
    /// `budget` of the calling thread's CPU time from now.
    pub fn cpu_budget(budget: Duration) -> Deadline {
        Deadline::ThreadCpu(thread_cpu_time() + budget)
    }

    /// `true` once the deadline has come (for [`Deadline::ThreadCpu`], on the thread that
    /// made it).
    #[inline]
    pub fn passed(self) -> bool {
        match self {
            Deadline::Wall(t) => Instant::now() >= t,
            Deadline::ThreadCpu(t) => thread_cpu_time() >= t,
        }
    }

    /// This deadline or `d` from now, whichever comes first.
    pub fn at_most(self, d: Duration) -> Deadline {
        match self {
            Deadline::Wall(t) => Deadline::Wall(t.min(Instant::now() + d)),
            Deadline::ThreadCpu(t) => Deadline::ThreadCpu(t.min(thread_cpu_time() + d)),
        }
    }

    /// `margin` earlier, but not before now.
    pub fn earlier_by(self, margin: Duration) -> Deadline {
        match self {
            Deadline::Wall(t) => Deadline::Wall(t.checked_sub(margin).unwrap_or(t).max(Instant::now())),
            Deadline::ThreadCpu(t) => Deadline::ThreadCpu(t.saturating_sub(margin).max(thread_cpu_time())),
        }
    }
}

/// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to; this clock exists on every Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let w = Deadline::Wall(Instant::now() + Duration::from_secs(60)).at_most(Duration::ZERO);
        assert!(w.passed());
    }
}
