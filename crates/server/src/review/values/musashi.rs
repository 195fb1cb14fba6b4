//! Juroku Musashi: the 25-point tables a review waits for, and those the analysis board wants.

use std::sync::atomic::{AtomicBool, Ordering};

use rules::musashi::{BoardKind, Game, Options, Target};

use super::Valued;

impl Valued for Game {
    /// The 25-point tables are built at start-up when no file holds them.
    fn tables_pending(o: &Options) -> bool {
        o.board == BoardKind::Square25 && ai::musashi::tables_for(o.board, o.target).is_none()
    }

    fn want_tables(o: &Options) {
        want_tables(o.board, o.target);
    }
}

/// Starts building the 25-point tables for target `none` (analysis only: the site's games
/// use 10 and 6) the first time an analysis needs them.
fn want_tables(board: BoardKind, target: Target) {
    static ASKED: AtomicBool = AtomicBool::new(false);
    if board != BoardKind::Square25 || target != Target::NONE || ai::musashi::tables_for(board, target).is_some() {
        return;
    }
    if ASKED.swap(true, Ordering::AcqRel) {
        return;
    }
    let spawned = std::thread::Builder::new().name("qdan-tables-none".into()).spawn(move || {
        crate::review::pace::lowest_priority();
        match ai::musashi::Tables::build(board, target, 16, |_| {}) {
            Ok(t) => {
                ai::musashi::install_tables(t);
            }
            Err(e) => tracing::warn!("building the 25-point tables without a target: {e}"),
        }
    });
    if let Err(e) = spawned {
        tracing::warn!("building the 25-point tables without a target: {e}");
    }
}
