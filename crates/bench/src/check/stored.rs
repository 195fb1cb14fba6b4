//! The checks made from the database alone: one table and game hold at most one move per ply,
//! the plies run from 0 without a gap, and every move's lease epoch was current when it was
//! written. Plain SQL that SQLite and PostgreSQL both accept, read-only: the checker never
//! runs a migration (it may be older or newer than the cluster it checks).

use std::collections::{BTreeMap, HashMap};

use anyhow::Context;
use futures_util::TryStreamExt;
use sqlx::{AnyPool, Row};

use super::report::{Kind, Report};

/// One stored move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    pub ply: i64,
    pub mv: String,
    pub epoch: Option<i64>,
}

/// A game: its table (group code) and its number at that table.
pub type GameKey = (String, i64);

/// Every stored move, by game, in ply order (a duplicate ply appears twice).
pub type Moves = BTreeMap<GameKey, Vec<StoredMove>>;

/// Reads every game and move and checks them; returns the moves for the other checks.
pub async fn check(pool: &AnyPool, report: &mut Report) -> anyhow::Result<Moves> {
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM games").fetch_one(pool).await?.get(0);
    report.games = usize::try_from(games).unwrap_or(0);
    // The moves first, then the leases: an epoch only grows, so a lease read after the moves
    // is at least as far on as it was when each of them was written, even on a live cluster.
    let moves = read_moves(pool, None).await.context("reading the moves (is the database migrated to 0011?)")?;
    let leases: HashMap<String, i64> = sqlx::query("SELECT code, epoch FROM table_leases")
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let mut table: Option<&str> = None;
    // The highest epoch of the table's moves so far (its games in order, then their plies).
    let mut high: Option<(i64, i64, i64)> = None;
    for ((code, game_no), list) in &moves {
        if table != Some(code) {
            table = Some(code);
            high = None;
        }
        let mut next = 0;
        for m in list {
            report.moves += 1;
            if m.ply < next {
                report.add(Kind::DuplicatePly, format!("{code} game {game_no} ply {}: stored more than once", m.ply));
            } else if m.ply > next {
                let after = if next == 0 { "at the start".to_string() } else { format!("after ply {}", next - 1) };
                report.add(Kind::PlyGap, format!("{code} game {game_no}: ply {} {after}", m.ply));
            }
            next = m.ply + 1;
            let Some(epoch) = m.epoch else {
                report.without_epoch += 1;
                continue;
            };
            if let Some((e, g, p)) = high
                && epoch < e
            {
                report.add(
                    Kind::EpochDecreased,
                    format!("{code} game {game_no} ply {}: epoch {epoch} after epoch {e} at game {g} ply {p}", m.ply),
                );
            }
            if high.is_none_or(|(e, _, _)| epoch > e) {
                high = Some((epoch, *game_no, m.ply));
            }
            match leases.get(code) {
                Some(&current) if epoch <= current => {}
                Some(current) => report.add(
                    Kind::EpochAhead,
                    format!("{code} game {game_no} ply {}: epoch {epoch}, the lease is at {current}", m.ply),
                ),
                None => report.add(
                    Kind::EpochAhead,
                    format!("{code} game {game_no} ply {}: epoch {epoch}, the table never had a lease", m.ply),
                ),
            }
        }
    }
    Ok(moves)
}

/// The stored moves of every game, or of one table (`code`), in game and ply order.
pub async fn read_moves(pool: &AnyPool, code: Option<&str>) -> anyhow::Result<Moves> {
    let sql = format!(
        "SELECT g.group_code, g.game_no, m.ply, m.mv, m.epoch FROM moves m JOIN games g ON g.id = m.game_id {}
         ORDER BY g.group_code, g.game_no, m.ply",
        if code.is_some() { "WHERE g.group_code = $1" } else { "" }
    );
    let mut q = sqlx::query(&sql);
    if let Some(c) = code {
        q = q.bind(c);
    }
    let mut rows = q.fetch(pool);
    let mut moves = Moves::new();
    while let Some(r) = rows.try_next().await? {
        let key = (r.get::<String, _>(0), r.get::<i64, _>(1));
        moves.entry(key).or_default().push(StoredMove { ply: r.get(2), mv: r.get(3), epoch: r.get(4) });
    }
    Ok(moves)
}

/// Tables whose latest game is being played, with that game's number.
pub async fn live_tables(pool: &AnyPool) -> anyhow::Result<Vec<GameKey>> {
    let rows = sqlx::query(
        "SELECT g.group_code, g.game_no FROM games g WHERE g.status = 'playing'
         AND g.game_no = (SELECT MAX(h.game_no) FROM games h WHERE h.group_code = g.group_code)
         ORDER BY g.group_code",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
}
