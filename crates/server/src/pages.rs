//! What the site's pages ask the game server ([`site::Backend`]): which game and board a
//! table page shows and the leaderboards, read from the store, and the lessons, built once.

use std::sync::{Arc, OnceLock};

use rules::{AnyOptions, GameKind};
use site::config::BoxFuture;
use site::{LeaderRow, LessonFacts, TableFacts};

use crate::lesson;
use crate::store::Store;

/// As many rows as `GET /api/leaderboard/{game}` answers with.
const LEADERBOARD_ROWS: i64 = 100;

/// The backend of the pages, over the store.
#[derive(Clone, Debug)]
pub struct StoreBackend {
    store: Store,
}

impl StoreBackend {
    pub fn new(store: Store) -> StoreBackend {
        StoreBackend { store }
    }

    /// The options of the board group `code`'s page shows: its latest game's, or, before the
    /// first game, the group's rules.
    async fn options(&self, code: &str) -> Result<Option<AnyOptions>, crate::store::StoreError> {
        if let Some(game) = self.store.latest_game(code).await? {
            return Ok(Some(game.options));
        }
        Ok(self.store.group(code).await?.map(|g| g.options))
    }
}

impl site::Backend for StoreBackend {
    fn table<'a>(&'a self, code: &'a str) -> BoxFuture<'a, Option<TableFacts>> {
        Box::pin(async move {
            match self.options(code).await {
                Ok(options) => options.map(|options| TableFacts { options }),
                Err(e) => {
                    // The page still works without them: the client draws the board anyway.
                    tracing::warn!("table page {code}: {e}");
                    None
                }
            }
        })
    }

    fn leaderboard(&self, game: GameKind) -> BoxFuture<'_, Option<Vec<LeaderRow>>> {
        Box::pin(async move {
            match self.store.leaderboard(game.as_str(), LEADERBOARD_ROWS).await {
                Ok(rows) => Some(
                    rows.into_iter()
                        .map(|r| LeaderRow {
                            tag: crate::ids::player_tag(&r.player_id),
                            player_id: r.player_id,
                            name: r.name,
                            rating: r.rating,
                            games: r.games,
                        })
                        .collect(),
                ),
                Err(e) => {
                    tracing::warn!("leaderboard page: {e}");
                    None
                }
            }
        })
    }

    fn game_exists<'a>(&'a self, code: &'a str, n: u32) -> BoxFuture<'a, Option<bool>> {
        Box::pin(async move {
            // The code as stored (an old code keeps its lower-case letters; a typed one was
            // redirected to its stored form before this page), else in today's normal form.
            let stored = match self.store.game_by_no(code, n).await {
                Ok(Some(_)) => return Some(true),
                Ok(None) => crate::ids::normalize_code(code).filter(|c| c != code),
                Err(e) => {
                    tracing::warn!("replay page {code}/{n}: {e}");
                    return None;
                }
            };
            let Some(code) = stored else { return Some(false) };
            match self.store.game_by_no(&code, n).await {
                Ok(game) => Some(game.is_some()),
                Err(e) => {
                    tracing::warn!("replay page {code}/{n}: {e}");
                    None
                }
            }
        })
    }

    fn player_exists<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Option<bool>> {
        Box::pin(async move {
            match self.store.player(id).await {
                Ok(p) => Some(p.is_some()),
                Err(e) => {
                    tracing::warn!("player page {id}: {e}");
                    None
                }
            }
        })
    }

    fn lesson(&self, game: GameKind) -> Option<Arc<LessonFacts>> {
        static FACTS: OnceLock<Vec<(GameKind, Arc<LessonFacts>)>> = OnceLock::new();
        let all = FACTS.get_or_init(|| {
            GameKind::ALL
                .into_iter()
                .filter_map(|g| {
                    let steps = lesson::steps(g.as_str())?;
                    let (first, options) = lesson::first_step(g)?;
                    let count = steps["steps"].as_array().map_or(0, Vec::len);
                    Some((g, Arc::new(LessonFacts { steps, first: first.to_string(), count, options })))
                })
                .collect()
        });
        all.iter().find(|(g, _)| *g == game).map(|(_, f)| f.clone())
    }
}
