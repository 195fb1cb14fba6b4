//! One WebSocket connection: a `hello` first, then two tasks — a writer fed by the table's
//! broadcast and by direct answers, and a reader that decodes intents, rate-limits them and
//! waits for each answer before reading the next (so one client's intents stay in order).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::sync::{broadcast, mpsc};

use crate::AppState;
use crate::api::player_for_token;
use crate::error::ApiError;
use crate::protocol::{ClientMsg, WireError, decode};
use crate::ratelimit::Bucket;
use crate::table::{Reply, TableHandle};

/// Largest text frame a client may send.
pub const MAX_FRAME: usize = 4096;
/// Read buffer of a socket.
const READ_BUFFER: usize = 2 * MAX_FRAME;
/// How long a new socket may take to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Keep-alive ping interval.
const PING_EVERY: Duration = Duration::from_secs(20);
/// A connection that keeps flooding after this many refusals in a row is closed.
const FLOOD_CLOSE: u32 = 200;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

pub fn routes() -> Router<AppState> {
    Router::new().route("/ws/{code}", get(ws_upgrade))
}

async fn ws_upgrade(ws: WebSocketUpgrade, Path(code): Path<String>, State(state): State<AppState>) -> Response {
    let table = match state.tables.get(&code).await {
        Ok(Some(t)) => t,
        Ok(None) => return ApiError::NotFound.into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    // The read buffer is zero-filled to its capacity (128 KiB by default): keep it near the
    // largest frame we accept, or 20,000 sockets hold 2.5 GiB of zeros.
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(socket, state, table))
}

fn text(s: impl Into<String>) -> Message {
    Message::Text(Utf8Bytes::from(s.into()))
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))
}

/// `true` when a read error means the client sent a frame over the limit.
fn too_large(e: &axum::Error) -> bool {
    let s = e.to_string().to_ascii_lowercase();
    s.contains("too long") || s.contains("too big") || s.contains("capacity")
}

async fn connection(socket: WebSocket, state: AppState, table: TableHandle) {
    let (mut sink, mut stream) = socket.split();

    // The first message must identify the device.
    let (token, since) = loop {
        let msg = match tokio::time::timeout(HELLO_WITHIN, stream.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(Some(Err(e))) if too_large(&e) => {
                let _ = sink.send(text(WireError::new("too-large", "frames are limited to 4 KiB").to_json(None))).await;
                let _ = sink.send(close(1009, "too large")).await;
                return;
            }
            _ => return,
        };
        let reply = match msg {
            Message::Text(t) => match decode(&t) {
                Ok(ClientMsg::Hello { token, since }) => break (token, since),
                Ok(ClientMsg::Ping) => json!({"t": "pong"}).to_string(),
                Ok(ClientMsg::Intent { id, .. }) => WireError::new("hello-first", "say hello first").to_json(Some(id)),
                Err((id, e)) => e.to_json(id),
            },
            Message::Binary(_) => WireError::new("bad-json", "send JSON text frames").to_json(None),
            Message::Close(_) => return,
            _ => continue,
        };
        if sink.send(text(reply)).await.is_err() {
            return;
        }
    };
    let player = match player_for_token(&state, &token).await {
        Ok(Some(p)) => p,
        _ => {
            let _ = sink.send(text(WireError::new("bad-token", "unknown device token").to_json(None))).await;
            let _ = sink.send(close(4001, "bad token")).await;
            return;
        }
    };
    let conn = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let Ok(joined) = table.join(conn, player, since).await else {
        let _ = sink.send(close(1011, "table restarting")).await;
        return;
    };
    if sink.send(text(joined.welcome)).await.is_err() {
        table.leave(conn, false).await;
        return;
    }
    for m in joined.catch_up {
        if sink.send(text(m.to_string())).await.is_err() {
            table.leave(conn, false).await;
            return;
        }
    }

    let (direct, direct_rx) = mpsc::channel::<Message>(64);
    let writer = tokio::spawn(write_loop(sink, joined.events, direct_rx, table.clone()));

    let mut bucket = Bucket::new(state.ctx.config.ws_rate, state.ctx.config.ws_rate * 2.0);
    let mut refused = 0u32;
    let mut going_away = false;
    while let Some(msg) = stream.next().await {
        let answer = match msg {
            Ok(Message::Text(t)) => {
                if !bucket.take() {
                    refused += 1;
                    if refused >= FLOOD_CLOSE {
                        let _ = direct.send(close(1008, "flood")).await;
                        break;
                    }
                    let id = decode(&t).ok().and_then(|m| match m {
                        ClientMsg::Intent { id, .. } => Some(id),
                        _ => None,
                    });
                    WireError::new("rate-limited", "slow down").to_json(id)
                } else {
                    refused = 0;
                    answer(&table, conn, &t).await
                }
            }
            Ok(Message::Binary(_)) => WireError::new("bad-json", "send JSON text frames").to_json(None),
            Ok(Message::Close(frame)) => {
                // 1000/1001: the page was closed on purpose, so the seat is away at once.
                going_away = frame.is_none_or(|f| f.code == 1000 || f.code == 1001);
                break;
            }
            Ok(_) => continue,
            Err(e) => {
                if too_large(&e) {
                    let _ = direct
                        .send(text(WireError::new("too-large", "frames are limited to 4 KiB").to_json(None)))
                        .await;
                    let _ = direct.send(close(1009, "too large")).await;
                }
                break;
            }
        };
        if direct.send(text(answer)).await.is_err() {
            break;
        }
    }
    table.leave(conn, going_away).await;
    drop(direct);
    // Let the writer flush a last error or close frame, then stop it.
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
}

/// Decodes one message and returns the answer to send.
async fn answer(table: &TableHandle, conn: u64, t: &str) -> String {
    match decode(t) {
        Ok(ClientMsg::Ping) => json!({"t": "pong"}).to_string(),
        Ok(ClientMsg::Hello { .. }) => WireError::new("bad-field", "hello was already said").to_json(None),
        Ok(ClientMsg::Intent { id, intent }) => match table.intent(conn, intent).await {
            Ok(Reply::Ack { v }) => json!({"t": "ack", "id": id, "v": v}).to_string(),
            Ok(Reply::Hint { mv }) => json!({"t": "hint", "id": id, "move": mv}).to_string(),
            Err(e) => e.to_json(Some(id)),
        },
        Err((id, e)) => e.to_json(id),
    }
}

async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut events: broadcast::Receiver<Arc<str>>,
    mut direct: mpsc::Receiver<Message>,
    table: TableHandle,
) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        let out = tokio::select! {
            ev = events.recv() => match ev {
                Ok(m) => text(m.to_string()),
                // Too slow to keep up: skip ahead to the full state.
                Err(broadcast::error::RecvError::Lagged(_)) => match table.snapshot().await {
                    Ok(s) => text(s.to_string()),
                    Err(_) => break,
                },
                Err(broadcast::error::RecvError::Closed) => break,
            },
            m = direct.recv() => match m {
                Some(m) => m,
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
