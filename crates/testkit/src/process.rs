//! A `qdan serve` child on a loopback port: started, waited for, killed (SIGKILL) and started
//! again on the same database.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::{KitError, Result};

/// A free loopback port (the OS's choice).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_or(0, |a| a.port())
}

/// Waits until `addr` accepts connections, or `child` exits, or `within` passes.
pub async fn wait_for_port(addr: SocketAddr, child: &mut Child, within: Duration) -> Result<()> {
    let deadline = Instant::now() + within;
    while tokio::net::TcpStream::connect(addr).await.is_err() {
        if let Some(status) = child.try_wait()? {
            return Err(KitError::Server(format!("the server exited: {status}")));
        }
        if Instant::now() > deadline {
            return Err(KitError::Timeout(format!("the server did not listen on {addr}")));
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    Ok(())
}

/// Signals a test sends a server (SIGKILL is [`Qdan::kill`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    /// Drain and exit.
    Term,
    /// Pause (as a stalled machine would).
    Stop,
    /// Resume after a pause.
    Cont,
}

/// A running `qdan serve`, killed when dropped.
#[derive(Debug)]
pub struct Qdan {
    child: Option<Child>,
    pub addr: SocketAddr,
    bin: PathBuf,
    args: Vec<OsString>,
    quiet: bool,
    /// Where its standard error goes (appended), if not inherited or dropped.
    log: Option<PathBuf>,
    /// The command it runs under, if any (`ip netns exec NS`: a node on a host of its own).
    prefix: Vec<OsString>,
}

impl Qdan {
    /// Starts `bin serve --addr ADDR ARGS...` on a free port; `quiet` drops its output.
    pub async fn start(bin: impl AsRef<Path>, args: &[&str], quiet: bool) -> Result<Qdan> {
        let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
        let mut q = Qdan {
            child: None,
            addr,
            bin: bin.as_ref().to_path_buf(),
            args: args.iter().map(OsString::from).collect(),
            quiet,
            log: None,
            prefix: vec![],
        };
        q.spawn().await?;
        Ok(q)
    }

    /// [`Qdan::start`] with its standard error appended to `log` (what it said, for a test
    /// to read: refused writes, drains).
    pub async fn start_logged(bin: impl AsRef<Path>, args: &[&str], log: &Path) -> Result<Qdan> {
        let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
        let mut q = Qdan {
            child: None,
            addr,
            bin: bin.as_ref().to_path_buf(),
            args: args.iter().map(OsString::from).collect(),
            quiet: true,
            log: Some(log.to_path_buf()),
            prefix: vec![],
        };
        q.spawn().await?;
        Ok(q)
    }

    /// [`Qdan::start_logged`] on `addr`, run under `prefix` (`["ip", "netns", "exec", NS]`:
    /// a node on a host of its own, `testkit::netns`).
    pub async fn start_under(
        prefix: &[&str],
        addr: SocketAddr,
        bin: impl AsRef<Path>,
        args: &[&str],
        log: &Path,
    ) -> Result<Qdan> {
        let mut q = Qdan {
            child: None,
            addr,
            bin: bin.as_ref().to_path_buf(),
            args: args.iter().map(OsString::from).collect(),
            quiet: true,
            log: Some(log.to_path_buf()),
            prefix: prefix.iter().map(OsString::from).collect(),
        };
        q.spawn().await?;
        Ok(q)
    }

    async fn spawn(&mut self) -> Result<()> {
        let mut cmd = match self.prefix.split_first() {
            Some((program, rest)) => {
                let mut c = Command::new(program);
                c.args(rest).arg(&self.bin);
                c
            }
            None => Command::new(&self.bin),
        };
        cmd.arg("serve").arg("--addr").arg(self.addr.to_string()).args(&self.args).env("RUST_LOG", "warn");
        cmd.stdout(Stdio::null());
        if let Some(log) = &self.log {
            cmd.stderr(std::fs::OpenOptions::new().create(true).append(true).open(log)?);
        } else if self.quiet {
            cmd.stderr(Stdio::null());
        }
        let mut child = cmd.spawn()?;
        if let Err(e) = wait_for_port(self.addr, &mut child, Duration::from_secs(30)).await {
            // Say why, when the server said it.
            let said = self.log.as_ref().and_then(|l| std::fs::read_to_string(l).ok()).unwrap_or_default();
            let tail: Vec<&str> = said.lines().rev().take(5).collect();
            return Err(KitError::Server(format!(
                "{e}; it said: {}",
                tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
            )));
        }
        self.child = Some(child);
        Ok(())
    }

    /// The process id (none while stopped).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            // Already gone is fine: either way it is not running now.
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Sends `signal` to the process.
    pub fn signal(&self, signal: Signal) {
        let sig = match signal {
            Signal::Term => libc::SIGTERM,
            Signal::Stop => libc::SIGSTOP,
            Signal::Cont => libc::SIGCONT,
        };
        if let Some(pid) = self.pid() {
            // SAFETY: kill(2) with a pid we started and a plain signal number.
            unsafe { libc::kill(pid as i32, sig) };
        }
    }

    /// Waits for the process to exit by itself (after SIGTERM), at most `within`.
    pub async fn wait_exit(&mut self, within: Duration) -> Result<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            let Some(c) = self.child.as_mut() else { return Err(KitError::Server("not running".into())) };
            if let Some(status) = c.try_wait()? {
                self.child = None;
                return Ok(status);
            }
            if Instant::now() > deadline {
                return Err(KitError::Timeout("the server did not exit".into()));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Starts it again with the same arguments and port.
    pub async fn restart(&mut self) -> Result<()> {
        self.kill();
        self.spawn().await
    }

    /// `http://ADDR`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Qdan {
    fn drop(&mut self) {
        self.kill();
    }
}
