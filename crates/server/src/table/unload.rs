//! When a table nobody is at leaves memory (issue 19), and how long its task sleeps until it
//! looks again. One reading of the clock decides both: read twice, a table whose idle time
//! ran out between the two readings was neither unloaded nor woken for it, and slept for
//! `MAX_SLEEP` (a test that waits 5 s for the tables to unload failed so, now and then).

use std::time::Duration;

use tokio::time::Instant;

/// The longest sleep between two looks at the timers.
pub(super) const MAX_SLEEP: Duration = Duration::from_secs(60);

/// What a table's task does next.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Next {
    Unload,
    SleepUntil(Instant),
}

/// The table's situation at one instant.
pub(super) struct Look {
    pub now: Instant,
    /// A CPU move in flight or due, or a timer of the state running: what keeps the table
    /// busy wakes it (the move's answer, the timer), so its idle time does not.
    pub busy: bool,
    /// The state's next timer (a grace period, a turn clock, a meeting deadline).
    pub timer: Option<Instant>,
    /// Since when nobody is connected, if nobody is.
    pub empty_since: Option<Instant>,
    /// How long a table with nobody at it stays.
    pub idle: Duration,
}

impl Look {
    pub(super) fn next(&self) -> Next {
        let unload_at = self.empty_since.filter(|_| !self.busy).map(|t| t + self.idle);
        if unload_at.is_some_and(|at| at <= self.now) {
            return Next::Unload;
        }
        let latest = self.now + MAX_SLEEP;
        Next::SleepUntil(self.timer.into_iter().chain(unload_at).min().map_or(latest, |w| w.min(latest)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDLE: Duration = Duration::from_millis(300);

    fn look(now: Instant, busy: bool, timer: Option<Instant>, empty_since: Option<Instant>) -> Look {
        Look { now, busy, timer, empty_since, idle: IDLE }
    }

    #[test]
    fn an_empty_table_nothing_keeps_busy_unloads_at_its_idle_time_or_wakes_for_it() {
        let t = Instant::now();
        let deadline = t + IDLE;
        // Every reading of the clock around the deadline, down to the nanosecond.
        for offset_ns in [-2_000_000i64, -1_000, -1, 0, 1, 1_000, 2_000_000] {
            let now = if offset_ns < 0 {
                deadline - Duration::from_nanos(offset_ns.unsigned_abs())
            } else {
                deadline + Duration::from_nanos(offset_ns as u64)
            };
            let next = look(now, false, None, Some(t)).next();
            if now >= deadline {
                assert_eq!(next, Next::Unload, "{offset_ns} ns after the deadline");
            } else {
                assert_eq!(next, Next::SleepUntil(deadline), "{offset_ns} ns after the deadline");
            }
        }
    }

    #[test]
    fn an_earlier_timer_wakes_first_and_a_later_one_waits_for_the_idle_time() {
        let t = Instant::now();
        let early = t + Duration::from_millis(100);
        assert_eq!(look(t, false, Some(early), Some(t)).next(), Next::SleepUntil(early));
        let late = t + Duration::from_secs(5);
        assert_eq!(look(t, false, Some(late), Some(t)).next(), Next::SleepUntil(t + IDLE));
    }

    #[test]
    fn a_busy_or_occupied_table_stays_and_sleeps_until_its_timer_at_most_a_minute() {
        let t = Instant::now();
        let later = t + Duration::from_secs(1);
        // Busy long past its idle time: what keeps it busy wakes it.
        assert_eq!(look(later, true, None, Some(t)).next(), Next::SleepUntil(later + MAX_SLEEP));
        let timer = later + Duration::from_millis(5);
        assert_eq!(look(later, true, Some(timer), Some(t)).next(), Next::SleepUntil(timer));
        // Someone is connected.
        assert_eq!(look(later, false, None, None).next(), Next::SleepUntil(later + MAX_SLEEP));
        let far = later + Duration::from_secs(3600);
        assert_eq!(look(later, false, Some(far), None).next(), Next::SleepUntil(later + MAX_SLEEP));
    }
}
