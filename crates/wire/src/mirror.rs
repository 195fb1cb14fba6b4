//! A client's copy of a table, kept current by applying events in order: what every client
//! does (the browser's `web/table/reducer.js` does the same in JavaScript). The server's tests
//! check that a mirror fed the events always equals the server's own full state, so events
//! can never leave out a change.

use rules::{AnyGame, Side};

use crate::event::Event;
use crate::table::{ClockView, ResultView, Seat, Status, TableView};
use crate::view::GameView;

/// Why an event could not be applied: the client should ask for a full state (`sync`).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MirrorError {
    #[error("version gap: at {at}, got {got}")]
    Gap { at: u64, got: u64 },
    #[error("the event does not fit the table: {0}")]
    Mismatch(String),
}

/// A table as a client knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Mirror {
    pub v: u64,
    pub table: TableView,
    game: Option<AnyGame>,
}

fn mismatch(m: impl Into<String>) -> MirrorError {
    MirrorError::Mismatch(m.into())
}

impl Mirror {
    /// A mirror of a full `state` at version `v`.
    pub fn new(v: u64, table: TableView) -> Result<Mirror, MirrorError> {
        let game = match table.view {
            None => None,
            Some(_) => {
                let mut g = AnyGame::new(table.options);
                for (i, mv) in table.moves.iter().enumerate() {
                    g.play(g.turn(), mv).map_err(|e| mismatch(format!("move {i} {mv}: {e}")))?;
                }
                if let Some(r) = table.result.as_ref().filter(|r| r.reason == rules::EndReason::Resignation) {
                    let loser = r.winner.map(Seat::other).and_then(|s| table.seats[s.index()].as_ref());
                    let side = loser.map(|s| s.side).ok_or_else(|| mismatch("a resignation without a loser"))?;
                    g.resign(side).map_err(|e| mismatch(e.to_string()))?;
                }
                Some(g)
            }
        };
        Ok(Mirror { v, table, game })
    }

    /// Applies the event with version `v`.
    pub fn apply(&mut self, v: u64, event: &Event) -> Result<(), MirrorError> {
        if v != self.v + 1 {
            return Err(MirrorError::Gap { at: self.v, got: v });
        }
        self.apply_event(event)?;
        self.v = v;
        Ok(())
    }

    fn game_mut(&mut self) -> Result<&mut AnyGame, MirrorError> {
        self.game.as_mut().ok_or_else(|| mismatch("no game yet"))
    }

    fn redraw(&mut self) {
        let t = &mut self.table;
        t.view = self.game.as_ref().map(GameView::of);
        t.plies = t.moves.len() as u32;
    }

    fn set_clock(&mut self, clock: Option<ClockView>) {
        self.table.clock = if self.table.status == Status::Playing { clock } else { None };
    }

    fn apply_event(&mut self, event: &Event) -> Result<(), MirrorError> {
        match event {
            Event::Seat { seat, info } => self.table.seats[seat.index()] = Some(info.clone()),
            Event::Spectators { count } => self.table.spectators = *count,
            Event::Move { ply, side, mv, clock, result, .. } => {
                if *ply != self.table.plies {
                    return Err(mismatch(format!("move at ply {ply}, table at {}", self.table.plies)));
                }
                let text = self.game_mut()?.play(*side, mv).map_err(|e| mismatch(format!("{mv}: {e}")))?;
                self.table.moves.push(text);
                self.redraw();
                self.set_clock(*clock);
                if let Some(r) = result {
                    self.end(r);
                }
            }
            Event::Undo { plies, clock, .. } => {
                let n = *plies as usize;
                if n > self.table.moves.len() {
                    return Err(mismatch("undo past the start"));
                }
                let g = self.game_mut()?;
                for _ in 0..n {
                    g.undo();
                }
                let keep = self.table.moves.len() - n;
                self.table.moves.truncate(keep);
                self.table.undo = None;
                self.redraw();
                self.set_clock(*clock);
            }
            Event::UndoRequest { seat } => self.table.undo = Some(crate::table::UndoView { requested_by: *seat }),
            Event::UndoDeclined { .. } => self.table.undo = None,
            Event::Resign { seat, result } => {
                let side = self.side_of(*seat)?;
                self.game_mut()?.resign(side).map_err(|e| mismatch(e.to_string()))?;
                self.redraw();
                self.end(result);
            }
            Event::End { result } => self.end(result),
            // The group is gone; the table as it was stays the last word.
            Event::NoShow { .. } => {}
            Event::RematchOffer { seat } => self.table.rematch[seat.index()] = true,
            Event::NewGame { game_no, options, ranked, sides, clock } => {
                let t = &mut self.table;
                t.game_no = *game_no;
                t.options = *options;
                t.ranked = *ranked;
                for (i, s) in t.seats.iter_mut().enumerate() {
                    if let Some(s) = s {
                        s.side = sides[i];
                    }
                }
                t.status = Status::Playing;
                t.moves.clear();
                t.undo = None;
                t.result = None;
                t.rematch = [false, false];
                self.game = Some(AnyGame::new(*options));
                self.redraw();
                self.set_clock(*clock);
            }
            Event::Settings { next_options, turn_limit, next_ranked, clock } => {
                let t = &mut self.table;
                t.next_options = *next_options;
                t.turn_limit = *turn_limit;
                t.next_ranked = *next_ranked;
                if t.status == Status::Waiting {
                    // Before the first game the table shows the rules it will be played with.
                    t.options = *next_options;
                    t.ranked = *next_ranked;
                }
                self.set_clock(*clock);
            }
        }
        Ok(())
    }

    /// The game is over.
    fn end(&mut self, result: &ResultView) {
        let t = &mut self.table;
        t.status = Status::Over;
        t.clock = None;
        t.undo = None;
        for r in &result.ratings {
            if let Some(s) = t.seats[r.seat.index()].as_mut() {
                s.rating = Some(r.after);
            }
        }
        // The CPU is always ready for the next game.
        t.rematch = [0, 1].map(|i| t.seats[i].as_ref().is_some_and(|s| s.cpu.is_some()));
        t.result = Some(result.clone());
    }

    fn side_of(&self, seat: Seat) -> Result<Side, MirrorError> {
        self.table.seats[seat.index()].as_ref().map(|s| s.side).ok_or_else(|| mismatch("an empty seat"))
    }
}
