//! A CPU game played while waiting in a pool (issue 35): the page offers one after a while
//! (`LobbyConfig::cpu_offer_after`), `POST /api/groups` with `keepPool` keeps the pool place
//! and names the game's group in it (`Store::keep_pool_for_cpu`), and when a wave pairs the
//! player that game ends here: the player resigns it. A game against the CPU is never ranked,
//! so no rating moves; it is recorded as any resigned game, and the pairing stands.

use std::sync::Arc;

use wire::Intent;

use crate::ctx::Ctx;
use crate::registry::Registry;

/// Ends the CPU games that `paired` (just paired by a wave) were playing while they waited.
/// A failure is logged: the pairing stands whatever happens to the CPU game (the player's
/// page leaves it for the new table anyway).
/// The groups are read now (their pool rows go once the new table starts); the games end in a
/// task of their own, so that a slow table does not hold up the lobby.
pub async fn end_cpu_games(ctx: &Ctx, tables: &Arc<Registry>, paired: &[String]) {
    let games = match ctx.store.pool_cpu_groups(paired).await {
        Ok(g) if g.is_empty() => return,
        Ok(g) => g,
        Err(e) => return tracing::warn!("lobby: the CPU games of paired players: {e}"),
    };
    let (ctx, tables) = (ctx.clone(), tables.clone());
    tokio::spawn(async move {
        for (player_id, code) in games {
            if let Err(e) = resign(&ctx, &tables, &player_id, &code).await {
                tracing::info!(%code, "lobby: ending a CPU game on pairing: {e}");
            }
        }
    });
}

/// Resigns the current game of group `code` for `player_id`, through the table like a socket
/// of theirs would (the table may run on another node).
async fn resign(ctx: &Ctx, tables: &Registry, player_id: &str, code: &str) -> Result<(), String> {
    let player = ctx.store.player(player_id).await.map_err(|e| e.to_string())?.ok_or("no such player")?;
    let table = tables.get(code).await.map_err(|e| e.to_string())?.ok_or("no such group")?;
    // Random, as a socket's: the table's owner may see connections of every node.
    let conn: u64 = rand::random();
    table.join(conn, Some(player), None).await.map_err(|_| "the table is gone")?;
    // A game already over (or between two games) has nothing to end.
    let done = table.intent(conn, Intent::Resign {}).await.map(drop).map_err(|e| format!("{e:?}"));
    table.leave(conn, true).await;
    done
}
