//! Who is at the table: connections joining and leaving, seats taken, grace periods running
//! out, names changed.

use wire::{ErrorCode, Seat};

use super::{Change, ConnId, Ms, Occupant, Player, Presence, Result, SeatState, Table, TableError};

impl Table {
    pub(super) fn join(&mut self, _now: Ms, conn: ConnId, player: Option<Player>, out: &mut Vec<Change>) {
        let was_connected = player.as_ref().is_some_and(|p| self.connected(&p.id));
        let seat = player.as_ref().and_then(|p| self.seat_of(&p.id));
        self.conns.insert(conn, player.clone());
        match (seat, player) {
            (Some(s), Some(p)) => {
                let info = self.seats[s.index()].as_mut().expect("seated");
                let back = info.presence != Presence::Here;
                info.presence = Presence::Here;
                // The store may know a newer name than the table (changed at another table).
                let renamed = match &mut info.occupant {
                    Occupant::Person(q) if q.name != p.name => {
                        q.name = p.name;
                        true
                    }
                    _ => false,
                };
                if back || !was_connected || renamed {
                    out.push(Change::SeatChanged(s));
                }
            }
            _ if !was_connected => out.push(Change::Spectators),
            _ => {}
        }
    }

    pub(super) fn leave(&mut self, now: Ms, conn: ConnId, going_away: bool, out: &mut Vec<Change>) {
        let Some(player) = self.conns.remove(&conn) else { return };
        let Some(player) = player else {
            out.push(Change::Spectators);
            return;
        };
        if self.connected(&player.id) {
            return;
        }
        match self.seat_of(&player.id) {
            Some(s) => {
                // A page closed on purpose gets only the short reload grace (a reload also
                // closes the socket with "going away"); a dropped network the full grace.
                let grace = if going_away { self.rules.reload_grace } else { self.rules.away_grace };
                self.seats[s.index()].as_mut().expect("seated").presence = Presence::Leaving { until: now + grace };
                out.push(Change::SeatChanged(s));
            }
            None => out.push(Change::Spectators),
        }
    }

    pub(super) fn tick(&mut self, now: Ms, out: &mut Vec<Change>) {
        for s in Seat::ALL {
            if let Some(info) = self.seats[s.index()].as_mut()
                && matches!(info.presence, Presence::Leaving { until } if until <= now)
            {
                info.presence = Presence::Away;
                out.push(Change::SeatChanged(s));
            }
        }
        if let Some(g) = self.game.as_mut().filter(|g| g.playing() && g.timed_out_at.is_none())
            && g.clock.is_some_and(|d| d <= now)
        {
            g.timed_out_at = Some(g.plies());
        }
        if let Some((turn, until)) = self.device_wait
            && until <= now
        {
            self.device_late = Some(turn);
        }
        // A game whose moves ended it but whose end was never recorded (a restart in between).
        if self.game.as_ref().is_some_and(|g| !g.playing() && g.ended_at.is_none()) {
            self.finish(now, false, out);
        }
    }

    /// After loading from the store: seated people are not here yet, so they get the away
    /// grace to come back.
    pub fn restored(&mut self, now: Ms) {
        if self.playing().is_some() {
            self.watch_absent(now);
        }
    }

    /// Seated people with no open connection (say, a host who created a group and left) get
    /// the away grace when a game starts, so a game never waits forever on someone absent.
    pub(super) fn watch_absent(&mut self, now: Ms) {
        let until = now + self.rules.away_grace;
        for s in Seat::ALL {
            let absent = self.seat(s).and_then(SeatState::player_id).is_some_and(|p| !self.connected(p));
            if let Some(info) = self.seats[s.index()].as_mut()
                && absent
                && info.presence == Presence::Here
            {
                info.presence = Presence::Leaving { until };
            }
        }
    }

    /// Whether each seated person has a connection open here (a lobby-made group starts then).
    pub(super) fn both_here(&self) -> bool {
        self.seats.iter().flatten().filter_map(SeatState::player_id).all(|p| self.connected(p))
    }

    /// The seats whose players are not at the table (a lobby-made group that dissolves).
    pub fn absent_seats(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| self.seat(*s).and_then(SeatState::player_id).is_some_and(|p| !self.connected(p)))
            .collect()
    }

    /// The seated people who are at the table, with their ratings (the default for none).
    pub fn present_players(&self) -> Vec<(String, f64)> {
        Seat::ALL
            .into_iter()
            .filter_map(|s| match self.seat(s).map(|x| &x.occupant) {
                Some(Occupant::Person(p)) if self.connected(&p.id) => {
                    Some((p.id.clone(), p.rating.unwrap_or_else(|| crate::ratings::initial().rating)))
                }
                _ => None,
            })
            .collect()
    }

    pub(super) fn sit(&mut self, player: Player, out: &mut Vec<Change>) -> Result<()> {
        if self.seat_of(&player.id).is_some() {
            return Ok(());
        }
        let Some(i) = self.seats.iter().position(Option::is_none) else {
            return Err(ErrorCode::TableFull.into());
        };
        let seat = Seat::from_index(i).expect("two seats");
        let watching = self.connected(&player.id);
        self.seats[i] = Some(SeatState { occupant: Occupant::Person(player), presence: Presence::Here });
        out.push(Change::Sat(seat));
        if watching {
            // A spectator took the seat: one fewer watching.
            out.push(Change::Spectators);
        }
        Ok(())
    }

    pub(super) fn rename(&mut self, pid: &str, name: &str, out: &mut Vec<Change>) -> Result<()> {
        let name = crate::ids::clean_name(name).ok_or_else(|| TableError::BadField(crate::ids::NAME_RULE.into()))?;
        for p in self.conns.values_mut().flatten().filter(|p| p.id == pid) {
            p.name = name.clone();
        }
        if let Some(s) = self.seat_of(pid)
            && let Some(SeatState { occupant: Occupant::Person(p), .. }) = self.seats[s.index()].as_mut()
        {
            p.name = name.clone();
        }
        out.push(Change::Renamed { player_id: pid.to_string(), name });
        Ok(())
    }

    /// Starts, keeps or drops the wait for the device's CPU move: it runs while the CPU is to
    /// move at a table whose CPU is played on the device and its opponent is here, from the
    /// moment that began (a move, a take-back, a new game, the player's return, a load).
    pub(super) fn watch_device_cpu(&mut self, now: Ms) {
        let turn = self.playing().filter(|_| self.cpu_on_device).and_then(|g| {
            let seat = g.seat_of_side(g.game.turn());
            let waits = self.seat(seat)?.cpu().is_some() && self.person_here(seat.other());
            waits.then_some((g.no, g.plies()))
        });
        match (turn, self.device_wait) {
            (Some(t), Some((waiting, _))) if t == waiting => {}
            (Some(t), _) => self.device_wait = Some((t, now + self.rules.device_cpu_wait)),
            (None, _) => self.device_wait = None,
        }
        if self.device_late.is_some() && self.device_late != turn {
            self.device_late = None;
        }
    }
}
