//! A finished game's review in the wire's terms (`wire::review::ReviewView`): the value after
//! every ply and the turning points, from the review engine (`ai::review::*::review_with`).
//! One code path for the page (the engine's `review` op) and the server (`GET
//! /api/games/CODE/N` for a browser without WebAssembly): both run [`review`] on the same
//! work budget ([`device_budget`]), so the same moves get the same values wherever they are
//! reviewed. Only Musashi may differ: the tables are those installed in this process (the
//! server's, when it has them; none in the browser).

use std::time::Duration;

use ai::review::{self, Budget, ReviewError, Slices};
use rules::{AnyOptions, GameKind};
use wire::review::{KnownValue, ReviewView, TurningView};

use crate::analysis::view;

/// What a whole game's review may spend, in reads of the deadline (a `WorkClock`: `n`
/// nanoseconds are `n` reads), chosen so that the review of a whole game on a default board
/// takes at most about 3 s in Chromium with the CPU throttled four times (`docs/design.md`
/// §9.5). Per position: Musashi searches `search` reads (256 nodes each); Dots tries the
/// solver for `solve` reads (1,024 nodes each; two failures in a row and the earlier
/// positions are only estimated), in slices of `slice`, and estimates with `playouts`.
pub const DEVICE: Budget = Budget {
    search: Duration::from_nanos(50),
    solve: Duration::from_nanos(300),
    slice: Duration::from_nanos(60),
    playouts: 12,
};

/// The device's review budget for `kind`: [`DEVICE`], with less search for Bagh-Chal, whose
/// reads cost more time and whose games are longer.
pub fn device_budget(kind: GameKind) -> Budget {
    match kind {
        GameKind::BaghChal => Budget { search: DEVICE.search / 2, ..DEVICE },
        _ => DEVICE,
    }
}

/// Reviews the game of `moves` under `options` on `budget`, the work cut and counted by
/// `busy`. `busyMs` is left 0: what the work cost in time is the caller's to measure (the
/// work budget's own count is reads, not time).
pub fn review(
    options: AnyOptions,
    moves: &[String],
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<ReviewView, ReviewError> {
    review_known(options, moves, &[], budget, busy)
}

/// [`review`] taking, for Musashi, `known[i]` (where given) as the exact value and best move
/// of the position after `i` moves instead of working it out: what the server's tables say
/// (`POST /api/musashi/values`), so that the device's review equals the server's wherever its
/// tables reach. Other games have no such tables and ignore `known`.
pub fn review_known(
    options: AnyOptions,
    moves: &[String],
    known: &[Option<KnownValue>],
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<ReviewView, ReviewError> {
    review_known_with(options, moves, known, &mut review::musashi::Installed, budget, busy)
}

/// [`review_known`] with Musashi's tables from `tables` instead of those installed in this
/// process (a test of the device in a process that has tables: `review::musashi::NoTables`).
pub fn review_known_with(
    options: AnyOptions,
    moves: &[String],
    known: &[Option<KnownValue>],
    tables: &mut impl review::musashi::TableSource,
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<ReviewView, ReviewError> {
    let r = match options {
        AnyOptions::Musashi(o) => {
            let known: Vec<_> = known.iter().map(|k| k.as_ref().and_then(musashi_valued)).collect();
            review::musashi::review_known(o, moves, &known, tables, budget, busy)?
        }
        AnyOptions::Dots(o) => review::dots::review_with(o, moves, budget, busy)?,
        AnyOptions::BaghChal(o) => review::bagh_chal::review_with(o, moves, budget, busy)?,
    };
    Ok(ReviewView {
        plies: r.plies.iter().map(|p| view(p.value, p.outlook)).collect(),
        turning: r
            .turning
            .into_iter()
            .map(|t| TurningView { ply: t.ply as u32, played: t.played, best: t.best })
            .collect(),
        busy_ms: 0,
    })
}

/// A known Musashi value in the review engine's terms; `None` for anything but an exact value
/// with a readable move (an estimate is not worth more than the device's own search).
fn musashi_valued(k: &KnownValue) -> Option<review::musashi::Valued> {
    let value = match (k.value.exact, k.value.result, k.value.plies) {
        (true, Some(1), _) => review::Value::ParentWin,
        (true, Some(-1), Some(n)) => review::Value::ChildrenWinIn(n),
        _ => return None,
    };
    let best = match &k.best {
        Some(m) => Some(m.trim().parse().ok()?),
        None => None,
    };
    Some(review::musashi::Valued { value, best })
}
