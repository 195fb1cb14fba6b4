//! What the whole-process tests share: the audit of every acknowledged move against the store,
//! the moves as `qdan-bench check` takes them, and the tables' waits around a fault.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use std::collections::HashSet;
use std::time::{Duration, Instant};

use testkit::player::Acked;
use wire::Status;

/// What the store holds of the games a run played.
#[derive(Debug)]
pub struct Audit {
    /// Games stored as over.
    pub finished: usize,
    /// Moves stored (including the CPU's stand-ins, which no client acknowledged).
    pub stored: usize,
    /// Acknowledged moves missing from the store at their ply.
    pub lost: Vec<Acked>,
}

/// Checks the games of `acked` in `store`: every stored game replays legally ply after ply
/// and agrees with its stored end, and every acknowledged move is stored at its ply.
pub async fn audit(store: &server::Store, acked: &[Acked]) -> Audit {
    let mut codes: Vec<&str> = acked.iter().map(|a| a.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    let (mut finished, mut stored, mut lost) = (0, 0, Vec::new());
    for code in codes {
        let game = store.latest_game(code).await.unwrap().expect("the game is stored");
        let moves = store.moves(&game.id).await.unwrap();
        stored += moves.len();
        let mut replay = rules::AnyGame::new(game.options);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.ply, i, "{code}: plies run without gaps");
            replay.play(m.side, &m.mv).unwrap_or_else(|e| panic!("{code} ply {i} {}: {e}", m.mv));
        }
        if game.status == Status::Over {
            finished += 1;
            match replay.outcome() {
                Some(end) => assert_eq!(game.reason, Some(end.reason), "{code}"),
                None => assert_eq!(game.reason, Some(rules::EndReason::Resignation), "{code}: over without an end"),
            }
        } else {
            assert!(replay.outcome().is_none(), "{code}: the moves end the game but it is stored as playing");
        }
        for a in acked.iter().filter(|a| a.code == code) {
            if moves.get(a.ply as usize).map(|m| m.mv.as_str()) != Some(a.mv.as_str()) {
                lost.push(a.clone());
            }
        }
    }
    Audit { finished, stored, lost }
}

/// The acknowledged moves as `qdan-bench check --acked` takes them.
pub fn acked_moves(acked: &[Acked]) -> Vec<bench::check::AckedMove> {
    acked
        .iter()
        .map(|a| bench::check::AckedMove {
            code: a.code.clone(),
            game_no: a.game_no.into(),
            ply: a.ply as i64,
            mv: a.mv.clone(),
        })
        .collect()
}

/// The tables in play when a fault began at `start`: a move acknowledged in the 3 s before it,
/// and the game not over by `since` (the fault's start, or its heal when no node can take over)
/// with no move after it (over, it has nothing left to take).
pub async fn tables_in_play(store: &server::Store, acked: &[Acked], start: Instant, since: Instant) -> Vec<String> {
    let recent: HashSet<&str> = acked
        .iter()
        .filter(|a| a.at <= start && a.at + Duration::from_secs(3) > start)
        .map(|a| a.code.as_str())
        .collect();
    let mut in_play = Vec::new();
    for code in recent {
        let game = store.latest_game(code).await.unwrap().expect("stored");
        if game.status != Status::Over || acked.iter().any(|a| a.code == code && a.at > since) {
            in_play.push(code.to_string());
        }
    }
    in_play.sort();
    in_play
}

/// A table's longest wait for its next acknowledged move from `since` until `until`; `None`
/// when it took none.
pub fn longest_wait(acked: &[Acked], code: &str, since: Instant, until: Instant) -> Option<Duration> {
    let mut at: Vec<Instant> = acked.iter().filter(|a| a.code == code).map(|a| a.at).collect();
    at.sort();
    let (mut prev, mut longest, mut any) = (since, Duration::ZERO, false);
    for t in at.into_iter().filter(|&t| t > since && t <= until) {
        longest = longest.max(t - prev);
        (prev, any) = (t, true);
    }
    any.then_some(longest)
}

/// The tables of `in_play` that took no move within `bound`, each with its wait.
pub fn stalled(acked: &[Acked], in_play: &[String], since: Instant, until: Instant, bound: Duration) -> Vec<String> {
    in_play
        .iter()
        .filter_map(|c| match longest_wait(acked, c, since, until) {
            Some(d) if d <= bound => None,
            wait => Some(format!("{c} ({})", wait.map_or("no move".into(), |d| format!("{d:?}")))),
        })
        .collect()
}
