//! CPU time for reviews and the analysis board, taken only where live games leave it.
//!
//! Live games' CPU moves and hints take a permit of the server's CPU slots (one per core)
//! and wait for one when all are taken. A review slice takes a permit only while another
//! one stays free, and holds it for one slice (at most `Budget::slice`, 100 ms): so a live
//! move finds a free slot at once unless every other slot is busy with live moves too, and
//! even then waits at most one slice. On a machine with one core a slice takes the only
//! slot when it is free. The review thread also runs at the lowest scheduling priority
//! (`SCHED_IDLE` on Linux), so the kernel gives live threads the core first whenever both
//! want it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ai::clock::{Clock, Deadline, thread_cpu_time};
use ai::review::{Pace, Slices, Timed};
use tokio::sync::Semaphore;

/// How often a waiting slice looks for a spare slot.
const POLL: Duration = Duration::from_millis(5);

/// Slices of work in the server's spare CPU slots.
#[derive(Debug, Clone)]
pub struct SpareSlots {
    slots: Arc<Semaphore>,
    total: usize,
    /// Time spent waiting for a spare slot.
    pub waited: Duration,
}

impl SpareSlots {
    /// `slots` holds `total` permits when nothing runs.
    pub fn new(slots: Arc<Semaphore>, total: usize) -> SpareSlots {
        SpareSlots { slots, total, waited: Duration::ZERO }
    }

    fn spare(&self) -> bool {
        let free = self.slots.available_permits();
        free >= 2 || (self.total <= 1 && free == 1)
    }
}

impl Pace for SpareSlots {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(Instant) -> T) -> T {
        let start = Instant::now();
        let permit = loop {
            if self.spare()
                && let Ok(p) = self.slots.try_acquire()
            {
                break Some(p);
            }
            if self.slots.is_closed() {
                break None;
            }
            std::thread::sleep(POLL);
        };
        self.waited += start.elapsed();
        let out = work(Instant::now() + max);
        drop(permit);
        out
    }
}

/// A work budget's slices (the device's, `qdan_engine::review`) run in a [`Pace`]'s slots:
/// each slice waits for a spare slot as a timed one does, but ends when its reads of `clock`
/// are spent, not at a time, so the server's values are the device's. [`Slices::spent`]
/// counts reads (the budget's unit); [`WorkSlices::cpu`] the thread's CPU time they took.
pub struct WorkSlices<'p, P: Pace> {
    pace: &'p mut P,
    work: Timed,
    cpu: Duration,
}

impl<'p, P: Pace> WorkSlices<'p, P> {
    /// Slices on `clock` (a `CappedWork`: reads, with a time cap as the safety net).
    pub fn new(pace: &'p mut P, clock: Arc<dyn Clock>) -> WorkSlices<'p, P> {
        WorkSlices { pace, work: Timed::new(clock), cpu: Duration::ZERO }
    }

    /// CPU time spent in slices so far.
    pub fn cpu(&self) -> Duration {
        self.cpu
    }
}

/// The longest a slot is held for one slice, as a time: a work slice is far shorter (at most
/// a few milliseconds of search), this only bounds what the [`Pace`] is told.
const WORK_SLICE: Duration = Duration::from_millis(100);

impl<P: Pace> Slices for WorkSlices<'_, P> {
    fn slice<T>(&mut self, max: Duration, work: impl FnOnce(&Deadline) -> T) -> T {
        let (timed, cpu) = (&mut self.work, &mut self.cpu);
        self.pace.slice(WORK_SLICE, |_| {
            let start = thread_cpu_time();
            let out = timed.slice(max, work);
            *cpu += thread_cpu_time().saturating_sub(start);
            out
        })
    }

    fn spent(&self) -> Duration {
        self.work.spent()
    }
}

/// Puts the calling thread at the lowest scheduling priority (Linux `SCHED_IDLE`): it runs
/// only when no other thread wants the core. Elsewhere it does nothing.
pub fn lowest_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: sched_setscheduler reads `param` during the call only; pid 0 is this thread.
        let rc = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
        if rc != 0 {
            tracing::warn!("the review thread keeps its priority: {}", std::io::Error::last_os_error());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_leaves_the_last_slot_to_live_games() {
        let slots = Arc::new(Semaphore::new(2));
        let mut pace = SpareSlots::new(slots.clone(), 2);
        // Both free: the slice runs, holding one.
        assert_eq!(pace.slice(Duration::from_millis(10), |_| slots.available_permits()), 1);
        // One taken by a live move: the slice waits until it is given back.
        let live = slots.clone().try_acquire_owned().unwrap();
        let giver = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(60));
            drop(live);
        });
        let started = Instant::now();
        pace.slice(Duration::from_millis(10), |_| ());
        assert!(started.elapsed() >= Duration::from_millis(50));
        giver.join().unwrap();
    }
}
