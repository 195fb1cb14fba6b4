//! Players (a device token's hash and a display name) and their ratings.

use sqlx::Row;

use super::{Result, Store};

/// A player as stored.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
}

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaderRow {
    pub player_id: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
}

impl Store {
    pub async fn create_player(&self, id: &str, token_hash: &str, name: &str, now: i64) -> Result<()> {
        sqlx::query("INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(token_hash)
            .bind(name)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| PlayerRow { id: r.get(0), name: r.get(1) }))
    }

    pub async fn player(&self, id: &str) -> Result<Option<PlayerRow>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| PlayerRow { id: r.get(0), name: r.get(1) }))
    }

    pub async fn rename(&self, id: &str, name: &str) -> Result<()> {
        sqlx::query("UPDATE players SET name = $1 WHERE id = $2").bind(name).bind(id).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn rating(&self, player_id: &str, game: &str) -> Result<Option<RatingRow>> {
        let row =
            sqlx::query("SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND game = $2")
                .bind(player_id)
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| RatingRow { rating: r.get(0), deviation: r.get(1), volatility: r.get(2), games: r.get(3) }))
    }

    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<LeaderRow>> {
        let rows = sqlx::query(
            "SELECT r.player_id, p.name, r.rating, r.deviation, r.games FROM ratings r
             JOIN players p ON p.id = r.player_id WHERE r.game = $1
             ORDER BY r.rating DESC, r.games DESC, p.name LIMIT $2",
        )
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| LeaderRow {
                player_id: r.get(0),
                name: r.get(1),
                rating: r.get(2),
                deviation: r.get(3),
                games: r.get(4),
            })
            .collect())
    }
}
