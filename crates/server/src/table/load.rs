//! A table from the store: the group, its seats, and its latest game replayed move by move
//! through the rules (a stored move the rules refuse is corruption, not trusted).

use rules::{AnyGame, EndReason, GameKind};
use wire::{Seat, Status};

use super::state::{Game, MoveMeta, Ms, Occupant, Player, Presence, SeatState, Settings, Table, TableRules};
use crate::store::{GameRow, Result, Store, StoreError};

/// The table of group `code`, or `None` when there is no such group. A game whose moves end
/// it while its end was not stored (the process stopped in between) is finished by the
/// table's first tick.
pub async fn load(store: &Store, code: &str, rules: TableRules, now: Ms) -> Result<Option<Table>> {
    let Some(group) = store.group(code).await? else { return Ok(None) };
    let settings = Settings::new(group.options, group.turn_limit, group.ranked);
    let mut table = Table::new(code.to_string(), group.game, group.host_id, group.cpu, settings, rules);
    let meeting = store.meeting(code).await?;
    table.from_lobby = meeting.meet_by.is_some();
    table.cpu_on_device = group.cpu.is_some() && store.cpu_on_device(code).await?;
    (table.meet_by, table.pool) = (meeting.meet_by, meeting.pool);
    for (seat, pid) in store.seats(code).await? {
        let Some(p) = store.player(&pid).await? else {
            return Err(StoreError::Corrupt(format!("group {code}: no player {pid}")));
        };
        let rating = store.rating(&pid, group.game.as_str()).await?.map(|r| r.rating);
        let player = Player { id: p.id, name: p.name, rating };
        table.seats[seat] = Some(SeatState { occupant: Occupant::Person(player), presence: Presence::Here });
    }
    if let Some(level) = group.cpu {
        table.seats[Seat::Second.index()] =
            Some(SeatState { occupant: Occupant::Cpu(level), presence: Presence::Here });
    }
    if let Some(row) = store.latest_game(code).await? {
        let game = replay(store, group.game, row).await?;
        if !game.playing() {
            // Who asked for the next game; the CPU is always ready, as at the game's end.
            let asked = store.rematch(&game.id).await?;
            let cpu = |i: usize| table.seats[i].as_ref().is_some_and(|s| s.cpu().is_some());
            table.rematch = [asked[0] || cpu(0), asked[1] || cpu(1)];
        }
        table.game = Some(game);
        // Seats whose players are not here after a restart are away until they come back.
        table.restored(now);
    }
    Ok(Some(table))
}

/// Rebuilds a game from its stored moves, checking each with the rules.
async fn replay(store: &Store, kind: GameKind, row: GameRow) -> Result<Game> {
    let corrupt = |m: String| StoreError::Corrupt(format!("game {}: {m}", row.id));
    if row.options.kind() != kind {
        return Err(corrupt("options of another game".into()));
    }
    let mut game = AnyGame::new(row.options);
    let stored = store.moves(&row.id).await?;
    let mut moves = Vec::with_capacity(stored.len());
    for (i, m) in stored.into_iter().enumerate() {
        if m.ply != i {
            return Err(corrupt(format!("ply {} stored at {i}", m.ply)));
        }
        game.play(m.side, &m.mv).map_err(|e| corrupt(format!("move {} {}: {e}", m.ply, m.mv)))?;
        moves.push(MoveMeta { side: m.side, by: m.by, player_id: m.player_id, at: m.at });
    }
    if row.status == Status::Over && game.outcome().is_none() {
        if row.reason != Some(EndReason::Resignation) {
            return Err(corrupt("stored as over, but the moves do not end it".into()));
        }
        let loser = row.winner.map(Seat::other).ok_or_else(|| corrupt("a resignation without a winner".into()))?;
        game.resign(row.sides[loser.index()]).map_err(|e| corrupt(e.to_string()))?;
    }
    Ok(Game {
        id: row.id.clone(),
        no: row.game_no,
        sides: row.sides,
        ranked: row.ranked,
        game,
        moves,
        clock: row.clock_deadline,
        timed_out_at: None,
        clock_taken_off: None,
        ratings: store.rating_changes(&row.id).await?,
        started_at: row.started_at,
        ended_at: row.ended_at,
    })
}
