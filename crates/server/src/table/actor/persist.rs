//! Storing a table's changes: each change of the state machine becomes its write, in order,
//! before anything is broadcast or acknowledged (`docs/reliability.md`).

use super::Actor;
use crate::clock::now_ms;
use crate::store::{GameEnd, GameRow, MoveRow};
use crate::table::state::Change;

impl Actor {
    /// Stores each change in order; on failure says how many were stored (a refusal by the
    /// fence counts as a partial write: the table must stop, it is not ours any more).
    pub(super) async fn persist(&mut self, changes: &[Change]) -> Result<(), (usize, crate::store::StoreError)> {
        for (i, c) in changes.iter().enumerate() {
            let started = std::time::Instant::now();
            self.persist_one(c).await.map_err(|e| match e {
                crate::store::StoreError::Fenced(_) => (i.max(1), e),
                e => (i, e),
            })?;
            self.ctx.metrics.commit_seconds.record(started.elapsed().as_secs_f64());
            if matches!(c, Change::Moved { .. }) {
                self.ctx.metrics.moves_stored.increment(1);
            }
        }
        Ok(())
    }

    async fn persist_one(&mut self, change: &Change) -> crate::store::Result<()> {
        let store = &self.ctx.store;
        let t = &self.table;
        let fence = self.fence.as_ref();
        match change {
            Change::Sat(s) => {
                let pid = t.seat(*s).and_then(|x| x.player_id()).expect("a person sat");
                store.add_seat(&t.code, s.index(), pid, fence).await
            }
            Change::Renamed { player_id, name } => store.rename(player_id, name).await,
            Change::Moved { ply } => {
                let g = t.game.as_ref().expect("a game");
                let meta = &g.moves[*ply];
                let row = MoveRow {
                    ply: *ply,
                    mv: g.game.moves()[*ply].clone(),
                    side: meta.side,
                    by: meta.by,
                    player_id: meta.player_id.clone(),
                    at: meta.at,
                };
                store.add_move(&g.id, &row, g.clock, fence).await
            }
            Change::Undone { .. } => {
                let g = t.game.as_ref().expect("a game");
                store.truncate_moves(&g.id, g.plies(), g.clock, fence).await
            }
            Change::Ended { .. } => {
                let g = t.game.as_ref().expect("a game");
                let outcome = g.game.outcome().expect("an end");
                let winner = outcome.winner.map(|side| g.seat_of_side(side));
                let ended_at = g.ended_at.unwrap_or_else(now_ms);
                let rated = t.rated_players();
                let end = GameEnd {
                    game_id: &g.id,
                    game: t.kind.as_str(),
                    winner,
                    reason: outcome.reason,
                    ended_at,
                    rated: rated.as_ref(),
                };
                let changes = store.finish_game(&end, fence).await?;
                self.table.set_ratings(changes);
                Ok(())
            }
            Change::NoShow => {
                // Nothing was recorded for this group: it goes, and whoever came from a pool
                // goes back to its front.
                store.dissolve_group(&t.code, t.pool.as_deref(), &t.present_players(), now_ms()).await
            }
            Change::GameStarted => {
                let g = t.game.as_ref().expect("a game");
                if t.from_lobby && g.no == 1 {
                    // Both players came: the lobby stops sending them here.
                    store.clear_matches(&t.code).await?;
                }
                let row = GameRow {
                    id: g.id.clone(),
                    group_code: t.code.clone(),
                    game_no: g.no,
                    options: g.game.options(),
                    sides: g.sides,
                    ranked: g.ranked,
                    turn_limit: t.settings.turn_limit,
                    status: wire::Status::Playing,
                    winner: None,
                    reason: None,
                    clock_deadline: g.clock,
                    started_at: g.started_at,
                    ended_at: None,
                };
                store.create_game(&row, fence).await
            }
            Change::SettingsChanged { clock } => {
                let s = &t.settings;
                store.update_group_settings(&t.code, &s.next_options, s.turn_limit, s.ranked, fence).await?;
                match t.game.as_ref().filter(|_| *clock) {
                    Some(g) => store.set_clock(&g.id, g.clock, fence).await,
                    None => Ok(()),
                }
            }
            Change::SeatChanged(_)
            | Change::Spectators
            | Change::UndoRequested(_)
            | Change::UndoDeclined { .. }
            | Change::Resigned(_)
            | Change::Quick { .. } => Ok(()),
            // The CPU's readiness is the table's own (a load sets it again): nothing to store.
            Change::RematchOffered(s) if t.seat(*s).is_some_and(|x| x.cpu().is_some()) => Ok(()),
            // Acknowledged to the person who asked: kept for a table loaded again.
            Change::RematchOffered(_) => {
                let g = t.game.as_ref().expect("a game");
                store.set_rematch(&g.id, t.rematch, fence).await
            }
        }
    }
}
