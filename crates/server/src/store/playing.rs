//! A player's unfinished games with their moves, read in one snapshot so that the moves and
//! the turn clock belong to the same moment (`GET /api/me/playing`).

use ai::Level;
use sqlx::Row;
use wire::Seat;

use super::games::{GAME_COLUMNS, game_row};
use super::reviews::game_columns_of_g;
use super::{GameRow, PlayerRow, Result, Store, corrupt};

/// One of a player's unfinished games, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct UnfinishedGame {
    pub game: GameRow,
    /// The player's seat.
    pub seat: Seat,
    /// The other seat's player (`None`: the CPU).
    pub opponent: Option<PlayerRow>,
    pub cpu: Option<Level>,
    /// The group's turn limit now (the host may change it during a game).
    pub turn_limit: Option<u32>,
    /// The moves stored, in order: `(ply, text, side, at)`.
    pub moves: Vec<(usize, String, u8, i64)>,
}

/// The games of player `$1` that are being played.
const PLAYING: &str = "FROM seats s
     JOIN games g ON g.group_code = s.group_code AND g.status = 'playing'
     JOIN groups gr ON gr.code = g.group_code";
const OF_PLAYER: &str = "WHERE s.player_id = $1";

impl Store {
    /// The games `player_id` sits at that are not over, the latest started first, at most
    /// `limit`, each with its moves.
    pub async fn unfinished_games(&self, player_id: &str, limit: i64) -> Result<Vec<UnfinishedGame>> {
        let mut tx = self.pool.begin().await?;
        if !self.sqlite {
            // Both statements read one snapshot (PostgreSQL's default gives each its own);
            // SQLite's WAL already holds one snapshot from a transaction's first read.
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ").execute(&mut *tx).await?;
        }
        let rows = sqlx::query(&format!(
            "SELECT {}, s.seat, op.id, op.name, gr.cpu, gr.turn_limit {PLAYING}
               LEFT JOIN seats o ON o.group_code = g.group_code AND o.seat <> s.seat
               LEFT JOIN players op ON op.id = o.player_id
             {OF_PLAYER} ORDER BY g.started_at DESC LIMIT $2",
            game_columns_of_g()
        ))
        .bind(player_id)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await?;
        let moves = sqlx::query(&format!(
            "SELECT m.game_id, m.ply, m.mv, m.side, m.at FROM moves m
             WHERE m.game_id IN (SELECT g.id {PLAYING} {OF_PLAYER} ORDER BY g.started_at DESC LIMIT $2)
             ORDER BY m.game_id, m.ply"
        ))
        .bind(player_id)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        let mut games = rows
            .into_iter()
            .map(|r| {
                let n = GAME_COLUMNS.split(',').count();
                let seat = usize::try_from(r.get::<i64, _>(n))
                    .ok()
                    .and_then(Seat::from_index)
                    .ok_or_else(|| corrupt(format!("player {player_id}: a seat")))?;
                let opponent_id: Option<String> = r.get(n + 1);
                let opponent_name: Option<String> = r.get(n + 2);
                let cpu: Option<String> = r.get(n + 3);
                let turn_limit: Option<i64> = r.get(n + 4);
                Ok(UnfinishedGame {
                    seat,
                    opponent: opponent_id.zip(opponent_name).map(|(id, name)| PlayerRow { id, name }),
                    cpu: cpu.map(|l| l.parse().map_err(|e: String| corrupt(e))).transpose()?,
                    turn_limit: turn_limit
                        .map(|t| u32::try_from(t).map_err(|_| corrupt("a turn limit")))
                        .transpose()?,
                    moves: Vec::new(),
                    game: game_row(r)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        for r in moves {
            let game_id: String = r.get(0);
            let bad = |what: &str| corrupt(format!("game {game_id}: move {what}"));
            let ply = usize::try_from(r.get::<i64, _>(1)).map_err(|_| bad("ply"))?;
            let side = u8::try_from(r.get::<i64, _>(3)).ok().filter(|s| *s < 2).ok_or_else(|| bad("side"))?;
            if let Some(g) = games.iter_mut().find(|g| g.game.id == game_id) {
                g.moves.push((ply, r.get(2), side, r.get(4)));
            }
        }
        Ok(games)
    }
}
