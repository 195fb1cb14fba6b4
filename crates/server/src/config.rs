//! The settings of a running server, as the command line and the tests set them.

use std::time::Duration;

use crate::client_ip::TrustedProxies;
use crate::cluster::ClusterConfig;
use crate::listen::ConnLimits;
use crate::ratings;
use crate::store::Durability;

/// Settings of a running server.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a dropped connection may stay away before the CPU plays for its seat.
    pub away_grace: Duration,
    /// How long a page closed on purpose keeps its seat before the CPU stands in: long
    /// enough for a reload, short enough that closing the tab counts at once.
    pub reload_grace: Duration,
    /// The CPU opponent's least time per move, so people see their own move land.
    pub cpu_delay: Duration,
    /// How long the CPU's turn at a table whose CPU is played on the device waits for the
    /// page's move before the server plays it (an engine that cannot run there).
    pub device_cpu_wait: Duration,
    /// The level that plays for an away or timed-out player.
    pub stand_in_level: ai::Level,
    /// The first wait after a declined undo request; it doubles with each decline.
    pub undo_wait_base: Duration,
    /// How long one second of a turn limit lasts (tests shorten it; the site uses 1 s).
    pub clock_second: Duration,
    /// HTTP requests per second allowed per IP address (burst: twice as many).
    pub http_rate: f64,
    /// WebSocket messages per second allowed per connection (burst: twice as many).
    pub ws_rate: f64,
    /// A connection that had more than this many messages refused (over its rate) ...
    pub flood_refusals: usize,
    /// ... within this long is closed.
    pub flood_window: Duration,
    /// The turn time limits a host may choose, the default first (`None`: no limit).
    pub turn_limits: Vec<Option<u32>>,
    /// How SQLite makes a commit durable.
    pub durability: Durability,
    /// Join a cluster of nodes (PostgreSQL and NATS); `None`: this process serves alone.
    pub cluster: Option<ClusterConfig>,
    /// Reverse proxies whose forwarding header (`X-Forwarded-For` or `Forwarded`) names the
    /// client for the per-IP limits.
    pub trusted_proxies: TrustedProxies,
    /// Review a finished game on demand, for a client that asks the record without
    /// `?review=device` ([`crate::review`]); `false`: never, every record says `device`.
    pub reviews: bool,
    /// Reviews one address may start an hour that way, all of them at once if wanted (`0`:
    /// no limit); a record asked for again while its review is made counts once.
    pub reviews_per_ip_hour: u32,
    /// Requests one address may make a minute for the Musashi values this server's tables know
    /// (`POST /api/musashi/values`), all of them at once if wanted (`0`: no limit).
    pub musashi_values_per_ip_minute: u32,
    /// How long after start-up a 25-point Musashi game waits for its tables before it is
    /// reviewed without them (they are built in the background at start-up).
    pub review_tables_wait: Duration,
    /// The site's public base URL, for the absolute links crawlers and link previews read.
    pub public_url: site::PublicUrl,
    /// A table with no connection and nothing due (no CPU move, no grace or clock running) is
    /// unloaded from memory after this long; the next visit loads it from the store again.
    pub table_idle: Duration,
    /// A group in which no game was played (no move made, no result) is deleted this long
    /// after it was created, with its seats and its unstarted game.
    pub group_expiry: Duration,
    /// Groups one player may host at once in which no game was played yet (`0`: no limit).
    pub open_groups_per_player: u32,
    /// New players per minute per address, all of them at once if wanted (`0`: no limit).
    pub new_players_per_ip: u32,
    /// New groups per minute per address, all of them at once if wanted (`0`: no limit).
    pub new_groups_per_ip: u32,
    /// Sockets one address may hold open at once on this node (`0`: no limit).
    pub sockets_per_ip: u32,
    /// Hint searches one player may have running at once (`0`: no limit).
    pub hints_per_player: u32,
    /// Hint searches the players behind one address may have running at once on this node
    /// (`0`: no limit): many players from one address do not get many searches.
    pub hints_per_ip: u32,
    /// Connections one address may hold open at once on this node, WebSockets included,
    /// counted at accept (`0`: no limit). The balancer's own are not counted ([`listen`]).
    pub connections_per_ip: u32,
    /// How long a request's header may take to arrive, and a kept-alive connection may wait
    /// for its next request, before the connection is closed.
    pub header_read_timeout: Duration,
    /// How long a request body may pause between two of its pieces before the request is
    /// refused and its connection closed.
    pub body_read_timeout: Duration,
    /// The lobby's bounds and timings.
    pub lobby: crate::lobby::LobbyConfig,
    /// `GET /metrics` answers any address, not only loopback and the trusted proxies.
    pub metrics_open: bool,
    /// Continue on another device: how long a link lives, how fast links are made and claimed.
    pub transfer: crate::transfer::TransferConfig,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            away_grace: Duration::from_secs(10),
            reload_grace: Duration::from_secs(2),
            cpu_delay: Duration::from_millis(400),
            device_cpu_wait: Duration::from_secs(20),
            stand_in_level: ai::Level::Intermediate,
            undo_wait_base: Duration::from_secs(10),
            clock_second: Duration::from_secs(1),
            http_rate: 20.0,
            ws_rate: 20.0,
            flood_refusals: 100,
            flood_window: Duration::from_secs(10),
            turn_limits: vec![None, Some(30), Some(60)],
            durability: Durability::default(),
            cluster: None,
            trusted_proxies: TrustedProxies::default(),
            reviews: true,
            reviews_per_ip_hour: 30,
            musashi_values_per_ip_minute: 30,
            review_tables_wait: Duration::from_secs(300),
            public_url: "http://127.0.0.1:8080".parse().expect("a valid URL"),
            table_idle: Duration::from_secs(60),
            group_expiry: Duration::from_secs(7 * 24 * 3600),
            open_groups_per_player: 20,
            new_players_per_ip: 30,
            new_groups_per_ip: 30,
            sockets_per_ip: 100,
            hints_per_player: 1,
            hints_per_ip: 2,
            connections_per_ip: 300,
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(10),
            lobby: crate::lobby::LobbyConfig::default(),
            metrics_open: false,
            transfer: crate::transfer::TransferConfig::default(),
        }
    }
}

impl Config {
    /// How this node accepts and reads connections.
    pub fn conn_limits(&self) -> ConnLimits {
        ConnLimits {
            per_ip: self.connections_per_ip,
            header_read_timeout: self.header_read_timeout,
            trusted_proxies: self.trusted_proxies.clone(),
        }
    }

    /// What the pages print about these settings, and where the site is public.
    pub fn site_settings(&self) -> site::SiteSettings {
        site::SiteSettings {
            away_grace_secs: self.away_grace.as_secs(),
            reload_grace_secs: self.reload_grace.as_secs(),
            turn_limits: self.turn_limits.clone(),
            pair_rated_games_per_day: ratings::PAIR_GAMES_PER_DAY as u32,
            public_url: self.public_url.clone(),
        }
    }
}

/// Why a turn limit was refused, in the protocol's own words: `turnLimit must be one of
/// null, 30, 60` (JSON's `null` for no limit, not Rust's `None` and `Some(30)`).
pub fn turn_limit_rule(limits: &[Option<u32>]) -> String {
    let each: Vec<String> = limits.iter().map(|l| l.map_or_else(|| "null".to_string(), |s| s.to_string())).collect();
    format!("turnLimit must be one of {}", each.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_refused_turn_limit_names_the_limits_as_json_writes_them() {
        assert_eq!(super::turn_limit_rule(&[None, Some(30), Some(60)]), "turnLimit must be one of null, 30, 60");
    }
}
