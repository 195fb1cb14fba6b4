//! Games (one row per game of a group), their moves, and the end of a game with its rating
//! changes.

use rules::{AnyOptions, EndReason, Side};
use sqlx::Row;
use sqlx::any::AnyRow;
use wire::{MoveSource, Seat, Status};

use super::groups::{options_from, options_text};
use super::{Fence, Result, Store, corrupt, writer};
use crate::ratings::{self, Rated};

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub group_code: String,
    pub game_no: u32,
    pub options: AnyOptions,
    /// The side each seat plays.
    pub sides: [Side; 2],
    pub ranked: bool,
    pub turn_limit: Option<u32>,
    /// `Playing` or `Over`.
    pub status: Status,
    pub winner: Option<Seat>,
    pub reason: Option<EndReason>,
    pub clock_deadline: Option<i64>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

/// The end of a game, as [`Store::finish_game`] records it.
#[derive(Clone, Copy, Debug)]
pub struct GameEnd<'a> {
    pub game_id: &'a str,
    /// The game's name (`musashi`, `dots`): ratings are per game.
    pub game: &'a str,
    pub winner: Option<Seat>,
    pub reason: EndReason,
    pub ended_at: i64,
    /// The players of seats 0 and 1 of a ranked game between two people.
    pub rated: Option<&'a [String; 2]>,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    pub ply: usize,
    pub mv: String,
    pub side: Side,
    pub by: MoveSource,
    pub player_id: Option<String>,
    pub at: i64,
}

pub(super) const GAME_COLUMNS: &str = "id, group_code, game_no, options, seat0_side, ranked, turn_limit, status, winner_seat, \
                            reason, clock_deadline, started_at, ended_at";

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Playing => "playing",
        Status::Over => "over",
        Status::Waiting => "waiting",
    }
}

pub(super) fn game_row(r: AnyRow) -> Result<GameRow> {
    let id: String = r.get(0);
    let bad = |what: &str| corrupt(format!("game {id}: {what}"));
    let seat0_side: i64 = r.get(4);
    let sides = match seat0_side {
        0 => [0, 1],
        1 => [1, 0],
        _ => return Err(bad("seat0_side")),
    };
    let status = match r.get::<String, _>(7).as_str() {
        "playing" => Status::Playing,
        "over" => Status::Over,
        s => return Err(bad(&format!("status {s:?}"))),
    };
    let winner: Option<i64> = r.get(8);
    let reason: Option<String> = r.get(9);
    let turn_limit: Option<i64> = r.get(6);
    Ok(GameRow {
        group_code: r.get(1),
        game_no: u32::try_from(r.get::<i64, _>(2)).map_err(|_| bad("game_no"))?,
        options: options_from(&r.get::<String, _>(3), &id)?,
        sides,
        ranked: r.get::<i64, _>(5) != 0,
        turn_limit: turn_limit.map(|t| u32::try_from(t).map_err(|_| bad("turn_limit"))).transpose()?,
        status,
        winner: winner
            .map(|w| usize::try_from(w).ok().and_then(Seat::from_index).ok_or_else(|| bad("winner_seat")))
            .transpose()?,
        reason: reason.map(|s| s.parse().map_err(|e: String| bad(&e))).transpose()?,
        clock_deadline: r.get(10),
        started_at: r.get(11),
        ended_at: r.get(12),
        id,
    })
}

/// Inserts game `g` as it is (a game just started, or a finished one uploaded whole).
pub(super) async fn insert_game(conn: &mut sqlx::AnyConnection, g: &GameRow) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
    ))
    .bind(&g.id)
    .bind(&g.group_code)
    .bind(g.game_no as i64)
    .bind(options_text(&g.options))
    .bind(g.sides[0] as i64)
    .bind(g.ranked as i64)
    .bind(g.turn_limit.map(i64::from))
    .bind(status_text(g.status))
    .bind(g.winner.map(|s| s.index() as i64))
    .bind(g.reason.map(EndReason::as_str))
    .bind(g.clock_deadline)
    .bind(g.started_at)
    .bind(g.ended_at)
    .execute(conn)
    .await?;
    Ok(())
}

impl Store {
    pub async fn create_game(&self, g: &GameRow, fence: Option<&Fence>) -> Result<()> {
        let mut tx = self.begin_fenced(fence).await?;
        insert_game(&mut tx, g).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The group's most recent game.
    pub async fn latest_game(&self, code: &str) -> Result<Option<GameRow>> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE group_code = $1 ORDER BY game_no DESC LIMIT 1"
        ))
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        row.map(game_row).transpose()
    }

    /// Codes of groups whose latest game is still being played (restored at start-up).
    pub async fn groups_playing(&self) -> Result<Vec<String>> {
        let rows = sqlx::query("SELECT group_code FROM games WHERE status = 'playing'").fetch_all(&self.pool).await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    pub async fn moves(&self, game_id: &str) -> Result<Vec<MoveRow>> {
        let rows =
            sqlx::query("SELECT ply, mv, side, by_kind, player_id, at FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        rows.into_iter()
            .map(|r| {
                let bad = |what: &str| corrupt(format!("game {game_id}: move {what}"));
                let side: i64 = r.get(2);
                Ok(MoveRow {
                    ply: usize::try_from(r.get::<i64, _>(0)).map_err(|_| bad("ply"))?,
                    mv: r.get(1),
                    side: u8::try_from(side).ok().filter(|s| *s < 2).ok_or_else(|| bad("side"))?,
                    by: r.get::<String, _>(3).parse().map_err(|e: String| bad(&e))?,
                    player_id: r.get(4),
                    at: r.get(5),
                })
            })
            .collect()
    }

    /// Stores one move and the new turn clock together; returns once they are committed
    /// (possibly in one transaction with other tables' moves).
    pub async fn add_move(
        &self,
        game_id: &str,
        m: &MoveRow,
        clock_deadline: Option<i64>,
        fence: Option<&Fence>,
    ) -> Result<()> {
        writer::add_move(&self.moves, game_id, m, clock_deadline, fence.cloned()).await
    }

    /// Removes the moves from `from_ply` on (an accepted undo) and sets the new turn clock.
    pub async fn truncate_moves(
        &self,
        game_id: &str,
        from_ply: usize,
        clock_deadline: Option<i64>,
        fence: Option<&Fence>,
    ) -> Result<()> {
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game_id)
            .bind(from_ply as i64)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE games SET clock_deadline = $1 WHERE id = $2")
            .bind(clock_deadline)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores which seats asked for the next game after game `game_id` (a bit per seat).
    pub async fn set_rematch(&self, game_id: &str, seats: [bool; 2], fence: Option<&Fence>) -> Result<()> {
        let bits = i64::from(seats[0]) | i64::from(seats[1]) << 1;
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query("UPDATE games SET rematch = $1 WHERE id = $2").bind(bits).bind(game_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Which seats asked for the next game after game `game_id`.
    pub async fn rematch(&self, game_id: &str) -> Result<[bool; 2]> {
        let bits: Option<i64> = sqlx::query_scalar("SELECT rematch FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?
            .flatten();
        let bits = bits.unwrap_or(0);
        Ok([bits & 1 != 0, bits & 2 != 0])
    }

    pub async fn set_clock(&self, game_id: &str, clock_deadline: Option<i64>, fence: Option<&Fence>) -> Result<()> {
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query("UPDATE games SET clock_deadline = $1 WHERE id = $2")
            .bind(clock_deadline)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records a finished game and, for a ranked one between `rated` (the players of seats 0
    /// and 1), their new ratings: read, updated and written in the same transaction, holding a
    /// lock on each player's ratings on PostgreSQL, so two games ending at once for the same
    /// player cannot lose an update. After
    /// `ratings::PAIR_GAMES_PER_DAY` rated games between the two in the day before its end, a
    /// game is recorded unrated (no changes returned).
    pub async fn finish_game(&self, end: &GameEnd<'_>, fence: Option<&Fence>) -> Result<Vec<Rated>> {
        let GameEnd { game_id, game, winner, reason, ended_at, rated } = *end;
        let mut tx = self.begin_fenced(fence).await?;
        sqlx::query(
            "UPDATE games SET status = 'over', winner_seat = $1, reason = $2, ended_at = $3, clock_deadline = NULL
             WHERE id = $4",
        )
        .bind(winner.map(|s| s.index() as i64))
        .bind(reason.as_str())
        .bind(ended_at)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        let mut changes = Vec::new();
        if let Some(players) = rated
            && !self.sqlite
        {
            // PostgreSQL reads at READ COMMITTED: two games of one player ending at once would
            // both read the old rating, and the second write would fail on the primary key
            // (the end lost) or overwrite the first. A lock per player, held to the commit and
            // taken in one order (no deadlock), makes the ends take turns. SQLite has one
            // writer at a time already.
            let mut ids = [&players[0], &players[1]];
            ids.sort();
            for id in ids {
                super::advisory_lock(&mut tx, &format!("rating:{id}")).await?;
            }
        }
        let rated = match rated {
            Some(players) => {
                let before = ended_at - ratings::PAIR_WINDOW_MS;
                let pair_games: i64 = sqlx::query(
                    "SELECT COUNT(*) FROM rating_changes a
                     JOIN rating_changes b ON b.game_id = a.game_id
                     JOIN games g ON g.id = a.game_id
                     WHERE a.player_id = $1 AND b.player_id = $2 AND g.ended_at >= $3",
                )
                .bind(&players[0])
                .bind(&players[1])
                .bind(before)
                .fetch_one(&mut *tx)
                .await?
                .get(0);
                (pair_games < ratings::PAIR_GAMES_PER_DAY).then_some(players)
            }
            None => None,
        };
        if let Some(players) = rated {
            let mut before = Vec::with_capacity(2);
            for p in players {
                let row = sqlx::query(
                    "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND game = $2",
                )
                .bind(p)
                .bind(game)
                .fetch_optional(&mut *tx)
                .await?;
                before.push(row.map_or_else(ratings::initial, |r| super::RatingRow {
                    rating: r.get(0),
                    deviation: r.get(1),
                    volatility: r.get(2),
                    games: r.get(3),
                }));
            }
            let score0 = match winner {
                Some(Seat::First) => 1.0,
                Some(Seat::Second) => 0.0,
                None => 0.5,
            };
            let (a, b) = ratings::update(before[0], before[1], score0);
            for (seat, after) in [(Seat::First, a), (Seat::Second, b)] {
                let pid = &players[seat.index()];
                sqlx::query("DELETE FROM ratings WHERE player_id = $1 AND game = $2")
                    .bind(pid)
                    .bind(game)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(pid)
                .bind(game)
                .bind(after.rating)
                .bind(after.deviation)
                .bind(after.volatility)
                .bind(after.games)
                .execute(&mut *tx)
                .await?;
                let before = before[seat.index()].rating;
                sqlx::query(
                    "INSERT INTO rating_changes (game_id, player_id, seat, before, after) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(game_id)
                .bind(pid)
                .bind(seat.index() as i64)
                .bind(before)
                .bind(after.rating)
                .execute(&mut *tx)
                .await?;
                changes.push(Rated { seat, before, after: after.rating });
            }
        }
        tx.commit().await?;
        Ok(changes)
    }

    /// Rating changes recorded for a game.
    pub async fn rating_changes(&self, game_id: &str) -> Result<Vec<Rated>> {
        let rows = sqlx::query("SELECT seat, before, after FROM rating_changes WHERE game_id = $1 ORDER BY seat")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| {
                let seat = usize::try_from(r.get::<i64, _>(0))
                    .ok()
                    .and_then(Seat::from_index)
                    .ok_or_else(|| corrupt(format!("game {game_id}: rating change seat")))?;
                Ok(Rated { seat, before: r.get(1), after: r.get(2) })
            })
            .collect()
    }
}
