//! The schema's migrations, compiled into the binary (a node needs no folder beside it).
//!
//! sqlx's `migrate!` macro would embed them too, but its macros crate builds a second copy of
//! sqlx's drivers and of tokio for the compiler, in every fresh build, release, debug and
//! clippy alike. These are named and read the way sqlx reads a folder
//! (`<version>_<description>.sql`, `-- no-transaction` at the top), so a database migrated by
//! a build of either kind sees the same versions, descriptions and checksums; a test compares
//! them with sqlx's own reading of `crates/server/migrations`.

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// A migration's file name and text.
macro_rules! migrations {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../migrations/", $name)))),*]
    };
}

/// Every file of `crates/server/migrations`, in version order. A new migration is added here
/// as well as there (a test fails otherwise).
const FILES: &[(&str, &str)] = migrations![
    "0001_init.sql",
    "0002_leases.sql",
    "0003_group_limits.sql",
    "0004_reviews.sql",
    "0005_rating_pairs.sql",
    "0006_lobby.sql",
    "0007_cpu_on_device.sql",
    "0008_pool_cpu.sql",
    "0009_transfers.sql",
    "0010_blocks_and_rates.sql",
    "0011_move_epoch.sql",
    "0012_offline_games.sql",
    "0013_rematch.sql",
];

/// The migrations as sqlx would read them from the folder.
fn embedded() -> Vec<Migration> {
    FILES
        .iter()
        .map(|&(name, sql)| {
            let (version, rest) = name.split_once('_').expect("a migration is named <version>_<description>.sql");
            let version = version.parse().expect("a migration's name starts with its version");
            let kind = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
            let no_tx = sql.starts_with("-- no-transaction");
            Migration::new(version, Cow::Owned(description), kind, Cow::Borrowed(sql), no_tx)
        })
        .collect()
}

#[derive(Debug)]
struct Embedded;

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async { Ok(embedded()) })
    }
}

/// A database may hold migrations this version does not know: a newer version's, applied
/// while nodes of two versions run side by side in a rolling upgrade. Those are additive by
/// rule (`docs/deploy.md`, "Upgrades"), so this version runs and restarts against them; sqlx
/// would refuse such a database unless told to ignore what it does not know. A known
/// migration whose text changed is still refused (its checksum).
pub(super) async fn migrator() -> Result<Migrator, sqlx::migrate::MigrateError> {
    let mut m = Migrator::new(Embedded).await?;
    m.set_ignore_missing(true);
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The same migrations, in the same order, with the same descriptions, kinds and checksums
    /// as sqlx's reading of the folder; and no file of the folder left out.
    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let folder = Migrator::new(dir.as_path()).await.expect("sqlx reads the folder");
        let ours = migrator().await.expect("the embedded migrations resolve");
        let key = |m: &Migration| {
            (m.version, m.description.to_string(), m.migration_type, m.checksum.to_vec(), m.no_tx, m.sql.to_string())
        };
        let theirs: Vec<_> = folder.iter().map(key).collect();
        let ours: Vec<_> = ours.iter().map(key).collect();
        assert_eq!(ours.len(), std::fs::read_dir(&dir).unwrap().count(), "a file of the folder is not in FILES");
        assert_eq!(ours, theirs);
    }
}
