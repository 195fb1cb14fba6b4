//! The lobby (issue 35): open challenges and quick pairing, per game, on one node or many.
//!
//! Everything the lobby knows is in the store (`store::lobby`), so every node shows the same
//! lobby and exactly one accept of a challenge wins, whichever nodes the players are on. Each
//! node runs one loop ([`Lobby::run`]) that, once a second (or at once after a change made
//! here):
//! - marks the challenges and pool places of the players whose lobby sockets it holds as
//!   seen (a row not seen for longer than the away grace is neither listed nor paired: its
//!   player left);
//! - hands each of those players the tables the lobby seated them at (`paired`);
//! - sends each of its lobby sockets its game's lobby when it changed.
//!
//! Every two seconds each node also runs a wave of every pool; on PostgreSQL an advisory lock
//! per pool lets one node decide a wave while the others skip it (`Store::pool_wave`).
//!
//! In a cluster a node that changed the lobby (a challenge, a pool place, a wave's pairs)
//! says so on NATS (`qdan.lobby`), and every node looks at once: a player whose socket is on
//! another node than the one that paired them learns it within milliseconds, not at that
//! node's next look. The once-a-second look stays, for a notice lost with a node.

pub mod api;
pub mod blocks;
mod cpu_wait;
pub mod matching;
pub mod pools;
mod socket;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use rules::GameKind;
use tokio::sync::{Notify, mpsc};
use wire::lobby::{ChallengeView, LobbyPlayer, LobbyServerMsg, LobbyView, PoolView};

pub use socket::routes;

use crate::clock::now_ms;
use crate::config::Config;
use crate::ctx::Ctx;
use crate::store::{ChallengeRow, StoreError};

/// The lobby's settings.
#[derive(Clone, Debug)]
pub struct LobbyConfig {
    /// Open challenges one player may have at once.
    pub challenges_per_player: u32,
    /// New challenges a minute from one address (`0`: no limit); counted in the store, so
    /// across the nodes of a cluster.
    pub challenges_per_ip: u32,
    /// Pool entries a minute from one address (`0`: no limit); in the store.
    pub pool_entries_per_ip: u32,
    /// New challenges a minute from one player (`0`: no limit); in the store.
    pub challenges_per_player_minute: u32,
    /// Pool entries a minute from one player (`0`: no limit); in the store.
    pub pool_entries_per_player: u32,
    /// Players one player may block.
    pub blocks_per_player: u32,
    /// Time between two waves of a pool.
    pub wave_every: Duration,
    /// Time between two looks at the store for lobby changes.
    pub refresh_every: Duration,
    /// How long the players of a table the lobby made have to come to it.
    pub meet_within: Duration,
    /// How long a player waits in a pool before their lobby page offers a CPU game.
    pub cpu_offer_after: Duration,
}

impl Default for LobbyConfig {
    fn default() -> LobbyConfig {
        LobbyConfig {
            challenges_per_player: 3,
            challenges_per_ip: 10,
            pool_entries_per_ip: 20,
            challenges_per_player_minute: 10,
            pool_entries_per_player: 20,
            blocks_per_player: 500,
            wave_every: Duration::from_secs(2),
            refresh_every: Duration::from_secs(1),
            meet_within: Duration::from_secs(10),
            cpu_offer_after: Duration::from_secs(30),
        }
    }
}

/// The time after which a lobby row seen at or after it is still its player's: they left when
/// no socket of theirs was seen for the away grace, but never sooner than three looks (a row
/// is marked seen once a look).
pub fn alive_after(config: &Config, now: i64) -> i64 {
    let grace = config.away_grace.max(config.lobby.refresh_every * 3);
    now - grace.as_millis() as i64
}

/// The shortest time between two looks at the store.
const MIN_LOOK_GAP: Duration = Duration::from_millis(100);

/// One open lobby socket on this node.
#[derive(Debug)]
struct Watcher {
    player: Option<String>,
    game: GameKind,
    tx: mpsc::Sender<Arc<str>>,
    /// The lobby last sent, to send only changes.
    last: Option<Arc<str>>,
    /// The table this socket was last sent `paired` for (each socket hears of a table once).
    told: Option<String>,
}

/// This node's lobby sockets and the loop that feeds them.
#[derive(Debug, Default)]
pub struct Lobby {
    watchers: Mutex<HashMap<u64, Watcher>>,
    next: AtomicU64,
    /// Rung after a change made on this node (a challenge opened, a pool entered), so this
    /// node's sockets see it at once rather than at the next look; and, in a cluster, when
    /// another node says its lobby changed.
    changed: Notify,
    /// A change was made on this node since the last look: the other nodes are told.
    made_here: AtomicBool,
}

impl Lobby {
    /// Registers a lobby socket; its messages go to `tx`.
    fn watch(&self, player: Option<String>, game: GameKind, tx: mpsc::Sender<Arc<str>>) -> u64 {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.watchers.lock().expect("lobby lock").insert(id, Watcher { player, game, tx, last: None, told: None });
        self.changed.notify_one();
        id
    }

    /// A socket watches another game (or says who it is again).
    fn rewatch(&self, id: u64, player: Option<String>, game: GameKind) {
        if let Some(w) = self.watchers.lock().expect("lobby lock").get_mut(&id) {
            (w.player, w.game, w.last) = (player, game, None);
        }
        self.changed.notify_one();
    }

    fn unwatch(&self, id: u64) {
        self.watchers.lock().expect("lobby lock").remove(&id);
    }

    /// Something changed here: refresh now, and have the other nodes of a cluster do so too.
    pub fn poke(&self) {
        self.made_here.store(true, Ordering::Release);
        self.changed.notify_one();
    }

    /// The loop of this node's lobby: refreshes, waves and sweeps, until the process ends.
    /// `tables` reaches the CPU games that players of a pool play while they wait, to end
    /// them when a wave pairs those players.
    pub async fn run(self: Arc<Self>, ctx: Ctx, tables: Arc<crate::registry::Registry>) {
        let cfg = ctx.config.lobby.clone();
        let mut last_wave = tokio::time::Instant::now();
        let mut last_sweep = tokio::time::Instant::now();
        if let Some(cluster) = ctx.cluster.clone() {
            // Another node's change: look now (a challenge opened there, or a wave decided
            // there paired players whose sockets are here).
            match cluster.client().subscribe(crate::cluster::LOBBY_SUBJECT).await {
                Ok(mut sub) => {
                    let me = self.clone();
                    tokio::spawn(async move {
                        while sub.next().await.is_some() {
                            me.changed.notify_one();
                        }
                    });
                }
                Err(e) => tracing::warn!("lobby: subscribing to other nodes' changes: {e}"),
            }
        }
        let mut last_look = tokio::time::Instant::now();
        loop {
            let _ = tokio::time::timeout(cfg.refresh_every, self.changed.notified()).await;
            // Many changes at once (a busy pool) make one look every 100 ms at most.
            tokio::time::sleep_until(last_look + MIN_LOOK_GAP).await;
            last_look = tokio::time::Instant::now();
            if self.made_here.swap(false, Ordering::AcqRel)
                && let Some(cluster) = ctx.cluster.as_ref()
            {
                cluster.lobby_changed().await;
            }
            if let Err(e) = self.refresh(&ctx).await {
                tracing::warn!("lobby: {e}");
            }
            if last_wave.elapsed() >= cfg.wave_every {
                last_wave = tokio::time::Instant::now();
                match pools::run_waves(&ctx).await {
                    Ok(paired) if paired.is_empty() => {}
                    Ok(paired) => {
                        tracing::debug!("lobby: {} pairs made", paired.len() / 2);
                        // Before anyone hears of the new tables: the CPU games some of them
                        // played while they waited end (their rows go once a table starts).
                        cpu_wait::end_cpu_games(&ctx, &tables, &paired).await;
                        // Hand the new tables out now, here and on the other nodes.
                        self.poke();
                    }
                    Err(e) => tracing::warn!("lobby wave: {e}"),
                }
            }
            if last_sweep.elapsed() >= Duration::from_secs(10) {
                last_sweep = tokio::time::Instant::now();
                let before = alive_after(&ctx.config, now_ms()) - 10_000;
                if let Err(e) = ctx.store.sweep_lobby(before).await {
                    tracing::warn!("lobby sweep: {e}");
                }
                if let Err(e) = ctx.store.sweep_rate_buckets(now_ms()).await {
                    tracing::warn!("lobby sweep of rate buckets: {e}");
                }
            }
        }
    }

    /// One look at the store: keeps this node's players' rows alive, hands out their tables
    /// and sends each socket its lobby if it changed.
    async fn refresh(&self, ctx: &Ctx) -> Result<(), StoreError> {
        let now = now_ms();
        // People here: each player once, however many tabs, and each visitor without a token.
        let (players, visitors) = {
            let w = self.watchers.lock().expect("lobby lock");
            let mut p: Vec<String> = w.values().filter_map(|w| w.player.clone()).collect();
            p.sort_unstable();
            p.dedup();
            (p, w.values().filter(|w| w.player.is_none()).count())
        };
        let store = &ctx.store;
        store.touch_lobby(&players, now).await?;
        let node = ctx.cluster.as_ref().map_or("local", |c| c.node.as_str());
        store.set_lobby_online(node, (players.len() + visitors) as i64, now).await?;
        for (player, code) in store.matches_of(&players).await? {
            let msg: Arc<str> =
                LobbyServerMsg::Paired { url: format!("/g/{code}"), code: code.clone() }.to_json().into();
            let mut w = self.watchers.lock().expect("lobby lock");
            for w in w.values_mut().filter(|w| w.player.as_deref() == Some(player.as_str())) {
                if w.told.as_deref() != Some(code.as_str()) && w.tx.try_send(msg.clone()).is_ok() {
                    w.told = Some(code.clone());
                }
            }
        }
        let alive_after = alive_after(&ctx.config, now);
        let challenges = store.open_challenges(alive_after).await?;
        let sizes: BTreeMap<String, i64> = store.pool_sizes(alive_after).await?.into_iter().collect();
        let members: HashMap<String, String> = store.pool_members(&players).await?.into_iter().collect();
        let online = store.lobby_online(now - 5_000).await?;
        // Who is apart from whom (a block either way): neither sees the other's challenges.
        let mut apart: HashMap<String, HashSet<String>> = HashMap::new();
        for (a, b) in store.blocks_touching(&players).await? {
            apart.entry(a.clone()).or_default().insert(b.clone());
            apart.entry(b).or_default().insert(a);
        }
        let mut w = self.watchers.lock().expect("lobby lock");
        for w in w.values_mut() {
            let view = LobbyView {
                game: w.game,
                challenges: challenges
                    .iter()
                    .filter(|c| c.game == w.game)
                    .filter(|c| {
                        let me = w.player.as_ref().and_then(|p| apart.get(p));
                        !me.is_some_and(|a| a.contains(&c.player_id))
                    })
                    .map(|c| challenge_view(c, w.player.as_deref()))
                    .collect(),
                pools: pools::pools_of(&ctx.config, w.game)
                    .into_iter()
                    .map(|p| PoolView { waiting: sizes.get(&p.key).copied().unwrap_or(0) as u32, ..p })
                    .collect(),
                online: online as u32,
                my_pool: w.player.as_ref().and_then(|p| members.get(p).cloned()),
                cpu_offer_after: ctx.config.lobby.cpu_offer_after.as_secs() as u32,
            };
            let text: Arc<str> = LobbyServerMsg::Lobby(Box::new(view)).to_json().into();
            if w.last.as_deref() != Some(&*text) && w.tx.try_send(text.clone()).is_ok() {
                w.last = Some(text);
            }
        }
        Ok(())
    }
}

fn challenge_view(c: &ChallengeRow, me: Option<&str>) -> ChallengeView {
    ChallengeView {
        id: c.id.clone(),
        by: LobbyPlayer {
            player_id: c.player_id.clone(),
            tag: crate::ids::player_tag(&c.player_id),
            name: c.name.clone(),
            rating: c.rating.map(|r| r.round() as i32),
        },
        options: c.options,
        turn_limit: c.turn_limit,
        ranked: c.ranked,
        created_at: c.created_at,
        mine: me == Some(c.player_id.as_str()),
    }
}
