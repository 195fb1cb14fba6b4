//! Dots and Boxes on the wire: the game as a client draws it, and the values of its local
//! rules a group may choose.

use rules::{Finished, Side, dots};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::WireGame;

impl WireGame for dots::Game {
    type View = DotsView;

    fn view(&self) -> DotsView {
        DotsView::of(self)
    }

    fn view_turn(v: &DotsView) -> Side {
        v.turn
    }

    fn view_outcome(v: &DotsView) -> Option<Finished> {
        v.outcome
    }

    fn view_legal(v: &DotsView) -> Vec<String> {
        v.legal.iter().map(u8::to_string).collect()
    }

    /// The boxes the line completed.
    fn effect(&self, ply: usize) -> (Vec<String>, Vec<u8>) {
        (Vec::new(), self.history()[ply].completed.collect())
    }

    fn option_choices() -> Vec<(&'static str, Vec<Value>)> {
        vec![
            ("size", dots::Size::ALL.iter().map(|s| json!(s.to_string())).collect()),
            ("swapFirst", vec![json!(true), json!(false)]),
        ]
    }
}

/// A Dots and Boxes game as a client sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DotsView {
    pub size: String,
    pub w: u8,
    pub h: u8,
    /// Drawn edges with who drew each, in the order drawn.
    pub lines: Vec<DotsLine>,
    /// Owner of each box (`None`: unclaimed), box `r*W + c`.
    pub boxes: Vec<Option<Side>>,
    pub scores: [u32; 2],
    pub turn: Side,
    pub legal: Vec<u8>,
    pub last: Option<DotsLine>,
    /// The last move completed a box, so its player moves again.
    pub extra_turn: bool,
    pub outcome: Option<Finished>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DotsLine {
    pub edge: u8,
    pub player: Side,
    pub completed: Vec<u8>,
}

impl DotsView {
    pub fn of(g: &dots::Game) -> DotsView {
        let p = g.position();
        let line =
            |pl: &dots::Played| DotsLine { edge: pl.edge.0, player: pl.player, completed: pl.completed.collect() };
        let mut legal = dots::Edges::new();
        g.legal_moves(&mut legal);
        let outcome = g.outcome().map(rules::dots_finished);
        DotsView {
            size: p.size.to_string(),
            w: p.size.w,
            h: p.size.h,
            lines: g.history().iter().map(line).collect(),
            boxes: (0..p.size.boxes())
                .map(|b| {
                    if p.owned[0].contains(b) {
                        Some(0)
                    } else if p.owned[1].contains(b) {
                        Some(1)
                    } else {
                        None
                    }
                })
                .collect(),
            scores: p.scores(),
            turn: p.turn,
            legal: legal.iter().map(|e| e.0).collect(),
            last: g.history().last().map(line),
            extra_turn: g.history().last().is_some_and(|l| l.completed.any()) && outcome.is_none(),
            outcome,
        }
    }
}
