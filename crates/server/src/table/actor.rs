//! The table task: loads its group from the store, then handles one command at a time, so
//! the game never needs a lock. Timers (turn clock, away grace) wake it through `select!`.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ai::Level;
use rules::{AnyGame, AnyOptions, GameKind, Side};
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc};
use tokio::time::{Instant, sleep_until};

use super::{Cmd, Joined, Reply, TableHandle};
use crate::protocol::{Intent, WireError};
use crate::store::{GameRow, MoveRow, PlayerRow, RatingUpdate, Store};
use crate::{Ctx, now_ms, ratings};

/// Events kept for resuming clients.
const LOG_LEN: usize = 256;
/// ... and at most this much text of them (the newest is always kept). Every event carries
/// the whole table, so a client that missed more is as well served by one `state`; without
/// this bound 256 full tables per live table would dominate the server's memory.
const LOG_BYTES: usize = 16 * 1024;
/// Events a socket's writer may fall behind by before it skips ahead to a full state.
const CHANNEL_LEN: usize = 64;
/// A table with no connection and nothing to do stops after this long.
const IDLE_STOP: Duration = Duration::from_secs(300);

pub(super) struct SeatInfo {
    /// `None` for the CPU opponent.
    pub player_id: Option<String>,
    pub name: String,
    pub cpu: Option<Level>,
    /// The CPU plays for this seat: its device is gone.
    pub away: bool,
    /// When a dropped connection turns into "away".
    pub grace_until: Option<Instant>,
    pub rating: Option<f64>,
}

pub(super) struct Live {
    pub row: GameRow,
    pub game: AnyGame,
    pub moves: Vec<MoveRow>,
    /// Turn clock deadline, Unix ms.
    pub clock: Option<i64>,
    /// The clock ran out at this ply; the CPU moves for the seat.
    pub timed_out_at: Option<usize>,
    pub ratings: Vec<(i64, f64, f64)>,
}

impl Live {
    pub fn playing(&self) -> bool {
        self.row.status == "playing"
    }

    pub fn side_of_seat(&self, seat: usize) -> Side {
        if seat == 0 { self.row.seat0_side as Side } else { 1 - self.row.seat0_side as Side }
    }

    pub fn seat_of_side(&self, side: Side) -> usize {
        if side as i64 == self.row.seat0_side { 0 } else { 1 }
    }
}

pub(super) struct Table {
    pub code: String,
    pub kind: GameKind,
    ctx: Ctx,
    me: mpsc::WeakSender<Cmd>,
    pub host_id: String,
    pub next_options: AnyOptions,
    pub turn_limit: Option<u32>,
    pub ranked: bool,
    pub cpu: Option<Level>,
    pub seats: [Option<SeatInfo>; 2],
    pub live: Option<Live>,
    /// Open connections: id -> player id.
    pub conns: HashMap<u64, String>,
    pub v: u64,
    log: VecDeque<(u64, Arc<str>)>,
    /// Text held in `log`.
    log_bytes: usize,
    tx: broadcast::Sender<Arc<str>>,
    /// A pending undo request by this seat.
    pub undo: Option<usize>,
    declines: [u32; 2],
    undo_wait: [Option<Instant>; 2],
    pub rematch: [bool; 2],
    cpu_inflight: Option<(i64, usize)>,
    /// Set while a hint is being worked out: one at a time per table, so a client that floods
    /// `hint` cannot keep many CPU searches running.
    hint_busy: Arc<AtomicBool>,
    empty_since: Option<Instant>,
}

/// Starts the task of group `code`.
pub fn spawn(code: String, ctx: Ctx) -> TableHandle {
    let (tx, rx) = mpsc::channel(512);
    let me = tx.downgrade();
    tokio::spawn(async move {
        match Table::load(code.clone(), ctx, me).await {
            Ok(Some(table)) => table.run(rx).await,
            Ok(None) => {}
            Err(e) => tracing::error!(%code, "loading table: {e}"),
        }
    });
    TableHandle { tx }
}

fn internal(e: impl std::fmt::Display) -> WireError {
    tracing::error!("store: {e}");
    WireError::new("internal", "the server could not save that; try again")
}

fn err(code: &'static str, message: &str) -> WireError {
    WireError::new(code, message)
}

impl Table {
    async fn load(
        code: String,
        ctx: Ctx,
        me: mpsc::WeakSender<Cmd>,
    ) -> Result<Option<Table>, crate::store::StoreError> {
        let store = &ctx.store;
        let Some(group) = store.group(&code).await? else { return Ok(None) };
        let kind: GameKind =
            group.game.parse().map_err(|e: String| crate::store::StoreError::Corrupt(format!("{code}: {e}")))?;
        let next_options = rules::parse_options(kind, &serde_json::from_str(&group.options).unwrap_or(Value::Null))
            .map_err(|e| crate::store::StoreError::Corrupt(format!("{code} options: {e}")))?;
        let cpu = group.cpu.as_deref().and_then(|l| l.parse().ok());
        let mut seats: [Option<SeatInfo>; 2] = [None, None];
        for (seat, pid) in store.seats(&code).await? {
            let Some(p) = store.player(&pid).await? else { continue };
            let rating = store.rating(&pid, kind.as_str()).await?.map(|r| r.rating);
            if let Some(slot) = seats.get_mut(seat as usize) {
                *slot = Some(SeatInfo {
                    player_id: Some(p.id),
                    name: p.name,
                    cpu: None,
                    away: false,
                    grace_until: None,
                    rating,
                });
            }
        }
        if let Some(level) = cpu {
            seats[1] = Some(SeatInfo {
                player_id: None,
                name: "CPU".into(),
                cpu: Some(level),
                away: false,
                grace_until: None,
                rating: None,
            });
        }
        let live = match store.latest_game(&code).await? {
            Some(row) => Some(Self::replay(store, row).await?),
            None => None,
        };
        let (tx, _) = broadcast::channel(CHANNEL_LEN);
        let mut table = Table {
            code,
            kind,
            me,
            host_id: group.host_id.clone(),
            next_options,
            turn_limit: group.turn_limit.map(|t| t as u32),
            ranked: group.ranked,
            cpu,
            seats,
            live,
            conns: HashMap::new(),
            // Versions start at the clock so a restarted table is always ahead of what any
            // client saw before: a client that resumes then gets a full state.
            v: now_ms() as u64,
            log: VecDeque::new(),
            log_bytes: 0,
            tx,
            undo: None,
            declines: [0; 2],
            undo_wait: [None; 2],
            rematch: [false; 2],
            cpu_inflight: None,
            hint_busy: Arc::new(AtomicBool::new(false)),
            empty_since: Some(Instant::now()),
            ctx,
        };
        // Seats whose players are not here after a restart are away until they come back.
        if table.live.as_ref().is_some_and(Live::playing) {
            table.watch_absent_players();
        }
        if table.live.is_none() && table.seats.iter().all(Option::is_some) {
            table.new_game().await.map_err(|e| crate::store::StoreError::Corrupt(e.message))?;
        }
        Ok(Some(table))
    }

    /// Rebuilds a game from its stored moves, checking each with the rules.
    async fn replay(store: &Store, row: GameRow) -> Result<Live, crate::store::StoreError> {
        let corrupt = |m: String| crate::store::StoreError::Corrupt(format!("game {}: {m}", row.id));
        let options: AnyOptions = serde_json::from_str(&row.options).map_err(|e| corrupt(e.to_string()))?;
        let mut game = AnyGame::new(options);
        let moves = store.moves(&row.id).await?;
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i as i64 {
                return Err(corrupt(format!("ply {} stored at {i}", m.ply)));
            }
            game.play(m.side as Side, &m.mv).map_err(|e| corrupt(format!("move {} {}: {e}", m.ply, m.mv)))?;
        }
        if row.status == "over"
            && row.reason.as_deref() == Some("resignation")
            && let Some(w) = row.winner_seat
        {
            let loser_side = if (1 - w) == 0 { row.seat0_side } else { 1 - row.seat0_side };
            let _ = game.resign(loser_side as Side);
        }
        let ratings = store.rating_changes(&row.id).await?;
        Ok(Live { clock: row.clock_deadline, row, game, moves, timed_out_at: None, ratings })
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.maybe_cpu();
        loop {
            let wake = self.next_wake();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(wake) => self.on_timer(),
            }
            if self.idle() {
                break;
            }
        }
    }

    /// Milliseconds of a turn limit of `secs` seconds.
    fn clock_ms(&self, secs: u32) -> i64 {
        (self.ctx.config.clock_second.as_millis() as i64) * secs as i64
    }

    fn idle(&self) -> bool {
        let busy = self.cpu_inflight.is_some()
            || self.live.as_ref().is_some_and(|l| l.playing() && self.cpu_should_move(l).is_some())
            || self.seats.iter().flatten().any(|s| s.grace_until.is_some());
        !busy && self.empty_since.is_some_and(|t| t.elapsed() >= IDLE_STOP)
    }

    fn next_wake(&self) -> Instant {
        let mut wake = Instant::now() + Duration::from_secs(60);
        for s in self.seats.iter().flatten() {
            if let Some(g) = s.grace_until {
                wake = wake.min(g);
            }
        }
        if let Some(l) = self.live.as_ref().filter(|l| l.playing() && l.timed_out_at.is_none())
            && let Some(deadline) = l.clock
        {
            let left = (deadline - now_ms()).max(0) as u64;
            wake = wake.min(Instant::now() + Duration::from_millis(left));
        }
        wake
    }

    fn on_timer(&mut self) {
        let now = Instant::now();
        let mut changed = false;
        for s in self.seats.iter_mut().flatten() {
            if s.grace_until.is_some_and(|g| g <= now) {
                s.grace_until = None;
                s.away = true;
                changed = true;
            }
        }
        if changed {
            self.emit("seat", json!({}));
        }
        if let Some(l) = self.live.as_mut().filter(|l| l.playing() && l.timed_out_at.is_none())
            && l.clock.is_some_and(|d| d <= now_ms())
        {
            l.timed_out_at = Some(l.game.plies());
        }
        self.maybe_cpu();
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { conn, player, since, reply } => {
                let joined = self.join(conn, player, since);
                let _ = reply.send(joined);
            }
            Cmd::Leave { conn, going_away } => self.leave(conn, going_away),
            Cmd::Intent { conn, intent, reply } => {
                let Some(pid) = self.conns.get(&conn).cloned() else {
                    let _ = reply.send(Err(err("hello-first", "say hello first")));
                    return;
                };
                let answer = self.intent(&pid, intent, reply).await;
                if let Some((answer, reply)) = answer {
                    let _ = reply.send(answer);
                }
            }
            Cmd::Snapshot { reply } => {
                let _ = reply.send(self.state_msg());
            }
            Cmd::Cpu { game_no, ply, mv, by } => self.cpu_move(game_no, ply, mv, by).await,
        }
    }

    // ---- connections ----

    pub(super) fn seat_of(&self, player_id: &str) -> Option<usize> {
        self.seats.iter().position(|s| s.as_ref().and_then(|s| s.player_id.as_deref()) == Some(player_id))
    }

    pub(super) fn connected(&self, player_id: &str) -> bool {
        self.conns.values().any(|p| p == player_id)
    }

    fn join(&mut self, conn: u64, player: PlayerRow, since: Option<u64>) -> Joined {
        let events = self.tx.subscribe();
        let catch_up = self.catch_up(since);
        let seat = self.seat_of(&player.id);
        let welcome = json!({
            "t": "welcome",
            "v": self.v,
            "you": {"playerId": player.id, "seat": seat, "host": player.id == self.host_id},
        })
        .to_string();
        let was_connected = self.connected(&player.id);
        self.conns.insert(conn, player.id.clone());
        self.empty_since = None;
        match seat {
            Some(s) => {
                let info = self.seats[s].as_mut().expect("seated");
                let back = info.away || info.grace_until.is_some();
                info.away = false;
                info.grace_until = None;
                if back || !was_connected {
                    self.emit("seat", json!({"seat": s}));
                }
                // An away opponent's turn may be waiting for someone to play against.
                self.maybe_cpu();
            }
            None if !was_connected => self.emit("spectators", json!({})),
            None => {}
        }
        Joined { welcome, catch_up, events }
    }

    fn leave(&mut self, conn: u64, going_away: bool) {
        let Some(pid) = self.conns.remove(&conn) else { return };
        if self.conns.is_empty() {
            self.empty_since = Some(Instant::now());
        }
        if self.connected(&pid) {
            return;
        }
        match self.seat_of(&pid) {
            Some(s) => {
                // A page closed on purpose gets only the short reload grace (a reload also
                // closes the socket with "going away"); a dropped network the full grace.
                let config = &self.ctx.config;
                let grace = if going_away { config.reload_grace } else { config.away_grace };
                let info = self.seats[s].as_mut().expect("seated");
                info.grace_until = Some(Instant::now() + grace);
                self.emit("seat", json!({"seat": s}));
                self.maybe_cpu();
            }
            None => self.emit("spectators", json!({})),
        }
    }

    /// Seated people with no open connection (say, a host who created a group and left) get
    /// the away grace, so a game never waits forever on someone who is not there.
    fn watch_absent_players(&mut self) {
        let grace = Instant::now() + self.ctx.config.away_grace;
        let here: Vec<String> = self.conns.values().cloned().collect();
        for s in self.seats.iter_mut().flatten() {
            let absent = s.player_id.as_ref().is_some_and(|p| !here.contains(p));
            if absent && !s.away && s.grace_until.is_none() {
                s.grace_until = Some(grace);
            }
        }
    }

    fn catch_up(&self, since: Option<u64>) -> Vec<Arc<str>> {
        if let Some(s) = since {
            if s == self.v {
                return vec![];
            }
            let oldest = self.log.front().map(|(v, _)| *v);
            if s < self.v && oldest.is_some_and(|o| o <= s + 1) {
                return self.log.iter().filter(|(v, _)| *v > s).map(|(_, m)| m.clone()).collect();
            }
        }
        vec![self.state_msg()]
    }

    fn state_msg(&self) -> Arc<str> {
        Arc::from(format!(r#"{{"t":"state","v":{},"table":{}}}"#, self.v, super::view::table_text(self)))
    }

    /// Records and broadcasts one event with the new table state.
    fn emit(&mut self, kind: &str, details: Value) {
        self.v += 1;
        // Written as text around the table's own text: this runs for every move.
        let mut text = format!(
            r#"{{"t":"event","v":{},"kind":{},"table":{}"#,
            self.v,
            Value::from(kind),
            super::view::table_text(self)
        );
        if let Value::Object(d) = details {
            for (k, v) in d {
                text.push(',');
                text.push_str(&Value::from(k).to_string());
                text.push(':');
                text.push_str(&v.to_string());
            }
        }
        text.push('}');
        let text: Arc<str> = Arc::from(text);
        self.log_bytes += text.len();
        self.log.push_back((self.v, text.clone()));
        while self.log.len() > LOG_LEN || (self.log.len() > 1 && self.log_bytes > LOG_BYTES) {
            let (_, old) = self.log.pop_front().expect("not empty");
            self.log_bytes -= old.len();
        }
        let _ = self.tx.send(text);
    }

    // ---- intents ----

    /// Handles an intent. Most answer at once (`Some`); a hint answers later from its own task.
    async fn intent(
        &mut self,
        pid: &str,
        intent: Intent,
        reply: tokio::sync::oneshot::Sender<Result<Reply, WireError>>,
    ) -> Option<(Result<Reply, WireError>, tokio::sync::oneshot::Sender<Result<Reply, WireError>>)> {
        let result = match intent {
            Intent::Sit {} => self.sit(pid).await,
            Intent::Move { ply, mv } => self.player_move(pid, ply as usize, &mv).await,
            Intent::Resign {} => self.resign(pid).await,
            Intent::Undo {} => self.undo_request(pid).await,
            Intent::UndoAnswer { accept } => self.undo_answer(pid, accept).await,
            Intent::Rematch {} => self.rematch(pid).await,
            Intent::Settings { options, turn_limit, ranked } => self.settings(pid, options, turn_limit, ranked).await,
            Intent::Name { name } => self.rename(pid, &name).await,
            Intent::Hint {} => match self.hint(pid) {
                Ok(game) => {
                    let (busy, slots) = (self.hint_busy.clone(), self.ctx.cpu_slots.clone());
                    tokio::spawn(async move {
                        // A hint takes a CPU slot like the CPU's own moves: all searches together stay within the cores.
                        let mv = match slots.acquire_owned().await {
                            Ok(_permit) => tokio::task::spawn_blocking(move || ai::hint(&game)).await.ok().flatten(),
                            Err(_) => None,
                        };
                        busy.store(false, Ordering::Release);
                        let _ = reply.send(Ok(Reply::Hint { mv }));
                    });
                    return None;
                }
                Err(e) => Err(e),
            },
        };
        Some((result.map(|()| Reply::Ack { v: self.v }), reply))
    }

    async fn sit(&mut self, pid: &str) -> Result<(), WireError> {
        if self.seat_of(pid).is_some() {
            return Ok(());
        }
        let Some(seat) = self.seats.iter().position(Option::is_none) else {
            return Err(err("table-full", "both seats are taken; you are watching"));
        };
        let player =
            self.ctx.store.player(pid).await.map_err(internal)?.ok_or_else(|| err("bad-token", "unknown player"))?;
        self.ctx.store.add_seat(&self.code, seat as i64, pid).await.map_err(internal)?;
        let rating = self.ctx.store.rating(pid, self.kind.as_str()).await.map_err(internal)?.map(|r| r.rating);
        self.seats[seat] = Some(SeatInfo {
            player_id: Some(player.id),
            name: player.name,
            cpu: None,
            away: false,
            grace_until: None,
            rating,
        });
        self.emit("seat", json!({"seat": seat}));
        if self.live.is_none() && self.seats.iter().all(Option::is_some) {
            self.new_game().await?;
        }
        Ok(())
    }

    fn seated_live(&self, pid: &str) -> Result<(usize, &Live), WireError> {
        let seat = self.seat_of(pid).ok_or_else(|| err("not-seated", "only the two seated players can do that"))?;
        let live = self.live.as_ref().ok_or_else(|| err("game-over", "no game has started yet"))?;
        Ok((seat, live))
    }

    async fn player_move(&mut self, pid: &str, ply: usize, mv: &str) -> Result<(), WireError> {
        let (seat, live) = self.seated_live(pid)?;
        let plies = live.game.plies();
        if ply < plies {
            // A resend of a move already applied is acknowledged again, not replayed.
            let stored = &live.moves[ply];
            if stored.player_id.as_deref() == Some(pid) && stored.mv == mv.trim() {
                return Ok(());
            }
            return Err(err("stale-ply", "that position has changed; here is the current one"));
        }
        if ply > plies {
            return Err(err("stale-ply", "that move is for a later position"));
        }
        if !live.playing() {
            return Err(err("game-over", "the game is over"));
        }
        if live.game.turn() != live.side_of_seat(seat) {
            return Err(err("not-your-turn", "it is not your turn"));
        }
        self.apply_move(seat, mv, "player", Some(pid.to_string())).await
    }

    /// Plays, stores, then broadcasts one move for `seat`.
    async fn apply_move(
        &mut self,
        seat: usize,
        mv: &str,
        by: &'static str,
        pid: Option<String>,
    ) -> Result<(), WireError> {
        let limit_ms = self.turn_limit.map(|s| self.clock_ms(s));
        let live = self.live.as_mut().expect("a game");
        let side = live.side_of_seat(seat);
        let text = live.game.play(side, mv)?;
        let now = now_ms();
        let over = live.game.outcome().is_some();
        let clock = if over { None } else { limit_ms.map(|ms| now + ms) };
        let row = MoveRow {
            ply: live.game.plies() as i64 - 1,
            mv: text.clone(),
            side: side as i64,
            by_kind: by.into(),
            player_id: pid,
            at: now,
        };
        if let Err(e) = self.ctx.store.add_move(&live.row.id, &row, clock).await {
            live.game.undo();
            return Err(internal(e));
        }
        let ply = row.ply;
        live.moves.push(row);
        live.clock = clock;
        live.timed_out_at = None;
        // A finishing move is recorded as finished before anyone hears of it, so the move
        // event already carries the result.
        let finished = if over { self.record_finish().await } else { Ok(()) };
        self.emit("move", json!({"move": text, "ply": ply, "by": by, "seat": seat}));
        if over {
            finished?;
            self.emit("end", json!({}));
        }
        self.maybe_cpu();
        Ok(())
    }

    /// Stores the end of the current game and the rating changes, without an event.
    async fn record_finish(&mut self) -> Result<(), WireError> {
        let live = self.live.as_ref().expect("a game");
        let outcome = live.game.outcome().expect("finished");
        let winner_seat = outcome.winner.map(|s| live.seat_of_side(s));
        let both_people = self.seats.iter().all(|s| s.as_ref().is_some_and(|s| s.cpu.is_none()));
        let mut updates = vec![];
        if live.row.ranked && both_people {
            let pids: Vec<String> =
                self.seats.iter().map(|s| s.as_ref().and_then(|s| s.player_id.clone()).unwrap_or_default()).collect();
            let mut before = vec![];
            for p in &pids {
                before.push(
                    self.ctx
                        .store
                        .rating(p, self.kind.as_str())
                        .await
                        .map_err(internal)?
                        .unwrap_or_else(ratings::initial),
                );
            }
            let score0 = match winner_seat {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let (a, b) = ratings::update(before[0], before[1], score0);
            for (seat, after) in [(0usize, a), (1usize, b)] {
                updates.push(RatingUpdate {
                    player_id: pids[seat].clone(),
                    seat: seat as i64,
                    before: before[seat].rating,
                    after,
                });
            }
        }
        let now = now_ms();
        self.ctx
            .store
            .finish_game(&live.row.id, self.kind.as_str(), winner_seat.map(|s| s as i64), outcome.reason, now, &updates)
            .await
            .map_err(internal)?;
        let live = self.live.as_mut().expect("a game");
        live.row.status = "over".into();
        live.row.winner_seat = winner_seat.map(|s| s as i64);
        live.row.reason = Some(outcome.reason.into());
        live.row.ended_at = Some(now);
        live.clock = None;
        live.ratings = updates.iter().map(|u| (u.seat, u.before, u.after.rating)).collect();
        for u in &updates {
            if let Some(s) = self.seats[u.seat as usize].as_mut() {
                s.rating = Some(u.after.rating);
            }
        }
        self.undo = None;
        self.rematch = [false, self.cpu.is_some()];
        Ok(())
    }

    async fn resign(&mut self, pid: &str) -> Result<(), WireError> {
        let (seat, live) = self.seated_live(pid)?;
        if !live.playing() {
            return Err(err("game-over", "the game is over"));
        }
        let side = live.side_of_seat(seat);
        self.live.as_mut().expect("a game").game.resign(side)?;
        if let Err(e) = self.record_finish().await {
            self.live.as_mut().expect("a game").game.undo();
            return Err(e);
        }
        self.emit("resign", json!({"seat": seat}));
        self.emit("end", json!({}));
        Ok(())
    }

    /// Takes back moves until `seat` has taken back its last move and is to move.
    async fn take_back_for(&mut self, seat: usize) -> Result<usize, WireError> {
        let limit_ms = self.turn_limit.map(|s| self.clock_ms(s));
        let live = self.live.as_mut().expect("a game");
        let side = live.side_of_seat(seat);
        let Some(last) = live.moves.iter().rposition(|m| m.side == side as i64) else {
            return Err(err("no-undo", "you have no move to take back"));
        };
        let clock = limit_ms.map(|ms| now_ms() + ms);
        self.ctx.store.truncate_moves(&live.row.id, last as i64, clock).await.map_err(internal)?;
        let n = live.moves.len() - last;
        for _ in 0..n {
            live.game.undo();
        }
        live.moves.truncate(last);
        live.clock = clock;
        live.timed_out_at = None;
        self.undo = None;
        self.emit("undo", json!({"plies": n, "seat": seat}));
        Ok(n)
    }

    async fn undo_request(&mut self, pid: &str) -> Result<(), WireError> {
        let (seat, live) = self.seated_live(pid)?;
        if !live.playing() {
            return Err(err("game-over", "the game is over"));
        }
        let side = live.side_of_seat(seat) as i64;
        if !live.moves.iter().any(|m| m.side == side) {
            return Err(err("no-undo", "you have no move to take back"));
        }
        let other = 1 - seat;
        if self.seats[other].as_ref().is_some_and(|s| s.cpu.is_some()) {
            self.take_back_for(seat).await?;
            self.maybe_cpu();
            return Ok(());
        }
        if self.undo.is_some() {
            return Err(err("undo-pending", "an undo request is waiting for an answer"));
        }
        if let Some(until) = self.undo_wait[seat].filter(|u| *u > Instant::now()) {
            let secs = (until - Instant::now()).as_secs() + 1;
            return Err(err("undo-wait", &format!("you can ask again in {secs} s")));
        }
        self.undo = Some(seat);
        self.emit("undoRequest", json!({"seat": seat}));
        Ok(())
    }

    async fn undo_answer(&mut self, pid: &str, accept: bool) -> Result<(), WireError> {
        let (seat, _) = self.seated_live(pid)?;
        let Some(asker) = self.undo.filter(|&a| a != seat) else {
            return Err(err("no-undo", "there is no undo request for you to answer"));
        };
        if accept {
            self.take_back_for(asker).await?;
            self.maybe_cpu();
        } else {
            self.undo = None;
            self.declines[asker] += 1;
            let wait = self.ctx.config.undo_wait_base * 2u32.pow(self.declines[asker].min(8) - 1);
            self.undo_wait[asker] = Some(Instant::now() + wait);
            self.emit("undoDeclined", json!({"seat": asker, "waitMs": wait.as_millis() as u64}));
        }
        Ok(())
    }

    async fn rematch(&mut self, pid: &str) -> Result<(), WireError> {
        let (seat, live) = self.seated_live(pid)?;
        if live.playing() {
            return Err(err("game-over", "finish this game first"));
        }
        self.rematch[seat] = true;
        if self.seats[1 - seat].as_ref().is_some_and(|s| s.cpu.is_some()) {
            self.rematch[1 - seat] = true;
        }
        if self.rematch == [true, true] {
            self.new_game().await
        } else {
            self.emit("rematchOffer", json!({"seat": seat}));
            Ok(())
        }
    }

    /// Starts the next game with the group's current rules; a rematch swaps sides when the
    /// option says so.
    async fn new_game(&mut self) -> Result<(), WireError> {
        let (game_no, seat0_side) = match &self.live {
            Some(l) => {
                let swap = self.next_options.swap_on_rematch();
                (l.row.game_no + 1, if swap { 1 - l.row.seat0_side } else { l.row.seat0_side })
            }
            None => (1, 0),
        };
        let now = now_ms();
        let ranked = self.ranked && self.cpu.is_none();
        let row = GameRow {
            id: format!("{}-{game_no}", self.code),
            group_code: self.code.clone(),
            game_no,
            options: serde_json::to_string(&self.next_options).expect("options serialise"),
            seat0_side,
            ranked,
            turn_limit: self.turn_limit.map(i64::from),
            status: "playing".into(),
            winner_seat: None,
            reason: None,
            clock_deadline: self.turn_limit.map(|s| now + self.clock_ms(s)),
            started_at: now,
            ended_at: None,
        };
        self.ctx.store.create_game(&row).await.map_err(internal)?;
        let game = AnyGame::new(self.next_options);
        self.live =
            Some(Live { clock: row.clock_deadline, row, game, moves: vec![], timed_out_at: None, ratings: vec![] });
        self.rematch = [false; 2];
        self.undo = None;
        self.watch_absent_players();
        self.emit("rematch", json!({"gameNo": game_no}));
        self.maybe_cpu();
        Ok(())
    }

    async fn settings(
        &mut self,
        pid: &str,
        options: Option<Value>,
        turn_limit: Option<Option<u32>>,
        ranked: Option<bool>,
    ) -> Result<(), WireError> {
        if pid != self.host_id {
            return Err(err("not-host", "only the host can change the rules"));
        }
        let mut next = self.next_options;
        if let Some(Value::Object(changes)) = options {
            let mut merged = serde_json::to_value(self.next_options).expect("options serialise");
            merged.as_object_mut().expect("object").remove("game");
            merged.as_object_mut().expect("object").extend(changes);
            next = rules::parse_options(self.kind, &merged).map_err(|e| err("bad-field", &e))?;
        } else if options.is_some() {
            return Err(err("bad-field", "options must be an object"));
        }
        let limit = match turn_limit {
            Some(l) if !rules::TURN_LIMITS.contains(&l) => {
                return Err(err("bad-field", "turnLimit must be null, 30 or 60"));
            }
            Some(l) => l,
            None => self.turn_limit,
        };
        let ranked = ranked.unwrap_or(self.ranked);
        if ranked && self.cpu.is_some() {
            return Err(err("bad-field", "games against the CPU are not ranked"));
        }
        let json = serde_json::to_string(&next).expect("options serialise");
        self.ctx
            .store
            .update_group_settings(&self.code, &json, limit.map(i64::from), ranked)
            .await
            .map_err(internal)?;
        let limit_changed = limit != self.turn_limit;
        self.next_options = next;
        self.turn_limit = limit;
        self.ranked = ranked;
        let limit_ms = limit.map(|s| self.clock_ms(s));
        if limit_changed && let Some(l) = self.live.as_mut().filter(|l| l.playing()) {
            l.clock = limit_ms.map(|ms| now_ms() + ms);
            l.timed_out_at = None;
            let _ = self.ctx.store.set_clock(&l.row.id, l.clock).await;
        }
        self.emit("settings", json!({}));
        Ok(())
    }

    async fn rename(&mut self, pid: &str, name: &str) -> Result<(), WireError> {
        let name = crate::ids::clean_name(name).ok_or_else(|| err("bad-field", "a name has 1 to 24 characters"))?;
        self.ctx.store.rename(pid, &name).await.map_err(internal)?;
        if let Some(s) = self.seat_of(pid) {
            self.seats[s].as_mut().expect("seated").name = name;
        }
        self.emit("name", json!({}));
        Ok(())
    }

    fn hint(&self, pid: &str) -> Result<AnyGame, WireError> {
        let (seat, live) = self.seated_live(pid)?;
        if self.cpu.is_none() {
            return Err(err("not-vs-cpu", "hints are only offered against the CPU"));
        }
        if !live.playing() {
            return Err(err("game-over", "the game is over"));
        }
        if live.game.turn() != live.side_of_seat(seat) {
            return Err(err("not-your-turn", "it is not your turn"));
        }
        if self.hint_busy.swap(true, Ordering::AcqRel) {
            return Err(err("rate-limited", "a hint is already being worked out"));
        }
        Ok(live.game.clone())
    }

    // ---- the CPU ----

    /// Who the CPU would move for now, if anyone: `(seat, by, level)`.
    fn cpu_should_move(&self, live: &Live) -> Option<(usize, &'static str, Level)> {
        if !live.playing() {
            return None;
        }
        let seat = live.seat_of_side(live.game.turn());
        let info = self.seats[seat].as_ref()?;
        if let Some(level) = info.cpu {
            return Some((seat, "cpu", level));
        }
        // The CPU stands in only while the other side is there to play against: a game
        // both players left waits for them instead of playing itself out.
        let other_here = self.seats[1 - seat]
            .as_ref()
            .is_some_and(|o| o.cpu.is_some() || o.player_id.as_deref().is_some_and(|p| self.connected(p)));
        if !other_here {
            return None;
        }
        let stand_in = self.ctx.config.stand_in_level;
        if info.away {
            return Some((seat, "cpu-away", stand_in));
        }
        if live.timed_out_at == Some(live.game.plies()) {
            return Some((seat, "timeout", stand_in));
        }
        None
    }

    /// Starts a CPU move when one is due and none is being thought about.
    fn maybe_cpu(&mut self) {
        let Some(live) = self.live.as_ref() else { return };
        let Some((_, by, level)) = self.cpu_should_move(live) else { return };
        let key = (live.row.game_no, live.game.plies());
        if self.cpu_inflight == Some(key) {
            return;
        }
        self.cpu_inflight = Some(key);
        let game = live.game.clone();
        let me = self.me.clone();
        let slots = self.ctx.cpu_slots.clone();
        let delay = if by == "cpu" { self.ctx.config.cpu_delay } else { Duration::ZERO };
        tokio::spawn(async move {
            let start = Instant::now();
            let mv = match slots.acquire_owned().await {
                Ok(_permit) => tokio::task::spawn_blocking(move || ai::choose(&game, level)).await.ok().flatten(),
                Err(_) => None,
            };
            sleep_until(start + delay).await;
            if let Some(tx) = me.upgrade() {
                let _ = tx.send(Cmd::Cpu { game_no: key.0, ply: key.1, mv, by }).await;
            }
        });
    }

    async fn cpu_move(&mut self, game_no: i64, ply: usize, mv: Option<String>, by: &'static str) {
        if self.cpu_inflight == Some((game_no, ply)) {
            self.cpu_inflight = None;
        }
        let Some(live) = self.live.as_ref() else { return };
        if live.row.game_no != game_no || live.game.plies() != ply {
            self.maybe_cpu();
            return;
        }
        // The player may be back, or the reason may have changed, while the CPU thought.
        let Some((seat, now_by, _)) = self.cpu_should_move(live) else { return };
        if now_by != by {
            self.maybe_cpu();
            return;
        }
        let Some(mv) = mv else { return };
        if let Err(e) = self.apply_move(seat, &mv, by, None).await {
            tracing::error!(code = %self.code, "CPU move {mv} refused: {}", e.message);
        }
    }
}

/// The options a group gets when it is created: the given ones over the site defaults.
pub fn group_options(kind: GameKind, given: Option<&Value>) -> Result<AnyOptions, String> {
    match given {
        None | Some(Value::Null) => Ok(AnyOptions::default_for(kind)),
        Some(v) => rules::parse_options(kind, v),
    }
}
