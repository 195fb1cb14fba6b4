//! Which page is asked for and what it knows beyond its URL: what the page body
//! ([`crate::pages`]) and the document head ([`crate::head`]) are both drawn from. It sits
//! below both, so the head does not reach up into the pages that render it.

use std::sync::Arc;

use rules::GameKind;

use crate::config::{LeaderRow, LessonFacts, TableFacts};

/// What a page knows beyond its URL, from the game server.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// The game and board of a table page, or of the group a replay is of.
    pub table: Option<TableFacts>,
    /// A lesson page's steps.
    pub lesson: Option<Arc<LessonFacts>>,
    /// The leaderboard's rows of each game the store could answer for.
    pub leaderboard: Vec<(GameKind, Vec<LeaderRow>)>,
}

/// Which page, with what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    Home,
    Game(GameKind),
    Learn(GameKind),
    Rules(GameKind),
    Group(String),
    Leaderboard,
    /// A finished game of a group: its replay and review (`/g/{code}/{n}`).
    Replay(String, u32),
    /// This device's games.
    MyGames,
    /// A player's public games.
    Player(String),
    /// The analysis board of a game.
    Analysis(GameKind),
    NotFound,
    /// An invite link to no group: a 404 that offers to start a game.
    GroupMissing,
    /// A game number group `code` never had: a 404 that leads back to the group.
    GameMissing(String),
    /// A player page of nobody: a 404 that leads to the leaderboard.
    PlayerMissing,
}

impl Page {
    /// The path of this page after `/{lang}` (used by the language switcher).
    pub fn path(&self) -> String {
        match self {
            Page::Home | Page::NotFound | Page::GroupMissing | Page::PlayerMissing => "/".into(),
            Page::GameMissing(code) => format!("/g/{code}"),
            Page::Game(g) => format!("/games/{}", g.as_str()),
            Page::Learn(g) => format!("/games/{}/learn", g.as_str()),
            Page::Rules(g) => format!("/games/{}/rules", g.as_str()),
            Page::Group(code) => format!("/g/{code}"),
            Page::Leaderboard => "/leaderboard".into(),
            Page::Replay(code, n) => format!("/g/{code}/{n}"),
            Page::MyGames => "/my-games".into(),
            Page::Player(id) => format!("/players/{id}"),
            Page::Analysis(g) => format!("/games/{}/analysis", g.as_str()),
        }
    }

    /// The page's kind, as the client and the stylesheet name it.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Game(_) => "game",
            Page::Learn(_) => "learn",
            Page::Rules(_) => "rules",
            Page::Group(_) => "group",
            Page::Leaderboard => "leaderboard",
            Page::Replay(..) => "replay",
            Page::MyGames => "my-games",
            Page::Player(_) => "player",
            Page::Analysis(_) => "analysis",
            Page::NotFound | Page::GroupMissing | Page::GameMissing(_) | Page::PlayerMissing => "not-found",
        }
    }
}
