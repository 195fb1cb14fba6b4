//! One interface over both games, so the server can host a table without knowing which game
//! it holds: side to move, legal moves, play, undo and outcome. Moves travel as their text
//! (`c3-d4`, `17`).

use serde::{Deserialize, Serialize};

use crate::dots;
use crate::musashi::{self, Role};

/// A player of a game: `0` or `1`. Musashi: `0` is the Parent, `1` the Children. Dots and
/// Boxes: `0` moves first.
pub type Side = u8;

/// Which game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
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

/// How a game ended: the winning side (`None`: a draw) and why.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Finished {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

/// Why a game ended, for either game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Musashi: the Parent has no empty neighbour after a Children move.
    Trapped,
    /// Musashi: the Parent took enough Children.
    TargetReached,
    /// Musashi: the Children have no legal move.
    ChildrenNoMove,
    /// Musashi: the Children made their last allowed move without trapping the Parent.
    MoveLimit,
    /// Either game: a player resigned.
    Resignation,
    /// Dots: every box is claimed.
    Boxes,
}

impl EndReason {
    pub const ALL: [EndReason; 6] = [
        EndReason::Trapped,
        EndReason::TargetReached,
        EndReason::ChildrenNoMove,
        EndReason::MoveLimit,
        EndReason::Resignation,
        EndReason::Boxes,
    ];

    /// The stable code (`trapped`, `target-reached`, ...), as stored and sent.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Trapped => "trapped",
            EndReason::TargetReached => "target-reached",
            EndReason::ChildrenNoMove => "children-no-move",
            EndReason::MoveLimit => "move-limit",
            EndReason::Resignation => "resignation",
            EndReason::Boxes => "boxes",
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for EndReason {
    type Err = String;
    fn from_str(s: &str) -> Result<EndReason, String> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == s).ok_or_else(|| format!("no end reason {s:?}"))
    }
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
            AnyGame::Musashi(g) => g.outcome().map(musashi_finished),
            AnyGame::Dots(g) => g.outcome().map(dots_finished),
        }
    }
}

/// The common form of a Dots outcome.
pub fn dots_finished(o: dots::Outcome) -> Finished {
    Finished {
        winner: o.winner(),
        reason: match o {
            dots::Outcome::Boxes { .. } => EndReason::Boxes,
            dots::Outcome::Resignation { .. } => EndReason::Resignation,
        },
    }
}

/// The common form of a Musashi outcome.
pub fn musashi_finished(o: musashi::Outcome) -> Finished {
    let reason = match o.reason {
        musashi::EndReason::Trapped => EndReason::Trapped,
        musashi::EndReason::TargetReached => EndReason::TargetReached,
        musashi::EndReason::ChildrenNoMove => EndReason::ChildrenNoMove,
        musashi::EndReason::MoveLimit => EndReason::MoveLimit,
        musashi::EndReason::Resignation => EndReason::Resignation,
    };
    Finished { winner: Some(o.winner.index()), reason }
}
