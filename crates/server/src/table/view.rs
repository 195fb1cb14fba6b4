//! The table as clients see it (`docs/protocol.md`, "The table").

use serde_json::{Value, json};

use super::actor::Table;
use crate::now_ms;

pub(super) fn table_json(t: &Table) -> Value {
    let live = t.live.as_ref();
    let status = match live {
        Some(l) if l.playing() => "playing",
        Some(_) => "over",
        None => "waiting",
    };
    let seats: Vec<Value> = (0..2)
        .map(|i| match &t.seats[i] {
            None => Value::Null,
            Some(s) => json!({
                "playerId": s.player_id,
                "name": s.name,
                "side": live.map_or(i as u8, |l| l.side_of_seat(i)),
                "connected": s.cpu.is_some() || s.player_id.as_deref().is_some_and(|p| t.connected(p)),
                "away": s.away,
                "cpu": s.cpu.map(|l| l.as_str()),
                "rating": s.rating.map(|r| r.round()),
            }),
        })
        .collect();
    let seated: Vec<&str> = t.seats.iter().flatten().filter_map(|s| s.player_id.as_deref()).collect();
    let mut watchers: Vec<&String> = t.conns.values().filter(|p| !seated.contains(&p.as_str())).collect();
    watchers.sort();
    watchers.dedup();
    let host_seat = t.seat_of(&t.host_id);
    let clock = live.filter(|l| l.playing()).and_then(|l| {
        l.clock.map(|d| json!({"side": l.game.turn(), "remainingMs": (d - now_ms()).max(0), "limit": t.turn_limit}))
    });
    let result = live.filter(|l| !l.playing()).map(|l| {
        json!({
            "winner": l.row.winner_seat,
            "reason": l.row.reason,
            "ratings": l.ratings.iter().map(|(seat, before, after)| json!({
                "seat": seat, "before": before.round(), "after": after.round()
            })).collect::<Vec<_>>(),
        })
    });
    let options = live
        .map(|l| serde_json::from_str::<Value>(&l.row.options).unwrap_or(Value::Null))
        .unwrap_or_else(|| serde_json::to_value(t.next_options).expect("options serialise"));
    json!({
        "code": t.code,
        "game": t.kind.as_str(),
        "gameNo": live.map_or(0, |l| l.row.game_no),
        "plies": live.map_or(0, |l| l.game.plies()),
        "status": status,
        "options": options,
        "nextOptions": t.next_options,
        "turnLimit": t.turn_limit,
        "ranked": live.map_or(t.ranked, |l| l.row.ranked),
        "nextRanked": t.ranked,
        "host": host_seat,
        "seats": seats,
        "spectators": watchers.len(),
        "view": live.map(|l| serde_json::to_value(l.game.view()).expect("view serialises")),
        "clock": clock,
        "undo": t.undo.map(|s| json!({"requestedBy": s})),
        "result": result,
        "rematch": t.rematch,
    })
}
