//! The table as the load generator follows it, from the messages of either protocol.

use serde::Deserialize;
use wire::{Event, Mirror, ServerMsg, Status};

/// The table as the load generator follows it: delta events applied to a mirror of the last
/// state; or, from a server of the protocol before delta events (for before/after runs), the
/// whole table each event carried.
pub(super) enum Tracker {
    Empty,
    Mirror(Box<Mirror>),
    Whole { v: u64, table: WholeTable },
}

/// The parts of a whole-table message (the protocol before delta events) the generator reads.
#[derive(Deserialize)]
struct WholeMsg {
    #[serde(default)]
    v: Option<u64>,
    #[serde(default)]
    kind: Option<String>,
    table: WholeTable,
}

#[derive(Deserialize, Default, Clone)]
pub(super) struct WholeTable {
    status: String,
    plies: u32,
    seats: Vec<Option<WholeSeat>>,
    view: Option<WholeView>,
}

#[derive(Deserialize, Clone)]
struct WholeSeat {
    side: u8,
}

#[derive(Deserialize, Clone)]
struct WholeView {
    turn: u8,
    legal: Vec<u16>,
}

/// What the next move needs: the ply, the seat to move and the legal edges.
pub(super) struct Turn {
    pub(super) ply: u32,
    pub(super) seat: usize,
    pub(super) legal: Vec<u16>,
}

impl Tracker {
    pub(super) fn v(&self) -> u64 {
        match self {
            Tracker::Empty => 0,
            Tracker::Mirror(m) => m.v,
            Tracker::Whole { v, .. } => *v,
        }
    }

    /// The number of the game being played, where the protocol says it (not the whole-table
    /// protocol's messages, which the generator reads only in part).
    pub(super) fn game_no(&self) -> Option<u32> {
        match self {
            Tracker::Mirror(m) => Some(m.table.game_no),
            Tracker::Empty | Tracker::Whole { .. } => None,
        }
    }

    pub(super) fn status(&self) -> Option<Status> {
        match self {
            Tracker::Empty => None,
            Tracker::Mirror(m) => Some(m.table.status),
            Tracker::Whole { table, .. } => match table.status.as_str() {
                "playing" => Some(Status::Playing),
                "over" => Some(Status::Over),
                _ => Some(Status::Waiting),
            },
        }
    }

    pub(super) fn turn(&self) -> Option<Turn> {
        match self {
            Tracker::Empty => None,
            Tracker::Mirror(m) => {
                let t = &m.table;
                let wire::GameView::Dots(d) = t.view.as_ref()? else { return None };
                let seat = t.seat_of_side(d.turn)?;
                Some(Turn { ply: t.plies, seat: seat.index(), legal: d.legal.iter().map(|&e| e as u16).collect() })
            }
            Tracker::Whole { table, .. } => {
                let view = table.view.as_ref()?;
                let seat = table.seats.iter().position(|s| s.as_ref().is_some_and(|s| s.side == view.turn))?;
                Some(Turn { ply: table.plies, seat, legal: view.legal.clone() })
            }
        }
    }

    /// Takes in a `state` or `event` text; `Some(true)` for a move event.
    pub(super) fn absorb(&mut self, text: &str) -> anyhow::Result<bool> {
        if let Ok(msg) = serde_json::from_str::<ServerMsg>(text) {
            match msg {
                ServerMsg::State { v, table } => *self = Tracker::Mirror(Box::new(Mirror::new(v, *table)?)),
                ServerMsg::Event { v, event } => {
                    let is_move = matches!(event, Event::Move { .. });
                    if let Tracker::Mirror(m) = self
                        && v > m.v
                    {
                        m.apply(v, &event)?;
                    }
                    return Ok(is_move);
                }
                _ => {}
            }
            return Ok(false);
        }
        let m: WholeMsg = serde_json::from_str(text)?;
        let v = m.v.unwrap_or(0);
        if v > self.v() || matches!(self, Tracker::Empty) {
            *self = Tracker::Whole { v, table: m.table };
        }
        Ok(m.kind.as_deref() == Some("move"))
    }
}
