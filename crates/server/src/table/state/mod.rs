//! The table as a pure, synchronous state machine: seats, presence, the game, the clock, undo
//! requests and rematches. Every intent and timer goes through one entry point,
//! [`Table::apply`], with the time passed in; it answers with the [`Change`]s it made, or a
//! [`TableError`] and no change at all. It does no I/O: the actor (`super::actor`) stores the
//! changes, broadcasts them as wire events and starts the CPU when [`Table::cpu_turn`] says so.

mod error;
mod play;
mod presence;
mod quick;
mod ratings;
#[cfg(test)]
mod tests;
mod view;

use error::refused;
pub use error::{Result, TableError};
pub use quick::QuickRate;

use std::collections::BTreeMap;

use ai::Level;
use rules::{AnyGame, AnyOptions, GameKind, Side};
use wire::{ErrorCode, Intent, MoveSource, Seat, Status};

pub use crate::ratings::Rated;

/// Unix time in milliseconds.
pub type Ms = i64;

/// A connection's id, unique within this process.
pub type ConnId = u64;

/// The settings of the site that a table follows (from `crate::config::Config`).
#[derive(Clone, Debug, PartialEq)]
pub struct TableRules {
    /// A dropped connection's seat waits this long before the CPU stands in.
    pub away_grace: Ms,
    /// A page closed on purpose (or reloaded) keeps its seat this long.
    pub reload_grace: Ms,
    /// The first wait after a declined undo request; it doubles with each decline.
    pub undo_wait_base: Ms,
    /// One second of a turn limit (tests shorten it).
    pub clock_second: Ms,
    /// The level that plays for an away or timed-out player.
    pub stand_in: Level,
    /// The turn limits a host may choose.
    pub turn_limits: Vec<Option<u32>>,
    /// How long the CPU's turn waits for the device's move (`cpuMove`) while its opponent is
    /// here, before the server plays it: a page whose engine cannot run never stops the game.
    pub device_cpu_wait: Ms,
}

/// A person as a table knows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub id: String,
    pub name: String,
    /// Their rating in this table's game, if they have one.
    pub rating: Option<f64>,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Occupant {
    Person(Player),
    Cpu(Level),
}

/// Whether a seated person is here. A CPU seat is always here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    Here,
    /// Their last connection closed; at `until` they become away.
    Leaving {
        until: Ms,
    },
    /// Gone: the CPU may play for them (see [`Table::cpu_turn`]).
    Away,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatState {
    pub occupant: Occupant,
    pub presence: Presence,
}

impl SeatState {
    pub fn player_id(&self) -> Option<&str> {
        match &self.occupant {
            Occupant::Person(p) => Some(&p.id),
            Occupant::Cpu(_) => None,
        }
    }

    pub fn cpu(&self) -> Option<Level> {
        match self.occupant {
            Occupant::Cpu(l) => Some(l),
            Occupant::Person(_) => None,
        }
    }
}

/// Who made one move of the current game, and when.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveMeta {
    pub side: Side,
    pub by: MoveSource,
    pub player_id: Option<String>,
    pub at: Ms,
}

/// The current (or last) game of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The store's id: `{code}-{no}`.
    pub id: String,
    pub no: u32,
    /// The side each seat plays.
    pub sides: [Side; 2],
    pub ranked: bool,
    pub game: AnyGame,
    /// One entry per move of `game`.
    pub moves: Vec<MoveMeta>,
    /// The turn clock's deadline.
    pub clock: Option<Ms>,
    /// The clock ran out at this ply: the CPU moves for the seat.
    pub timed_out_at: Option<usize>,
    /// The deadline of the turn at this ply when the host took the limit off: a limit set
    /// again in the same turn does not give it more time than it had.
    pub clock_taken_off: Option<(usize, Ms)>,
    /// Rating changes, once a ranked game's end is stored.
    pub ratings: Vec<Rated>,
    pub started_at: Ms,
    pub ended_at: Option<Ms>,
}

impl Game {
    /// Playing until the rules say the game is over: the status cannot disagree with them.
    pub fn status(&self) -> Status {
        if self.game.outcome().is_some() { Status::Over } else { Status::Playing }
    }

    pub fn playing(&self) -> bool {
        self.status() == Status::Playing
    }

    pub fn seat_of_side(&self, side: Side) -> Seat {
        if self.sides[0] == side { Seat::First } else { Seat::Second }
    }

    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// The host's rules for the next game.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub next_options: AnyOptions,
    /// Seconds per turn; applies to the current game at once.
    pub turn_limit: Option<u32>,
    pub ranked: bool,
}

/// Undo requests between two people.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Undo {
    /// A request by this seat waits for the other seat's answer.
    pub pending: Option<Seat>,
    /// Declined requests of each seat (the wait doubles with each).
    pub declines: [u32; 2],
    /// Each seat may ask again only after this time.
    pub wait_until: [Ms; 2],
}

/// One table: a group, its two seats, its connections and its current game.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub code: String,
    pub kind: GameKind,
    /// The host's player id.
    pub host: String,
    pub cpu: Option<Level>,
    /// The CPU opponent is played on the host's device: its moves come as `cpuMove` intents,
    /// and [`Table::cpu_turn`] asks the server for one only when the CPU's clock ran out.
    pub cpu_on_device: bool,
    pub settings: Settings,
    pub seats: [Option<SeatState>; 2],
    pub game: Option<Game>,
    /// Open connections: the player of each (`None`: watching without a device token).
    pub conns: BTreeMap<ConnId, Option<Player>>,
    pub undo: Undo,
    /// Which seats asked for the next game.
    pub rematch: [bool; 2],
    pub rules: TableRules,
    /// A group the lobby made: its first game waits until both players are at the table, and
    /// at this time, if one of them is still not there, the group dissolves (no game recorded).
    pub meet_by: Option<Ms>,
    /// The pool a paired group came from (the player who came goes back to its front).
    pub pool: Option<String>,
    /// The group dissolved because a player did not come: nothing more happens here.
    pub dissolved: bool,
    /// The lobby made this group: when its first game starts, the lobby stops sending its
    /// players here.
    pub from_lobby: bool,
    /// Each seat's rate of quick messages.
    pub quick_rate: [QuickRate; 2],
    /// The CPU's turn that waits for the device's move (game number and ply), and until when
    /// (see [`TableRules::device_cpu_wait`]).
    pub device_wait: Option<((u32, usize), Ms)>,
    /// The device's move for this turn (game number and ply) did not come in time: the server
    /// plays it.
    pub device_late: Option<(u32, usize)>,
}

/// What to do: every intent and timer of a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A connection said hello (`player`: `None` for a watcher without a token).
    Join {
        conn: ConnId,
        player: Option<Player>,
    },
    /// A connection closed; `going_away` when the page closed it on purpose.
    Leave {
        conn: ConnId,
        going_away: bool,
    },
    Intent {
        conn: ConnId,
        intent: Intent,
    },
    /// Time passed (grace periods, the turn clock); also starts a first game that is due.
    Tick,
    /// The CPU's move for the position at `ply` of game `game_no`.
    Cpu {
        game_no: u32,
        ply: usize,
        by: MoveSource,
        mv: String,
    },
}

/// A change the table made, in order. The actor stores each before anyone hears of it.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A person took this seat.
    Sat(Seat),
    /// A seat's presence or details changed.
    SeatChanged(Seat),
    /// A player changed their display name.
    Renamed {
        player_id: String,
        name: String,
    },
    Spectators,
    /// The move at `ply` of the current game was played.
    Moved {
        ply: usize,
    },
    /// Moves were taken back for `seat`.
    Undone {
        seat: Seat,
        plies: usize,
    },
    UndoRequested(Seat),
    UndoDeclined {
        seat: Seat,
        wait_ms: u64,
    },
    Resigned(Seat),
    /// The current game ended. `announced`: its move or resignation event carries the result
    /// (otherwise it is announced on its own: an end found after a restart).
    Ended {
        announced: bool,
    },
    RematchOffered(Seat),
    /// A new game began.
    GameStarted,
    /// A player of a lobby-made group did not come by its `meet_by`: the group dissolves.
    NoShow,
    /// The host changed the settings; `clock` when the current game's clock was reset.
    SettingsChanged {
        clock: bool,
    },
    /// The player in `seat` said `phrase`: broadcast as a `quick` message, neither stored nor
    /// numbered (not an event).
    Quick {
        seat: Seat,
        phrase: wire::Phrase,
    },
}

/// The CPU should play for `seat` now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CpuTurn {
    pub game_no: u32,
    pub ply: usize,
    pub seat: Seat,
    pub by: MoveSource,
    pub level: Level,
}

impl Table {
    /// A table with no connection and no game yet.
    pub fn new(
        code: String,
        kind: GameKind,
        host: String,
        cpu: Option<Level>,
        settings: Settings,
        rules: TableRules,
    ) -> Table {
        Table {
            code,
            kind,
            host,
            cpu,
            cpu_on_device: false,
            settings,
            seats: [None, None],
            game: None,
            conns: BTreeMap::new(),
            undo: Undo::default(),
            rematch: [false; 2],
            rules,
            meet_by: None,
            pool: None,
            dissolved: false,
            from_lobby: false,
            quick_rate: [QuickRate::default(); 2],
            device_wait: None,
            device_late: None,
        }
    }

    /// Applies one input at time `now`. On error nothing changed.
    pub fn apply(&mut self, now: Ms, input: Input) -> Result<Vec<Change>> {
        let mut out = Vec::new();
        match input {
            Input::Join { conn, player } => self.join(now, conn, player, &mut out),
            Input::Leave { conn, going_away } => self.leave(now, conn, going_away, &mut out),
            Input::Tick => self.tick(now, &mut out),
            Input::Intent { conn, intent } => self.intent(now, conn, intent, &mut out)?,
            Input::Cpu { game_no, ply, by, mv } => self.cpu_move(now, game_no, ply, by, &mv, &mut out)?,
        }
        // Two seated and no game yet: the first game starts (in a group the lobby made, once
        // both players are at the table).
        if self.game.is_none() && self.seats.iter().all(Option::is_some) && !self.dissolved {
            if self.meet_by.is_none() || self.both_here() {
                self.meet_by = None;
                self.new_game(now, &mut out);
            } else if self.meet_by.is_some_and(|d| d <= now) {
                self.dissolved = true;
                out.push(Change::NoShow);
            }
        }
        self.watch_device_cpu(now);
        Ok(out)
    }

    fn intent(&mut self, now: Ms, conn: ConnId, intent: Intent, out: &mut Vec<Change>) -> Result<()> {
        let player = match self.conns.get(&conn) {
            None => return Err(ErrorCode::HelloFirst.into()),
            // Watching without a device token: say hello with one to play.
            Some(None) => return Err(ErrorCode::BadToken.into()),
            Some(Some(p)) => p.clone(),
        };
        let pid = player.id.as_str();
        match intent {
            Intent::Sit {} => self.sit(player, out),
            Intent::Move { ply, mv } => self.player_move(now, pid, ply as usize, &mv, out),
            Intent::Resign {} => self.resign(now, pid, out),
            Intent::Undo {} => self.undo_request(now, pid, out),
            Intent::UndoAnswer { accept } => self.undo_answer(now, pid, accept, out),
            Intent::Rematch {} => self.rematch(now, pid, out),
            Intent::Settings { options, turn_limit, ranked } => {
                self.change_settings(now, pid, options.as_ref(), turn_limit, ranked, out)
            }
            Intent::Name { name } => self.rename(pid, &name, out),
            Intent::Hint {} => self.hint_check(pid),
            Intent::CpuMove { ply, mv } => self.device_cpu_move(now, pid, ply as usize, &mv, out),
            Intent::Quick { phrase } => self.quick(now, pid, phrase, out),
        }
    }

    // ---- queries ----

    /// The seat of player `id`.
    pub fn seat_of(&self, player_id: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.seat(*s).and_then(SeatState::player_id) == Some(player_id))
    }

    pub fn seat(&self, s: Seat) -> Option<&SeatState> {
        self.seats[s.index()].as_ref()
    }

    /// Whether a socket of player `id` is open.
    pub fn connected(&self, player_id: &str) -> bool {
        self.conns.values().flatten().any(|p| p.id == player_id)
    }

    /// A seated person with an open socket.
    fn person_here(&self, s: Seat) -> bool {
        self.seat(s).and_then(SeatState::player_id).is_some_and(|p| self.connected(p))
    }

    pub fn status(&self) -> Status {
        self.game.as_ref().map_or(Status::Waiting, Game::status)
    }

    /// The game in progress, if any.
    pub fn playing(&self) -> Option<&Game> {
        self.game.as_ref().filter(|g| g.playing())
    }

    /// Milliseconds of a turn limit of `secs` seconds.
    fn clock_ms(&self, secs: u32) -> Ms {
        self.rules.clock_second * secs as Ms
    }

    /// The next time something is due (a grace period ends, the clock runs out).
    pub fn next_wake(&self) -> Option<Ms> {
        let graces = self.seats.iter().flatten().filter_map(|s| match s.presence {
            Presence::Leaving { until } => Some(until),
            _ => None,
        });
        let clock = self.playing().filter(|g| g.timed_out_at.is_none()).and_then(|g| g.clock);
        let meet = self.meet_by.filter(|_| self.game.is_none() && !self.dissolved);
        let device = self.device_wait.filter(|(turn, _)| self.device_late != Some(*turn)).map(|(_, until)| until);
        graces.chain(clock).chain(meet).chain(device).min()
    }

    /// Who the CPU should move for now, if anyone: the CPU opponent in its turn while its
    /// opponent is here (when it is played on the device, only once its clock ran out or the
    /// device's move is late: until then the page sends its move); a stand-in for an away seat when the other seat's person is here, for
    /// a run-out clock when either seat's person is here. A game nobody present plays waits.
    pub fn cpu_turn(&self) -> Option<CpuTurn> {
        let g = self.playing()?;
        let seat = g.seat_of_side(g.game.turn());
        let info = self.seat(seat)?;
        let (by, level) = match info.cpu() {
            // Only for a person who is here (issue 19): a game left or only watched costs nothing.
            Some(_)
                if self.cpu_on_device
                    && g.timed_out_at != Some(g.plies())
                    && self.device_late != Some((g.no, g.plies())) =>
            {
                return None;
            }
            Some(level) if self.person_here(seat.other()) => (MoveSource::Cpu, level),
            Some(_) => return None,
            None if info.presence == Presence::Away && self.person_here(seat.other()) => {
                (MoveSource::CpuAway, self.rules.stand_in)
            }
            None if g.timed_out_at == Some(g.plies()) && (self.person_here(seat) || self.person_here(seat.other())) => {
                (MoveSource::Timeout, self.rules.stand_in)
            }
            None => return None,
        };
        Some(CpuTurn { game_no: g.no, ply: g.plies(), seat, by, level })
    }
}

impl Settings {
    /// The settings a group was created with.
    pub fn new(next_options: AnyOptions, turn_limit: Option<u32>, ranked: bool) -> Settings {
        Settings { next_options, turn_limit, ranked }
    }
}

impl Game {
    /// A game that begins now with the given rules.
    pub fn start(
        code: &str,
        no: u32,
        options: AnyOptions,
        sides: [Side; 2],
        ranked: bool,
        clock: Option<Ms>,
        now: Ms,
    ) -> Game {
        Game {
            id: format!("{code}-{no}"),
            no,
            sides,
            ranked,
            game: AnyGame::new(options),
            moves: Vec::new(),
            clock,
            timed_out_at: None,
            clock_taken_off: None,
            ratings: Vec::new(),
            started_at: now,
            ended_at: None,
        }
    }
}
