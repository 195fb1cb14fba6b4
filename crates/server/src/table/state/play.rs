//! The game itself: moves, take-backs, resignation, the next game and its rules, and the
//! CPU's moves.

use serde_json::{Map, Value};
use wire::{ErrorCode, MoveSource, Seat};

use super::{Change, Game, MoveMeta, Ms, Result, Table, TableError, refused};

impl Table {
    /// The seat of `pid` and the current game (refusals when either is missing).
    fn seated_game(&self, pid: &str) -> Result<(Seat, &Game)> {
        let seat = self.seat_of(pid).ok_or(refused(ErrorCode::NotSeated))?;
        let game = self.game.as_ref().ok_or(refused(ErrorCode::GameOver))?;
        Ok((seat, game))
    }

    /// The seat of `pid` and the game in progress.
    fn seated_playing(&self, pid: &str) -> Result<(Seat, &Game)> {
        let (seat, game) = self.seated_game(pid)?;
        if !game.playing() {
            return Err(ErrorCode::GameOver.into());
        }
        Ok((seat, game))
    }

    pub(super) fn player_move(
        &mut self,
        now: Ms,
        pid: &str,
        ply: usize,
        mv: &str,
        out: &mut Vec<Change>,
    ) -> Result<()> {
        let (seat, g) = self.seated_game(pid)?;
        // A resend of a move already applied is acknowledged again, not replayed.
        if !due(g, seat, ply, mv, |m| m.player_id.as_deref() == Some(pid))? {
            return Ok(());
        }
        self.play(now, seat, mv, MoveSource::Player, Some(pid.to_string()), out)
    }

    /// Plays one move for `seat`; a move that ends the game ends it.
    fn play(
        &mut self,
        now: Ms,
        seat: Seat,
        mv: &str,
        by: MoveSource,
        pid: Option<String>,
        out: &mut Vec<Change>,
    ) -> Result<()> {
        let limit = self.settings.turn_limit.map(|s| self.clock_ms(s));
        let g = self.game.as_mut().expect("a game");
        let side = g.sides[seat.index()];
        g.game.play_exact(side, mv)?;
        g.moves.push(MoveMeta { side, by, player_id: pid, at: now });
        g.timed_out_at = None;
        let over = !g.playing();
        g.clock = if over { None } else { limit.map(|ms| now + ms) };
        out.push(Change::Moved { ply: g.plies() - 1 });
        if over {
            self.finish(now, true, out);
        }
        Ok(())
    }

    /// The current game has just ended (by a move or a resignation).
    pub(super) fn finish(&mut self, now: Ms, announced: bool, out: &mut Vec<Change>) {
        let g = self.game.as_mut().expect("a game");
        g.ended_at = Some(now);
        g.clock = None;
        self.undo.pending = None;
        // The CPU is always ready for the next game, and says so like a person would: every
        // change a client can see is an event.
        self.rematch = [0, 1].map(|i| self.seats[i].as_ref().is_some_and(|s| s.cpu().is_some()));
        out.push(Change::Ended { announced });
        for seat in Seat::ALL.into_iter().filter(|s| self.rematch[s.index()]) {
            out.push(Change::RematchOffered(seat));
        }
    }

    pub(super) fn resign(&mut self, now: Ms, pid: &str, out: &mut Vec<Change>) -> Result<()> {
        let (seat, g) = self.seated_playing(pid)?;
        let side = g.sides[seat.index()];
        self.game.as_mut().expect("a game").game.resign(side)?;
        out.push(Change::Resigned(seat));
        self.finish(now, true, out);
        Ok(())
    }

    /// Takes back moves until `seat` has taken back its last move and is to move.
    fn take_back_for(&mut self, now: Ms, seat: Seat, out: &mut Vec<Change>) -> Result<()> {
        let limit = self.settings.turn_limit.map(|s| self.clock_ms(s));
        let g = self.game.as_mut().expect("a game");
        let side = g.sides[seat.index()];
        let last = g.moves.iter().rposition(|m| m.side == side).ok_or(refused(ErrorCode::NoUndo))?;
        let plies = g.moves.len() - last;
        for _ in 0..plies {
            g.game.undo();
        }
        g.moves.truncate(last);
        g.clock = limit.map(|ms| now + ms);
        g.timed_out_at = None;
        self.undo.pending = None;
        out.push(Change::Undone { seat, plies });
        Ok(())
    }

    pub(super) fn undo_request(&mut self, now: Ms, pid: &str, out: &mut Vec<Change>) -> Result<()> {
        let (seat, g) = self.seated_playing(pid)?;
        let side = g.sides[seat.index()];
        if !g.moves.iter().any(|m| m.side == side) {
            return Err(ErrorCode::NoUndo.into());
        }
        if self.seat(seat.other()).is_some_and(|s| s.cpu().is_some()) {
            return self.take_back_for(now, seat, out);
        }
        if self.undo.pending.is_some() {
            return Err(ErrorCode::UndoPending.into());
        }
        let until = self.undo.wait_until[seat.index()];
        if until > now {
            return Err(ErrorCode::UndoWait { secs: ((until - now + 999) / 1000) as u64 }.into());
        }
        self.undo.pending = Some(seat);
        out.push(Change::UndoRequested(seat));
        Ok(())
    }

    pub(super) fn undo_answer(&mut self, now: Ms, pid: &str, accept: bool, out: &mut Vec<Change>) -> Result<()> {
        let (seat, _) = self.seated_game(pid)?;
        let asker = self.undo.pending.filter(|&a| a != seat).ok_or(refused(ErrorCode::NoUndo))?;
        if accept {
            return self.take_back_for(now, asker, out);
        }
        self.undo.pending = None;
        let declines = &mut self.undo.declines[asker.index()];
        *declines += 1;
        let wait = self.rules.undo_wait_base << ((*declines).min(8) - 1);
        self.undo.wait_until[asker.index()] = now + wait;
        out.push(Change::UndoDeclined { seat: asker, wait_ms: wait as u64 });
        Ok(())
    }

    pub(super) fn rematch(&mut self, now: Ms, pid: &str, out: &mut Vec<Change>) -> Result<()> {
        let (seat, g) = self.seated_game(pid)?;
        if g.playing() {
            return Err(ErrorCode::GameInProgress.into());
        }
        if self.rematch[seat.index()] {
            // Asked already: acknowledged, nothing new to tell anyone.
            return Ok(());
        }
        self.rematch[seat.index()] = true;
        if self.seat(seat.other()).is_some_and(|s| s.cpu().is_some()) {
            self.rematch[seat.other().index()] = true;
        }
        if self.rematch == [true, true] {
            self.new_game(now, out);
        } else {
            out.push(Change::RematchOffered(seat));
        }
        Ok(())
    }

    /// Starts the next game with the host's rules; a rematch swaps sides when they say so.
    pub(super) fn new_game(&mut self, now: Ms, out: &mut Vec<Change>) {
        let options = self.settings.next_options;
        let (no, sides) = match &self.game {
            Some(g) if options.swap_on_rematch() => (g.no + 1, [g.sides[1], g.sides[0]]),
            Some(g) => (g.no + 1, g.sides),
            None => (1, [0, 1]),
        };
        let ranked = self.settings.ranked && self.cpu.is_none();
        let clock = self.settings.turn_limit.map(|s| now + self.clock_ms(s));
        self.game = Some(Game::start(&self.code, no, options, sides, ranked, clock, now));
        self.rematch = [false; 2];
        self.undo.pending = None;
        self.watch_absent(now);
        out.push(Change::GameStarted);
    }

    pub(super) fn change_settings(
        &mut self,
        now: Ms,
        pid: &str,
        options: Option<&Map<String, Value>>,
        turn_limit: Option<Option<u32>>,
        ranked: Option<bool>,
        out: &mut Vec<Change>,
    ) -> Result<()> {
        if pid != self.host {
            return Err(ErrorCode::NotHost.into());
        }
        let next = match options {
            Some(changes) => wire::merge_options(self.settings.next_options, changes).map_err(TableError::BadField)?,
            None => self.settings.next_options,
        };
        let limit = match turn_limit {
            Some(l) if !self.rules.turn_limits.contains(&l) => {
                return Err(TableError::BadField(crate::config::turn_limit_rule(&self.rules.turn_limits)));
            }
            Some(l) => l,
            None => self.settings.turn_limit,
        };
        let ranked = ranked.unwrap_or(self.settings.ranked);
        if ranked && self.cpu.is_some() {
            return Err(TableError::BadField("games against the CPU are not ranked".into()));
        }
        let clock_changed = limit != self.settings.turn_limit && self.playing().is_some();
        // A ranked game's clock is part of what both players agreed to (a pool's pairing made
        // its limit): the host may not change it while that game is played.
        if clock_changed && self.playing().is_some_and(|g| g.ranked) {
            // Not the rematch's words ("ask for the next one"): say what is refused.
            return Err(TableError::RefusedWith(
                ErrorCode::GameInProgress,
                "a ranked game keeps its turn limit until it is over",
            ));
        }
        self.settings.next_options = next;
        self.settings.turn_limit = limit;
        self.settings.ranked = ranked;
        if clock_changed {
            let ms = limit.map(|s| self.clock_ms(s));
            let g = self.game.as_mut().expect("a game in progress");
            let ply = g.plies();
            g.clock = match (g.clock, ms) {
                // The turn in progress never gets more time (a host toggling the limit would
                // refill their own clock): a shorter limit cuts it, a longer one counts from
                // the next move, and a limit taken off and set again in the same turn keeps
                // the deadline the turn had. A clock run out stays run out (its stand-in move
                // is still made).
                (Some(deadline), Some(ms)) => Some(deadline.min(now + ms)),
                (None, Some(ms)) => match g.clock_taken_off {
                    Some((at, deadline)) if at == ply => Some(deadline.min(now + ms)),
                    _ => Some(now + ms),
                },
                (Some(deadline), None) => {
                    g.clock_taken_off = Some((ply, deadline));
                    None
                }
                (None, None) => None,
            };
        }
        out.push(Change::SettingsChanged { clock: clock_changed });
        Ok(())
    }

    /// Checks a hint request: against the CPU, in the asker's turn. The search itself runs
    /// outside the table.
    pub(super) fn hint_check(&self, pid: &str) -> Result<()> {
        let (seat, g) = self.seated_game(pid)?;
        if self.cpu.is_none() {
            return Err(ErrorCode::NotVsCpu.into());
        }
        if !g.playing() {
            return Err(ErrorCode::GameOver.into());
        }
        if g.game.turn() != g.sides[seat.index()] {
            return Err(ErrorCode::NotYourTurn.into());
        }
        Ok(())
    }

    /// The CPU's move worked out on the host's device (`cpuMove`): checked like a player's
    /// move, but for the CPU's seat, and stored as the CPU's. Only the seated person of a table
    /// whose CPU is played on the device may send it, so a tampered page can change nothing
    /// but its own game against the CPU, which is never ranked.
    pub(super) fn device_cpu_move(
        &mut self,
        now: Ms,
        pid: &str,
        ply: usize,
        mv: &str,
        out: &mut Vec<Change>,
    ) -> Result<()> {
        let (seat, g) = self.seated_game(pid)?;
        if self.cpu.is_none() || !self.cpu_on_device {
            return Err(TableError::Refused(ErrorCode::NotVsCpu));
        }
        let cpu = seat.other();
        // A resend of the CPU move already played there is acknowledged again.
        if !due(g, cpu, ply, mv, |m| m.by == MoveSource::Cpu)? {
            return Ok(());
        }
        self.play(now, cpu, mv, MoveSource::Cpu, None, out)
    }

    /// The CPU's answer for `ply` of game `game_no`: played if the CPU is still due to move
    /// there for the same reason (the player may be back, or the position may have changed,
    /// while it thought); otherwise dropped.
    pub(super) fn cpu_move(
        &mut self,
        now: Ms,
        game_no: u32,
        ply: usize,
        by: MoveSource,
        mv: &str,
        out: &mut Vec<Change>,
    ) -> Result<()> {
        let Some(turn) = self.cpu_turn() else { return Ok(()) };
        if turn.game_no != game_no || turn.ply != ply || turn.by != by {
            return Ok(());
        }
        self.play(now, turn.seat, mv, by, None, out)
    }
}

/// Whether `mv` for `seat` at `ply` of `g` is to be played: `Ok(false)` when it is the move
/// already played there by the same hand (`same_hand` of that move's record), a resend to be
/// acknowledged again; otherwise why it may not be played (an old or future ply, the game
/// over, the other side's turn). The rules check the move itself when it is played.
fn due(g: &Game, seat: Seat, ply: usize, mv: &str, same_hand: impl FnOnce(&MoveMeta) -> bool) -> Result<bool> {
    let plies = g.plies();
    if ply < plies {
        if same_hand(&g.moves[ply]) && g.game.moves()[ply] == mv.trim() {
            return Ok(false);
        }
        return Err(ErrorCode::StalePly.into());
    }
    if ply > plies {
        return Err(ErrorCode::StalePly.into());
    }
    if !g.playing() {
        return Err(ErrorCode::GameOver.into());
    }
    if g.game.turn() != g.sides[seat.index()] {
        return Err(ErrorCode::NotYourTurn.into());
    }
    Ok(true)
}
