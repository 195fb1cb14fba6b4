//! The table task: loads its group from the store, then takes one command at a time, so the
//! table never needs a lock. For each input it asks the pure state machine what changes,
//! stores those changes, and only then broadcasts them as numbered events and answers. It
//! also wakes for the state's timers and runs the CPU on blocking threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::{Instant, sleep_until};
use wire::{ErrorCode, Intent, MoveSource, ServerMsg, WireError, You};

mod persist;

use super::log::EventLog;
use super::reply::{Joined, Reply};
use super::state::{Change, CpuTurn, Input, Player, Table, TableError, TableRules};
use super::unload::{Look, Next};
use super::{Cmd, LocalTable};
use crate::clock::now_ms;
use crate::config::Config;
use crate::ctx::Ctx;
use crate::store::{Fence, PlayerRow, StoreError};

/// Events a socket's writer may fall behind by before it skips ahead to a full state.
const CHANNEL_LEN: usize = 64;

struct Actor {
    table: Table,
    ctx: Ctx,
    /// This node's lease on the table, in a cluster: every write checks it.
    fence: Option<Fence>,
    me: mpsc::WeakSender<Cmd>,
    /// The version of the last event.
    v: u64,
    log: EventLog,
    tx: broadcast::Sender<Arc<str>>,
    /// The CPU move being worked out: its game and its position's `state_hash` (not only its
    /// ply: a take-back and another move reach the same ply in another position).
    cpu_inflight: Option<(u32, u64)>,
    /// Set while a hint is being worked out: one at a time per table, so a client that floods
    /// `hint` cannot keep many CPU searches running.
    hint_busy: Arc<AtomicBool>,
    empty_since: Option<Instant>,
}

/// Starts the task of group `code` (in a cluster, under the lease `fence`).
pub fn spawn(code: String, ctx: Ctx, fence: Option<Fence>) -> LocalTable {
    let (tx, rx) = mpsc::channel(512);
    let me = tx.downgrade();
    tokio::spawn(async move {
        let rules = table_rules(&ctx.config);
        match super::load::load(&ctx.store, &code, rules, now_ms()).await {
            Ok(Some(table)) => Actor::new(table, ctx, fence, me).run(rx).await,
            Ok(None) => {}
            Err(e) => tracing::error!(%code, "loading table: {e}"),
        }
    });
    LocalTable { tx, started: std::time::Instant::now() }
}

/// The table's share of the server's settings.
fn table_rules(c: &Config) -> TableRules {
    let ms = |d: Duration| d.as_millis() as i64;
    TableRules {
        away_grace: ms(c.away_grace),
        reload_grace: ms(c.reload_grace),
        undo_wait_base: ms(c.undo_wait_base),
        clock_second: ms(c.clock_second),
        stand_in: c.stand_in_level,
        turn_limits: c.turn_limits.clone(),
        device_cpu_wait: ms(c.device_cpu_wait),
    }
}

/// The version a table starts at: microseconds since the epoch (about 2^51, exact in a
/// JavaScript number).
fn first_version() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

impl Actor {
    fn new(table: Table, ctx: Ctx, fence: Option<Fence>, me: mpsc::WeakSender<Cmd>) -> Actor {
        let (tx, _) = broadcast::channel(CHANNEL_LEN);
        Actor {
            table,
            ctx,
            fence,
            me,
            // Versions start at the clock in microseconds so a restarted table is ahead of
            // what any client saw before (that numbering would have needed more than one event
            // per microsecond to catch up): a client that resumes then gets a full state. In
            // milliseconds a quick table (ten events in ten milliseconds, as in the tests) ran
            // ahead of the clock, and a resume replayed events of the new numbering.
            v: first_version(),
            log: EventLog::default(),
            tx,
            cpu_inflight: None,
            hint_busy: Arc::new(AtomicBool::new(false)),
            empty_since: Some(Instant::now()),
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        // Starts a first game that is due, and records an end the store missed.
        let mut release = true;
        let mut done = None;
        if self.step(Input::Tick).await.map(drop).or_else(StepError::stop_only).is_ok() {
            loop {
                self.maybe_cpu();
                let now = Instant::now();
                let wake = match self.look(now).next() {
                    Next::Unload => break,
                    Next::SleepUntil(wake) => wake,
                };
                let result = tokio::select! {
                    cmd = rx.recv() => match cmd {
                        Some(Cmd::Stop { release: r, done: d }) => {
                            release = r;
                            done = Some(d);
                            break;
                        }
                        Some(cmd) => self.handle(cmd).await,
                        None => break,
                    },
                    _ = sleep_until(wake) => self.step(Input::Tick).await.map(drop).or_else(StepError::stop_only),
                };
                if let Err(Stop) = result {
                    // The store refused a write (or the lease is gone): keep nothing that
                    // could disagree with it.
                    release = false;
                    break;
                }
                if self.table.dissolved {
                    // A lobby-made group whose player did not come: it is gone from the
                    // store, and its sockets were told (`noShow`).
                    break;
                }
            }
        }
        self.stopped(release).await;
        if let Some(d) = done {
            // The caller may have stopped waiting.
            let _ = d.send(());
        }
    }

    /// The table stops: in a cluster, the nodes holding its sockets are told (they close
    /// them with "reconnect"), and the lease is given up so another node can take it at once.
    /// This node's sockets see the event channel close when the actor is dropped, and close
    /// with "reconnect" too.
    async fn stopped(&mut self, release: bool) {
        if let Some(cluster) = self.ctx.cluster.as_ref() {
            cluster.table_moved(&self.table.code).await;
            if let Some(f) = self.fence.as_ref().filter(|_| release)
                && let Err(e) = self.ctx.store.release_lease(f).await
            {
                tracing::warn!(code = %self.table.code, "releasing the lease: {e}");
            }
        }
    }

    /// The table at `now`, for deciding whether it unloads (`unload.rs`).
    fn look(&self, now: Instant) -> Look {
        let timer = self.table.next_wake();
        Look {
            now,
            busy: self.cpu_inflight.is_some() || self.table.cpu_turn().is_some() || timer.is_some(),
            timer: timer.map(|at| now + Duration::from_millis((at - now_ms()).max(0) as u64)),
            empty_since: self.empty_since,
            idle: self.ctx.config.table_idle,
        }
    }

    /// Applies one input: the changes are stored, then published. A refusal changes nothing.
    /// A store failure after some of the changes were stored stops the table (it reloads
    /// from the store on the next request), so memory never disagrees with the store.
    async fn step(&mut self, input: Input) -> Result<Vec<Change>, StepError> {
        let now = now_ms();
        let before = self.table.clone();
        let changes = self.table.apply(now, input).map_err(StepError::Refused)?;
        if let Err((stored, e)) = self.persist(&changes).await {
            tracing::error!(code = %self.table.code, "storing a change: {e}");
            self.table = before;
            // A write refused for a lost lease: another node owns the table now, so this one
            // stops whatever was stored, and the client is told to go there.
            if matches!(e, StoreError::Fenced(_)) {
                self.ctx.metrics.lease_losses.increment(1);
                return Err(StepError::Moved);
            }
            return Err(if stored == 0 { StepError::Refused(TableError::Store(e)) } else { StepError::Stop });
        }
        let mut changes = changes;
        if changes.contains(&Change::GameStarted) {
            changes.extend(self.refresh_ratings().await);
        }
        self.publish(&changes, now).await;
        Ok(changes)
    }

    /// Reads the seated players' ratings again as a game begins, so that one earned at
    /// another table since they sat down shows from this game on (a seat's rating is read
    /// when its player joins); a seat event for each that changed.
    async fn refresh_ratings(&mut self) -> Vec<Change> {
        let mut changed = Vec::new();
        for (seat, id) in self.table.seated_players() {
            match self.ctx.store.rating(&id, self.table.kind.as_str()).await {
                Ok(r) => {
                    if self.table.set_seat_rating(seat, r.map(|r| r.rating)) {
                        changed.push(Change::SeatChanged(seat));
                    }
                }
                Err(e) => tracing::error!(code = %self.table.code, "reading a rating: {e}"),
            }
        }
        changed
    }

    /// Numbers, logs and broadcasts the event of each change.
    async fn publish(&mut self, changes: &[Change], now: i64) {
        for c in changes {
            if let Change::Quick { seat, phrase } = c {
                self.say(ServerMsg::Quick { seat: *seat, phrase: *phrase }).await;
                continue;
            }
            let Some(event) = self.table.event(c, now) else { continue };
            self.v += 1;
            let text: Arc<str> = Arc::from(ServerMsg::Event { v: self.v, event }.to_json());
            self.log.push(self.v, now, text.clone());
            if let Some(cluster) = self.ctx.cluster.as_ref() {
                cluster.publish_event(&self.table.code, text.clone()).await;
            }
            // No receiver (nobody connected) is fine: the log keeps it.
            let _ = self.tx.send(text);
        }
    }

    /// Sends a message that is not an event (a quick message) to every socket of the table,
    /// on this node and, in a cluster, on the others: unnumbered and not logged, so a client
    /// that resumes or syncs does not get it again.
    async fn say(&self, msg: ServerMsg) {
        let text: Arc<str> = Arc::from(msg.to_json());
        if let Some(cluster) = self.ctx.cluster.as_ref() {
            cluster.publish_event(&self.table.code, text.clone()).await;
        }
        let _ = self.tx.send(text);
    }

    fn state_msg(&self) -> Arc<str> {
        Arc::from(ServerMsg::State { v: self.v, table: Box::new(self.table.view(now_ms())) }.to_json())
    }

    fn catch_up(&self, since: Option<u64>) -> Vec<Arc<str>> {
        since.and_then(|s| self.log.since(s, self.v, now_ms())).unwrap_or_else(|| vec![self.state_msg()])
    }

    async fn handle(&mut self, cmd: Cmd) -> Result<(), Stop> {
        match cmd {
            Cmd::Join { conn, player, since, reply } => {
                let player = match player {
                    Some(p) => Some(self.player(p).await),
                    None => None,
                };
                let you = You {
                    seat: player.as_ref().and_then(|p| self.table.seat_of(&p.id)),
                    host: player.as_ref().is_some_and(|p| p.id == self.table.host),
                    player_id: player.as_ref().map(|p| p.id.clone()),
                };
                let welcome = ServerMsg::Welcome { v: self.v, you }.to_json();
                let catch_up = self.catch_up(since);
                let events = self.tx.subscribe();
                self.empty_since = None;
                let result = self.step(Input::Join { conn, player }).await;
                // The socket may already be gone; then its leave follows.
                let _ = reply.send(Joined { welcome, catch_up, events });
                result.map(drop).or_else(StepError::stop_only)
            }
            Cmd::Leave { conn, going_away } => {
                let result = self.step(Input::Leave { conn, going_away }).await;
                if self.table.conns.is_empty() {
                    self.empty_since = Some(Instant::now());
                }
                result.map(drop).or_else(StepError::stop_only)
            }
            Cmd::Intent { conn, intent: Intent::Hint {}, reply } => {
                self.hint(conn, reply).await;
                Ok(())
            }
            Cmd::Intent { conn, intent, reply } => {
                let result = self.step(Input::Intent { conn, intent }).await;
                let (answer, stop) = match result {
                    Ok(_) => (Ok(Reply::Ack { v: self.v }), Ok(())),
                    Err(StepError::Refused(e)) => (Err(e.into_wire()), Ok(())),
                    Err(StepError::Stop) => (Err(WireError::new(ErrorCode::Internal)), Err(Stop)),
                    // Nothing changed here; the socket closes with 4010 as the table stops.
                    Err(StepError::Moved) => (Err(WireError::new(ErrorCode::TableMoved)), Err(Stop)),
                };
                // The socket may be gone; nothing to answer then.
                let _ = reply.send(answer);
                stop
            }
            Cmd::Sync { since, reply } => {
                let _ = reply.send(self.catch_up(Some(since)));
                Ok(())
            }
            Cmd::Snapshot { reply } => {
                let _ = reply.send(self.state_msg());
                Ok(())
            }
            Cmd::Stop { .. } => unreachable!("handled by the loop"),
            Cmd::Cpu { game_no, ply, by, mv, position } => {
                if self.cpu_inflight == Some((game_no, position)) {
                    self.cpu_inflight = None;
                }
                let Some(mv) = mv else { return Ok(()) };
                // Worked out for another position than the one now at this ply (the player
                // took a move back and played another while the CPU thought): not wanted.
                if self.table.game.as_ref().is_none_or(|g| g.no != game_no || g.game.state_hash() != position) {
                    return Ok(());
                }
                match self.step(Input::Cpu { game_no, ply, by, mv: mv.clone() }).await {
                    Ok(_) => Ok(()),
                    Err(StepError::Refused(e)) => {
                        tracing::error!(code = %self.table.code, "CPU move {mv} refused: {e}");
                        Ok(())
                    }
                    Err(StepError::Stop | StepError::Moved) => Err(Stop),
                }
            }
        }
    }

    /// A connection's player with their rating in this table's game.
    async fn player(&self, p: PlayerRow) -> Player {
        let rating = match self.ctx.store.rating(&p.id, self.table.kind.as_str()).await {
            Ok(r) => r.map(|r| r.rating),
            Err(e) => {
                tracing::error!(code = %self.table.code, "reading a rating: {e}");
                None
            }
        };
        Player { id: p.id, name: p.name, rating }
    }

    /// Answers a hint request from its own task: the search must not hold the table.
    async fn hint(&mut self, conn: u64, reply: oneshot::Sender<Result<Reply, WireError>>) {
        if let Err(e) = self.table.clone().apply(now_ms(), Input::Intent { conn, intent: Intent::Hint {} }) {
            let _ = reply.send(Err(e.into_wire()));
            return;
        }
        // One search per player across all tables too (issue 19), not only one per table.
        let Some(pid) = self.table.conns.get(&conn).cloned().flatten().map(|p| p.id) else {
            let _ = reply.send(Err(WireError::new(ErrorCode::BadToken)));
            return;
        };
        let Some(held) = self.ctx.hints.take(pid) else {
            let max = self.ctx.hints.max();
            let _ = reply.send(Err(WireError::with_message(
                ErrorCode::RateLimited,
                format!("at most {max} hints worked out at once per player"),
            )));
            return;
        };
        if self.hint_busy.swap(true, Ordering::AcqRel) {
            let _ =
                reply.send(Err(WireError::with_message(ErrorCode::RateLimited, "a hint is already being worked out")));
            return;
        }
        let g = self.table.game.as_ref().expect("checked: a game");
        // The hint is the expert's move with the seed of this position, as on any device.
        let seed = ai::move_seed(&self.table.code, g.no, g.plies() as u32);
        let game = g.game.clone();
        let (busy, slots) = (self.hint_busy.clone(), self.ctx.cpu_slots.clone());
        let counted = self.ctx.hints_worked.clone();
        tokio::spawn(async move {
            let _held = held;
            // A hint takes a CPU slot like the CPU's own moves: all searches stay within the cores.
            let mv = match slots.acquire_owned().await {
                Ok(_permit) => {
                    counted.fetch_add(1, Ordering::Relaxed);
                    tokio::task::spawn_blocking(move || ai::hint(&game, seed)).await.ok().and_then(|c| c.mv)
                }
                Err(_) => None,
            };
            busy.store(false, Ordering::Release);
            let _ = reply.send(Ok(Reply::Hint { mv }));
        });
    }

    /// Starts a CPU move when one is due and none is being thought about.
    fn maybe_cpu(&mut self) {
        let Some(CpuTurn { game_no, ply, by, level, .. }) = self.table.cpu_turn() else { return };
        let game = self.table.game.as_ref().expect("a game in progress").game.clone();
        let position = game.state_hash();
        if self.cpu_inflight == Some((game_no, position)) {
            return;
        }
        self.cpu_inflight = Some((game_no, position));
        // Seeded by the position's place in the table, so the page's engine and the server
        // play the same move there (`ai::move_seed`).
        let seed = ai::move_seed(&self.table.code, game_no, ply as u32);
        let code = self.table.code.clone();
        let me = self.me.clone();
        let slots = self.ctx.cpu_slots.clone();
        let counted = self.ctx.cpu_moves.clone();
        // The CPU opponent takes a moment, so people see their own move land first.
        let delay = if by == MoveSource::Cpu { self.ctx.config.cpu_delay } else { Duration::ZERO };
        tokio::spawn(async move {
            let start = Instant::now();
            let mv = match slots.acquire_owned().await {
                Ok(_permit) => {
                    counted.fetch_add(1, Ordering::Relaxed);
                    let choice = tokio::task::spawn_blocking(move || ai::choose(&game, level, seed)).await.ok();
                    if choice.as_ref().is_some_and(|c| c.capped) {
                        tracing::warn!(%code, ply, "the CPU move hit the time cap before its work budget");
                    }
                    choice.and_then(|c| c.mv)
                }
                Err(_) => None,
            };
            sleep_until(start + delay).await;
            if let Some(tx) = me.upgrade() {
                // The table may have stopped meanwhile; then the move is not wanted.
                let _ = tx.send(Cmd::Cpu { game_no, ply, by, mv, position }).await;
            }
        });
    }
}

/// The table must stop: memory may disagree with the store.
struct Stop;

enum StepError {
    Refused(TableError),
    Stop,
    /// This node lost the table's lease: the table stops, nothing was stored.
    Moved,
}

impl StepError {
    /// Refusals of presence changes need no answer; only a stop matters.
    fn stop_only(self) -> Result<(), Stop> {
        match self {
            StepError::Refused(e) => {
                tracing::error!("{e}");
                Ok(())
            }
            StepError::Stop | StepError::Moved => Err(Stop),
        }
    }
}
