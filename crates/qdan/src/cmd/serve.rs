//! `qdan serve`: the site, on an embedded SQLite file unless `--db` names PostgreSQL.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args as ClapArgs;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, env = "QDAN_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Database URL: sqlite://FILE (created if missing) or postgres://...
    #[arg(long, env = "QDAN_DB", default_value = "sqlite://qdan.db")]
    db: String,
    /// Seconds a dropped connection may stay away before the CPU plays for the seat
    /// [default: 10]. The rules pages print the value in force.
    #[arg(long, env = "QDAN_AWAY_GRACE")]
    away_grace: Option<u64>,
    /// Least milliseconds the CPU opponent takes per move [default: 400].
    #[arg(long, env = "QDAN_CPU_DELAY_MS")]
    cpu_delay_ms: Option<u64>,
    /// Seconds of the first wait after a declined undo request (it doubles each time)
    /// [default: 10].
    #[arg(long, env = "QDAN_UNDO_WAIT")]
    undo_wait: Option<u64>,
    /// How SQLite makes a move durable before it is acknowledged: `process` (WAL with
    /// synchronous=NORMAL: survives the process being killed, not a power cut) or `power`
    /// (synchronous=FULL: an fsync per commit, survives a power cut).
    #[arg(long, env = "QDAN_DURABILITY", default_value = "process")]
    durability: Durability,
    /// Folder for the Juroku Musashi tables (built in the background on first use) and the
    /// Bagh-Chal tables (loaded if `qdan tablebase bagh-chal` made them there), or `off`.
    #[arg(long, env = "QDAN_TABLES", default_value = "tablebases")]
    tables: String,
    /// HTTP requests per second allowed per IP address (socket opens count too) [default: 20];
    /// 0: no bound. Keep the default on a public site; `qdan-bench load` raises it for its own
    /// server child.
    #[arg(long, env = "QDAN_HTTP_RATE")]
    http_rate: Option<f64>,
    /// Reverse proxies in front of the site, comma-separated addresses or networks
    /// (`127.0.0.1,10.0.0.0/8`): their forwarding header names the client for the per-IP
    /// limits. Leave empty when clients connect directly, or anyone could pick an address.
    #[arg(long, env = "QDAN_TRUSTED_PROXIES", default_value = "")]
    trusted_proxies: server::client_ip::TrustedProxies,
    /// Join a cluster: the NATS server the nodes talk through (`nats://127.0.0.1:4222`).
    /// Needs `--db postgres://...`, shared by every node. Without it this process serves alone.
    #[arg(long, env = "QDAN_NATS")]
    nats: Option<String>,
    /// This node's name in the cluster (a random suffix is added per process).
    #[arg(long, env = "QDAN_NODE", default_value = "node")]
    node: String,
    /// Milliseconds a table's lease lasts without renewal (renewed four times per lifetime).
    /// After a node dies unseen, its tables wait at most this long for another node.
    #[arg(long, env = "QDAN_LEASE_MS", default_value_t = 5000)]
    lease_ms: u64,
    /// The header those proxies append the client to: `x-forwarded-for`, or `forwarded`
    /// (RFC 7239). Only this one is read; the other may come from the client.
    #[arg(long, env = "QDAN_PROXY_HEADER", default_value = "x-forwarded-for")]
    proxy_header: server::client_ip::ProxyHeader,
    /// Serve `GET /metrics` to any address. Without it only loopback and the
    /// --trusted-proxies are answered (others get 404): open it only where the port is
    /// reachable by the operator's network alone.
    #[arg(long, env = "QDAN_METRICS_OPEN")]
    metrics_open: bool,
    /// The site's public base URL (`https://qdan.example`), from which canonical links, hreflang
    /// alternates, the sitemap and share cards are built. Default: the listen address.
    #[arg(long, env = "QDAN_PUBLIC_URL")]
    public_url: Option<server::PublicUrl>,
    /// Seconds a table nobody is connected to, with nothing due, stays in memory [default: 60].
    #[arg(long, env = "QDAN_TABLE_IDLE")]
    table_idle: Option<u64>,
    /// Hours after its creation a group in which no game was played is deleted [default: 168].
    #[arg(long, env = "QDAN_GROUP_EXPIRY_HOURS")]
    group_expiry_hours: Option<u64>,
    /// Groups one player may host at once in which no game was played yet; 0: no limit
    /// [default: 20].
    #[arg(long, env = "QDAN_OPEN_GROUPS_PER_PLAYER")]
    open_groups_per_player: Option<u32>,
    /// New players per minute per address (a minute's worth at once); 0: no limit [default: 30].
    #[arg(long, env = "QDAN_NEW_PLAYERS_PER_IP")]
    new_players_per_ip: Option<u32>,
    /// New groups per minute per address (a minute's worth at once); 0: no limit [default: 30].
    #[arg(long, env = "QDAN_NEW_GROUPS_PER_IP")]
    new_groups_per_ip: Option<u32>,
    /// New open challenges per minute per address (a minute's worth at once; counted in the
    /// store, across a cluster); 0: no limit [default: 10].
    #[arg(long, env = "QDAN_CHALLENGES_PER_IP")]
    challenges_per_ip: Option<u32>,
    /// Entries into quick-pairing pools per minute per address (a minute's worth at once); 0:
    /// no limit [default: 20]. `qdan-bench pairing` turns it off for its own servers.
    #[arg(long, env = "QDAN_POOL_ENTRIES_PER_IP")]
    pool_entries_per_ip: Option<u32>,
    /// New open challenges per minute per player (a minute's worth at once; counted in the
    /// store, across a cluster, like the per-address ones); 0: no limit [default: 10].
    #[arg(long, env = "QDAN_CHALLENGES_PER_PLAYER")]
    challenges_per_player: Option<u32>,
    /// Entries into quick-pairing pools per minute per player (a minute's worth at once); 0:
    /// no limit [default: 20].
    #[arg(long, env = "QDAN_POOL_ENTRIES_PER_PLAYER")]
    pool_entries_per_player: Option<u32>,
    /// Seconds a player waits in a quick-pairing pool before the lobby offers a game against
    /// the CPU meanwhile [default: 30].
    #[arg(long, env = "QDAN_LOBBY_CPU_OFFER_AFTER")]
    lobby_cpu_offer_after: Option<u64>,
    /// Sockets one address may hold open at once on this node; 0: no limit [default: 100].
    #[arg(long, env = "QDAN_SOCKETS_PER_IP")]
    sockets_per_ip: Option<u32>,
    /// Connections one address may hold open at once on this node, WebSockets included
    /// (those of the --trusted-proxies are not counted); 0: no limit [default: 300].
    #[arg(long, env = "QDAN_CONNECTIONS_PER_IP")]
    connections_per_ip: Option<u32>,
    /// Seconds a request's header may take to arrive, and a kept-alive connection may wait
    /// for its next request [default: 10].
    #[arg(long, env = "QDAN_HEADER_READ_TIMEOUT")]
    header_read_timeout: Option<u64>,
    /// Seconds a request body may pause before the request is refused [default: 10].
    #[arg(long, env = "QDAN_BODY_READ_TIMEOUT")]
    body_read_timeout: Option<u64>,
    /// Hint searches one player may have running at once; 0: no limit [default: 1].
    #[arg(long, env = "QDAN_HINTS_PER_PLAYER")]
    hints_per_player: Option<u32>,
    /// Hint searches the players behind one address may have running at once; 0: no limit
    /// [default: 2].
    #[arg(long, env = "QDAN_HINTS_PER_IP")]
    hints_per_ip: Option<u32>,
    /// Reviews of finished games one address may have the server work out an hour (for
    /// browsers without WebAssembly; the page reviews on the device); 0: no limit [default: 30].
    #[arg(long, env = "QDAN_REVIEWS_PER_IP_HOUR")]
    reviews_per_ip_hour: Option<u32>,
    /// Requests one address may make a minute for the Musashi values only this server's tables
    /// know (`POST /api/musashi/values`, one per review of a Musashi game); 0: no limit
    /// [default: 30].
    #[arg(long, env = "QDAN_MUSASHI_VALUES_PER_IP_MINUTE")]
    musashi_values_per_ip_minute: Option<u32>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Durability {
    Process,
    Power,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        // Logs on standard error, as a service's diagnostics go.
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    // Every setting not given keeps the server's default, so there is one default per setting.
    let mut config = server::Config::default();
    if let Some(s) = a.away_grace {
        config.away_grace = Duration::from_secs(s);
    }
    if let Some(ms) = a.cpu_delay_ms {
        config.cpu_delay = Duration::from_millis(ms);
    }
    if let Some(s) = a.undo_wait {
        config.undo_wait_base = Duration::from_secs(s);
    }
    if let Some(r) = a.http_rate {
        config.http_rate = r;
    }
    if let Some(s) = a.table_idle {
        config.table_idle = Duration::from_secs(s);
    }
    if let Some(h) = a.group_expiry_hours {
        config.group_expiry = Duration::from_secs(h * 3600);
    }
    config.open_groups_per_player = a.open_groups_per_player.unwrap_or(config.open_groups_per_player);
    config.new_players_per_ip = a.new_players_per_ip.unwrap_or(config.new_players_per_ip);
    config.new_groups_per_ip = a.new_groups_per_ip.unwrap_or(config.new_groups_per_ip);
    config.lobby.challenges_per_ip = a.challenges_per_ip.unwrap_or(config.lobby.challenges_per_ip);
    config.lobby.pool_entries_per_ip = a.pool_entries_per_ip.unwrap_or(config.lobby.pool_entries_per_ip);
    config.lobby.challenges_per_player_minute =
        a.challenges_per_player.unwrap_or(config.lobby.challenges_per_player_minute);
    config.lobby.pool_entries_per_player = a.pool_entries_per_player.unwrap_or(config.lobby.pool_entries_per_player);
    if let Some(s) = a.lobby_cpu_offer_after {
        config.lobby.cpu_offer_after = Duration::from_secs(s);
    }
    config.sockets_per_ip = a.sockets_per_ip.unwrap_or(config.sockets_per_ip);
    config.hints_per_player = a.hints_per_player.unwrap_or(config.hints_per_player);
    config.hints_per_ip = a.hints_per_ip.unwrap_or(config.hints_per_ip);
    config.reviews_per_ip_hour = a.reviews_per_ip_hour.unwrap_or(config.reviews_per_ip_hour);
    config.musashi_values_per_ip_minute = a.musashi_values_per_ip_minute.unwrap_or(config.musashi_values_per_ip_minute);
    config.connections_per_ip = a.connections_per_ip.unwrap_or(config.connections_per_ip);
    if let Some(s) = a.header_read_timeout {
        config.header_read_timeout = Duration::from_secs(s);
    }
    if let Some(s) = a.body_read_timeout {
        config.body_read_timeout = Duration::from_secs(s);
    }
    config.durability = match a.durability {
        Durability::Process => server::store::Durability::Process,
        Durability::Power => server::store::Durability::Power,
    };
    config.trusted_proxies = a.trusted_proxies.reading(a.proxy_header);
    config.metrics_open = a.metrics_open;
    config.public_url = a.public_url.unwrap_or_else(|| server::PublicUrl::from_addr(a.addr));
    config.cluster = a.nats.map(|nats_url| server::cluster::ClusterConfig {
        nats_url,
        node: a.node,
        lease_ttl: Duration::from_millis(a.lease_ms),
    });
    if a.tables != "off" {
        // Until the tables are ready the CPU plays by search (Bagh-Chal's are only loaded).
        drop(ai::musashi::prepare_tables(a.tables.clone().into()));
        drop(ai::bagh_chal::prepare_tables(a.tables.into()));
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(server::serve(a.addr, &a.db, config))?;
    Ok(())
}
