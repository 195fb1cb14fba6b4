//! A game as clients draw it: the position, the legal moves and the hints, built from the
//! rules crate's game so the view can never disagree with the rules.

use rules::musashi::{self, Point, Role};
use rules::{AnyGame, Finished, Mask, Side, dots};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The current game's position as a client draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum GameView {
    Musashi(MusashiView),
    Dots(DotsView),
}

impl GameView {
    /// The view of `game`.
    pub fn of(game: &AnyGame) -> GameView {
        match game {
            AnyGame::Musashi(g) => GameView::Musashi(MusashiView::of(g)),
            AnyGame::Dots(g) => GameView::Dots(DotsView::of(g)),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        match self {
            GameView::Musashi(v) => v.turn,
            GameView::Dots(v) => v.turn,
        }
    }

    pub fn outcome(&self) -> Option<Finished> {
        match self {
            GameView::Musashi(v) => v.outcome,
            GameView::Dots(v) => v.outcome,
        }
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
