//! One WebSocket connection: a `hello` first, then two tasks — a writer fed by the table's
//! broadcast and by direct answers, and a reader that decodes intents, rate-limits them and
//! waits for each answer before reading the next (so one client's intents stay in order).
//!
//! The writer always sends queued events before direct answers, so an intent's own events
//! reach its client before its `ack`.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};
use wire::{ClientMsg, ErrorCode, Intent, ServerMsg, WireError, decode};

use crate::api::{ClientIp, player_for_token};
use crate::error::ApiError;
use crate::limits;
use crate::node_metrics::OpenSocket;
use crate::ratelimit::{Bucket, FloodGuard};
use crate::state::AppState;
use crate::table::{Reply, TableHandle};

/// Largest text frame a client may send.
pub const MAX_FRAME: usize = 4096;
/// Read buffer of a socket.
const READ_BUFFER: usize = 2 * MAX_FRAME;
/// How long a new socket may take to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Keep-alive ping interval.
const PING_EVERY: Duration = Duration::from_secs(20);
/// After the server closes, how long it keeps reading (and dropping) what the client still
/// sends, so the client reads every answer before the connection ends (closing a socket with
/// unread input makes the kernel reset it, and the client loses what it had not read).
const LINGER: Duration = Duration::from_secs(2);

/// Close codes of our own (4000-4999 are free for applications).
pub mod close_code {
    /// The device token is unknown.
    pub const BAD_TOKEN: u16 = 4001;
    /// The player moved to another device (`crate::transfer`): forget the token.
    pub const MOVED: u16 = crate::transfer::MOVED_CLOSE;
    /// The table stopped here (the node drains, or the table moved to another node):
    /// reconnect at once and resume.
    pub const RECONNECT: u16 = 4010;
    /// The table the lobby made dissolved after `noShow`: its code opens nothing any more, so
    /// there is nothing to reconnect to (a normal closure).
    pub const DISSOLVED: u16 = 1000;
    /// No `hello` came within 10 s of the opening (1008, a policy violation, as a flood).
    pub const NO_HELLO: u16 = 1008;
    /// The address has as many sockets open as it may (`too-many-sockets` came before it):
    /// close another tab, then reconnect.
    pub const TOO_MANY: u16 = 4029;
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/ws/{code}", get(ws_upgrade))
}

async fn ws_upgrade(
    ws: WebSocketUpgrade,
    Path(code): Path<String>,
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    headers: axum::http::HeaderMap,
) -> Response {
    if state.draining() {
        // Going away: the balancer sends the client to another node on its retry.
        return (axum::http::StatusCode::SERVICE_UNAVAILABLE, "draining").into_response();
    }
    // Before the allowance is counted, which is what another site's page could use up.
    if !crate::origin::allowed(&headers, state.ctx.config.public_url.as_str()) {
        return ApiError::CrossOrigin.into_response();
    }
    // Sockets per address (issue 19). Over the bound the socket is still opened, only to say
    // why in words the page can show (a refused upgrade reaches a browser as a bare failure).
    let slot = match ip {
        Some(Extension(ClientIp(ip))) => match state.sockets.take(ip) {
            Some(slot) => Some(slot),
            None => {
                let max = state.sockets.max();
                return ws
                    .max_message_size(MAX_FRAME)
                    .max_frame_size(MAX_FRAME)
                    .read_buffer_size(READ_BUFFER)
                    .on_upgrade(move |socket| too_many(socket, max));
            }
        },
        None => None,
    };
    let table = match state.tables.get(&code).await {
        Ok(Some(t)) => t,
        // No such group: 404 before any upgrade (its page is a 404 page, which opens no socket).
        Ok(None) => return ApiError::NotFound.into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    // The read buffer is zero-filled to its capacity (128 KiB by default): keep it near the
    // largest frame we accept, or 20,000 sockets hold 2.5 GiB of zeros.
    ws.max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME).read_buffer_size(READ_BUFFER).on_upgrade(
        move |socket| async move {
            connection(socket, state, table, ip.map(|Extension(ClientIp(ip))| ip)).await;
            drop(slot);
        },
    )
}

/// Tells a socket over its address's bound why it closes, then closes it.
pub(crate) async fn too_many(socket: WebSocket, max: u32) {
    let (mut sink, stream) = socket.split();
    let _ = sink.send(text(error_text(None, ErrorCode::TooManySockets { max }))).await;
    let _ = sink.send(close(close_code::TOO_MANY, "too many sockets")).await;
    linger(stream).await;
}

pub(crate) fn text(s: impl Into<String>) -> Message {
    Message::Text(Utf8Bytes::from(s.into()))
}

pub(crate) fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))
}

fn error_text(id: Option<u64>, e: impl Into<WireError>) -> String {
    ServerMsg::error(id, e).to_json()
}

/// `true` when a read error means the client sent a frame over the limit.
pub(crate) fn too_large(e: &axum::Error) -> bool {
    let s = e.to_string().to_ascii_lowercase();
    s.contains("too long") || s.contains("too big") || s.contains("capacity")
}

/// The close frame RFC 6455 asks for when a read failed on what the client sent: 1007 for a
/// text frame that is not UTF-8, 1002 for a protocol violation (an unmasked frame, reserved
/// bits, a fragmented or oversized control frame, an unknown opcode). tungstenite returns these
/// as read errors and sends no close frame of its own, so without this the socket closed with
/// no code (1005). `None` for other failures (the connection is gone: nothing to tell).
pub(crate) fn failure_close(e: &axum::Error) -> Option<Message> {
    let s = e.to_string().to_ascii_lowercase();
    if s.starts_with("utf-8 encoding error") {
        Some(close(1007, "invalid UTF-8"))
    } else if s.starts_with("websocket protocol error")
        && !s.contains("without closing handshake")
        && !s.contains("after having closed")
    {
        Some(close(1002, "protocol error"))
    } else {
        None
    }
}

/// Reads and drops what the client still sends until it closes too (or `LINGER` passes).
pub(crate) async fn linger(mut stream: SplitStream<WebSocket>) {
    let deadline = tokio::time::Instant::now() + LINGER;
    while let Ok(Some(Ok(m))) = tokio::time::timeout_at(deadline, stream.next()).await {
        if matches!(m, Message::Close(_)) {
            break;
        }
    }
}

async fn connection(socket: WebSocket, state: AppState, table: TableHandle, ip: Option<std::net::IpAddr>) {
    let _open = OpenSocket::new(&state.ctx.metrics.table_sockets);
    let (mut sink, mut stream) = socket.split();

    // The first message must say hello, within HELLO_WITHIN of the opening however many pings
    // or other frames come before it.
    let hello_by = tokio::time::Instant::now() + HELLO_WITHIN;
    let (token, since) = loop {
        let msg = match tokio::time::timeout_at(hello_by, stream.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(Some(Err(e))) if too_large(&e) => {
                let _ = sink.send(text(error_text(None, ErrorCode::TooLarge))).await;
                let _ = sink.send(close(1009, "too large")).await;
                return;
            }
            Ok(Some(Err(e))) => {
                if let Some(c) = failure_close(&e) {
                    let _ = sink.send(c).await;
                }
                return;
            }
            Ok(None) => return,
            Err(_) => {
                let _ = sink.send(close(close_code::NO_HELLO, "no hello")).await;
                linger(stream).await;
                return;
            }
        };
        let reply = match msg {
            Message::Text(t) => match decode(&t) {
                Ok(ClientMsg::Hello { token, since }) => break (token, since),
                Ok(ClientMsg::Ping) => ServerMsg::Pong.to_json(),
                Ok(ClientMsg::Intent { id, .. }) => error_text(Some(id), ErrorCode::HelloFirst),
                Ok(ClientMsg::Sync { .. }) => error_text(None, ErrorCode::HelloFirst),
                Err((id, e)) => error_text(id, e),
            },
            Message::Binary(_) => {
                error_text(None, WireError::with_message(ErrorCode::BadJson, "send JSON text frames"))
            }
            Message::Close(_) => return,
            _ => continue,
        };
        if sink.send(text(reply)).await.is_err() {
            return;
        }
    };
    // No token: a watcher who has not acted yet (no player is created for them).
    let player = match token {
        None => None,
        Some(token) => match player_for_token(&state, &token).await {
            Ok(Some(p)) => Some(p),
            Ok(None) => {
                let _ = sink.send(text(error_text(None, ErrorCode::BadToken))).await;
                let _ = sink.send(close(close_code::BAD_TOKEN, "bad token")).await;
                linger(stream).await;
                return;
            }
            Err(e) => {
                tracing::error!("reading a device token: {e}");
                let _ = sink.send(close(1011, "try again")).await;
                return;
            }
        },
    };
    // Subscribed before the join, so a move made meanwhile is not missed (`transfer`).
    let moved = player.as_ref().map(|p| (state.transfers.subscribe(), p.id.clone()));
    // Random, not counted: in a cluster the owner of a table sees connections of every node.
    let conn: u64 = rand::random();
    let Ok(joined) = table.join(conn, player, since).await else {
        let _ = sink.send(close(1011, "table restarting")).await;
        return;
    };
    let mut sent = sink.feed(text(joined.welcome)).await;
    for m in joined.catch_up {
        sent = sent.and(sink.feed(text(m.to_string())).await);
    }
    if sent.and(sink.flush().await).is_err() {
        table.leave(conn, false).await;
        return;
    }

    let (direct, direct_rx) = mpsc::channel::<Message>(64);
    let writer = tokio::spawn(write_loop(sink, joined.events, direct_rx, table.clone()));
    // The player moved to another device: the writer closes the socket (the client answers
    // the close, which ends the reading below).
    let watcher = moved.map(|(mut rx, id)| {
        let direct = direct.clone();
        tokio::spawn(async move {
            crate::transfer::until_moved(&mut rx, &id).await;
            let _ = direct.send(close(crate::transfer::MOVED_CLOSE, "moved")).await;
        })
    });

    let config = &state.ctx.config;
    let mut bucket = Bucket::new(config.ws_rate, config.ws_rate * 2.0);
    let mut flood = FloodGuard::new(config.flood_refusals, config.flood_window);
    let mut going_away = false;
    let mut lingering = false;
    while let Some(msg) = stream.next().await {
        let answer = match msg {
            Ok(Message::Text(t)) => {
                if bucket.take() {
                    answer(&table, conn, &t, &state.ctx.metrics.ack_seconds, || hint_place(&state, ip)).await
                } else {
                    let id = match decode(&t) {
                        Ok(ClientMsg::Intent { id, .. }) => Some(id),
                        _ => None,
                    };
                    let refusal = error_text(id, ErrorCode::RateLimited);
                    if flood.refused() {
                        // Every refusal so far is answered, then the connection closes.
                        let _ = direct.send(text(refusal)).await;
                        let _ = direct.send(close(1008, "flood")).await;
                        lingering = true;
                        break;
                    }
                    vec![refusal]
                }
            }
            Ok(Message::Binary(_)) => {
                vec![error_text(None, WireError::with_message(ErrorCode::BadJson, "send JSON text frames"))]
            }
            Ok(Message::Close(frame)) => {
                // 1000/1001: the page was closed on purpose, so the seat is away at once.
                going_away = frame.is_none_or(|f| f.code == 1000 || f.code == 1001);
                break;
            }
            // Pings and pongs take from the same bucket as messages: tungstenite answers
            // every ping with a pong, so a flood of pings costs the server what a flood of
            // messages does and is closed the same way (no error text: it is not a message).
            Ok(Message::Ping(_) | Message::Pong(_)) => {
                if !bucket.take() && flood.refused() {
                    let _ = direct.send(close(1008, "flood")).await;
                    lingering = true;
                    break;
                }
                continue;
            }
            Err(e) => {
                if too_large(&e) {
                    let _ = direct.send(text(error_text(None, ErrorCode::TooLarge))).await;
                    let _ = direct.send(close(1009, "too large")).await;
                } else if let Some(c) = failure_close(&e) {
                    let _ = direct.send(c).await;
                }
                break;
            }
        };
        let mut sent = true;
        for a in answer {
            sent = sent && direct.send(text(a)).await.is_ok();
        }
        if !sent {
            break;
        }
    }
    table.leave(conn, going_away).await;
    if let Some(w) = watcher {
        w.abort();
    }
    drop(direct);
    if lingering {
        linger(stream).await;
    }
    // Let the writer flush a last error or close frame, then stop it.
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
}

/// One of `ip`'s places for a hint search (`None` without a known address), or why not.
fn hint_place(
    state: &AppState,
    ip: Option<std::net::IpAddr>,
) -> Result<Option<limits::Slot<std::net::IpAddr>>, WireError> {
    let Some(ip) = ip else { return Ok(None) };
    match state.hint_addresses.take(ip) {
        Some(place) => Ok(Some(place)),
        None => Err(WireError::with_message(
            ErrorCode::RateLimited,
            format!("at most {} hints worked out at once per address", state.hint_addresses.max()),
        )),
    }
}

/// Decodes one message and returns the answers to send (one, or the events of a `sync`).
async fn answer(
    table: &TableHandle,
    conn: u64,
    t: &str,
    ack_seconds: &metrics::Histogram,
    hint_place: impl FnOnce() -> Result<Option<limits::Slot<std::net::IpAddr>>, WireError>,
) -> Vec<String> {
    let one = match decode(t) {
        Ok(ClientMsg::Ping) => ServerMsg::Pong.to_json(),
        Ok(ClientMsg::Hello { .. }) => {
            error_text(None, WireError::with_message(ErrorCode::BadField, "hello was already said"))
        }
        Ok(ClientMsg::Sync { since: Some(since) }) => match table.sync(since).await {
            Ok(msgs) => return msgs.iter().map(|m| m.to_string()).collect(),
            Err(_) => error_text(None, crate::table::TableError::Gone.into_wire()),
        },
        Ok(ClientMsg::Sync { since: None }) => match table.snapshot().await {
            Ok(state) => state.to_string(),
            Err(_) => error_text(None, crate::table::TableError::Gone.into_wire()),
        },
        Ok(ClientMsg::Intent { id, intent }) => {
            // A player's move is timed from here (received and read) to its ack.
            let received = matches!(intent, Intent::Move { .. }).then(std::time::Instant::now);
            // A hint search holds one of its address's places until the table answers.
            let _place = match intent {
                Intent::Hint {} => match hint_place() {
                    Ok(place) => place,
                    Err(e) => return vec![error_text(Some(id), e)],
                },
                _ => None,
            };
            match table.intent(conn, intent).await {
                Ok(Reply::Ack { v }) => {
                    if let Some(at) = received {
                        ack_seconds.record(at.elapsed().as_secs_f64());
                    }
                    ServerMsg::Ack { id, v }.to_json()
                }
                Ok(Reply::Hint { mv }) => ServerMsg::Hint { id, mv }.to_json(),
                Err(e) => error_text(Some(id), e),
            }
        }
        Err((id, e)) => error_text(id, e),
    };
    vec![one]
}

async fn write_loop(
    mut sink: SplitSink<WebSocket, Message>,
    mut events: broadcast::Receiver<Arc<str>>,
    mut direct: mpsc::Receiver<Message>,
    table: TableHandle,
) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    // A lobby-made table dissolved (`noShow`): its events end for good, not for a reconnect.
    let mut dissolved = false;
    'writing: loop {
        let out = tokio::select! {
            // Events first: an intent's events were broadcast before its answer was queued.
            biased;
            ev = events.recv() => match event_message(ev, &table, &mut dissolved).await {
                Some(m) => m,
                None => break,
            },
            m = direct.recv() => match m {
                Some(m) => {
                    // `biased` alone does not keep an intent's events before its answer: the
                    // select may find no event yet, then (another thread having broadcast the
                    // events and queued the answer meanwhile) the answer ready. The answer was
                    // queued after its events, so they can be read now: send them first.
                    for ev in ready_events(&mut events) {
                        let Some(e) = event_message(ev, &table, &mut dissolved).await else { break 'writing };
                        if sink.send(e).await.is_err() {
                            break 'writing;
                        }
                    }
                    m
                }
                None => break,
            },
            _ = ping.tick() => Message::Ping(Default::default()),
        };
        let closing = matches!(out, Message::Close(_));
        if sink.send(out).await.is_err() || closing {
            break;
        }
    }
    let _ = sink.close().await;
}

/// The events a socket can read at once, in order, without waiting (a closed channel ends
/// them: its close frame comes from the next `recv`, after the answer that is being sent).
fn ready_events(events: &mut broadcast::Receiver<Arc<str>>) -> Vec<Result<Arc<str>, broadcast::error::RecvError>> {
    use broadcast::error::{RecvError, TryRecvError};
    let mut ready = Vec::new();
    loop {
        match events.try_recv() {
            Ok(m) => ready.push(Ok(m)),
            Err(TryRecvError::Lagged(n)) => ready.push(Err(RecvError::Lagged(n))),
            Err(TryRecvError::Empty | TryRecvError::Closed) => return ready,
        }
    }
}

/// What the socket sends for one read of the table's events; `None` to stop writing.
async fn event_message(
    ev: Result<Arc<str>, broadcast::error::RecvError>,
    table: &TableHandle,
    dissolved: &mut bool,
) -> Option<Message> {
    Some(match ev {
        Ok(m) => {
            // Serialized without spaces, and a quote inside a string is escaped, so
            // only the event itself has this text.
            *dissolved |= m.contains(r#""kind":"noShow""#);
            text(m.to_string())
        }
        // Too slow to keep up: skip ahead to the full state.
        Err(broadcast::error::RecvError::Lagged(_)) => text(table.snapshot().await.ok()?.to_string()),
        Err(broadcast::error::RecvError::Closed) if *dissolved => close(close_code::DISSOLVED, "no-show"),
        Err(broadcast::error::RecvError::Closed) => close(close_code::RECONNECT, "reconnect"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_ready_when_an_answer_is_taken_come_first_in_order() {
        let (tx, mut rx) = broadcast::channel::<Arc<str>>(4);
        assert!(ready_events(&mut rx).is_empty(), "nothing ready: nothing to send first");
        tx.send(Arc::from("e1")).unwrap();
        tx.send(Arc::from("e2")).unwrap();
        let got: Vec<String> = ready_events(&mut rx).into_iter().map(|e| e.unwrap().to_string()).collect();
        assert_eq!(got, ["e1", "e2"]);
        for i in 0..6 {
            tx.send(Arc::from(format!("f{i}"))).unwrap();
        }
        let got = ready_events(&mut rx);
        assert!(matches!(got[0], Err(broadcast::error::RecvError::Lagged(2))), "a lag is reported as recv reports it");
        assert_eq!(got.len(), 5);
        drop(tx);
        assert!(ready_events(&mut rx).is_empty(), "a closed channel: the close comes from recv, after the answer");
    }
}
