//! The store: players, groups, seats, games, moves and ratings in SQLite (the embedded default)
//! or PostgreSQL, through one sqlx `Any` pool and one set of migrations. Every method is one
//! statement or one transaction; a table acknowledges a move only after `add_move` returned.
//!
//! Rows are converted to typed values here, at the edge (a game's status, sides, reason and
//! move sources), so the rest of the server never reads a string or a number code; a stored
//! value that does not convert is reported as corruption.
//!
//! Moves, the hot path, go through one writer task (`writer`) that commits every move waiting
//! at that moment in one transaction (group commit) and only then answers each of them.

mod blocks;
mod expiry;
mod games;
mod groups;
mod lease;
mod lobby;
mod migrations;
mod offline;
mod players;
mod playing;
mod pool_cpu;
mod pools;
mod rates;
mod reviews;
mod transfers;
mod writer;

use sqlx::AnyPool;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use tokio::sync::mpsc;

pub use blocks::{BlockRow, Blocked};
pub use games::{GameEnd, GameRow, MoveRow};
pub use groups::GroupRow;
pub use lease::{Fence, Lease};
pub use lobby::{ChallengeRow, Meeting, NewMatch};
pub use offline::OfflineGame;
pub use players::{LeaderRow, PlayerRow, RatingRow};
pub use playing::UnfinishedGame;
pub use pools::PoolEntry;
pub use reviews::{PlayedGame, ReviewRow, Sitters};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    /// A write for a table whose lease this node no longer holds (another node owns it now).
    #[error("this node no longer owns table {0}")]
    Fenced(String),
    /// The store did not answer in time (a bounded query: `lease::renew_leases_within`).
    #[error("the store did not answer in time: {0}")]
    Timeout(&'static str),
    /// A row a transaction relied on changed under it; running it again is the remedy.
    #[error("changed meanwhile: {0}")]
    Raced(&'static str),
    /// The first connection failed: `at` is the URL without its password.
    #[error("could not connect to the database at {at}")]
    Connect { at: String, source: sqlx::Error },
}

/// How many times a transaction PostgreSQL rolled back as a deadlock's victim (or for a
/// serialization failure) is run again before its error is returned.
pub(super) const TRANSIENT_TRIES: u32 = 5;

/// Whether PostgreSQL rolled the transaction back for a deadlock (`40P01`) or a
/// serialization failure (`40001`), or the transaction found a row it relied on changed
/// ([`StoreError::Raced`]): the other transaction went on, and running this one again is the
/// remedy.
pub(super) fn is_transient(e: &StoreError) -> bool {
    match e {
        StoreError::Db(sqlx::Error::Database(d)) => matches!(d.code().as_deref(), Some("40P01" | "40001")),
        StoreError::Raced(_) => true,
        _ => false,
    }
}

/// Runs the transaction `attempt` makes again while PostgreSQL refuses it for a deadlock,
/// at most [`TRANSIENT_TRIES`] times. Lobby transactions lock rows of several players each
/// (an accept deletes both players' other challenges, a wave seats many), so two that share
/// a player can each wait for the other.
async fn retrying<T, F, Fut>(mut attempt: F) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T>>,
{
    let mut tries = 1;
    loop {
        match attempt().await {
            Err(e) if tries < TRANSIENT_TRIES && is_transient(&e) => tries += 1,
            r => return r,
        }
    }
}

/// Takes PostgreSQL's transaction-scoped advisory lock named `name` (held to the commit or the
/// rollback). Read-then-write transactions run at READ COMMITTED; one that counts or reads a
/// player's rows before writing them takes the player's lock first, so two at once take turns.
async fn advisory_lock(tx: &mut sqlx::Transaction<'static, sqlx::Any>, name: &str) -> Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))").bind(name).execute(&mut **tx).await?;
    Ok(())
}

/// `url` without a password, for messages and logs.
fn without_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_string(),
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

/// How SQLite makes a commit durable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=NORMAL` in WAL mode: a commit survives the process being killed
    /// (SIGKILL, a crash), not a power cut or a kernel panic (the last commits may be lost).
    #[default]
    Process,
    /// `synchronous=FULL`: every commit is on the disk before it is acknowledged; survives a
    /// power cut, at the cost of an fsync per commit.
    Power,
}

/// The connection pool, and the writer task that stores moves.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
    moves: mpsc::Sender<writer::MoveWrite>,
}

impl Store {
    /// Opens `url` (`sqlite://file.db` or `postgres://...`), creating a SQLite file if needed,
    /// and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store> {
        Store::connect_with(url, Durability::default()).await
    }

    /// [`Store::connect`] with a SQLite durability setting (PostgreSQL keeps its own).
    pub async fn connect_with(url: &str, durability: Durability) -> Result<Store> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains("mode=") {
            format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
        } else {
            url.to_string()
        };
        let sync = match durability {
            Durability::Process => "PRAGMA synchronous=NORMAL",
            Durability::Power => "PRAGMA synchronous=FULL",
        };
        let pool = AnyPoolOptions::new()
            // SQLite has one write lock: with one connection none of ours waits for another.
            .max_connections(if sqlite { 1 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !sqlite {
                        // A node cut off in the middle of a transaction leaves its session
                        // idle in it, holding the rows it locked (a table's lease row: its
                        // fence check), until the server ends it; without this, not before
                        // TCP gives up, many minutes later, and no node could take the table.
                        sqlx::query("SET idle_in_transaction_session_timeout = 3000").execute(&mut *conn).await?;
                    }
                    if sqlite {
                        // WAL: readers never block the writer.
                        sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                        sqlx::query(sync).execute(&mut *conn).await?;
                        // The background checkpoint keeps the WAL short; this only backs it up.
                        sqlx::query("PRAGMA wal_autocheckpoint=10000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout=10000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA foreign_keys=ON").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            // sqlx says only "pool timed out" after 30 s of an unreachable server: name it.
            .map_err(|source| StoreError::Connect { at: without_password(&url), source })?;
        migrations::migrator().await?.run(&pool).await?;
        let moves = writer::start(pool.clone(), sqlite, sqlite.then_some(url));
        Ok(Store { pool, sqlite, moves })
    }

    /// Whether this is PostgreSQL (several nodes can share it).
    pub fn is_postgres(&self) -> bool {
        !self.sqlite
    }

    /// Moves stored across all games (used by tests and the fault runs to count).
    pub async fn count_moves(&self) -> Result<i64> {
        use sqlx::Row;
        let row = sqlx::query("SELECT COUNT(*) FROM moves").fetch_one(&self.pool).await?;
        Ok(row.get(0))
    }

    /// Players stored (tests count them: a visit must not create one).
    pub async fn count_players(&self) -> Result<i64> {
        use sqlx::Row;
        let row = sqlx::query("SELECT COUNT(*) FROM players").fetch_one(&self.pool).await?;
        Ok(row.get(0))
    }

    /// Groups stored (tests count them: abandoned ones expire).
    pub async fn count_groups(&self) -> Result<i64> {
        use sqlx::Row;
        let row = sqlx::query("SELECT COUNT(*) FROM groups").fetch_one(&self.pool).await?;
        Ok(row.get(0))
    }
}

#[cfg(test)]
mod connect_tests {
    use super::without_password;

    #[test]
    fn a_database_url_is_named_without_its_password() {
        assert_eq!(without_password("postgres://qdan:s3cret@db:5432/qdan"), "postgres://qdan:***@db:5432/qdan");
        assert_eq!(without_password("postgres://qdan@db/qdan"), "postgres://qdan@db/qdan");
        assert_eq!(without_password("sqlite://qdan.db?mode=rwc"), "sqlite://qdan.db?mode=rwc");
    }
}
