//! What the pages need from outside this crate: the site's public address (for absolute links
//! that crawlers and link previews read), the server's settings that the pages print
//! ([`SiteSettings`]), and a [`Backend`], through which the game server tells a table page
//! which board it shows, hands the lesson page its steps and the leaderboard its rows.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::Uri;
use rules::{AnyOptions, GameKind};

/// The site's public base URL, such as `https://qdan.example`: scheme and host (and port), no
/// path. Canonical links, hreflang alternates, the sitemap and share cards are built from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// The base URL of a server reached at `addr` directly.
    pub fn from_addr(addr: std::net::SocketAddr) -> PublicUrl {
        PublicUrl(format!("http://{addr}"))
    }

    /// The URL without a trailing slash; paths are appended to it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a text is not a public base URL.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PublicUrlError {
    #[error("not a URL: {0}")]
    Invalid(String),
    #[error("the public URL must start with http:// or https://")]
    Scheme,
    #[error("the public URL must not carry a path, query or fragment (the site is served from /)")]
    Path,
}

impl std::str::FromStr for PublicUrl {
    type Err = PublicUrlError;

    fn from_str(s: &str) -> Result<PublicUrl, PublicUrlError> {
        let uri: Uri =
            s.trim().parse().map_err(|e: axum::http::uri::InvalidUri| PublicUrlError::Invalid(e.to_string()))?;
        let scheme = uri.scheme_str().ok_or(PublicUrlError::Scheme)?;
        if scheme != "http" && scheme != "https" {
            return Err(PublicUrlError::Scheme);
        }
        let authority =
            uri.authority().filter(|a| !a.host().is_empty()).ok_or_else(|| PublicUrlError::Invalid(s.into()))?;
        if !matches!(uri.path(), "" | "/")
            || uri.query().is_some()
            || s.contains('#')
            || authority.as_str().contains('@')
        {
            return Err(PublicUrlError::Path);
        }
        Ok(PublicUrl(format!("{scheme}://{}", authority.as_str().to_ascii_lowercase())))
    }
}

/// A table page's facts: the options of the game its board shows (the current game, or the
/// next one while the group waits for players).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableFacts {
    pub options: AnyOptions,
}

impl TableFacts {
    pub fn game(&self) -> GameKind {
        self.options.kind()
    }
}

/// The lesson of a game, as its page needs it before any script runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonFacts {
    /// The answer of `GET /api/lesson/{game}` (`{"game", "steps": [...]}`), carried in the page
    /// so the client draws the first step without asking again.
    pub steps: serde_json::Value,
    /// The first step's id (its texts are `learn-{game}-{id}-title|-text`).
    pub first: String,
    /// How many steps there are before the closing game.
    pub count: usize,
    /// The options of the first step's board.
    pub options: AnyOptions,
}

/// One line of a game's leaderboard, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    /// The player's id (public: the leaderboard API shows it too), so the client can mark the
    /// device's own row.
    pub player_id: String,
    /// The player's short public tag, shown after a name two players share.
    pub tag: String,
    pub name: String,
    pub rating: f64,
    pub games: i64,
}

/// A boxed future that borrows its inputs (the trait stays object-safe without a macro).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the pages ask the game server.
pub trait Backend: Send + Sync + 'static {
    /// The facts of group `code`'s table, or `None` when there is no such group (or the store
    /// cannot say right now: the page then renders without them).
    fn table<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Option<TableFacts>>;

    /// The lesson of `game`.
    fn lesson(&self, game: GameKind) -> Option<Arc<LessonFacts>>;

    /// The leaderboard of `game`, best first (`None` when the store cannot say: the client
    /// then asks `GET /api/leaderboard/{game}` itself).
    fn leaderboard(&self, game: GameKind) -> BoxFuture<'_, Option<Vec<LeaderRow>>>;

    /// Whether group `code` has a game number `n`: `Some(false)` makes the replay page a 404.
    /// `None` when the store cannot say (the page then renders and its client says what it
    /// finds); a backend without a store never knows.
    fn game_exists<'a>(&'a self, _code: &'a str, _n: u32) -> BoxFuture<'a, Option<bool>> {
        Box::pin(async { None })
    }

    /// Whether player `id` exists: `Some(false)` makes the player's page a 404 (`None` as above).
    fn player_exists<'a>(&'a self, _id: &'a str) -> BoxFuture<'a, Option<bool>> {
        Box::pin(async { None })
    }
}

/// A backend that knows nothing: pages render without a table's board or a lesson's steps.
#[derive(Debug, Default)]
pub struct NoBackend;

impl Backend for NoBackend {
    fn table<'a>(&'a self, _code: &'a str) -> BoxFuture<'a, Option<TableFacts>> {
        Box::pin(async { None })
    }

    fn lesson(&self, _game: GameKind) -> Option<Arc<LessonFacts>> {
        None
    }

    fn leaderboard(&self, _game: GameKind) -> BoxFuture<'_, Option<Vec<LeaderRow>>> {
        Box::pin(async { None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_origins() {
        let ok = |s: &str| s.parse::<PublicUrl>().map(|u| u.to_string());
        assert_eq!(ok("https://qdan.example").unwrap(), "https://qdan.example");
        assert_eq!(ok("https://QDAN.example/").unwrap(), "https://qdan.example");
        assert_eq!(ok("http://127.0.0.1:8080").unwrap(), "http://127.0.0.1:8080");
        assert_eq!(ok("http://[::1]:8080/").unwrap(), "http://[::1]:8080");
        assert_eq!(ok("ftp://qdan.example"), Err(PublicUrlError::Scheme));
        assert_eq!(ok("qdan.example"), Err(PublicUrlError::Scheme));
        assert_eq!(ok("https://qdan.example/games"), Err(PublicUrlError::Path));
        assert_eq!(ok("https://qdan.example/?a=b"), Err(PublicUrlError::Path));
        assert_eq!(ok("https://user@qdan.example"), Err(PublicUrlError::Path));
        assert!(ok("https://").is_err());
        assert!(ok("not a url").is_err());
        let addr: std::net::SocketAddr = "127.0.0.1:9000".parse().unwrap();
        assert_eq!(PublicUrl::from_addr(addr).as_str(), "http://127.0.0.1:9000");
    }
}

/// What the pages say about how the server runs, and where the site is public: the server
/// passes its effective settings, so a page always prints what the server does.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteSettings {
    /// Seconds a seated player may be gone (network lost) before the CPU stands in.
    pub away_grace_secs: u64,
    /// The same for a page that was closed or reloaded.
    pub reload_grace_secs: u64,
    /// The turn time limits a host may choose (`None`: no limit), the default first.
    pub turn_limits: Vec<Option<u32>>,
    /// Ranked games between the same two players that are rated in any 24 hours; the rules
    /// pages print it, so they say what the store counts.
    pub pair_rated_games_per_day: u32,
    /// The site's public base URL: canonical links, hreflang alternates, the sitemap and share
    /// cards are built from it.
    pub public_url: PublicUrl,
}

impl SiteSettings {
    /// Settings for tests of this crate (the server always passes its own).
    pub fn example() -> SiteSettings {
        SiteSettings {
            away_grace_secs: 10,
            reload_grace_secs: 2,
            turn_limits: vec![None, Some(30), Some(60)],
            pair_rated_games_per_day: 3,
            public_url: "https://qdan.example".parse().expect("a valid URL"),
        }
    }
}

/// What every handler shares: the server's settings and its backend.
#[derive(Clone)]
pub struct SiteState {
    pub settings: Arc<SiteSettings>,
    pub backend: Arc<dyn Backend>,
}
