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
    /// Seconds a dropped connection may stay away before the CPU plays for the seat.
    #[arg(long, env = "QDAN_AWAY_GRACE", default_value_t = 10)]
    away_grace: u64,
    /// Least milliseconds the CPU opponent takes per move.
    #[arg(long, env = "QDAN_CPU_DELAY_MS", default_value_t = 400)]
    cpu_delay_ms: u64,
    /// Seconds of the first wait after a declined undo request (it doubles each time).
    #[arg(long, env = "QDAN_UNDO_WAIT", default_value_t = 10)]
    undo_wait: u64,
    /// Folder for the Juroku Musashi tables (built in the background on first use), or `off`.
    #[arg(long, env = "QDAN_TABLES", default_value = "tablebases")]
    tables: String,
    /// HTTP requests per second allowed per IP address (socket opens count too). Keep the
    /// default on a public site; `qdan bench load` raises it for its own server child.
    #[arg(long, env = "QDAN_HTTP_RATE", default_value_t = 20.0)]
    http_rate: f64,
    /// Reverse proxies in front of the site, comma-separated addresses or networks
    /// (`127.0.0.1,10.0.0.0/8`): their forwarding header names the client for the per-IP
    /// limits. Leave empty when clients connect directly, or anyone could pick an address.
    #[arg(long, env = "QDAN_TRUSTED_PROXIES", default_value = "")]
    trusted_proxies: server::client_ip::TrustedProxies,
    /// The header those proxies append the client to: `x-forwarded-for`, or `forwarded`
    /// (RFC 7239). Only this one is read; the other may come from the client.
    #[arg(long, env = "QDAN_PROXY_HEADER", default_value = "x-forwarded-for")]
    proxy_header: server::client_ip::ProxyHeader,
    /// The site's public base URL (`https://qdan.example`), from which canonical links, hreflang
    /// alternates, the sitemap and share cards are built. Default: the listen address.
    #[arg(long, env = "QDAN_PUBLIC_URL")]
    public_url: Option<server::PublicUrl>,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .init();
    let config = server::Config {
        away_grace: Duration::from_secs(a.away_grace),
        cpu_delay: Duration::from_millis(a.cpu_delay_ms),
        undo_wait_base: Duration::from_secs(a.undo_wait),
        http_rate: a.http_rate,
        trusted_proxies: a.trusted_proxies.reading(a.proxy_header),
        public_url: a.public_url.unwrap_or_else(|| server::PublicUrl::from_addr(a.addr)),
        ..server::Config::default()
    };
    if a.tables != "off" {
        // Until the tables are ready the CPU plays Musashi by search.
        drop(ai::musashi::prepare_tables(a.tables.into()));
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(server::serve(a.addr, &a.db, config))?;
    Ok(())
}
