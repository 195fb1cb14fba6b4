//! The distributed parts a cluster test starts for itself, on loopback ports: a NATS server,
//! HAProxy from `deploy/haproxy.cfg`, and a fresh database on the PostgreSQL that
//! `scripts/test` runs. Each is stopped when dropped.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::{KitError, Result, free_port, wait_for_port};

/// The balancer's configuration, with the public address and the nodes filled in: the one
/// shipped in `deploy/haproxy.cfg`, or the file `QDAN_TEST_HAPROXY_CFG` names (to check that a
/// test fails against a copy of it without one of its settings).
pub fn haproxy_config(front: SocketAddr, nodes: &[SocketAddr]) -> Result<String> {
    let servers: Vec<String> =
        nodes.iter().enumerate().map(|(i, a)| format!("    server n{} {a} check", i + 1)).collect();
    let template = match std::env::var_os("QDAN_TEST_HAPROXY_CFG").filter(|p| !p.is_empty()) {
        Some(path) => std::fs::read_to_string(path)?,
        None => include_str!("../../../deploy/haproxy.cfg").to_string(),
    };
    Ok(template.replace("@FRONT@", &front.to_string()).replace("@SERVERS@", &servers.join("\n")))
}

/// Whether `program` can be run (it is on the PATH).
pub fn installed(program: &str) -> bool {
    Command::new(program).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
        || Command::new(program).arg("-v").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
}

/// A child process killed when dropped.
#[derive(Debug)]
pub struct Daemon {
    child: Child,
    pub addr: SocketAddr,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        // Gone already is fine.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Daemon {
    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// `nats-server` on a free loopback port.
pub async fn nats() -> Result<Daemon> {
    nats_on(SocketAddr::from(([127, 0, 0, 1], free_port()))).await
}

/// `nats-server` on `addr` (to start it again where it was).
pub async fn nats_on(addr: SocketAddr) -> Result<Daemon> {
    let mut child = Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &addr.port().to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    wait_for_port(addr, &mut child, Duration::from_secs(10)).await?;
    Ok(Daemon { child, addr })
}

/// `cmd` started (its output dropped) and waited for until it listens on `addr`: a daemon on
/// a host of its own (`testkit::netns::Host::command`).
pub async fn daemon(mut cmd: Command, addr: SocketAddr) -> Result<Daemon> {
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::null()).spawn()?;
    wait_for_port(addr, &mut child, Duration::from_secs(10)).await?;
    Ok(Daemon { child, addr })
}

/// HAProxy on a free loopback port in front of `nodes`, its configuration written in `dir`.
pub async fn haproxy(dir: &Path, nodes: &[SocketAddr]) -> Result<Daemon> {
    haproxy_on(dir, SocketAddr::from(([127, 0, 0, 1], free_port())), nodes).await
}

/// HAProxy on `addr` (to start it again where it was).
pub async fn haproxy_on(dir: &Path, addr: SocketAddr, nodes: &[SocketAddr]) -> Result<Daemon> {
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, haproxy_config(addr, nodes)?)?;
    let mut child =
        Command::new("haproxy").arg("-db").arg("-f").arg(&cfg).stdout(Stdio::null()).stderr(Stdio::null()).spawn()?;
    wait_for_port(addr, &mut child, Duration::from_secs(10)).await?;
    Ok(Daemon { child, addr })
}

/// A new, empty database on the PostgreSQL server at `base` (`postgres://user@host:port/db`);
/// returns its URL.
pub fn fresh_database(base: &str, name: &str) -> Result<String> {
    let (prefix, _) = base.rsplit_once('/').ok_or_else(|| KitError::Server(format!("not a database URL: {base}")))?;
    let status = Command::new("psql").arg(base).args(["-qc", &format!("CREATE DATABASE {name}")]).status()?;
    if !status.success() {
        return Err(KitError::Server(format!("psql could not create {name}")));
    }
    Ok(format!("{prefix}/{name}"))
}

/// Restarts the PostgreSQL server that `scripts/test` runs (`pg_ctl restart -m fast`: every
/// connection is cut, the server is down for a moment), when `QDAN_TEST_PG_BIN` and
/// `QDAN_TEST_PG_DATA` say where it is; returns how long the restart took, or `None` when
/// the test was not told. As root, `pg_ctl` runs as the `postgres` user, as it requires.
pub fn restart_postgres() -> Result<Option<Duration>> {
    let (Ok(bin), Ok(data)) = (std::env::var("QDAN_TEST_PG_BIN"), std::env::var("QDAN_TEST_PG_DATA")) else {
        return Ok(None);
    };
    let pg_ctl = Path::new(&bin).join("pg_ctl");
    let as_root = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    let mut cmd = if as_root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(&pg_ctl);
        c
    } else {
        Command::new(&pg_ctl)
    };
    let t0 = std::time::Instant::now();
    let status = cmd.args(["-D", &data, "-m", "fast", "-w", "restart"]).stdout(Stdio::null()).status()?;
    if !status.success() {
        return Err(KitError::Server(format!("pg_ctl restart failed: {status}")));
    }
    Ok(Some(t0.elapsed()))
}
