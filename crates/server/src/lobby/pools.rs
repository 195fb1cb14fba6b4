//! The quick-pairing pools: for each game, ranked games on the default board with each of
//! the usual turn limits (none, 30 s, 60 s, those the site offers), and their waves.

use std::collections::HashSet;

use rules::{AnyOptions, GameKind};
use wire::lobby::{PoolView, pool_key};

use super::matching::{self, Waiter};
use crate::clock::now_ms;
use crate::config::Config;
use crate::ctx::Ctx;
use crate::ids;
use crate::store::{GroupRow, Meeting, NewMatch, PoolEntry, StoreError};

/// The turn limits a pool is offered with, of those the site allows.
const POOL_LIMITS: [Option<u32>; 3] = [None, Some(30), Some(60)];

/// The pools of `game` (with nobody counted as waiting).
pub fn pools_of(config: &Config, game: GameKind) -> Vec<PoolView> {
    POOL_LIMITS
        .into_iter()
        .filter(|l| config.turn_limits.contains(l))
        .map(|turn_limit| PoolView {
            key: pool_key(game, turn_limit),
            options: AnyOptions::default_for(game),
            turn_limit,
            ranked: true,
            waiting: 0,
        })
        .collect()
}

/// The pool of key `key`, if the site has it.
pub fn pool(config: &Config, key: &str) -> Option<PoolView> {
    GameKind::ALL.into_iter().flat_map(|g| pools_of(config, g)).find(|p| p.key == key)
}

/// Runs a wave of every pool; returns the players it paired.
pub async fn run_waves(ctx: &Ctx) -> Result<Vec<String>, StoreError> {
    let now = now_ms();
    let alive_after = super::alive_after(&ctx.config, now);
    let meet_by = now + ctx.config.lobby.meet_within.as_millis() as i64;
    let mut paired = Vec::new();
    for game in GameKind::ALL {
        for p in pools_of(&ctx.config, game) {
            let key = p.key.clone();
            // How long each paired player waited, counted once the wave is stored.
            let mut waits = Vec::new();
            let wave = ctx
                .store
                .pool_wave(&key, alive_after, |waiting, apart| {
                    // A wave run again (a deadlock's victim) counts its own pairs only.
                    waits.clear();
                    let made = matches(&p, waiting, apart, now, meet_by);
                    for seat in made.iter().flat_map(|m| &m.seats) {
                        if let Some(e) = waiting.iter().find(|e| &e.player_id == seat) {
                            waits.push((now - e.entered_at).max(0) as f64 / 1000.0);
                        }
                    }
                    made
                })
                .await?;
            if wave.is_some() {
                for w in waits {
                    ctx.metrics.pairing_wait_seconds.record(w);
                }
            }
            paired.extend(wave.into_iter().flatten().flat_map(|m| m.seats));
        }
    }
    Ok(paired)
}

/// The groups of one wave of pool `p`: who plays whom (`matching`; never two players of whom
/// one blocked the other, `apart`), and a group for each pair with its seats drawn at random.
fn matches(p: &PoolView, waiting: &[PoolEntry], apart: &[(String, String)], now: i64, meet_by: i64) -> Vec<NewMatch> {
    let waiters: Vec<Waiter> =
        waiting.iter().map(|e| Waiter { rating: e.rating, waited_ms: (now - e.entered_at).max(0) }).collect();
    let apart: HashSet<(&str, &str)> =
        apart.iter().flat_map(|(a, b)| [(a.as_str(), b.as_str()), (b.as_str(), a.as_str())]).collect();
    let allowed = |i: usize, j: usize| !apart.contains(&(waiting[i].player_id.as_str(), waiting[j].player_id.as_str()));
    matching::pairs(&waiters, allowed)
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = (&waiting[a].player_id, &waiting[b].player_id);
            let seats = if rand::random::<bool>() { [a.clone(), b.clone()] } else { [b.clone(), a.clone()] };
            NewMatch {
                group: GroupRow {
                    code: ids::new_invite_code(),
                    game: p.options.kind(),
                    host_id: seats[0].clone(),
                    options: p.options,
                    turn_limit: p.turn_limit,
                    ranked: p.ranked,
                    cpu: None,
                    created_at: now,
                },
                seats,
                meeting: Meeting { meet_by: Some(meet_by), pool: Some(p.key.clone()) },
            }
        })
        .collect()
}
