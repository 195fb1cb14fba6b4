//! `POST /api/musashi/values`: the Juroku Musashi values only this server's tables know.
//! The page reviews a finished game on its own device, where the tables (tens of MB) are not;
//! it asks here first, once per game, and its engine takes these values instead of searching
//! those positions (`qdan_engine::review::review_known`), so its review equals this server's
//! wherever the tables reach. Each position costs a table lookup and the table's move (no
//! search); answers are cached per position and each address may ask
//! [`crate::Config::musashi_values_per_ip_minute`] times a minute.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};

use ai::musashi::Tables;
use ai::review::musashi::{Installed, TableSource, Valued, outlook, table_value};
use rules::AnyOptions;
use rules::musashi::{BoardKind, Game, Limit, Options, Position, Target};
use wire::review::{KnownValue, KnownValues};

use crate::ratelimit::PerKey;

/// The most moves a game asked about may have: the longest game the rules allow is shorter
/// (the Children's move limit is at most a few hundred), as `POST /api/analysis`'s bound.
pub const MAX_MOVES: usize = 1000;

/// Positions the cache holds at most; when full it starts over (a review's positions are
/// asked together, so a game in the middle of being asked loses at most its own).
const CACHE: usize = 100_000;

/// What decides a position's answer: the tables it was read from, the rules that change a
/// value, the position, and the repetition record since the last capture (the rules consult
/// it for the Children's legal moves, so it changes a forced move, a table move and whether
/// the game is over).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    /// The tables' address: tables installed later (the 25-point ones are built after
    /// start-up) are other tables, and answers from none are not kept. The entry holds a
    /// `Weak` of them, so the address is not reused while the entry is there.
    tables: usize,
    board: BoardKind,
    target: Target,
    limit: Limit,
    position: Position,
    record: Vec<u64>,
}

impl Key {
    fn of(tables: &Arc<Tables>, game: &Game) -> Key {
        let o = game.options();
        let position = *game.position();
        let n = position.children.count();
        // The low 40 bits of a record key are its Children (`Game::repeats`).
        let same = |k: &&u64| (**k & ((1u64 << 40) - 1)).count_ones() == n;
        let record = game.record().iter().rev().take_while(same).copied().collect();
        Key { tables: Arc::as_ptr(tables) as usize, board: o.board, target: o.target, limit: o.limit, position, record }
    }
}

/// The endpoint's state: the cache and the per-address limit.
#[derive(Debug)]
pub struct Known {
    cache: Mutex<Cache>,
    per_ip: Option<PerKey<IpAddr>>,
}

#[derive(Default)]
struct Cache(HashMap<Key, (Weak<Tables>, Option<KnownValue>)>);

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cache({} positions)", self.0.len())
    }
}

/// Why a request gets no values.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum KnownError {
    #[error("the options are not a game's: {0}")]
    Options(String),
    #[error("only Juroku Musashi has tables; this is {0}")]
    NotMusashi(&'static str),
    #[error("at most {MAX_MOVES} moves")]
    TooLong,
    #[error("move {number} ({text:?}) is not legal: {reason}")]
    Illegal { number: usize, text: String, reason: String },
}

impl Known {
    /// `per_minute`: requests one address may make a minute, all at once if wanted (`0`: no
    /// limit).
    pub fn new(per_minute: u32) -> Known {
        Known {
            cache: Mutex::default(),
            per_ip: (per_minute > 0).then(|| PerKey::new(f64::from(per_minute) / 60.0, f64::from(per_minute))),
        }
    }

    /// Takes one request from `ip`'s allowance.
    pub fn allow(&self, ip: IpAddr) -> bool {
        self.per_ip.as_ref().is_none_or(|l| l.allow(ip))
    }

    /// Every position of the game of `moves` under `options`, valued from the installed
    /// tables.
    pub fn values(&self, options: &serde_json::Value, moves: &[String]) -> Result<KnownValues, KnownError> {
        let options: AnyOptions =
            serde_json::from_value(options.clone()).map_err(|e| KnownError::Options(e.to_string()))?;
        let AnyOptions::Musashi(o) = options else {
            return Err(KnownError::NotMusashi(options.kind().as_str()));
        };
        if moves.len() > MAX_MOVES {
            return Err(KnownError::TooLong);
        }
        // As on a table's socket: a move's own text only (`c3-d4`, no spaces).
        let loose = moves.iter().enumerate().find_map(|(i, text)| {
            let m = text.parse::<rules::musashi::Move>().ok()?;
            (m.to_string() != *text).then(|| KnownError::Illegal {
                number: i + 1,
                text: text.clone(),
                reason: format!("write the move as {m}"),
            })
        });
        if let Some(e) = loose {
            return Err(e);
        }
        let games = ai::review::musashi::replay(o, moves).map_err(|e| match e {
            ai::review::ReviewError::Illegal { number, text, reason } => KnownError::Illegal { number, text, reason },
        })?;
        Ok(KnownValues { values: games.iter().map(|g| self.value(o, g)).collect() })
    }

    fn value(&self, o: Options, game: &Game) -> Option<KnownValue> {
        let pos = game.position();
        let Some(tables) = Installed.tables(pos.board, o.target, pos.children.count() as u8) else {
            // A finished game's result needs no tables.
            return game.outcome().and_then(|_| table_value(game, None)).map(known);
        };
        let key = Key::of(&tables, game);
        if let Some((_, v)) = self.cache.lock().expect("values cache lock").0.get(&key) {
            return v.clone();
        }
        let v = known_value(&tables, game);
        let mut cache = self.cache.lock().expect("values cache lock");
        if cache.0.len() >= CACHE {
            cache.0.clear();
        }
        cache.0.insert(key, (Arc::downgrade(&tables), v.clone()));
        v
    }
}

/// `game`'s value from `tables`: `None` where they do not tell without a search.
pub fn known_value(tables: &Tables, game: &Game) -> Option<KnownValue> {
    table_value(game, Some(tables)).map(known)
}

/// A table value as the endpoint answers it.
fn known(v: Valued) -> KnownValue {
    KnownValue { value: qdan_engine::analysis::view(v.value, outlook(v.value)), best: v.best.map(|m| m.to_string()) }
}
