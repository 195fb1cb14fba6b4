//! Who plays whom in one wave of a quick-pairing pool: a maximum-weight matching over the
//! players waiting (Edmonds's blossom algorithm, `integer-blossom`), as Lichess's pools do
//! (lila, `modules/pool` `MatchMaking`). Two players may be paired when their ratings are
//! within the range that the longer waiter of the two accepts; that range widens with the
//! wait, and after [`OPEN_AFTER_MS`] it is unbounded, so two players alone in a pool are
//! paired within about 30 s whatever their ratings.
//!
//! The weight of a pair is a large constant less the rating gap, plus a little for the time
//! both waited: the matching pairs as many players as it can, then prefers close ratings,
//! then those who waited longest. Two players of whom one blocked the other are no pair at
//! all (no edge), whatever their ratings and waits.

/// A player in a wave: their rating and how long they have waited.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Waiter {
    pub rating: f64,
    pub waited_ms: i64,
}

/// The rating gap a player accepts at first.
pub const FIRST_RANGE: f64 = 100.0;
/// How much the accepted gap widens per second waited.
pub const RANGE_PER_SECOND: f64 = 50.0;
/// After this wait a player accepts any rating.
pub const OPEN_AFTER_MS: i64 = 26_000;
/// The most players one wave matches (the longest waiting first); the rest wait for the next
/// wave. The matching takes time cubic in the number of players.
pub const MAX_PER_WAVE: usize = 400;

/// A pair's weight before its rating gap is taken off: more than any gap times any count of
/// pairs in a wave, so a matching with more pairs always weighs more.
const PAIR: i64 = 1 << 40;

impl Waiter {
    /// The largest rating gap this player accepts now.
    pub fn range(&self) -> f64 {
        if self.waited_ms >= OPEN_AFTER_MS {
            f64::INFINITY
        } else {
            FIRST_RANGE + RANGE_PER_SECOND * self.waited_ms as f64 / 1000.0
        }
    }
}

/// Whether `a` and `b` may be paired now.
pub fn may_pair(a: &Waiter, b: &Waiter) -> bool {
    (a.rating - b.rating).abs() <= a.range().max(b.range())
}

/// The weight of pairing `a` with `b`, or 0 (no edge) when they may not be paired.
fn weight(a: &Waiter, b: &Waiter) -> i64 {
    if !may_pair(a, b) {
        return 0;
    }
    let gap = (a.rating - b.rating).abs().min(1e9).round() as i64;
    // Seconds waited, capped so that a wait never outweighs a whole rating point's worth
    // of closeness across many pairs.
    let waited = (a.waited_ms.clamp(0, 600_000) + b.waited_ms.clamp(0, 600_000)) / 1000;
    PAIR - gap * 1000 + waited
}

/// The pairs of one wave, as indices into `waiters` (each index at most once), among the
/// pairs `allowed(i, j)` (with `i < j`) lets meet. Only the first [`MAX_PER_WAVE`] waiters are
/// considered: pass them longest-waiting first.
pub fn pairs(waiters: &[Waiter], allowed: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let n = waiters.len().min(MAX_PER_WAVE);
    let mut w = vec![0i64; n * n];
    for i in 0..n {
        for j in i + 1..n {
            if allowed(i, j) {
                w[i * n + j] = weight(&waiters[i], &waiters[j]);
            }
        }
    }
    let mate = integer_blossom::max_weight_matching(&w, n);
    (0..n).filter_map(|i| mate[i].filter(|&j| i < j).map(|j| (i, j))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn w(rating: f64, waited_s: i64) -> Waiter {
        Waiter { rating, waited_ms: waited_s * 1000 }
    }

    /// Every pair allowed (nobody blocked anybody).
    fn pairs(ws: &[Waiter]) -> Vec<(usize, usize)> {
        super::pairs(ws, |_, _| true)
    }

    #[test]
    fn a_blocked_pair_is_never_paired_and_the_others_still_are() {
        // Alone in the pool and long past any rating range: still not paired.
        assert!(super::pairs(&[w(1500.0, 60), w(1500.0, 60)], |_, _| false).is_empty());
        // 0 and 1 are the closest; apart, a third is paired with one of them.
        let ws = [w(1500.0, 0), w(1505.0, 0), w(1520.0, 0)];
        assert_eq!(pairs(&ws), vec![(0, 1)]);
        assert_eq!(super::pairs(&ws, |i, j| (i, j) != (0, 1)), vec![(1, 2)]);
    }

    #[test]
    fn close_ratings_pair_at_once_far_ones_wait() {
        assert_eq!(pairs(&[w(1500.0, 0), w(1550.0, 0)]), vec![(0, 1)]);
        assert!(pairs(&[w(1500.0, 0), w(2300.0, 0)]).is_empty());
        // 800 apart: (800 - 100) / 50 = 14 s of waiting.
        assert!(pairs(&[w(1500.0, 13), w(2300.0, 0)]).is_empty());
        assert_eq!(pairs(&[w(1500.0, 14), w(2300.0, 0)]), vec![(0, 1)]);
    }

    #[test]
    fn any_two_are_paired_within_thirty_seconds() {
        // Waves every 2 s: by the wave at 26-28 s the range is unbounded.
        assert_eq!(pairs(&[w(100.0, 26), w(3500.0, 26)]), vec![(0, 1)]);
    }

    #[test]
    fn it_pairs_by_closeness_not_by_order() {
        // Greedy in order would pair 0-1 (gap 60) and leave 2-3 (gap 400) apart; the matching
        // pairs 0-2 and 1-3 (gaps 20 and 80).
        let ws = [w(1500.0, 0), w(1560.0, 0), w(1520.0, 0), w(1640.0, 0)];
        let mut p = pairs(&ws);
        p.sort();
        assert_eq!(p, vec![(0, 2), (1, 3)]);
    }

    /// The best total weight over every matching of the pairs not in `apart` (bit `i * 9 + j`
    /// for `i < j`), by brute force (the oracle).
    fn best(ws: &[Waiter], apart: u128, free: u32) -> (usize, i64) {
        let Some(i) = (0..ws.len()).find(|i| free & (1 << i) != 0) else { return (0, 0) };
        let rest = free & !(1 << i);
        let mut top = best(ws, apart, rest);
        for j in 0..ws.len() {
            if rest & (1 << j) != 0 && weight(&ws[i], &ws[j]) > 0 && apart & (1u128 << (i * 9 + j)) == 0 {
                let (n, t) = best(ws, apart, rest & !(1 << j));
                top = top.max((n + 1, t + weight(&ws[i], &ws[j])));
            }
        }
        top
    }

    /// A mask that keeps about one pair in eight of `b` apart (most waves have few blocks).
    fn any_few(b: u128) -> u128 {
        b.rotate_left(37) & b.rotate_left(71)
    }

    proptest! {
        /// The matching is as heavy as the best one found by trying every matching, uses only
        /// allowed pairs (never two players apart by a block) and seats nobody twice.
        #[test]
        fn matches_the_exhaustive_oracle(
            raw in prop::collection::vec((1000u32..2200, 0i64..30), 0..9),
            apart in any::<u128>().prop_map(|b| b & any_few(b)),
        ) {
            let ws: Vec<Waiter> = raw.iter().map(|&(r, s)| w(f64::from(r), s)).collect();
            let allowed = |i: usize, j: usize| apart & (1u128 << (i * 9 + j)) == 0;
            let p = super::pairs(&ws, allowed);
            let mut seen = vec![false; ws.len()];
            let mut total = 0;
            for &(a, b) in &p {
                prop_assert!(!seen[a] && !seen[b]);
                seen[a] = true;
                seen[b] = true;
                prop_assert!(may_pair(&ws[a], &ws[b]));
                prop_assert!(allowed(a, b), "{a} and {b} are apart");
                total += weight(&ws[a], &ws[b]);
            }
            let (count, top) = best(&ws, apart, (1u32 << ws.len()) - 1);
            prop_assert_eq!(p.len(), count);
            prop_assert_eq!(total, top);
        }
    }
}
