//! What every game shares: the sides, how a game ended, and a refused move as the protocol
//! reports it. The games themselves are listed in [`crate::registry`].

use serde::{Deserialize, Serialize};

use crate::{dots, musashi};

/// A player of a game: `0` or `1`. Musashi: `0` is the Parent, `1` the Children. Dots and
/// Boxes: `0` moves first.
pub type Side = u8;

/// Why a move was refused, in words every game shares; the protocol sends each as its own
/// error code. A game whose rules refuse for a new reason adds it here.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Refusal {
    GameOver,
    NotYourTurn,
    OffBoard,
    /// Musashi: no piece of the mover on the point moved from.
    NotYourPiece,
    /// Musashi: the two points are not joined by a line.
    NotALine,
    /// Musashi: the point moved to is taken.
    Occupied,
    /// Musashi: the Children may not repeat an earlier position.
    Repetition,
    /// Dots: the line is already drawn.
    AlreadyDrawn,
    /// Bagh-Chal: goats remain in hand, so the goats place one instead of moving.
    MustPlace,
    /// Bagh-Chal: a placement by the tigers, or by the goats with none left in hand.
    CannotPlace,
    /// Bagh-Chal: a jump that does not go over one goat to the empty point beyond.
    NoJump,
}

impl Refusal {
    /// The stable code, as the protocol sends it (`not-your-turn`).
    pub const fn code(self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotYourTurn => "not-your-turn",
            Refusal::OffBoard => "off-board",
            Refusal::NotYourPiece => "not-your-piece",
            Refusal::NotALine => "not-a-line",
            Refusal::Occupied => "occupied",
            Refusal::Repetition => "repetition",
            Refusal::AlreadyDrawn => "already-drawn",
            Refusal::MustPlace => "must-place",
            Refusal::CannotPlace => "cannot-place",
            Refusal::NoJump => "no-jump",
        }
    }
}

/// A move refused (or a move text that did not parse), with a stable code for the protocol.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    BadText(String),
    /// The game's rules refused it; `message` is the game's own words.
    #[error("{message}")]
    Refused { refusal: Refusal, message: String },
}

impl PlayError {
    /// A refusal by a game's rules.
    pub fn refused<E: std::error::Error + Into<Refusal>>(e: E) -> PlayError {
        PlayError::Refused { message: e.to_string(), refusal: e.into() }
    }

    /// A short stable identifier, e.g. `not-your-turn`.
    pub fn code(&self) -> &'static str {
        match self {
            PlayError::BadText(_) => "bad-move",
            PlayError::Refused { refusal, .. } => refusal.code(),
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
    /// Musashi: the Parent took enough Children; Bagh-Chal: the tigers captured enough goats.
    TargetReached,
    /// Musashi: the Children have no legal move.
    ChildrenNoMove,
    /// Musashi: the Children made their last allowed move without trapping the Parent.
    MoveLimit,
    /// Either game: a player resigned.
    Resignation,
    /// Dots: every box is claimed.
    Boxes,
    /// Bagh-Chal: the tigers, to move, have no legal move.
    TigersBlocked,
    /// Bagh-Chal: the goats, to move, have no legal move.
    GoatsBlocked,
}

impl EndReason {
    pub const ALL: [EndReason; 8] = [
        EndReason::Trapped,
        EndReason::TargetReached,
        EndReason::ChildrenNoMove,
        EndReason::MoveLimit,
        EndReason::Resignation,
        EndReason::Boxes,
        EndReason::TigersBlocked,
        EndReason::GoatsBlocked,
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
            EndReason::TigersBlocked => "tigers-blocked",
            EndReason::GoatsBlocked => "goats-blocked",
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
