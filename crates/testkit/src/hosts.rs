//! The cluster as separate hosts on one machine (issue 39): PostgreSQL, NATS, three
//! `qdan serve` nodes and HAProxy, each in a network namespace of its own on one bridge
//! ([`crate::netns`]), so that a test can cut the link between any two of them. The test's
//! clients reach HAProxy from the root namespace, as visitors from outside would.
//!
//! PostgreSQL is a server of its own (`initdb` in a temporary directory, run as the
//! `postgres` user inside its namespace, listening on its host's address), stopped when
//! dropped; everything else is stopped by its own drop, and the net last.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::netns::{Host, Net};
use crate::{KitError, Qdan, Result, infra};

/// A PostgreSQL server on a host of its own; stopped (`-m immediate`) when dropped.
#[derive(Debug)]
pub struct Postgres {
    host: Host,
    bin: PathBuf,
    data: PathBuf,
    /// `postgres://postgres@ADDR:5432/postgres`.
    pub url: String,
}

/// The newest PostgreSQL server programs installed (Debian's layout).
fn pg_bin() -> Result<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|e| KitError::Net(format!("PostgreSQL is not installed (apt-get install postgresql): {e}")))?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|b| b.join("initdb").exists())
        .collect();
    dirs.sort_by_key(|d| {
        d.parent().and_then(|v| v.file_name()).and_then(|v| v.to_str()).and_then(|v| v.parse::<u32>().ok())
    });
    dirs.pop().ok_or_else(|| KitError::Net("no initdb under /usr/lib/postgresql (apt-get install postgresql)".into()))
}

/// Runs a PostgreSQL program as the `postgres` user inside `host`'s namespace.
fn as_postgres(host: &Host, program: &Path, args: &[&str]) -> Result<()> {
    let out =
        host.command("runuser").args(["-u", "postgres", "--"]).arg(program).args(args).stdin(Stdio::null()).output()?;
    if !out.status.success() {
        return Err(KitError::Net(format!(
            "{} {}: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}

impl Postgres {
    /// A fresh server in `dir` (made the `postgres` user's), listening on `host`'s address
    /// and trusting the bridge's subnet.
    pub fn start(host: &Host, dir: &Path) -> Result<Postgres> {
        let bin = pg_bin()?;
        let chown = Command::new("chown").args(["-R", "postgres"]).arg(dir).status()?;
        if !chown.success() {
            return Err(KitError::Net(format!("chown postgres {}", dir.display())));
        }
        let data = dir.join("data");
        let data_s = data.to_string_lossy().into_owned();
        as_postgres(host, &bin.join("initdb"), &["-D", &data_s, "-A", "trust", "-U", "postgres"])?;
        let [a, b, c, _] = host.addr.octets();
        let hba = format!("host all all {a}.{b}.{c}.0/24 trust\n");
        std::fs::OpenOptions::new().append(true).open(data.join("pg_hba.conf"))?.write_all(hba.as_bytes())?;
        let pg =
            Postgres { host: host.clone(), bin, data, url: format!("postgres://postgres@{}:5432/postgres", host.addr) };
        let opts = format!(
            "-p 5432 -k {} -c listen_addresses={} -c fsync=off -c max_connections=200",
            dir.display(),
            host.addr
        );
        let log = dir.join("postgres.log").to_string_lossy().into_owned();
        as_postgres(host, &pg.bin.join("pg_ctl"), &["-D", &data_s, "-l", &log, "-w", "-o", &opts, "start"])?;
        Ok(pg)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data.to_string_lossy().into_owned();
        // Already stopped is fine; the net's drop kills whatever is left in the namespace.
        let _ = as_postgres(&self.host, &self.bin.join("pg_ctl"), &["-D", &data, "-m", "immediate", "stop"]);
    }
}

/// PostgreSQL, NATS, the nodes and HAProxy, each on a host of its own. Fields drop in order:
/// the processes first, the net (and whatever is left in it) last.
#[derive(Debug)]
pub struct Cluster {
    pub balancer: infra::Daemon,
    pub nodes: Vec<Qdan>,
    /// Each node's standard error.
    pub logs: Vec<PathBuf>,
    pub nats: infra::Daemon,
    pub postgres: Postgres,
    /// The hosts: `pg`, `nats`, `n1`.. and `lb`.
    pub pg_host: Host,
    pub nats_host: Host,
    pub node_hosts: Vec<Host>,
    pub lb_host: Host,
    /// HAProxy's address, where clients connect.
    pub front: SocketAddr,
    /// The database the nodes share.
    pub db: String,
    pub dir: tempfile::TempDir,
    pub net: Net,
}

/// Node `i` (`nI`) of `bin` on `host`, port 8080, its standard error appended to `log`.
#[allow(clippy::too_many_arguments)]
async fn start_node(
    host: &Host,
    i: usize,
    bin: &Path,
    db: &str,
    nats_url: &str,
    lb_host: &Host,
    args: &[&str],
    log: &Path,
) -> Result<Qdan> {
    let (node, lb) = (format!("n{}", i + 1), lb_host.addr.to_string());
    let base = ["--db", db, "--nats", nats_url, "--node", &node, "--trusted-proxies", &lb];
    let all = [&base[..], args].concat();
    let prefix = ["ip", "netns", "exec", host.ns.as_str()];
    Qdan::start_under(&prefix, SocketAddr::from((host.addr, 8080)), bin, &all, log).await
}

impl Cluster {
    /// Replaces node `i` by a node of `bin` with `args` on the same host and address (its log
    /// goes on in the same file): a node of another version in a rolling upgrade. The node
    /// there before is killed if it still runs: drain it first (SIGTERM) to hand its tables
    /// over.
    pub async fn replace_node(&mut self, i: usize, bin: &Path, args: &[&str]) -> Result<()> {
        self.nodes[i].kill();
        let nats_url = format!("nats://{}", self.nats.addr);
        let node = start_node(&self.node_hosts[i], i, bin, &self.db, &nats_url, &self.lb_host, args, &self.logs[i]);
        self.nodes[i] = node.await?;
        Ok(())
    }

    /// `nodes` nodes of `bin` (`qdan serve --addr HOST:8080 --db ... --nats ... --node nI
    /// --trusted-proxies LB ARGS...`) behind HAProxy (`deploy/haproxy.cfg`) on port 8080.
    pub async fn start(bin: &Path, nodes: usize, args: &[&str]) -> Result<Cluster> {
        let mut net = Net::new()?;
        let dir = tempfile::tempdir()?;
        let pg_host = net.add_host("pg")?;
        let nats_host = net.add_host("nats")?;
        let node_hosts: Vec<Host> = (1..=nodes).map(|i| net.add_host(&format!("n{i}"))).collect::<Result<_>>()?;
        let lb_host = net.add_host("lb")?;
        // The `postgres` user reaches its directory through this one.
        std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755))?;
        let pg_dir = dir.path().join("pg");
        std::fs::create_dir(&pg_dir)?;
        let postgres = tokio::task::block_in_place(|| Postgres::start(&pg_host, &pg_dir))?;
        let db = postgres.url.clone();
        let nats_addr = SocketAddr::from((nats_host.addr, 4222));
        let mut cmd = nats_host.command("nats-server");
        cmd.args(["-a", &nats_host.addr.to_string(), "-p", "4222"]);
        let nats = infra::daemon(cmd, nats_addr).await?;
        let nats_url = format!("nats://{nats_addr}");
        let mut qdans = vec![];
        let mut logs = vec![];
        for (i, h) in node_hosts.iter().enumerate() {
            let log = dir.path().join(format!("n{}.log", i + 1));
            qdans.push(start_node(h, i, bin, &db, &nats_url, &lb_host, args, &log).await?);
            logs.push(log);
        }
        let front = SocketAddr::from((lb_host.addr, 8080));
        let cfg = dir.path().join("haproxy.cfg");
        let addrs: Vec<SocketAddr> = qdans.iter().map(|q| q.addr).collect();
        std::fs::write(&cfg, infra::haproxy_config(front, &addrs)?)?;
        let mut cmd = lb_host.command("haproxy");
        cmd.arg("-db").arg("-f").arg(&cfg);
        let balancer = infra::daemon(cmd, front).await?;
        Ok(Cluster {
            balancer,
            nodes: qdans,
            logs,
            nats,
            postgres,
            pg_host,
            nats_host,
            node_hosts,
            lb_host,
            front,
            db,
            dir,
            net,
        })
    }
}
