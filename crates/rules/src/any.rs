//! One interface over both games, so the server can host a table without knowing which game
//! it holds: side to move, legal moves, play, undo, outcome, and a serialisable view. Moves
//! travel as their text (`c3-d4`, `17`).

use serde::{Deserialize, Serialize};

use crate::dots;
use crate::musashi::{self, Point, Role};

/// A player of a game: `0` or `1`. Musashi: `0` is the Parent, `1` the Children. Dots and
/// Boxes: `0` moves first.
pub type Side = u8;

/// Which game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Musashi,
    Dots,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Musashi, GameKind::Dots];

    pub const fn as_str(self) -> &'static str {
        match self {
            GameKind::Musashi => "musashi",
            GameKind::Dots => "dots",
        }
    }
}

impl std::str::FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<GameKind, String> {
        match s {
            "musashi" => Ok(GameKind::Musashi),
            "dots" => Ok(GameKind::Dots),
            _ => Err(format!("no game called {:?}", s.chars().take(16).collect::<String>())),
        }
    }
}

/// The local rules of either game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum AnyOptions {
    Musashi(musashi::Options),
    Dots(dots::Options),
}

impl AnyOptions {
    /// The site defaults of `kind`.
    pub fn default_for(kind: GameKind) -> AnyOptions {
        match kind {
            GameKind::Musashi => AnyOptions::Musashi(musashi::Options::default()),
            GameKind::Dots => AnyOptions::Dots(dots::Options::default()),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyOptions::Musashi(_) => GameKind::Musashi,
            AnyOptions::Dots(_) => GameKind::Dots,
        }
    }

    /// Whether a rematch swaps sides (roles in Musashi, first mover in Dots).
    pub fn swap_on_rematch(&self) -> bool {
        match self {
            AnyOptions::Musashi(o) => o.swap_roles,
            AnyOptions::Dots(o) => o.swap_first,
        }
    }
}

/// A move refused (or a move text that did not parse), with a stable code for the protocol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    BadText(String),
    #[error(transparent)]
    Musashi(#[from] musashi::IllegalMove),
    #[error(transparent)]
    Dots(#[from] dots::IllegalMove),
}

impl PlayError {
    /// A short stable identifier, e.g. `not-your-turn`.
    pub fn code(&self) -> &'static str {
        use musashi::IllegalMove as M;
        match self {
            PlayError::BadText(_) => "bad-move",
            PlayError::Musashi(M::GameOver) | PlayError::Dots(dots::IllegalMove::GameOver) => "game-over",
            PlayError::Musashi(M::NotYourTurn) | PlayError::Dots(dots::IllegalMove::NotYourTurn) => "not-your-turn",
            PlayError::Musashi(M::OffBoard) | PlayError::Dots(dots::IllegalMove::OffBoard) => "off-board",
            PlayError::Musashi(M::NotYourPiece) => "not-your-piece",
            PlayError::Musashi(M::NotALine) => "not-a-line",
            PlayError::Musashi(M::Occupied) => "occupied",
            PlayError::Musashi(M::Repetition) => "repetition",
            PlayError::Dots(dots::IllegalMove::Drawn) => "already-drawn",
        }
    }
}

/// How a game ended: the winning side (`None`: a draw) and a reason code.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Finished {
    pub winner: Option<Side>,
    /// `trapped`, `target-reached`, `children-no-move`, `move-limit`, `resignation`, `boxes`.
    pub reason: &'static str,
}

/// A game of either kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Musashi(musashi::Game),
    Dots(dots::Game),
}

impl AnyGame {
    pub fn new(options: AnyOptions) -> AnyGame {
        match options {
            AnyOptions::Musashi(o) => AnyGame::Musashi(musashi::Game::new(o)),
            AnyOptions::Dots(o) => AnyGame::Dots(dots::Game::new(o)),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Musashi(_) => GameKind::Musashi,
            AnyGame::Dots(_) => GameKind::Dots,
        }
    }

    pub fn options(&self) -> AnyOptions {
        match self {
            AnyGame::Musashi(g) => AnyOptions::Musashi(*g.options()),
            AnyGame::Dots(g) => AnyOptions::Dots(*g.options()),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        match self {
            AnyGame::Musashi(g) => g.turn().index(),
            AnyGame::Dots(g) => g.turn(),
        }
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        match self {
            AnyGame::Musashi(g) => g.history().len(),
            AnyGame::Dots(g) => g.history().len(),
        }
    }

    /// The moves played so far, as text, oldest first.
    pub fn moves(&self) -> Vec<String> {
        match self {
            AnyGame::Musashi(g) => g.history().iter().map(|p| p.mv.to_string()).collect(),
            AnyGame::Dots(g) => g.history().iter().map(|p| p.edge.to_string()).collect(),
        }
    }

    /// The side that played each move so far, oldest first.
    pub fn movers(&self) -> Vec<Side> {
        match self {
            AnyGame::Musashi(g) => g.history().iter().map(|p| p.role.index()).collect(),
            AnyGame::Dots(g) => g.history().iter().map(|p| p.player).collect(),
        }
    }

    /// Legal moves of the side to move, as text.
    pub fn legal_moves(&self) -> Vec<String> {
        match self {
            AnyGame::Musashi(g) => {
                let mut m = musashi::Moves::new();
                g.legal_moves(&mut m);
                m.iter().map(|m| m.to_string()).collect()
            }
            AnyGame::Dots(g) => {
                let mut m = dots::Edges::new();
                g.legal_moves(&mut m);
                m.iter().map(|m| m.to_string()).collect()
            }
        }
    }

    /// Plays `mv` for `side`; on error nothing changes. Returns the move's canonical text.
    pub fn play(&mut self, side: Side, mv: &str) -> Result<String, PlayError> {
        if side > 1 {
            return Err(PlayError::BadText(format!("no side {side}")));
        }
        match self {
            AnyGame::Musashi(g) => {
                let m: musashi::Move =
                    mv.parse().map_err(|e: musashi::ParseMoveError| PlayError::BadText(e.to_string()))?;
                g.play_as(Role::from_index(side), m)?;
                Ok(m.to_string())
            }
            AnyGame::Dots(g) => {
                let e: dots::Edge = mv.parse().map_err(|e: dots::ParseEdgeError| PlayError::BadText(e.to_string()))?;
                g.play_as(side, e)?;
                Ok(e.to_string())
            }
        }
    }

    /// Takes back the last move (or a resignation). `false` when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        match self {
            AnyGame::Musashi(g) => g.resigned().is_some() | g.undo().is_some(),
            AnyGame::Dots(g) => g.resigned().is_some() | g.undo().is_some(),
        }
    }

    pub fn resign(&mut self, side: Side) -> Result<(), PlayError> {
        match self {
            AnyGame::Musashi(g) => Ok(g.resign(Role::from_index(side))?),
            AnyGame::Dots(g) => Ok(g.resign(side)?),
        }
    }

    pub fn outcome(&self) -> Option<Finished> {
        match self {
            AnyGame::Musashi(g) => {
                g.outcome().map(|o| Finished { winner: Some(o.winner.index()), reason: reason_code(o.reason) })
            }
            AnyGame::Dots(g) => g.outcome().map(dots_finished),
        }
    }

    /// What a client needs to draw the game and offer moves.
    pub fn view(&self) -> View {
        match self {
            AnyGame::Musashi(g) => View::Musashi(MusashiView::of(g)),
            AnyGame::Dots(g) => View::Dots(DotsView::of(g)),
        }
    }
}

fn dots_finished(o: dots::Outcome) -> Finished {
    Finished {
        winner: o.winner(),
        reason: match o {
            dots::Outcome::Boxes { .. } => "boxes",
            dots::Outcome::Resignation { .. } => "resignation",
        },
    }
}

fn reason_code(r: musashi::EndReason) -> &'static str {
    match r {
        musashi::EndReason::Trapped => "trapped",
        musashi::EndReason::TargetReached => "target-reached",
        musashi::EndReason::ChildrenNoMove => "children-no-move",
        musashi::EndReason::MoveLimit => "move-limit",
        musashi::EndReason::Resignation => "resignation",
    }
}

/// A serialisable picture of a game for clients.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum View {
    Musashi(MusashiView),
    Dots(DotsView),
}

/// A Juroku Musashi game as a client sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MusashiView {
    pub board: String,
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

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CapturePoint {
    pub point: String,
    pub takes: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MusashiLast {
    #[serde(rename = "move")]
    pub mv: String,
    pub taken: Vec<String>,
}

fn names(m: crate::Mask) -> Vec<String> {
    m.map(|i| Point(i).to_string()).collect()
}

impl MusashiView {
    fn of(g: &musashi::Game) -> MusashiView {
        let p = g.position();
        let outcome = g.outcome().map(|o| Finished { winner: Some(o.winner.index()), reason: reason_code(o.reason) });
        let mut legal = musashi::Moves::new();
        g.legal_moves(&mut legal);
        let (endangered, points) = p.danger();
        let parent_turn = p.turn == Role::Parent && outcome.is_none();
        MusashiView {
            board: p.board.to_string(),
            position: p.to_string(),
            parent: p.parent.to_string(),
            children: names(p.children),
            turn: p.turn.index(),
            children_moves: p.children_moves,
            limit: g.options().limit.0,
            target: g.options().target.0,
            taken: 16u32.saturating_sub(p.children.count()),
            legal: legal.iter().map(|m| m.to_string()).collect(),
            endangered: if outcome.is_none() { names(endangered) } else { vec![] },
            capture_points: if parent_turn {
                points.iter().map(|&(pt, n)| CapturePoint { point: pt.to_string(), takes: n }).collect()
            } else {
                vec![]
            },
            last: g.history().last().map(|l| MusashiLast { mv: l.mv.to_string(), taken: names(l.taken) }),
            outcome,
        }
    }
}

/// A Dots and Boxes game as a client sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
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

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DotsLine {
    pub edge: u8,
    pub player: Side,
    pub completed: Vec<u8>,
}

impl DotsView {
    fn of(g: &dots::Game) -> DotsView {
        let p = g.position();
        let line =
            |pl: &dots::Played| DotsLine { edge: pl.edge.0, player: pl.player, completed: pl.completed.collect() };
        let mut legal = dots::Edges::new();
        g.legal_moves(&mut legal);
        let outcome = g.outcome().map(dots_finished);
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
