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
use wire::review::{ReviewView, TurningView};

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
    let r = match options {
        AnyOptions::Musashi(o) => {
            review::musashi::review_with(o, moves, &mut review::musashi::Installed, budget, busy)?
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
