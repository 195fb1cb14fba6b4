//! The table as clients see it (`docs/protocol.md`, "The table").

use rules::{AnyOptions, Side, View};
use serde::Serialize;

use super::actor::Table;
use crate::now_ms;

/// The table as JSON text: written straight from borrowed fields, because every event sends it
/// and building a `serde_json::Value` first cost most of a move's server time under load.
pub(super) fn table_text(t: &Table) -> String {
    serde_json::to_string(&table_out(t)).expect("the table serialises")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableOut<'a> {
    code: &'a str,
    game: &'static str,
    game_no: i64,
    plies: usize,
    status: &'static str,
    options: AnyOptions,
    next_options: AnyOptions,
    turn_limit: Option<u32>,
    ranked: bool,
    next_ranked: bool,
    host: Option<usize>,
    seats: [Option<SeatOut<'a>>; 2],
    spectators: usize,
    view: Option<View>,
    clock: Option<ClockOut>,
    undo: Option<UndoOut>,
    result: Option<ResultOut<'a>>,
    rematch: [bool; 2],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SeatOut<'a> {
    player_id: Option<&'a str>,
    name: &'a str,
    side: u8,
    connected: bool,
    away: bool,
    cpu: Option<&'static str>,
    rating: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClockOut {
    side: Side,
    remaining_ms: i64,
    limit: Option<u32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UndoOut {
    requested_by: usize,
}

#[derive(Serialize)]
struct ResultOut<'a> {
    winner: Option<i64>,
    reason: Option<&'a str>,
    ratings: Vec<RatingOut>,
}

#[derive(Serialize)]
struct RatingOut {
    seat: i64,
    before: f64,
    after: f64,
}

fn table_out(t: &Table) -> TableOut<'_> {
    let live = t.live.as_ref();
    let status = match live {
        Some(l) if l.playing() => "playing",
        Some(_) => "over",
        None => "waiting",
    };
    let seat = |i: usize| {
        t.seats[i].as_ref().map(|s| SeatOut {
            player_id: s.player_id.as_deref(),
            name: &s.name,
            side: live.map_or(i as u8, |l| l.side_of_seat(i)),
            connected: s.cpu.is_some() || s.player_id.as_deref().is_some_and(|p| t.connected(p)),
            away: s.away,
            cpu: s.cpu.map(|l| l.as_str()),
            rating: s.rating.map(|r| r.round()),
        })
    };
    let seated: Vec<&str> = t.seats.iter().flatten().filter_map(|s| s.player_id.as_deref()).collect();
    let mut watchers: Vec<&String> = t.conns.values().filter(|p| !seated.contains(&p.as_str())).collect();
    watchers.sort();
    watchers.dedup();
    let clock = live.filter(|l| l.playing()).and_then(|l| {
        l.clock.map(|d| ClockOut { side: l.game.turn(), remaining_ms: (d - now_ms()).max(0), limit: t.turn_limit })
    });
    let result = live.filter(|l| !l.playing()).map(|l| ResultOut {
        winner: l.row.winner_seat,
        reason: l.row.reason.as_deref(),
        ratings: l
            .ratings
            .iter()
            .map(|&(seat, before, after)| RatingOut { seat, before: before.round(), after: after.round() })
            .collect(),
    });
    TableOut {
        code: &t.code,
        game: t.kind.as_str(),
        game_no: live.map_or(0, |l| l.row.game_no),
        plies: live.map_or(0, |l| l.game.plies()),
        status,
        options: live.map_or(t.next_options, |l| l.game.options()),
        next_options: t.next_options,
        turn_limit: t.turn_limit,
        ranked: live.map_or(t.ranked, |l| l.row.ranked),
        next_ranked: t.ranked,
        host: t.seat_of(&t.host_id),
        seats: [seat(0), seat(1)],
        spectators: watchers.len(),
        view: live.map(|l| l.game.view()),
        clock,
        undo: t.undo.map(|s| UndoOut { requested_by: s }),
        result,
        rematch: t.rematch,
    }
}
