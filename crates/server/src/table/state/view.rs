//! The table as clients see it: the full [`TableView`] and the wire [`Event`] of each change.

use wire::{
    ClockView, CpuLevel, Event, GameView, RatingChange, ResultView, Seat, SeatView, Status, TableView, UndoView,
};

use super::{Change, Ms, Occupant, Presence, Table};

/// The wire name of a CPU level.
pub fn cpu_level(l: ai::Level) -> CpuLevel {
    match l {
        ai::Level::Beginner => CpuLevel::Beginner,
        ai::Level::Intermediate => CpuLevel::Intermediate,
        ai::Level::Expert => CpuLevel::Expert,
    }
}

impl Table {
    /// The whole table at time `now`.
    pub fn view(&self, now: Ms) -> TableView {
        let g = self.game.as_ref();
        TableView {
            code: self.code.clone(),
            game: self.kind,
            game_no: g.map_or(0, |g| g.no),
            plies: g.map_or(0, |g| g.plies() as u32),
            status: self.status(),
            options: g.map_or(self.settings.next_options, |g| g.game.options()),
            next_options: self.settings.next_options,
            turn_limit: self.settings.turn_limit,
            ranked: g.map_or(self.settings.ranked && self.cpu.is_none(), |g| g.ranked),
            next_ranked: self.settings.ranked,
            host: self.seat_of(&self.host),
            seats: Seat::ALL.map(|s| self.seat_view(s)),
            spectators: self.spectators(),
            view: g.map(|g| GameView::of(&g.game)),
            moves: g.map_or_else(Vec::new, |g| g.game.moves()),
            clock: self.clock_view(now),
            undo: self.undo.pending.map(|s| UndoView { requested_by: s }),
            result: self.result_view(),
            rematch: self.rematch,
            cpu_on_device: self.cpu_on_device,
        }
    }

    fn seat_view(&self, s: Seat) -> Option<SeatView> {
        let info = self.seat(s)?;
        let side = self.game.as_ref().map_or(s.index() as u8, |g| g.sides[s.index()]);
        Some(match &info.occupant {
            Occupant::Person(p) => SeatView {
                player_id: Some(p.id.clone()),
                name: p.name.clone(),
                side,
                connected: self.connected(&p.id),
                away: info.presence == Presence::Away,
                cpu: None,
                rating: p.rating.map(|r| r.round() as i32),
            },
            Occupant::Cpu(level) => SeatView {
                player_id: None,
                name: "CPU".into(),
                side,
                connected: true,
                away: false,
                cpu: Some(cpu_level(*level)),
                rating: None,
            },
        })
    }

    fn clock_view(&self, now: Ms) -> Option<ClockView> {
        let g = self.playing()?;
        let deadline = g.clock?;
        Some(ClockView { side: g.game.turn(), remaining_ms: (deadline - now).max(0), limit: self.settings.turn_limit })
    }

    fn result_view(&self) -> Option<ResultView> {
        let g = self.game.as_ref().filter(|g| g.status() == Status::Over)?;
        let outcome = g.game.outcome()?;
        Some(ResultView {
            winner: outcome.winner.map(|side| g.seat_of_side(side)),
            reason: outcome.reason,
            ratings: g
                .ratings
                .iter()
                .map(|r| RatingChange { seat: r.seat, before: r.before.round() as i32, after: r.after.round() as i32 })
                .collect(),
        })
    }

    /// The wire event of `change`, made right after it (so it sees the table as it left it).
    /// A change only the store needs (a spectator's new name) has none.
    pub fn event(&self, change: &Change, now: Ms) -> Option<Event> {
        let seat_event = |s: Seat| self.seat_view(s).map(|info| Event::Seat { seat: s, info });
        Some(match change {
            Change::Sat(s) | Change::SeatChanged(s) => seat_event(*s)?,
            Change::Renamed { player_id, .. } => seat_event(self.seat_of(player_id)?)?,
            Change::Spectators => Event::Spectators { count: self.spectators() },
            Change::Moved { ply } => {
                let g = self.game.as_ref()?;
                let meta = g.moves.get(*ply)?;
                let played = g.game.moves();
                // The effect of the move: Children taken, or boxes completed.
                let (taken, completed) = wire::games::move_effect(&g.game, *ply)?;
                // The last move of a finished game carries the result.
                let result = if *ply + 1 == g.plies() { self.result_view() } else { None };
                Event::Move {
                    result,
                    ply: *ply as u32,
                    seat: g.seat_of_side(meta.side),
                    side: meta.side,
                    by: meta.by,
                    mv: played.get(*ply)?.clone(),
                    taken,
                    completed,
                    clock: self.clock_view(now),
                }
            }
            Change::Undone { seat, plies } => {
                Event::Undo { seat: *seat, plies: *plies as u32, clock: self.clock_view(now) }
            }
            Change::UndoRequested(s) => Event::UndoRequest { seat: *s },
            Change::UndoDeclined { seat, wait_ms } => Event::UndoDeclined { seat: *seat, wait_ms: *wait_ms },
            Change::Resigned(s) => Event::Resign { seat: *s, result: self.result_view()? },
            // A quick message is not an event: the actor sends it as it is, without a version.
            Change::Ended { announced: true } | Change::Quick { .. } => return None,
            Change::Ended { announced: false } => Event::End { result: self.result_view()? },
            Change::RematchOffered(s) => Event::RematchOffer { seat: *s },
            Change::GameStarted => {
                let g = self.game.as_ref()?;
                Event::NewGame {
                    game_no: g.no,
                    options: g.game.options(),
                    ranked: g.ranked,
                    sides: g.sides,
                    clock: self.clock_view(now),
                }
            }
            Change::NoShow => Event::NoShow { absent: self.absent_seats() },
            Change::SettingsChanged { .. } => Event::Settings {
                next_options: self.settings.next_options,
                turn_limit: self.settings.turn_limit,
                next_ranked: self.settings.ranked,
                clock: self.clock_view(now),
            },
        })
    }

    /// People watching: distinct players who are not seated, and each socket without a token.
    fn spectators(&self) -> u32 {
        let seated: Vec<&str> = self.seats.iter().flatten().filter_map(|s| s.player_id()).collect();
        let mut watchers: Vec<&str> =
            self.conns.values().flatten().map(|p| p.id.as_str()).filter(|p| !seated.contains(p)).collect();
        watchers.sort_unstable();
        watchers.dedup();
        (watchers.len() + self.conns.values().filter(|p| p.is_none()).count()) as u32
    }
}
