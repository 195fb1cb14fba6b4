//! Juroku Musashi's values: exact from the tables and the search where they reach. The
//! tables are those installed in this process: the server's when it has them, none in the
//! browser (there the search alone proves what it can, and estimates the rest).

use ai::review::{self, Budget, Slices, Value};
use rules::musashi::{Game, Options, Position};
use wire::review::{AnalysisRequest, AnalysisView, MoveValue};

use super::{BadPosition, bad_move, sort_for, view, written};

pub(super) fn analyse(
    o: Options,
    req: &AnalysisRequest,
    budget: &Budget,
    busy: &mut impl Slices,
) -> Result<AnalysisView, BadPosition> {
    if req.drawn.is_some() || req.turn.is_some() {
        return Err(BadPosition("drawn and turn are for Dots".into()));
    }
    let mut game = match &req.position {
        Some(text) => {
            let pos: Position = text.parse().map_err(|e| BadPosition(format!("position: {e}")))?;
            // The position text names its board; options that name another are a mistake,
            // not a choice between them. Options that name none take the position's.
            if req.options.get("board").is_some() && pos.board != o.board {
                return Err(BadPosition(format!(
                    "the position is on the {} board and options.board is {}",
                    pos.board, o.board
                )));
            }
            Game::from_position(Options { board: pos.board, ..o }, pos)
        }
        None => Game::new(o),
    };
    for (i, m) in req.moves.iter().enumerate() {
        let mv: rules::musashi::Move = written(i, m)?;
        game.play(mv).map_err(|e| bad_move(i, m, e.to_string()))?;
    }
    let (here, each) = review::musashi::analyse_with(&game, &mut review::musashi::Installed, budget, busy);
    let o = |v: Value| review::musashi::outlook(v);
    let mut moves: Vec<MoveValue> =
        each.into_iter().map(|(m, v)| MoveValue { mv: m.to_string(), value: view(v.value, o(v.value)) }).collect();
    let turn = game.outcome().is_none().then(|| game.turn().index());
    sort_for(game.turn().index(), &mut moves);
    Ok(AnalysisView { turn, value: view(here.value, o(here.value)), moves })
}
