//! Juroku Musashi on the wire: the game as a client draws it, and the values of its local
//! rules a group may choose.

use rules::musashi::{self, Point, Role};
use rules::{Finished, Mask, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::WireGame;

impl WireGame for musashi::Game {
    type View = MusashiView;

    fn view(&self) -> MusashiView {
        MusashiView::of(self)
    }

    fn view_turn(v: &MusashiView) -> Side {
        v.turn
    }

    fn view_outcome(v: &MusashiView) -> Option<Finished> {
        v.outcome
    }

    fn view_legal(v: &MusashiView) -> Vec<String> {
        v.legal.clone()
    }

    /// The Children the move took.
    fn effect(&self, ply: usize) -> (Vec<String>, Vec<u8>) {
        (point_names(self.history()[ply].taken), Vec::new())
    }

    fn option_choices() -> Vec<(&'static str, Vec<Value>)> {
        vec![
            ("first", vec![json!("parent"), json!("children")]),
            ("target", vec![json!("10"), json!("6")]),
            ("limit", vec![json!("100"), json!("none")]),
            ("board", vec![json!("33"), json!("25")]),
            ("swapRoles", vec![json!(true), json!(false)]),
            ("showDanger", vec![json!(true), json!(false)]),
        ]
    }
}

/// A Juroku Musashi game as a client sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MusashiView {
    pub board: String,
    /// The position text (`33:c3:a1,...:p:0`).
    pub position: String,
    pub parent: String,
    pub children: Vec<String>,
    /// Side to move: 0 Parent, 1 Children.
    pub turn: Side,
    pub children_moves: u16,
    pub limit: Option<u16>,
    pub target: Option<u8>,
    /// Children taken so far (16 minus those on the board).
    pub taken: u32,
    pub legal: Vec<String>,
    /// Children the Parent could take with its next move (dashed rings).
    pub endangered: Vec<String>,
    /// On the Parent's turn: points it can step to that take Children, and how many.
    pub capture_points: Vec<CapturePoint>,
    pub last: Option<MusashiLast>,
    pub outcome: Option<Finished>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CapturePoint {
    pub point: String,
    pub takes: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MusashiLast {
    #[serde(rename = "move")]
    pub mv: String,
    pub taken: Vec<String>,
}

/// Point names of a mask, in point order.
pub fn point_names(m: Mask) -> Vec<String> {
    m.map(|i| Point(i).to_string()).collect()
}

impl MusashiView {
    pub fn of(g: &musashi::Game) -> MusashiView {
        let p = g.position();
        let outcome = g.outcome().map(rules::musashi_finished);
        let mut legal = musashi::Moves::new();
        g.legal_moves(&mut legal);
        let (endangered, points) = p.danger();
        let parent_turn = p.turn == Role::Parent && outcome.is_none();
        MusashiView {
            board: p.board.to_string(),
            position: p.to_string(),
            parent: p.parent.to_string(),
            children: point_names(p.children),
            turn: p.turn.index(),
            children_moves: p.children_moves,
            limit: g.options().limit.0,
            target: g.options().target.0,
            taken: 16u32.saturating_sub(p.children.count()),
            legal: legal.iter().map(|m| m.to_string()).collect(),
            endangered: if outcome.is_none() { point_names(endangered) } else { vec![] },
            capture_points: if parent_turn {
                points.iter().map(|&(pt, n)| CapturePoint { point: pt.to_string(), takes: n }).collect()
            } else {
                vec![]
            },
            last: g.history().last().map(|l| MusashiLast { mv: l.mv.to_string(), taken: point_names(l.taken) }),
            outcome,
        }
    }
}
