//! The smaller gaps a hostile client found after the connection limits (`hostile.rs`): pages
//! and invite look-ups outside the per-address limit, missing security headers, WebSocket
//! pings and bad frames, bodies parsed before the token was checked, and names that hide
//! themselves or reverse the text around them.

#[path = "common/mod.rs"]
mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use common::{TestServer, fast_config};

/// A GET from `from`: its status.
async fn status_from(from: [u8; 4], addr: SocketAddr, path: &str) -> u16 {
    let http = reqwest::Client::builder().local_address(IpAddr::from(from)).build().unwrap();
    http.get(format!("http://{addr}{path}")).send().await.unwrap().status().as_u16()
}

/// Pages and invite-code look-ups count toward the address's rate, and the limit runs before
/// the look-up; static files do not count, and another address is still served.
#[tokio::test]
async fn pages_and_invite_look_ups_are_rate_limited_before_the_look_up() {
    let s = TestServer::start_with(server::Config { http_rate: 2.0, ..fast_config() }, None).await;
    let me = [127, 0, 0, 1];
    let mut refused = 0;
    for _ in 0..20 {
        if status_from(me, s.addr, "/en/leaderboard").await == 429 {
            refused += 1;
        }
    }
    assert!(refused >= 10, "only {refused} of 20 leaderboard pages refused at 2/s, burst 4");
    // Over its rate, an unknown typed invite code is refused before it is looked up (it was
    // answered with the 404 page, after store look-ups).
    assert_eq!(status_from(me, s.addr, "/en/g/zzzz-zzzz-zzzz").await, 429);
    assert_eq!(status_from(me, s.addr, "/api/groups/zzzz-zzzz-zzzz").await, 429);
    // Static files stay free.
    assert_eq!(status_from(me, s.addr, "/static/style.css").await, 200);
    assert_eq!(status_from(me, s.addr, "/favicon.ico").await, 200);
    assert_eq!(status_from([127, 0, 0, 2], s.addr, "/en/leaderboard").await, 200);
}

#[tokio::test]
async fn hsts_over_https_and_a_permissions_policy() {
    let https = server::Config { public_url: "https://qdan.example".parse().unwrap(), ..fast_config() };
    let s = TestServer::start_with(https, None).await;
    let r = s.http.get(s.url("/en/")).send().await.unwrap();
    let hsts = r.headers().get("strict-transport-security").map(|v| v.to_str().unwrap().to_string());
    assert!(hsts.as_deref().is_some_and(|v| v.starts_with("max-age=")), "{hsts:?}");
    let policy = r.headers().get("permissions-policy").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    for off in ["camera=()", "microphone=()", "geolocation=()"] {
        assert!(policy.contains(off), "{off} in {policy:?}");
    }
    // Served over plain HTTP, HSTS would mean nothing (and browsers ignore it).
    let s = TestServer::start().await;
    let r = s.http.get(s.url("/en/")).send().await.unwrap();
    assert!(r.headers().get("strict-transport-security").is_none());
    assert!(r.headers().get("permissions-policy").is_some());
}

#[tokio::test]
async fn a_new_token_is_not_stored_by_caches() {
    let s = TestServer::start().await;
    let r = s.http.post(s.url("/api/players")).json(&json!({"name": "Ana"})).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let cc = r.headers().get("cache-control").map(|v| v.to_str().unwrap().to_string());
    assert_eq!(cc.as_deref(), Some("no-store"));
}

/// A WebSocket opened by hand on `c`, its `hello` said; the server's answers are not read.
async fn raw_socket(addr: SocketAddr, code: &str) -> TcpStream {
    let mut c = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET /ws/{code} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    c.write_all(req.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        c.read_exact(&mut b).await.unwrap();
        head.push(b[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&head));
    c.write_all(&frame(0x1, br#"{"t":"hello"}"#, true)).await.unwrap();
    c
}

/// One final client frame: `opcode`, masked (with a zero key, so the payload reads as is) or not.
fn frame(opcode: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    assert!(payload.len() < 126);
    let mut f = vec![0x80 | opcode, (if masked { 0x80 } else { 0 }) | payload.len() as u8];
    if masked {
        f.extend([0, 0, 0, 0]);
    }
    f.extend(payload);
    f
}

/// The code of the close frame the server sends on `r` within 5 s (`None`: it sent none).
async fn close_code(r: &mut (impl AsyncReadExt + Unpin)) -> Option<u16> {
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let mut h = [0u8; 2];
            r.read_exact(&mut h).await.ok()?;
            let len = match h[1] & 0x7f {
                126 => {
                    let mut l = [0u8; 2];
                    r.read_exact(&mut l).await.ok()?;
                    u64::from(u16::from_be_bytes(l))
                }
                127 => {
                    let mut l = [0u8; 8];
                    r.read_exact(&mut l).await.ok()?;
                    u64::from_be_bytes(l)
                }
                n => u64::from(n),
            };
            let mut body = vec![0u8; len as usize];
            r.read_exact(&mut body).await.ok()?;
            if h[0] & 0x0f == 0x8 {
                return Some(if body.len() >= 2 { u16::from_be_bytes([body[0], body[1]]) } else { 1005 });
            }
        }
    })
    .await
    .ok()
    .flatten()
}

async fn a_group(s: &TestServer) -> String {
    let (token, _) = s.player("Host").await;
    s.group(&token, json!({"game": "dots"})).await
}

/// Pings were answered and never counted: a flood of them held the socket and the server's
/// writes forever. Now they count like messages, and a flood is closed with 1008.
#[tokio::test]
async fn a_flood_of_pings_is_closed_like_a_flood_of_messages() {
    let config = server::Config { ws_rate: 5.0, flood_refusals: 20, ..fast_config() };
    let s = TestServer::start_with(config, None).await;
    let code = a_group(&s).await;
    let (mut r, mut w) = raw_socket(s.addr, &code).await.into_split();
    let flood = tokio::spawn(async move {
        for _ in 0..2000 {
            if w.write_all(&frame(0x9, b"", true)).await.is_err() {
                break;
            }
        }
        w
    });
    assert_eq!(close_code(&mut r).await, Some(1008));
    drop(flood.await);
}

#[tokio::test]
async fn invalid_utf8_closes_with_1007() {
    let s = TestServer::start().await;
    let code = a_group(&s).await;
    let mut c = raw_socket(s.addr, &code).await;
    c.write_all(&frame(0x1, b"{\"t\":\"ping\xff\"}", true)).await.unwrap();
    assert_eq!(close_code(&mut c).await, Some(1007));
}

#[tokio::test]
async fn an_unmasked_client_frame_closes_with_1002() {
    let s = TestServer::start().await;
    let code = a_group(&s).await;
    let mut c = raw_socket(s.addr, &code).await;
    c.write_all(&frame(0x1, br#"{"t":"ping"}"#, false)).await.unwrap();
    assert_eq!(close_code(&mut c).await, Some(1002));
}

/// The answer's first line to a request whose body is announced but only begun: without a
/// valid token it is refused at once, the body unread (it was read to its end, then parsed,
/// before the token was looked at: a body of 100k keys cost its parse first).
async fn answer_to_a_begun_body(addr: SocketAddr, head: &str) -> String {
    let mut c = TcpStream::connect(addr).await.unwrap();
    let req = format!("{head}\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{{\"game\"");
    c.write_all(req.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut b = [0u8; 256];
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while !got.contains(&b'\n') {
            match c.read(&mut b).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&b[..n]),
            }
        }
    })
    .await;
    String::from_utf8_lossy(&got).lines().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn the_token_is_checked_before_the_body_is_read() {
    let s = TestServer::start().await;
    assert_eq!(answer_to_a_begun_body(s.addr, "POST /api/groups HTTP/1.1").await, "HTTP/1.1 401 Unauthorized");
    let patch = "PATCH /api/me HTTP/1.1\r\nAuthorization: Bearer not-a-token";
    assert_eq!(answer_to_a_begun_body(s.addr, patch).await, "HTTP/1.1 401 Unauthorized");
}

/// Format characters (bidi overrides, zero-width ones) and names that show nothing are refused,
/// on creation, by `PATCH /api/me` and (through the same check) at a table.
#[tokio::test]
async fn names_without_format_characters_or_blanks() {
    let s = TestServer::start().await;
    let bad = [
        "\u{202E}evil",
        "a\u{2066}b",
        "An\u{200B}a",
        "x\u{2060}",
        "\u{FEFF}Bo",
        "\u{3164}",
        "\u{200B}\u{200B}",
        "\u{2800}\u{2800}",
    ];
    for name in bad {
        let r = s.http.post(s.url("/api/players")).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 400, "{name:?}");
    }
    let (token, _) = s.player("Ana").await;
    for name in bad {
        let r = s.http.patch(s.url("/api/me")).bearer_auth(&token).json(&json!({"name": name})).send().await.unwrap();
        assert_eq!(r.status(), 400, "{name:?}");
    }
    for good in ["Ана", "राम", "José", "李雷"] {
        let r = s.http.post(s.url("/api/players")).json(&json!({"name": good})).send().await.unwrap();
        assert_eq!(r.status(), 201, "{good:?}");
    }
}
