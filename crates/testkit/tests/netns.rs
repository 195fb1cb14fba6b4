//! Hosts in network namespaces (`testkit::netns`): they reach each other, a cut blocks only
//! its pair, healing restores it, a pulled cable cuts a host from everyone, and dropping the
//! net leaves no namespace, interface or process behind, also after a panic. They belong to
//! the partition tests' long tier (root, `ip`, `nft`): they run only with
//! `QDAN_TEST_PARTITIONS=1` (otherwise each says so and returns), and then fail, saying why,
//! where a prerequisite is missing.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

use testkit::netns::{Host, Net, netns_exists};

const PORT: u16 = 7000;

/// Whether the long tier runs; says so when it does not.
fn long_tier() -> bool {
    if std::env::var("QDAN_TEST_PARTITIONS").is_ok_and(|v| v == "1") {
        return true;
    }
    eprintln!("network namespace tests are the partition tests' long tier: QDAN_TEST_PARTITIONS=1 runs them");
    false
}

/// A listener on `host`'s address that accepts (and drops) connections until the test ends.
fn listen(host: &Host) {
    let addr = SocketAddr::from((host.addr, PORT));
    let l = host.enter(|| TcpListener::bind(addr)).unwrap().unwrap();
    std::thread::spawn(move || for _ in l.incoming() {});
}

/// Whether `from` opens a TCP connection to `to` within half a second.
fn reaches(from: &Host, to: Ipv4Addr) -> bool {
    let addr = SocketAddr::from((to, PORT));
    from.enter(|| TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_ok()).unwrap()
}

/// Whether the root namespace (the test's clients) reaches `to`.
fn root_reaches(to: Ipv4Addr) -> bool {
    TcpStream::connect_timeout(&SocketAddr::from((to, PORT)), Duration::from_millis(500)).is_ok()
}

/// `check` holds within three seconds (a link that comes up takes a moment to carry).
fn soon(check: impl Fn() -> bool) -> bool {
    let until = Instant::now() + Duration::from_secs(3);
    loop {
        if check() {
            return true;
        }
        if Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn ping(from: &Host, to: Ipv4Addr) -> bool {
    from.command("ping")
        .args(["-c", "1", "-W", "1", &to.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn hosts_reach_each_other_and_a_cut_blocks_only_its_pair_until_healed() {
    if !long_tier() {
        return;
    }
    let mut net = Net::new().unwrap();
    let a = net.add_host("a").unwrap();
    let b = net.add_host("b").unwrap();
    let c = net.add_host("c").unwrap();
    for h in [&a, &b, &c] {
        listen(h);
    }
    assert!(soon(|| reaches(&a, b.addr) && reaches(&a, c.addr) && reaches(&b, c.addr)), "hosts on the bridge");
    assert!(root_reaches(b.addr), "the root namespace is on the bridge too");
    if std::process::Command::new("ping").arg("-V").output().is_ok() {
        assert!(ping(&a, b.addr), "a command run in a's namespace reaches b");
    }

    net.cut(&a, &b).unwrap();
    assert!(!reaches(&a, b.addr), "a cut from b");
    assert!(!reaches(&b, a.addr), "b cut from a: the cut goes both ways");
    assert!(reaches(&a, c.addr) && reaches(&c, a.addr), "a still reaches c");
    assert!(reaches(&b, c.addr) && reaches(&c, b.addr), "b still reaches c");
    assert!(root_reaches(a.addr) && root_reaches(b.addr));

    net.heal(&a, &b).unwrap();
    assert!(reaches(&a, b.addr) && reaches(&b, a.addr), "healed");

    net.link_down(&b).unwrap();
    assert!(!reaches(&a, b.addr) && !reaches(&c, b.addr) && !root_reaches(b.addr), "b cut from everyone");
    assert!(reaches(&a, c.addr), "the others still reach each other");
    net.link_up(&b).unwrap();
    assert!(soon(|| reaches(&a, b.addr) && reaches(&c, b.addr) && root_reaches(b.addr)), "b back");
}

#[test]
fn dropping_the_net_removes_its_namespaces_interfaces_and_processes() {
    if !long_tier() {
        return;
    }
    let mut net = Net::new().unwrap();
    let h = net.add_host("h").unwrap();
    let mut sleeper = h.command("sleep").arg("600").spawn().unwrap();
    let names = net.namespaces();
    let root_addr = net.root_addr();
    assert!(names.iter().all(|n| netns_exists(n)));
    drop(net);
    assert!(names.iter().all(|n| !netns_exists(n)), "left behind: {names:?}");
    let status = sleeper.wait().unwrap();
    assert!(!status.success(), "the process in the namespace was killed: {status}");
    let addrs = std::process::Command::new("ip").args(["-4", "-o", "addr"]).output().unwrap();
    let addrs = String::from_utf8_lossy(&addrs.stdout);
    assert!(!addrs.contains(&format!(" {root_addr}/")), "the root's leg is gone: {addrs}");
}

#[test]
fn a_panicking_test_leaves_no_namespace_behind() {
    if !long_tier() {
        return;
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let r = std::panic::catch_unwind(move || {
        let mut net = Net::new().unwrap();
        let h = net.add_host("h").unwrap();
        net.cut(&h, &h.clone()).unwrap();
        tx.send(net.namespaces()).unwrap();
        panic!("a test fails with the net up");
    });
    assert!(r.is_err());
    let names = rx.recv().unwrap();
    assert!(!names.is_empty() && names.iter().all(|n| !netns_exists(n)), "left behind: {names:?}");
}
