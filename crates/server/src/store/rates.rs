//! Token buckets in the store (issue 35, part 7): a bound on new challenges or pool entries
//! per player or per address holds for the whole cluster, since every node takes from the
//! same row however the balancer spreads one player's requests. Each bucket allows `n` a
//! minute, `n` of them at once, like the per-node buckets of `ratelimit`; an hourly bucket
//! (offline games uploaded, issue 36) allows `n` an hour.

use super::{Result, Store};

/// A minute, in the store's milliseconds: an untouched bucket is full again after it.
const MINUTE_MS: i64 = 60_000;
/// An hour: an untouched hourly bucket is full again after it.
const HOUR_MS: i64 = 3_600_000;
/// What an hourly bucket's key starts with: the sweep keeps such a bucket for an hour, not a
/// minute (swept after a minute, it would start full again long before it had refilled).
const HOURLY: &str = "hour:";

impl Store {
    /// Takes one token at `now` from each of `buckets` (`(key, n a minute)`), all or none.
    /// Returns the index of the first bucket that had none left (then nothing is taken), or
    /// `None` when every bucket gave one.
    ///
    /// One upsert on the bucket's primary key each: the `WHERE` of its update refuses an
    /// empty bucket, and on PostgreSQL the row lock orders the nodes' takes, so two nodes
    /// never both take the last token.
    pub async fn take_tokens(&self, buckets: &[(String, u32)], now: i64) -> Result<Option<usize>> {
        self.take_tokens_per(buckets, "", MINUTE_MS, now).await
    }

    /// [`Store::take_tokens`] from buckets that allow `n` an hour (`n` of them at once, then
    /// one every hour / `n`).
    pub async fn take_hourly_tokens(&self, buckets: &[(String, u32)], now: i64) -> Result<Option<usize>> {
        self.take_tokens_per(buckets, HOURLY, HOUR_MS, now).await
    }

    /// Takes from buckets named `prefix` + key that fill in `period_ms`.
    async fn take_tokens_per(
        &self,
        buckets: &[(String, u32)],
        prefix: &str,
        period_ms: i64,
        now: i64,
    ) -> Result<Option<usize>> {
        let mut tx = self.pool.begin().await?;
        for (i, (key, n)) in buckets.iter().enumerate() {
            let key = format!("{prefix}{key}");
            let burst = f64::from(*n);
            let per_ms = burst / period_ms as f64;
            // The tokens the bucket holds now: what was left, refilled since, at most `burst`.
            let now_tokens = "(CASE WHEN rate_buckets.tokens + (CASE WHEN $3 > rate_buckets.at THEN $3 - rate_buckets.at ELSE 0 END) * $4 > $2
                 THEN $2 ELSE rate_buckets.tokens + (CASE WHEN $3 > rate_buckets.at THEN $3 - rate_buckets.at ELSE 0 END) * $4 END)";
            let sql = format!(
                "INSERT INTO rate_buckets (bucket, tokens, at) VALUES ($1, $2 - 1, $3)
                 ON CONFLICT (bucket) DO UPDATE SET tokens = {now_tokens} - 1,
                     at = CASE WHEN $3 > rate_buckets.at THEN $3 ELSE rate_buckets.at END
                 WHERE {now_tokens} >= 1"
            );
            let done = sqlx::query(&sql).bind(&key).bind(burst).bind(now).bind(per_ms).execute(&mut *tx).await?;
            if done.rows_affected() != 1 {
                // Dropping the transaction rolls back the tokens taken from the buckets before.
                return Ok(Some(i));
            }
        }
        tx.commit().await?;
        Ok(None)
    }

    /// Deletes the buckets untouched for a minute before `now` (an hour for hourly ones): they
    /// are full again, and a missing bucket starts full.
    pub async fn sweep_rate_buckets(&self, now: i64) -> Result<u64> {
        let done = sqlx::query("DELETE FROM rate_buckets WHERE at < $1 AND (at < $2 OR bucket NOT LIKE $3)")
            .bind(now - MINUTE_MS)
            .bind(now - HOUR_MS)
            .bind(format!("{HOURLY}%"))
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}
