//! A node joins a NATS server that asks for credentials, with them in the `--nats` URL
//! (`docs/deploy.md`, "Several nodes"): async-nats does not read them from the URL itself,
//! so before, every node was refused and NATS had to run open to anyone who reached it.
//! Skipped, with a message, when `nats-server` is not installed (`scripts/test` installs it).

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use server::cluster::{Cluster, ClusterConfig};

/// `nats-server` on a free loopback port with `auth` (its arguments), killed when dropped.
struct Nats(Child, SocketAddr);

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn nats(auth: &[&str]) -> Option<Nats> {
    let addr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let child = Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &addr.port().to_string()])
        .args(auth)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(child) = child else {
        eprintln!("nats-server is not installed: the NATS credentials test is skipped (scripts/test installs it)");
        return None;
    };
    let nats = Nats(child, addr);
    let t0 = Instant::now();
    while TcpStream::connect(addr).is_err() {
        assert!(t0.elapsed() < Duration::from_secs(10), "nats-server did not listen on {addr}");
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(nats)
}

async fn join(url: String) -> Result<(), String> {
    let config = ClusterConfig { nats_url: url, node: "n1".into(), lease_ttl: Duration::from_secs(5) };
    Cluster::connect(&config).await.map(drop).map_err(|e| e.to_string())
}

#[tokio::test]
async fn a_node_joins_with_the_credentials_in_its_nats_url() {
    // A user and a password with characters a URL must encode: "p@ss:w/rd".
    let Some(n) = nats(&["--user", "qdan", "--pass", "p@ss:w/rd"]) else { return };
    let at = n.1;
    join(format!("nats://qdan:p%40ss%3Aw%2Frd@{at}")).await.unwrap();
    // The check can fail: no credentials, or the wrong password, are refused.
    let refused = join(format!("nats://{at}")).await.unwrap_err();
    assert!(refused.contains("authorization"), "{refused}");
    assert!(join(format!("nats://qdan:wrong@{at}")).await.is_err());
    drop(n);

    // A token alone, where the user name goes.
    let Some(n) = nats(&["--auth", "t0ken"]) else { return };
    let at = n.1;
    join(format!("nats://t0ken@{at}")).await.unwrap();
    assert!(join(format!("nats://other@{at}")).await.is_err());
}
