//! Quick messages: a seated player of a table between two people says a preset phrase to the
//! table. Nothing is stored and no version is taken (the actor broadcasts it as a `quick`
//! message, not an event); only the rate is kept here, per seat, so it holds for the player
//! however many sockets they open, and (a table living on one node) across the cluster.

use wire::{ErrorCode, Phrase};

use super::{Change, Ms, Result, Table};

/// A seat may say this many phrases at once...
const QUICK_BURST: u32 = 3;
/// ...and one more each this many milliseconds.
const QUICK_EVERY: Ms = 1000;

/// A seat's token bucket for quick messages, kept as the time it is full again, so that it
/// needs no timer: the tokens at `now` are what that time says is missing from a full bucket.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct QuickRate {
    full_at: Ms,
}

impl QuickRate {
    /// Takes a token at `now`, or says there is none.
    fn take(&mut self, now: Ms) -> bool {
        let start = self.full_at.max(now);
        // Each phrase said pushes the time the bucket is full again one period later; a
        // bucket that would then be more than a burst behind is empty.
        if start + QUICK_EVERY - now > QUICK_EVERY * QUICK_BURST as Ms {
            return false;
        }
        self.full_at = start + QUICK_EVERY;
        true
    }
}

impl Table {
    pub(super) fn quick(&mut self, now: Ms, pid: &str, phrase: Phrase, out: &mut Vec<Change>) -> Result<()> {
        let seat = self.seat_of(pid).ok_or(ErrorCode::NotSeated)?;
        // Against the CPU, or alone at the table, there is nobody to say it to.
        let other = self.seat(seat.other()).ok_or(ErrorCode::NoOpponent)?;
        if other.cpu().is_some() {
            return Err(ErrorCode::NoOpponent.into());
        }
        if !self.quick_rate[seat.index()].take(now) {
            return Err(ErrorCode::RateLimited.into());
        }
        out.push(Change::Quick { seat, phrase });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_a_second() {
        let mut r = QuickRate::default();
        let t0 = 1_000_000;
        for _ in 0..QUICK_BURST {
            assert!(r.take(t0));
        }
        assert!(!r.take(t0));
        assert!(!r.take(t0 + QUICK_EVERY - 1));
        assert!(r.take(t0 + QUICK_EVERY));
        assert!(!r.take(t0 + QUICK_EVERY));
        // A quiet while fills the bucket again, but never past the burst.
        let later = t0 + 60_000;
        for _ in 0..QUICK_BURST {
            assert!(r.take(later));
        }
        assert!(!r.take(later));
    }
}
