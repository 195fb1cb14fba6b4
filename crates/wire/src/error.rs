//! Error codes: what a client is told when something it sent changed nothing. Each code is a
//! stable identifier with typed arguments (`undo-wait {secs}`), so clients localise from the
//! code and its arguments and never read numbers out of the English text.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Why a message or an intent was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, thiserror::Error)]
#[serde(tag = "code", content = "args", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorCode {
    /// Not JSON, not an object, or a binary frame.
    #[error("that is not a JSON object")]
    BadJson,
    /// `t` names no message.
    #[error("unknown message type")]
    UnknownType,
    /// A field is missing, of the wrong type, or has a value that is not allowed.
    #[error("a field is missing or has a value that is not allowed")]
    BadField,
    /// An intent before `hello`.
    #[error("say hello first")]
    HelloFirst,
    /// The device token is unknown (or this connection has none and the intent needs one).
    #[error("unknown device token")]
    BadToken,
    /// Nothing of that name: no such table, game, player, challenge, pool, block or lesson step.
    #[error("not found: no such table, game, player, challenge, pool, block or step")]
    NotFound,
    /// Only the two seated players can do that.
    #[error("only the two seated players can do that")]
    NotSeated,
    /// Both seats are taken.
    #[error("both seats are taken; you are watching")]
    TableFull,
    /// Only the host can change the rules.
    #[error("only the host can change the rules")]
    NotHost,
    /// The move is for another position than the current one.
    #[error("that position has changed")]
    StalePly,
    /// The game is over, or has not started.
    #[error("there is no game in progress")]
    GameOver,
    /// A game is in progress: the next one can be asked for only once it is over, and a ranked
    /// game keeps its turn limit until then.
    #[error("a game is in progress; ask for the next one when it is over")]
    GameInProgress,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that point is not on this board")]
    OffBoard,
    #[error("there is no piece of yours on that point")]
    NotYourPiece,
    #[error("the points are not joined by a line")]
    NotALine,
    #[error("that point is taken")]
    Occupied,
    #[error("that move would repeat a position")]
    Repetition,
    #[error("that line is already drawn")]
    AlreadyDrawn,
    /// Bagh-Chal: goats remain in hand, so the goats place one instead of moving.
    #[error("the goats place all their goats before any goat moves")]
    MustPlace,
    /// Bagh-Chal: only the goats place, and only while some are in hand.
    #[error("only the goats place, and only while some are in hand")]
    CannotPlace,
    /// Bagh-Chal: a jump goes over one goat along a line to the empty point beyond.
    #[error("a jump goes over one goat to the empty point beyond")]
    NoJump,
    /// Not a move of this game (it does not parse).
    #[error("that is not a move of this game")]
    BadMove,
    /// Nothing to take back, or no request to answer.
    #[error("there is nothing to take back")]
    NoUndo,
    /// A declined undo request may be asked again only after a wait that doubles each time.
    #[error("you can ask again in {secs} s")]
    UndoWait { secs: u64 },
    #[error("an undo request is waiting for an answer")]
    UndoPending,
    #[error("that is only offered against the CPU")]
    NotVsCpu,
    /// Quick messages go between two people: none at a table against the CPU, or while the
    /// other seat is empty.
    #[error("quick messages go only to a person in the other seat")]
    NoOpponent,
    #[error("slow down")]
    RateLimited,
    #[error("frames are limited to 4 KiB")]
    TooLarge,
    /// The player hosts `max` groups in which no game was played yet: play one, or wait for
    /// them to expire, before opening another.
    #[error("you already have {max} games waiting to be played")]
    TooManyGroups { max: u32 },
    /// This address has `max` connections open already.
    #[error("{max} connections are open from your address already")]
    TooManySockets { max: u32 },
    /// A socket opened by a page of another site (its `Origin` is neither this server's
    /// address nor its public URL): refused with HTTP `403` before any upgrade.
    #[error("sockets open only from this site's own pages")]
    CrossOrigin,
    /// Something failed on the server; nothing changed. Try again.
    #[error("the server could not do that; try again")]
    Internal,
    /// The table is served by another node now (this node lost its lease while the intent
    /// waited), or the node that serves it could not be reached (gone, silent, or cut from the
    /// database); the intent was not acknowledged. The socket closes with 4010 next: reconnect,
    /// then send the intent again (a move is acked once, however often it is sent).
    #[error("this table moved to another server; reconnect and send it again")]
    TableMoved,
    /// Lobby: the challenge was accepted by someone else, withdrawn, or its creator left.
    #[error("that challenge is no longer open")]
    ChallengeGone,
    /// Lobby: a player cannot accept their own challenge.
    #[error("that is your own challenge")]
    OwnChallenge,
    /// Lobby: the player has as many open challenges as they may.
    #[error("too many open challenges")]
    TooManyChallenges { max: u32 },
    /// Lesson endpoint: against the rules, or not the learner's side. An uploaded offline
    /// game (`POST /api/games/offline`): the move at `ply` is against the rules (the lesson
    /// sends no `ply`).
    #[error("that move is not allowed here")]
    IllegalMove {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<u32>,
    },
    /// Lesson endpoint: the moves sent are not a history of the step.
    #[error("those moves are not a history of this step")]
    BadHistory,
    /// An uploaded offline game whose moves do not end it, and that was not resigned.
    #[error("the game is not over")]
    NotOver,
}

impl ErrorCode {
    /// The code as sent (`undo-wait`).
    pub fn as_str(&self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad-json",
            ErrorCode::UnknownType => "unknown-type",
            ErrorCode::BadField => "bad-field",
            ErrorCode::HelloFirst => "hello-first",
            ErrorCode::BadToken => "bad-token",
            ErrorCode::NotFound => "not-found",
            ErrorCode::NotSeated => "not-seated",
            ErrorCode::TableFull => "table-full",
            ErrorCode::NotHost => "not-host",
            ErrorCode::StalePly => "stale-ply",
            ErrorCode::GameOver => "game-over",
            ErrorCode::GameInProgress => "game-in-progress",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::OffBoard => "off-board",
            ErrorCode::NotYourPiece => "not-your-piece",
            ErrorCode::NotALine => "not-a-line",
            ErrorCode::Occupied => "occupied",
            ErrorCode::Repetition => "repetition",
            ErrorCode::AlreadyDrawn => "already-drawn",
            ErrorCode::MustPlace => "must-place",
            ErrorCode::CannotPlace => "cannot-place",
            ErrorCode::NoJump => "no-jump",
            ErrorCode::BadMove => "bad-move",
            ErrorCode::NoUndo => "no-undo",
            ErrorCode::UndoWait { .. } => "undo-wait",
            ErrorCode::UndoPending => "undo-pending",
            ErrorCode::NotVsCpu => "not-vs-cpu",
            ErrorCode::NoOpponent => "no-opponent",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::TooManyGroups { .. } => "too-many-groups",
            ErrorCode::TooManySockets { .. } => "too-many-sockets",
            ErrorCode::CrossOrigin => "cross-origin",
            ErrorCode::Internal => "internal",
            ErrorCode::TableMoved => "table-moved",
            ErrorCode::ChallengeGone => "challenge-gone",
            ErrorCode::OwnChallenge => "own-challenge",
            ErrorCode::TooManyChallenges { .. } => "too-many-challenges",
            ErrorCode::IllegalMove { .. } => "illegal-move",
            ErrorCode::BadHistory => "bad-history",
            ErrorCode::NotOver => "not-over",
        }
    }

    /// Every code, with sample arguments (for documentation checks and the client's types).
    pub fn samples() -> Vec<ErrorCode> {
        use ErrorCode::*;
        vec![
            BadJson,
            UnknownType,
            BadField,
            HelloFirst,
            BadToken,
            NotFound,
            NotSeated,
            TableFull,
            NotHost,
            StalePly,
            GameOver,
            GameInProgress,
            NotYourTurn,
            OffBoard,
            NotYourPiece,
            NotALine,
            Occupied,
            Repetition,
            AlreadyDrawn,
            MustPlace,
            CannotPlace,
            NoJump,
            BadMove,
            NoUndo,
            UndoWait { secs: 20 },
            UndoPending,
            NotVsCpu,
            NoOpponent,
            RateLimited,
            TooLarge,
            TooManyGroups { max: 20 },
            TooManySockets { max: 100 },
            CrossOrigin,
            Internal,
            TableMoved,
            ChallengeGone,
            OwnChallenge,
            TooManyChallenges { max: 3 },
            IllegalMove { ply: Some(7) },
            BadHistory,
            NotOver,
        ]
    }
}

impl From<rules::Refusal> for ErrorCode {
    fn from(r: rules::Refusal) -> ErrorCode {
        use rules::Refusal as R;
        match r {
            R::GameOver => ErrorCode::GameOver,
            R::NotYourTurn => ErrorCode::NotYourTurn,
            R::OffBoard => ErrorCode::OffBoard,
            R::NotYourPiece => ErrorCode::NotYourPiece,
            R::NotALine => ErrorCode::NotALine,
            R::Occupied => ErrorCode::Occupied,
            R::Repetition => ErrorCode::Repetition,
            R::AlreadyDrawn => ErrorCode::AlreadyDrawn,
            R::MustPlace => ErrorCode::MustPlace,
            R::CannotPlace => ErrorCode::CannotPlace,
            R::NoJump => ErrorCode::NoJump,
        }
    }
}

impl From<rules::PlayError> for ErrorCode {
    fn from(e: rules::PlayError) -> ErrorCode {
        match e {
            rules::PlayError::BadText(_) => ErrorCode::BadMove,
            rules::PlayError::Refused { refusal, .. } => refusal.into(),
        }
    }
}

/// An error as sent: the code (with its arguments) and a message for people reading logs.
/// Clients show their own words for the code; the message is English and may change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WireError {
    #[serde(flatten)]
    pub code: ErrorCode,
    pub message: String,
}

impl WireError {
    /// The error with the code's own message.
    pub fn new(code: ErrorCode) -> WireError {
        WireError { message: code.to_string(), code }
    }

    /// The error with a more specific message (a parse error's text, say).
    pub fn with_message(code: ErrorCode, message: impl Into<String>) -> WireError {
        WireError { code, message: message.into() }
    }
}

impl From<ErrorCode> for WireError {
    fn from(code: ErrorCode) -> WireError {
        WireError::new(code)
    }
}

impl From<rules::PlayError> for WireError {
    fn from(e: rules::PlayError) -> WireError {
        let message = e.to_string();
        WireError { code: e.into(), message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_serialise_with_their_arguments() {
        let e = WireError::new(ErrorCode::UndoWait { secs: 20 });
        let j = serde_json::to_value(&e).unwrap();
        assert_eq!(
            j,
            serde_json::json!({"code": "undo-wait", "args": {"secs": 20}, "message": "you can ask again in 20 s"})
        );
        // The lesson's illegal move has no ply: its arguments are empty, and read back the same.
        let j = serde_json::to_value(WireError::new(ErrorCode::IllegalMove { ply: None })).unwrap();
        assert_eq!(j["args"], serde_json::json!({}));
        assert_eq!(serde_json::from_value::<WireError>(j).unwrap().code, ErrorCode::IllegalMove { ply: None });
        let j = serde_json::to_value(WireError::new(ErrorCode::NotYourTurn)).unwrap();
        assert_eq!(j, serde_json::json!({"code": "not-your-turn", "message": "it is not your turn"}));
        for c in ErrorCode::samples() {
            let j = serde_json::to_value(&c).unwrap();
            assert_eq!(j["code"], c.as_str());
            assert_eq!(serde_json::from_value::<ErrorCode>(j).unwrap(), c);
        }
    }
}
