//! Bagh-Chal (Tigers and Goats) on the wire: the game as a client draws it, and the values
//! of its local rules a group may choose.

use rules::bagh_chal::{self, Move, Point, Role, Target};
use rules::{Finished, Mask, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::WireGame;

impl WireGame for bagh_chal::Game {
    type View = BaghChalView;

    fn view(&self) -> BaghChalView {
        BaghChalView::of(self)
    }

    fn view_turn(v: &BaghChalView) -> Side {
        v.turn
    }

    fn view_outcome(v: &BaghChalView) -> Option<Finished> {
        v.outcome
    }

    fn view_legal(v: &BaghChalView) -> Vec<String> {
        v.legal.clone()
    }

    /// The goat a jump captured.
    fn effect(&self, ply: usize) -> (Vec<String>, Vec<u8>) {
        (self.history()[ply].mv.captured().map(|p| p.to_string()).into_iter().collect(), Vec::new())
    }

    fn option_choices() -> Vec<(&'static str, Vec<Value>)> {
        vec![
            ("target", Target::CHOICES.iter().map(|t| json!(t.to_string())).collect()),
            ("first", vec![json!("goats"), json!("tigers")]),
            // `allowed` is for the analysis board only: a game without the rule can go on for
            // ever, so no group may choose it (`docs/design.md` §8.6).
            ("repetition", vec![json!("forbidden")]),
            ("swapRoles", vec![json!(true), json!(false)]),
        ]
    }
}

/// A Bagh-Chal game as a client sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaghChalView {
    /// The position text (`a1,a5,e1,e5::20:0:g`: tigers, goats, goats in hand, captured,
    /// side to move).
    pub position: String,
    /// The four tigers' points.
    pub tigers: Vec<String>,
    /// The goats on the board.
    pub goats: Vec<String>,
    /// Goats still to be placed.
    pub in_hand: u8,
    /// Goats captured so far.
    pub captured: u8,
    /// Captures that win for the tigers (20: all).
    pub target: u8,
    /// Side to move: 0 tigers, 1 goats.
    pub turn: Side,
    pub legal: Vec<String>,
    /// Goats a tiger could capture with its next move (dashed rings), while the game goes on.
    pub endangered: Vec<String>,
    pub last: Option<BaghChalLast>,
    pub outcome: Option<Finished>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BaghChalLast {
    #[serde(rename = "move")]
    pub mv: String,
    /// The goat the move captured, if it was a jump.
    pub captured: Option<String>,
}

/// Point names of a mask, in point order.
fn point_names(m: Mask) -> Vec<String> {
    m.map(|i| Point(i).to_string()).collect()
}

impl BaghChalView {
    pub fn of(g: &bagh_chal::Game) -> BaghChalView {
        let p = g.position();
        let outcome = g.outcome().map(bagh_chal::finished);
        let mut legal = bagh_chal::Moves::new();
        g.legal_moves(&mut legal);
        BaghChalView {
            position: p.to_string(),
            tigers: point_names(p.tigers),
            goats: point_names(p.goats),
            in_hand: p.in_hand,
            captured: p.captured,
            target: g.options().target.captures(),
            turn: p.turn.index(),
            legal: legal.iter().map(|m| m.to_string()).collect(),
            endangered: if outcome.is_none() { point_names(endangered(p)) } else { Vec::new() },
            last: g
                .history()
                .last()
                .map(|l| BaghChalLast { mv: l.mv.to_string(), captured: l.mv.captured().map(|c| c.to_string()) }),
            outcome,
        }
    }
}

/// The goats some tiger could jump if the tigers moved now (repetition aside: a warning,
/// not a rule).
fn endangered(p: &bagh_chal::Position) -> Mask {
    let mut tigers_move = *p;
    tigers_move.turn = Role::Tigers;
    let mut moves = bagh_chal::Moves::new();
    tigers_move.pseudo_legal_moves(&mut moves);
    moves
        .iter()
        .filter_map(|m| if let Move::Jump(..) = m { m.captured() } else { None })
        .fold(Mask(0), |acc, c| acc | c.mask())
}
