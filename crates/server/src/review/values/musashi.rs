//! Juroku Musashi's values: exact from the tables and the search where they reach.

use ai::review::{self, Budget, Pace, Value};
use std::sync::atomic::{AtomicBool, Ordering};

use rules::musashi::{BoardKind, Game, Options, Position, Target};
use wire::review::{AnalysisRequest, AnalysisView, MoveValue};

use super::{BadPosition, Valued, bad_move, sort_for, view};

impl Valued for Game {
    fn review(
        options: Options,
        moves: &[String],
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<review::Review, review::ReviewError> {
        review::musashi::review(options, moves, &mut review::musashi::Installed, budget, pace)
    }

    /// The 25-point tables are built at start-up when no file holds them.
    fn tables_pending(o: &Options) -> bool {
        o.board == BoardKind::Square25 && ai::musashi::tables_for(o.board, o.target).is_none()
    }

    fn want_tables(o: &Options) {
        want_tables(o.board, o.target);
    }

    fn analyse(
        o: Options,
        req: &AnalysisRequest,
        budget: &Budget,
        pace: &mut impl Pace,
    ) -> Result<AnalysisView, BadPosition> {
        if req.drawn.is_some() || req.turn.is_some() {
            return Err(BadPosition("drawn and turn are for Dots".into()));
        }
        let mut game = match &req.position {
            Some(text) => {
                let pos: Position = text.parse().map_err(|e| BadPosition(format!("position: {e}")))?;
                Game::from_position(o, pos)
            }
            None => Game::new(o),
        };
        for (i, m) in req.moves.iter().enumerate() {
            let mv = m.trim().parse().map_err(|e: rules::musashi::ParseMoveError| bad_move(i, m, e.to_string()))?;
            game.play(mv).map_err(|e| bad_move(i, m, e.to_string()))?;
        }
        let (here, each) = review::musashi::analyse(&game, &mut review::musashi::Installed, budget, pace);
        let o = |v: Value| review::musashi::outlook(v);
        let mut moves: Vec<MoveValue> =
            each.into_iter().map(|(m, v)| MoveValue { mv: m.to_string(), value: view(v.value, o(v.value)) }).collect();
        let turn = game.outcome().is_none().then(|| game.turn().index());
        sort_for(game.turn().index(), &mut moves);
        Ok(AnalysisView { turn, value: view(here.value, o(here.value)), moves })
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
