//! Hosts on one machine, each in a Linux network namespace of its own (issue 39): a bridge in
//! a namespace of its own, one namespace per host joined to it by a veth pair, each host with
//! an address `10.77.X.N/24`, and the root namespace on the bridge too (`10.77.X.254`) so the
//! test process reaches every host as a client on another machine would. Faults: one link cut
//! between two hosts (nftables drop rules in one host's namespace, a table of our own per
//! peer, removed on heal), and a host's cable pulled (its veth down, up again to heal; a
//! flapping link is that in a loop).
//!
//! Everything is named after a random run id, so two runs on one machine never share a
//! namespace, an interface or a subnet (`X` is a third octet no interface of the root
//! namespace uses yet), and everything is removed when the [`Net`] is dropped, also while a
//! panicking test unwinds: the processes left in its namespaces are killed first (a namespace
//! lives on while a process holds it). Needs root, `ip` and `nft`; without them [`Net::new`]
//! fails and says why (a test of this tier never skips).

use std::net::Ipv4Addr;
use std::process::{Command, Stdio};

use crate::{KitError, Result};

/// The root namespace's host number on the bridge.
const ROOT_HOST: u8 = 254;

/// A bridge, the hosts on it, and the root namespace's leg.
#[derive(Debug)]
pub struct Net {
    /// The run's id, in every name this net makes.
    id: String,
    /// The bridge's namespace.
    bridge_ns: String,
    /// The third octet of the subnet.
    octet: u8,
    /// The root namespace's veth (its peer is on the bridge).
    root_veth: String,
    hosts: Vec<Host>,
}

/// A host: a namespace with one interface (`eth0`) on the bridge.
#[derive(Debug, Clone)]
pub struct Host {
    /// Its name in the test ("pg", "n1", ...).
    pub name: String,
    /// The namespace (`ip netns` name).
    pub ns: String,
    pub addr: Ipv4Addr,
    /// Its veth's end on the bridge, in the bridge's namespace.
    bridge_end: String,
}

/// Runs `ip ARGS...` (or another program), failing with what it said.
fn run(program: &str, args: &[&str]) -> Result<()> {
    let out = Command::new(program).args(args).stdin(Stdio::null()).output()?;
    if !out.status.success() {
        return Err(KitError::Net(format!(
            "{program} {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}

/// What keeps this tier from running here, if anything.
pub fn missing_prerequisite() -> Option<String> {
    // SAFETY: geteuid(2) has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Some("network namespaces need root (run the test as root)".into());
    }
    for (program, package) in [("ip", "iproute2"), ("nft", "nftables")] {
        if Command::new(program).arg("-V").stdout(Stdio::null()).stderr(Stdio::null()).status().is_err() {
            return Some(format!("`{program}` is not installed (apt-get install {package})"));
        }
    }
    None
}

/// A third octet for `10.77.X.0/24` that no interface of the root namespace has yet.
fn free_octet() -> Result<u8> {
    let out = Command::new("ip").args(["-4", "-o", "addr", "show"]).output()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let start: u8 = rand::random();
    (0..=255u8)
        .map(|i| start.wrapping_add(i))
        .find(|x| !text.contains(&format!(" 10.77.{x}.")))
        .ok_or_else(|| KitError::Net("every 10.77.X.0/24 is taken".into()))
}

impl Net {
    /// An empty bridge with the root namespace on it.
    pub fn new() -> Result<Net> {
        if let Some(why) = missing_prerequisite() {
            return Err(KitError::Net(why));
        }
        let id = format!("{:06x}", rand::random::<u32>() & 0xff_ffff);
        let octet = free_octet()?;
        let net = Net { bridge_ns: format!("qd{id}-br"), root_veth: format!("qd{id}r"), id, octet, hosts: vec![] };
        // From here on, Drop removes whatever was made, even when a step fails.
        run("ip", &["netns", "add", &net.bridge_ns])?;
        let br = net.bridge_ns.as_str();
        run("ip", &["-n", br, "link", "add", "br0", "type", "bridge"])?;
        run("ip", &["-n", br, "link", "set", "br0", "up"])?;
        run("ip", &["-n", br, "link", "set", "lo", "up"])?;
        run("ip", &["link", "add", &net.root_veth, "type", "veth", "peer", "name", "vroot", "netns", br])?;
        run("ip", &["-n", br, "link", "set", "vroot", "master", "br0", "up"])?;
        let cidr = format!("{}/24", net.addr(ROOT_HOST));
        run("ip", &["addr", "add", &cidr, "dev", &net.root_veth])?;
        run("ip", &["link", "set", &net.root_veth, "up"])?;
        Ok(net)
    }

    /// `10.77.X.n`.
    fn addr(&self, n: u8) -> Ipv4Addr {
        Ipv4Addr::new(10, 77, self.octet, n)
    }

    /// The root namespace's address on the bridge (where the test's clients come from).
    pub fn root_addr(&self) -> Ipv4Addr {
        self.addr(ROOT_HOST)
    }

    /// A new host on the bridge, with the next address (`10.77.X.1`, `.2`, ...).
    pub fn add_host(&mut self, name: &str) -> Result<Host> {
        let n = u8::try_from(self.hosts.len() + 1)
            .ok()
            .filter(|&n| n < ROOT_HOST)
            .ok_or_else(|| KitError::Net("too many hosts on one bridge".into()))?;
        let host = Host {
            name: name.to_string(),
            ns: format!("qd{}-{n}", self.id),
            addr: self.addr(n),
            bridge_end: format!("v{n}"),
        };
        run("ip", &["netns", "add", &host.ns])?;
        // Pushed at once so that Drop removes the namespace even if the rest fails.
        self.hosts.push(host.clone());
        let br = self.bridge_ns.as_str();
        run(
            "ip",
            &["-n", br, "link", "add", &host.bridge_end, "type", "veth", "peer", "name", "eth0", "netns", &host.ns],
        )?;
        run("ip", &["-n", br, "link", "set", &host.bridge_end, "master", "br0", "up"])?;
        let cidr = format!("{}/24", host.addr);
        run("ip", &["-n", &host.ns, "addr", "add", &cidr, "dev", "eth0"])?;
        run("ip", &["-n", &host.ns, "link", "set", "eth0", "up"])?;
        run("ip", &["-n", &host.ns, "link", "set", "lo", "up"])?;
        Ok(host)
    }

    /// The hosts made so far.
    pub fn hosts(&self) -> &[Host] {
        &self.hosts
    }

    /// Cuts the link between `a` and `b` both ways (drop rules in `a`'s namespace): packets
    /// between them vanish, as across a broken switch port; each still reaches every other
    /// host. Connections already open hang until their own timeouts, as they would.
    pub fn cut(&self, a: &Host, b: &Host) -> Result<()> {
        let table = cut_table(b);
        let peer = b.addr.to_string();
        let rules = format!(
            "table inet {table} {{\n\
             chain input {{ type filter hook input priority -10; policy accept; ip saddr {peer} drop; }}\n\
             chain output {{ type filter hook output priority -10; policy accept; ip daddr {peer} drop; }}\n\
             }}\n"
        );
        nft(&a.ns, &rules)
    }

    /// Undoes [`Net::cut`] of the same pair (removes the table the cut made).
    pub fn heal(&self, a: &Host, b: &Host) -> Result<()> {
        run("ip", &["netns", "exec", &a.ns, "nft", "delete", "table", "inet", &cut_table(b)])
    }

    /// Pulls `host`'s cable (its veth's end on the bridge goes down): cut from everyone.
    pub fn link_down(&self, host: &Host) -> Result<()> {
        run("ip", &["-n", &self.bridge_ns, "link", "set", &host.bridge_end, "down"])
    }

    /// Plugs `host`'s cable back in.
    pub fn link_up(&self, host: &Host) -> Result<()> {
        run("ip", &["-n", &self.bridge_ns, "link", "set", &host.bridge_end, "up"])
    }

    /// The names of this net's namespaces (all start with `qd<id>-`).
    pub fn namespaces(&self) -> Vec<String> {
        std::iter::once(self.bridge_ns.clone()).chain(self.hosts.iter().map(|h| h.ns.clone())).collect()
    }
}

/// The nftables table that cuts a host's namespace from `peer`.
fn cut_table(peer: &Host) -> String {
    format!("qdan_cut_{}", peer.addr.octets()[3])
}

/// Loads an nftables ruleset into namespace `ns`.
fn nft(ns: &str, rules: &str) -> Result<()> {
    use std::io::Write;
    let mut child = Command::new("ip")
        .args(["netns", "exec", ns, "nft", "-f", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    child.stdin.take().expect("piped").write_all(rules.as_bytes())?;
    let out = child.wait_with_output()?;
    if !out.status.success() {
        return Err(KitError::Net(format!("nft in {ns}: {}", String::from_utf8_lossy(&out.stderr).trim())));
    }
    Ok(())
}

impl Host {
    /// `program` to be run inside this host's namespace (`ip netns exec NS program`: the
    /// child's process id is the program's own).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", &self.ns]).arg(program);
        c
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        // Best effort throughout: whatever is already gone is fine.
        for ns in self.namespaces() {
            // The processes a test left in its own namespaces, killed by their ids.
            let pids = Command::new("ip").args(["netns", "pids", &ns]).output();
            for pid in
                pids.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default().split_whitespace()
            {
                if let Ok(pid) = pid.parse::<i32>() {
                    // SAFETY: kill(2) with a process id that lives in a namespace of ours.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
        }
        // Removing the bridge's namespace takes every veth pair (and the root's leg) with it.
        let _ = run("ip", &["link", "del", &self.root_veth]);
        for ns in self.namespaces() {
            // A killed process may take a moment to let go of its namespace.
            for _ in 0..50 {
                if run("ip", &["netns", "del", &ns]).is_ok() || !netns_exists(&ns) {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        }
    }
}

/// Whether namespace `ns` exists.
pub fn netns_exists(ns: &str) -> bool {
    Command::new("ip")
        .args(["netns", "list"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.split_whitespace().next() == Some(ns)))
        .unwrap_or(false)
}

impl Host {
    /// Runs `f` on a thread inside this host's namespace: sockets it opens stay there (a test
    /// listens or connects as the host, with no program of its own).
    pub fn enter<T: Send>(&self, f: impl FnOnce() -> T + Send) -> Result<T> {
        let file = std::fs::File::open(format!("/run/netns/{}", self.ns))?;
        std::thread::scope(|s| {
            s.spawn(|| {
                use std::os::fd::AsRawFd;
                // SAFETY: setns(2) on a namespace file we opened; it changes only this thread.
                if unsafe { libc::setns(file.as_raw_fd(), libc::CLONE_NEWNET) } != 0 {
                    return Err(KitError::Net(format!("setns {}: {}", self.ns, std::io::Error::last_os_error())));
                }
                Ok(f())
            })
            .join()
            .map_err(|_| KitError::Net(format!("a thread in {} panicked", self.ns)))?
        })
    }
}
