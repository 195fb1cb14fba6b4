//! The lobby's WebSocket, `GET /ws/lobby` (`docs/protocol.md`, "The lobby"): `hello` with the
//! device token and a game, then the server sends that game's lobby whenever it changes and
//! `paired` when the player was seated at a new table. An open socket with a token is what
//! keeps its player's challenges and pool place alive.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use wire::lobby::{LobbyClientMsg, LobbyServerMsg};
use wire::{ErrorCode, WireError};

use crate::api::{ClientIp, player_for_token};
use crate::ratelimit::{Bucket, FloodGuard};
use crate::state::AppState;
use crate::ws::{MAX_FRAME, close, close_code, failure_close, linger, too_large, too_many};

/// How long a new socket may take to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Messages waiting to be written to one socket; a socket that reads slower misses lobbies
/// (the next one carries everything).
const QUEUE: usize = 16;

pub fn routes() -> Router<AppState> {
    Router::new().route("/ws/lobby", get(upgrade))
}

async fn upgrade(
    ws: WebSocketUpgrade,
    State(state): State<AppState>,
    ip: Option<Extension<ClientIp>>,
    headers: axum::http::HeaderMap,
) -> Response {
    if state.draining() {
        return (axum::http::StatusCode::SERVICE_UNAVAILABLE, "draining").into_response();
    }
    if !crate::origin::allowed(&headers, state.ctx.config.public_url.as_str()) {
        return crate::error::ApiError::CrossOrigin.into_response();
    }
    // The same bound of sockets per address as tables' sockets, said the same way: the socket
    // opens only to say `too-many-sockets`, then closes with 4029.
    let slot = match ip {
        Some(Extension(ClientIp(ip))) => match state.sockets.take(ip) {
            Some(slot) => Some(slot),
            None => {
                let max = state.sockets.max();
                return ws
                    .max_message_size(MAX_FRAME)
                    .max_frame_size(MAX_FRAME)
                    .read_buffer_size(2 * MAX_FRAME)
                    .on_upgrade(move |socket| too_many(socket, max));
            }
        },
        None => None,
    };
    ws.max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME).read_buffer_size(2 * MAX_FRAME).on_upgrade(
        move |socket| async move {
            connection(socket, state).await;
            drop(slot);
        },
    )
}

fn error(e: impl Into<WireError>) -> Message {
    text(LobbyServerMsg::Error(e.into()).to_json())
}

fn text(s: String) -> Message {
    Message::Text(Utf8Bytes::from(s))
}

async fn connection(socket: WebSocket, state: AppState) {
    let _open = crate::node_metrics::OpenSocket::new(&state.ctx.metrics.lobby_sockets);
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(QUEUE);
    let mut watching: Option<u64> = None;
    let mut bucket = Bucket::new(state.ctx.config.ws_rate, state.ctx.config.ws_rate * 2.0);
    let mut flood = FloodGuard::new(state.ctx.config.flood_refusals, state.ctx.config.flood_window);
    let hello_by = tokio::time::Instant::now() + HELLO_WITHIN;
    // The player of the last hello, and the news of players who moved to another device.
    let mut me: Option<String> = None;
    let mut moved = state.transfers.subscribe();
    // Set when the server closed the socket with answers the client may not have read yet.
    let mut lingering = false;
    loop {
        let reply = tokio::select! {
            _ = async { match me.as_deref() {
                Some(id) => crate::transfer::until_moved(&mut moved, id).await,
                None => std::future::pending().await,
            } } => {
                let frame = CloseFrame { code: close_code::MOVED, reason: Utf8Bytes::from_static("moved") };
                let _ = sink.send(Message::Close(Some(frame))).await;
                break;
            }
            out = rx.recv() => match out {
                Some(m) => Message::Text(Utf8Bytes::from(m.to_string())),
                None => break,
            },
            _ = tokio::time::sleep_until(hello_by), if watching.is_none() => {
                let _ = sink.send(close(close_code::NO_HELLO, "no hello")).await;
                lingering = true;
                break;
            }
            msg = stream.next() => {
                // The same limits as a table's socket (`crate::ws`): a frame over 4 KiB is
                // `too-large` and 1009, a flood of messages or pings 1008 after its answers.
                let msg = match msg {
                    None => break,
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        if too_large(&e) {
                            let _ = sink.send(error(ErrorCode::TooLarge)).await;
                            let _ = sink.send(close(1009, "too large")).await;
                        } else if let Some(c) = failure_close(&e) {
                            let _ = sink.send(c).await;
                        }
                        break;
                    }
                };
                let t = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => break,
                    Message::Binary(_) => {
                        if sink.send(error(WireError::with_message(ErrorCode::BadJson, "send JSON text frames"))).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    _ => {
                        if !bucket.take() && flood.refused() {
                            let _ = sink.send(close(1008, "flood")).await;
                            lingering = true;
                            break;
                        }
                        continue;
                    }
                };
                if !bucket.take() {
                    let _ = sink.send(error(ErrorCode::RateLimited)).await;
                    if flood.refused() {
                        let _ = sink.send(close(1008, "flood")).await;
                        lingering = true;
                        break;
                    }
                    continue;
                }
                match serde_json::from_str::<LobbyClientMsg>(&t) {
                    Ok(LobbyClientMsg::Ping {}) => text(LobbyServerMsg::Pong {}.to_json()),
                    Ok(LobbyClientMsg::Hello { token, game }) => {
                        let player = match token {
                            None => None,
                            Some(token) => match player_for_token(&state, &token).await {
                                Ok(Some(p)) => Some(p.id),
                                Ok(None) => {
                                    let _ = sink.send(error(ErrorCode::BadToken)).await;
                                    let frame = CloseFrame {
                                        code: close_code::BAD_TOKEN,
                                        reason: Utf8Bytes::from_static("unknown token"),
                                    };
                                    let _ = sink.send(Message::Close(Some(frame))).await;
                                    break;
                                }
                                Err(_) => {
                                    let _ = sink.send(error(ErrorCode::Internal)).await;
                                    continue;
                                }
                            },
                        };
                        me.clone_from(&player);
                        match watching {
                            None => watching = Some(state.lobby.watch(player, game, tx.clone())),
                            Some(id) => state.lobby.rewatch(id, player, game),
                        }
                        continue;
                    }
                    Err(e) => error(WireError::with_message(bad_code(&t), e.to_string())),
                }
            }
        };
        if sink.send(reply).await.is_err() {
            break;
        }
    }
    if let Some(id) = watching {
        state.lobby.unwatch(id);
    }
    if lingering {
        linger(stream).await;
    }
}

/// `unknown-type` for a JSON object whose `t` names no lobby message, `bad-field` for a known
/// one with a bad field, `bad-json` for anything else.
fn bad_code(text: &str) -> ErrorCode {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(m)) => match m.get("t").and_then(|t| t.as_str()) {
            Some("hello" | "ping") => ErrorCode::BadField,
            _ => ErrorCode::UnknownType,
        },
        _ => ErrorCode::BadJson,
    }
}
