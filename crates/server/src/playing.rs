//! `GET /api/me/playing`: the device's player's unfinished games, whose turn it is and the
//! turn clock (`docs/protocol.md`, "Games in progress").
//!
//! Read from the store, not from the tables: a table stores every move (and its new clock)
//! before anyone hears of it, so the store is never behind what a player has seen, on one node
//! or on any node of a cluster, and no table is woken or asked. The side to move comes from
//! replaying the stored moves through the rules (a Dots box gives its drawer another turn).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use rules::AnyGame;
use wire::playing::PlayingGame;
use wire::{ClockView, Seat};

use crate::api::authenticate;
use crate::error::ApiError;
use crate::review::api::player_view;
use crate::state::AppState;
use crate::store::{StoreError, UnfinishedGame};

/// Games in the list: far more than a person plays at once.
const LIST: i64 = 50;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/me/playing", get(playing))
}

async fn playing(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Vec<PlayingGame>>, ApiError> {
    let me = authenticate(&state, &headers).await?;
    let games = state.ctx.store.unfinished_games(&me.id, LIST).await?;
    let now = crate::now_ms();
    let mut out =
        games.into_iter().map(|g| entry(g, now)).filter_map(Result::transpose).collect::<Result<Vec<_>, _>>()?;
    // The games waiting for this player first, the one with the least time left first; then
    // the most recently moved.
    out.sort_by_key(|g| (!g.my_turn, g.clock.as_ref().map_or(i64::MAX, |c| c.remaining_ms), -g.updated_at));
    Ok(Json(out))
}

/// The list entry of one game; `None` when its stored moves already end it (its end is being
/// recorded: it is no longer in progress).
fn entry(g: UnfinishedGame, now: i64) -> Result<Option<PlayingGame>, StoreError> {
    let row = &g.game;
    let corrupt = |m: String| StoreError::Corrupt(format!("game {}: {m}", row.id));
    let mut game = AnyGame::new(row.options);
    for (i, (ply, mv, side, _)) in g.moves.iter().enumerate() {
        if *ply != i {
            return Err(corrupt(format!("ply {ply} stored at {i}")));
        }
        game.play(*side, mv).map_err(|e| corrupt(format!("move {ply} {mv}: {e}")))?;
    }
    if game.outcome().is_some() {
        return Ok(None);
    }
    let side_to_move = game.turn();
    let turn = Seat::ALL.into_iter().find(|s| row.sides[s.index()] == side_to_move).unwrap_or(Seat::First);
    let clock = row.clock_deadline.map(|deadline| ClockView {
        side: side_to_move,
        remaining_ms: (deadline - now).max(0),
        limit: g.turn_limit,
    });
    Ok(Some(PlayingGame {
        url: format!("/g/{}", row.group_code),
        code: row.group_code.clone(),
        game_no: row.game_no,
        game: row.options.kind(),
        options: row.options,
        ranked: row.ranked,
        seat: g.seat,
        side: row.sides[g.seat.index()],
        opponent: player_view(g.opponent.as_ref(), g.cpu),
        turn,
        my_turn: turn == g.seat,
        plies: u32::try_from(g.moves.len()).unwrap_or(u32::MAX),
        clock,
        started_at: row.started_at,
        updated_at: g.moves.last().map_or(row.started_at, |m| m.3),
    }))
}
