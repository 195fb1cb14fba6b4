//! The calling thread's CPU time as an `ai::dots::Clock`: a move's budget that other
//! processes on a shared machine cannot eat into.

use std::time::Duration;

use ai::dots::Clock;

/// CPU time used by the thread that reads it (`CLOCK_THREAD_CPUTIME_ID`).
#[derive(Debug, Default, Clone, Copy)]
pub struct ThreadCpu;

impl ThreadCpu {
    pub fn read() -> Duration {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime only writes the timespec we pass; this clock id always exists
        // on Linux.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }
}

impl Clock for ThreadCpu {
    fn now(&self) -> Duration {
        ThreadCpu::read()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_not_sleep() {
        let t0 = ThreadCpu::read();
        std::thread::sleep(Duration::from_millis(50));
        let slept = ThreadCpu::read() - t0;
        assert!(slept < Duration::from_millis(20), "sleeping used {slept:?} of CPU");
        let mut x = 0u64;
        let t1 = ThreadCpu::read();
        while ThreadCpu::read() - t1 < Duration::from_millis(20) {
            x = x.wrapping_add(1);
        }
        assert!(x > 0);
    }
}
