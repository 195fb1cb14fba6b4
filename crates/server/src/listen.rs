//! Accepting connections. One address may hold at most `connections_per_ip` of them at once
//! (counted at accept, WebSockets included, until the socket closes; an extra one is closed at
//! once), a request's header must arrive within `header_read_timeout`, and a kept-alive
//! connection that sends no next request is closed after the same time.
//!
//! `axum::serve` sets no timer on hyper's connections, so hyper's header timeout never runs
//! there, and it serves through hyper-util's auto builder, which first waits for the bytes
//! that tell HTTP/1 from HTTP/2 with no time limit at all: a client that connects and sends
//! nothing stays forever. So connections are served here with hyper's HTTP/1 builder, which
//! reads the first request's header, and every later one, under the header timeout.

use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::client_ip::{self, TrustedProxies};
use crate::limits::{Held, Slot};

/// The most hyper buffers of one connection's input (its default is about 400 KiB): a
/// request's header must fit in it (ours are under 2 KiB), and a body is read through it.
const READ_BUFFER: usize = 64 * 1024;

/// How connections are accepted and read.
#[derive(Clone, Debug)]
pub struct ConnLimits {
    /// Connections one address may hold open at once (`0`: no limit).
    pub per_ip: u32,
    /// How long a request's header may take to arrive, and how long a kept-alive connection
    /// may wait for its next request.
    pub header_read_timeout: Duration,
    /// Connections from these (the balancer) are not counted: each carries many visitors,
    /// whose connections the balancer counts (`deploy/haproxy.cfg`).
    pub trusted_proxies: TrustedProxies,
}

/// Serves `router` on `listener` until `shutdown` resolves, then stops accepting, asks every
/// connection to finish its request and close, and returns once they have.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let held: Arc<Held<IpAddr>> = Held::new(limits.per_ip);
    // Each connection task holds a receiver: `closing` tells them to finish, and
    // `open.closed()` resolves when the last one has gone.
    let (closing, open) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).max_buf_size(READ_BUFFER);
    let builder = Arc::new(builder);
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = admit(&held, &limits.trusted_proxies, remote.ip()) else {
            // Dropping the stream closes it: the extra connection costs one accept.
            continue;
        };
        let mut tcp = tcp;
        no_delay(&mut tcp);
        let io = TokioIo::new(Counted { tcp, _slot: slot });
        let router = router.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
            let mut req = req.map(axum::body::Body::new);
            req.extensions_mut().insert(ConnectInfo(remote));
            router.clone().oneshot(req)
        });
        let builder = builder.clone();
        let mut closing = open.clone();
        tokio::spawn(async move {
            let mut conn = pin!(builder.serve_connection(io, service).with_upgrades());
            loop {
                tokio::select! {
                    result = conn.as_mut() => {
                        if let Err(e) = result {
                            tracing::trace!("connection from {remote}: {e}");
                        }
                        break;
                    }
                    changed = closing.changed() => {
                        if changed.is_err() || *closing.borrow() {
                            conn.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
        });
    }
    drop(listener);
    // No connection left to tell is not an error.
    let _ = closing.send(true);
    drop(open);
    closing.closed().await;
    Ok(())
}

/// One connection's place under its address's count, or `None` when the address holds its
/// share. The balancer's own connections are not counted.
fn admit(held: &Arc<Held<IpAddr>>, trusted: &TrustedProxies, peer: IpAddr) -> Option<Option<Slot<IpAddr>>> {
    if trusted.is_trusted(peer) {
        return Some(None);
    }
    let key = client_ip::limit_key(peer);
    match held.take(key) {
        Some(slot) => Some(Some(slot)),
        None => {
            tracing::debug!("connection from {peer} refused: its address holds {} already", held.max());
            None
        }
    }
}

/// An accept that failed. Out of file descriptors (`EMFILE`, `ENFILE`), the pending connection
/// stays in the kernel's queue: wait a little for descriptors to come back instead of spinning.
async fn accept_failed(e: io::Error) {
    if matches!(e.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset) {
        return;
    }
    tracing::error!("accept error: {e}");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// A TCP stream that holds its address's place until it closes, also after it became a
/// WebSocket (hyper hands the stream itself to the upgraded connection).
struct Counted {
    tcp: TcpStream,
    _slot: Option<Slot<IpAddr>>,
}

impl AsyncRead for Counted {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
}

/// Sends small messages at once. Without it an event and its ack written back to back wait
/// for the client's delayed ACK (40 ms on Linux) under Nagle's algorithm (issue 17; the
/// environment variable `QDAN_TCP_NODELAY=0` turns it off, only to measure that).
pub fn no_delay(tcp: &mut tokio::net::TcpStream) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*ON.get_or_init(|| std::env::var("QDAN_TCP_NODELAY").as_deref() != Ok("0")) {
        return;
    }
    if let Err(e) = tcp.set_nodelay(true) {
        tracing::warn!("TCP_NODELAY: {e}");
    }
}
