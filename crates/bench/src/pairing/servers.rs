//! The `qdan serve` processes a pairing run starts: one on a fresh SQLite file, or several on
//! a fresh PostgreSQL database joined by a NATS server (as `crates/qdan/tests/cluster.rs`
//! starts them), every per-address limit off.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};
use testkit::{Api, Qdan, infra};

use super::Args;

/// Every simulated player comes from this machine: no per-address bounds, for benchmarks only.
const NO_PER_IP: &[&str] = &[
    "--http-rate",
    "1000000000",
    "--new-players-per-ip",
    "0",
    "--pool-entries-per-ip",
    "0",
    "--sockets-per-ip",
    "0",
    "--connections-per-ip",
    "0",
    "--tables",
    "off",
];

pub struct Servers {
    pub addrs: Vec<SocketAddr>,
    pub apis: Vec<Api>,
    nodes: Vec<Qdan>,
    _nats: Option<infra::Daemon>,
    dir: PathBuf,
}

impl Servers {
    pub fn pids(&self) -> Vec<u32> {
        self.nodes.iter().filter_map(Qdan::pid).collect()
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        for n in &mut self.nodes {
            n.kill();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub async fn start(a: &Args) -> anyhow::Result<Servers> {
    let bin = match &a.bin {
        Some(b) => b.clone(),
        None => std::env::current_exe()?.with_file_name("qdan"),
    };
    let dir = std::env::temp_dir().join(format!("qdan-bench-pairing-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut servers = Servers { addrs: vec![], apis: vec![], nodes: vec![], _nats: None, dir: dir.clone() };
    if a.nodes == 1 {
        let db = format!("sqlite://{}", dir.join("qdan.db").display());
        let args = [&["--db", db.as_str()], NO_PER_IP].concat();
        servers
            .nodes
            .push(Qdan::start(&bin, &args, true).await.with_context(|| format!("starting {}", bin.display()))?);
    } else {
        let Some(base) = &a.postgres else { bail!("--nodes {} needs --postgres (or QDAN_TEST_POSTGRES)", a.nodes) };
        let db = infra::fresh_database(base, &format!("qdan_pairing_{}", rand::random::<u32>()))?;
        let nats = infra::nats().await.context("starting nats-server")?;
        let nats_url = format!("nats://{}", nats.addr);
        servers._nats = Some(nats);
        for i in 1..=a.nodes {
            let node = format!("n{i}");
            let args =
                [&["--db", db.as_str(), "--nats", nats_url.as_str(), "--node", node.as_str()], NO_PER_IP].concat();
            let q = Qdan::start(&bin, &args, true).await.with_context(|| format!("starting node {i}"))?;
            servers.nodes.push(q);
        }
    }
    for q in &servers.nodes {
        servers.addrs.push(q.addr);
        servers.apis.push(Api::new(format!("http://{}", q.addr)));
    }
    eprintln!("bench pairing: {} node(s) on {:?}", servers.nodes.len(), servers.addrs);
    Ok(servers)
}
