//! The lobby's rows: open challenges, the groups the lobby makes and who is online (the pools'
//! rows are in `super::pools`). Each decision that must happen once (an accept, a wave of
//! pairings) is one transaction whose `WHERE` clause or lock makes a second attempt change
//! nothing, on SQLite and on a PostgreSQL shared by many nodes alike.

use rules::{AnyOptions, GameKind};
use sqlx::Row;

use super::groups::{insert_group, options_from, options_text};
use super::{GroupRow, Result, Store, corrupt};

/// An open challenge, with what the lobby shows of its creator.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    pub id: String,
    pub game: GameKind,
    pub player_id: String,
    pub name: String,
    /// The creator's rating in this game, if they have played a rated game of it.
    pub rating: Option<f64>,
    pub options: AnyOptions,
    pub turn_limit: Option<u32>,
    pub ranked: bool,
    pub created_at: i64,
}

/// What made a group in the lobby: until `meet_by` both players must be at the table for the
/// first game to start; `pool` is the pool a pairing came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meeting {
    pub meet_by: Option<i64>,
    pub pool: Option<String>,
}

/// A group the lobby made: the row, and who sits where.
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub group: GroupRow,
    pub seats: [String; 2],
    pub meeting: Meeting,
}

fn turn_limit_from(t: Option<i64>, what: &str) -> Result<Option<u32>> {
    t.map(|t| u32::try_from(t).map_err(|_| corrupt(format!("{what}: turn limit {t}")))).transpose()
}

impl Store {
    /// Opens a challenge unless its creator has `max` open ones already (the count and the
    /// insert are one transaction). Returns whether it was opened.
    pub async fn create_challenge(&self, c: &ChallengeRow, now: i64, alive_after: i64, max: u32) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        if !self.sqlite {
            // At READ COMMITTED two requests at once would both count below `max` and both
            // insert: a lock per player, held to the commit, makes them take turns.
            super::advisory_lock(&mut tx, &format!("challenges:{}", c.player_id)).await?;
        }
        let open: i64 = sqlx::query(
            "SELECT COUNT(*) FROM challenges WHERE player_id = $1 AND group_code IS NULL AND alive_at > $2",
        )
        .bind(&c.player_id)
        .bind(alive_after)
        .fetch_one(&mut *tx)
        .await?
        .get(0);
        if open >= i64::from(max) {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO challenges (id, game, player_id, options, turn_limit, ranked, created_at, alive_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&c.id)
        .bind(c.game.as_str())
        .bind(&c.player_id)
        .bind(options_text(&c.options))
        .bind(c.turn_limit.map(i64::from))
        .bind(c.ranked as i64)
        .bind(c.created_at)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The open challenges whose creators were seen after `alive_after`, oldest first.
    pub async fn open_challenges(&self, alive_after: i64) -> Result<Vec<ChallengeRow>> {
        self.challenges_where("", None, alive_after).await
    }

    /// The challenge `id` if it is open and its creator was seen after `alive_after`.
    pub async fn open_challenge(&self, id: &str, alive_after: i64) -> Result<Option<ChallengeRow>> {
        Ok(self.challenges_where("AND c.id = $2", Some(id), alive_after).await?.pop())
    }

    /// Open challenges (with their creators' names and ratings) seen after `alive_after`,
    /// narrowed by `filter` on `$2 = id` when given.
    async fn challenges_where(&self, filter: &str, id: Option<&str>, alive_after: i64) -> Result<Vec<ChallengeRow>> {
        let sql = format!(
            "SELECT c.id, c.game, c.player_id, p.name, r.rating, c.options, c.turn_limit, c.ranked, c.created_at
             FROM challenges c JOIN players p ON p.id = c.player_id
             LEFT JOIN ratings r ON r.player_id = c.player_id AND r.game = c.game
             WHERE c.group_code IS NULL AND c.alive_at > $1 {filter} ORDER BY c.created_at, c.id"
        );
        let mut q = sqlx::query(&sql).bind(alive_after);
        if let Some(id) = id {
            q = q.bind(id);
        }
        let rows = q.fetch_all(&self.pool).await?;
        rows.into_iter()
            .map(|r| {
                let id: String = r.get(0);
                let game: String = r.get(1);
                Ok(ChallengeRow {
                    game: game.parse().map_err(|e| corrupt(format!("challenge {id}: {e}")))?,
                    player_id: r.get(2),
                    name: r.get(3),
                    rating: r.get(4),
                    options: options_from(&r.get::<String, _>(5), &id)?,
                    turn_limit: turn_limit_from(r.get(6), &id)?,
                    ranked: r.get::<i64, _>(7) != 0,
                    created_at: r.get(8),
                    id,
                })
            })
            .collect()
    }

    /// Withdraws `player_id`'s challenge `id`; `false` when there is no such open challenge.
    pub async fn cancel_challenge(&self, id: &str, player_id: &str) -> Result<bool> {
        let done = sqlx::query("DELETE FROM challenges WHERE id = $1 AND player_id = $2 AND group_code IS NULL")
            .bind(id)
            .bind(player_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Accepts challenge `id` for `accepter`, seating both in the group `m`: exactly one
    /// accept of a challenge wins, on one node or many (the update's `WHERE` sees the winner's
    /// commit). Both players' other challenges and pool places go: they are in a game now.
    /// Returns `false`, changing nothing, when the challenge was taken, withdrawn or left, or
    /// when one of the two blocked the other.
    pub async fn accept_challenge(&self, id: &str, accepter: &str, alive_after: i64, m: &NewMatch) -> Result<bool> {
        super::retrying(move || self.accept_challenge_once(id, accepter, alive_after, m)).await
    }

    async fn accept_challenge_once(&self, id: &str, accepter: &str, alive_after: i64, m: &NewMatch) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        // Not when either of the two blocked the other: to them the challenge is not there.
        let won = sqlx::query(
            "UPDATE challenges SET group_code = $1, accepted_by = $2
             WHERE id = $3 AND group_code IS NULL AND alive_at > $4 AND player_id <> $2
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.player_id = challenges.player_id AND b.blocked_id = $2)
                 OR (b.player_id = $2 AND b.blocked_id = challenges.player_id))",
        )
        .bind(&m.group.code)
        .bind(accepter)
        .bind(id)
        .bind(alive_after)
        .execute(&mut *tx)
        .await?;
        if won.rows_affected() != 1 {
            return Ok(false);
        }
        insert_match(&mut tx, m).await?;
        for p in &m.seats {
            sqlx::query("DELETE FROM challenges WHERE player_id = $1 AND group_code IS NULL")
                .bind(p)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM pool_entries WHERE player_id = $1").bind(p).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Withdraws every open challenge of `player_id` and their pool place (they started
    /// another game).
    pub async fn leave_lobby(&self, player_id: &str) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM challenges WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM pool_entries WHERE player_id = $1 AND group_code IS NULL")
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks the lobby rows of `players` as seen at `now` (their lobby sockets are open).
    pub async fn touch_lobby(&self, players: &[String], now: i64) -> Result<()> {
        for chunk in players.chunks(200) {
            let list = placeholders(2, chunk.len());
            for table in ["challenges", "pool_entries"] {
                let sql =
                    format!("UPDATE {table} SET alive_at = $1 WHERE group_code IS NULL AND player_id IN ({list})");
                let mut q = sqlx::query(&sql).bind(now);
                for p in chunk {
                    q = q.bind(p);
                }
                q.execute(&self.pool).await?;
            }
        }
        Ok(())
    }

    /// The tables the lobby seated `players` at whose first game has not started:
    /// `(player, group code)`. They stay until that game starts (`clear_matches`), the group
    /// dissolves or the sweep takes them, so a player whose socket (or node) went away between
    /// the pairing and the table hears of it again on their next socket.
    pub async fn matches_of(&self, players: &[String]) -> Result<Vec<(String, String)>> {
        let mut found = Vec::new();
        for chunk in players.chunks(200) {
            let list = placeholders(1, chunk.len());
            for table in ["challenges", "pool_entries"] {
                let sql = format!(
                    "SELECT player_id, group_code FROM {table} WHERE group_code IS NOT NULL AND player_id IN ({list})"
                );
                let mut q = sqlx::query(&sql);
                for p in chunk {
                    q = q.bind(p);
                }
                for r in q.fetch_all(&self.pool).await? {
                    found.push((r.get::<String, _>(0), r.get::<String, _>(1)));
                }
            }
        }
        Ok(found)
    }

    /// The first game of group `code` started: its players are at the table, and the lobby
    /// stops sending them there.
    pub async fn clear_matches(&self, code: &str) -> Result<()> {
        for table in ["challenges", "pool_entries"] {
            let sql = format!("DELETE FROM {table} WHERE group_code = $1");
            sqlx::query(&sql).bind(code).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Records that `node` holds lobby sockets of `online` players at `now`.
    pub async fn set_lobby_online(&self, node: &str, online: i64, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO lobby_nodes (node, online, seen_at) VALUES ($1, $2, $3)
             ON CONFLICT (node) DO UPDATE SET online = excluded.online, seen_at = excluded.seen_at",
        )
        .bind(node)
        .bind(online)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Players in the lobby on every node that reported after `after`.
    pub async fn lobby_online(&self, after: i64) -> Result<i64> {
        let row = sqlx::query("SELECT CAST(COALESCE(SUM(online), 0) AS BIGINT) FROM lobby_nodes WHERE seen_at > $1")
            .bind(after)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get(0))
    }

    /// Deletes lobby rows not seen since `before`, and matches nobody collected by then.
    pub async fn sweep_lobby(&self, before: i64) -> Result<u64> {
        let mut n = 0;
        for table in ["challenges", "pool_entries"] {
            let sql = format!("DELETE FROM {table} WHERE alive_at < $1");
            n += sqlx::query(&sql).bind(before).execute(&self.pool).await?.rows_affected();
        }
        Ok(n)
    }

    /// How group `code` was made, for its table.
    pub async fn meeting(&self, code: &str) -> Result<Meeting> {
        let row = sqlx::query("SELECT meet_by, pool FROM groups WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| Meeting { meet_by: r.get(0), pool: r.get(1) }).unwrap_or_default())
    }

    /// Dissolves group `code`, in which no game was played because a player did not come:
    /// its seats and the group go (nothing is recorded), and the players in `back` go back to
    /// the front of `pool` (waiting since the epoch), when the group came from one.
    pub async fn dissolve_group(&self, code: &str, pool: Option<&str>, back: &[(String, f64)], now: i64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let played: i64 = sqlx::query("SELECT COUNT(*) FROM games WHERE group_code = $1")
            .bind(code)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        if played > 0 {
            return Err(corrupt(format!("group {code}: dissolving a group with a game")));
        }
        for table in ["challenges", "pool_entries"] {
            let sql = format!("DELETE FROM {table} WHERE group_code = $1");
            sqlx::query(&sql).bind(code).execute(&mut *tx).await?;
        }
        sqlx::query("DELETE FROM seats WHERE group_code = $1").bind(code).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM groups WHERE code = $1").bind(code).execute(&mut *tx).await?;
        if let Some(pool) = pool {
            for (p, rating) in back {
                sqlx::query(
                    "INSERT INTO pool_entries (player_id, pool, rating, entered_at, alive_at) VALUES ($1, $2, $3, 0, $4)
                     ON CONFLICT (player_id) DO UPDATE SET pool = excluded.pool, rating = excluded.rating,
                         entered_at = 0, alive_at = excluded.alive_at, group_code = NULL, paired_at = NULL",
                )
                .bind(p)
                .bind(pool)
                .bind(rating)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

/// `$first, $first+1, ...` for `n` values.
pub(super) fn placeholders(first: usize, n: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Inserts the group of a match and its two seats.
pub(super) async fn insert_match(tx: &mut sqlx::Transaction<'static, sqlx::Any>, m: &NewMatch) -> Result<()> {
    insert_group(tx, &m.group, &m.meeting).await?;
    for (seat, p) in m.seats.iter().enumerate() {
        sqlx::query("INSERT INTO seats (group_code, seat, player_id) VALUES ($1, $2, $3)")
            .bind(&m.group.code)
            .bind(seat as i64)
            .bind(p)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
