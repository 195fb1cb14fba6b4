//! A real server on a loopback port, and WebSocket clients that speak the protocol.

#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::{AppState, Config, Store};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, client_async, connect_async};
use wire::{Mirror, ServerMsg};

pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    pub http: reqwest::Client,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<()>,
}

/// Settings that keep tests quick: short grace, no CPU delay, short undo waits, seconds
/// of the turn clock shortened to 50 ms.
pub fn fast_config() -> Config {
    Config {
        away_grace: Duration::from_millis(300),
        reload_grace: Duration::from_millis(100),
        cpu_delay: Duration::ZERO,
        undo_wait_base: Duration::from_millis(300),
        clock_second: Duration::from_millis(50),
        http_rate: 1000.0,
        ws_rate: 200.0,
        // Tests open many players, groups and sockets from one address; the tests of these
        // bounds set their own (abuse.rs).
        new_players_per_ip: 0,
        new_groups_per_ip: 0,
        sockets_per_ip: 0,
        hints_per_ip: 0,
        connections_per_ip: 0,
        // The per-address limit on reviews the server starts: tests/review.rs sets its own.
        reviews_per_ip_hour: 0,
        // And on the Musashi values of POST /api/musashi/values: tests/musashi_values.rs.
        musashi_values_per_ip_minute: 0,
        ..Config::default()
    }
}

impl TestServer {
    pub async fn start() -> TestServer {
        Self::start_with(fast_config(), None).await
    }

    /// Starts on SQLite in a temp dir, or on `db_url` when given.
    pub async fn start_with(config: Config, db_url: Option<String>) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let url = db_url.unwrap_or_else(|| format!("sqlite://{}", dir.path().join("qdan.db").display()));
        let store = Store::connect(&url).await.unwrap();
        let state = AppState::new(store, config);
        // The background work a served node runs (the sweep of unplayed groups).
        state.join();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = server::app(state.clone());
        // Served as `qdan serve` serves: the same per-address count and timeouts.
        let limits = state.ctx.config.conn_limits();
        let task = tokio::spawn(async move {
            server::listen::serve(listener, app, limits, std::future::pending()).await.unwrap();
        });
        TestServer { addr, state, http: reqwest::Client::new(), _dir: dir, task }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// A new device: `(token, player id)`.
    pub async fn player(&self, name: &str) -> (String, String) {
        let r: Value = self
            .http
            .post(self.url("/api/players"))
            .json(&json!({"name": name}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        (r["token"].as_str().unwrap().into(), r["playerId"].as_str().unwrap().into())
    }

    /// Opens a group and returns its invite code.
    pub async fn group(&self, token: &str, body: Value) -> String {
        let r = self.http.post(self.url("/api/groups")).bearer_auth(token).json(&body).send().await.unwrap();
        assert_eq!(r.status(), 201, "{:?}", r.text().await);
        let r: Value = r.json().await.unwrap();
        r["code"].as_str().unwrap().into()
    }

    /// Ana opens a group of `body` and Ben sits down: its code, their device tokens, then Ana's
    /// and Ben's clients, both current.
    pub async fn two_at_table(&self, body: Value) -> (String, [String; 2], Client, Client) {
        let (ta, _) = self.player("Ana").await;
        let (tb, _) = self.player("Ben").await;
        let code = self.group(&ta, body).await;
        let mut a = self.client(&code, &ta).await;
        let mut b = self.client(&code, &tb).await;
        b.intent(json!({"t": "sit"})).await;
        a.catch_up(b.v).await;
        (code, [ta, tb], a, b)
    }

    pub async fn client(&self, code: &str, token: &str) -> Client {
        Client::connect(self.addr, code, token, None).await
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub welcome: Value,
    /// The table as this client knows it: the last `state` with every event since applied to
    /// it (a `wire::Mirror`), as JSON.
    pub table: Value,
    pub v: u64,
    /// Every event received, in order.
    pub events: Vec<Value>,
    mirror: Option<Mirror>,
    next_id: u64,
}

impl Client {
    pub async fn connect(addr: SocketAddr, code: &str, token: &str, since: Option<u64>) -> Client {
        Client::connect_as(addr, code, Some(token), since).await
    }

    /// A watcher: hello without a device token, as a visitor's page says it.
    pub async fn watch(addr: SocketAddr, code: &str) -> Client {
        Client::connect_as(addr, code, None, None).await
    }

    pub async fn connect_as(addr: SocketAddr, code: &str, token: Option<&str>, since: Option<u64>) -> Client {
        let (ws, _) = connect_async(format!("ws://{addr}/ws/{code}")).await.unwrap();
        Client::hello(ws, token, since).await
    }

    /// A player whose socket comes from `local` (another loopback address than 127.0.0.1,
    /// which `connect` comes from), so that limits on 127.0.0.1 do not touch it.
    pub async fn connect_from(local: IpAddr, addr: SocketAddr, code: &str, token: &str) -> Client {
        let socket = match local {
            IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
            IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
        }
        .unwrap();
        socket.bind(SocketAddr::new(local, 0)).unwrap();
        let tcp = socket.connect(addr).await.unwrap();
        let (ws, _) = client_async(format!("ws://{addr}/ws/{code}"), MaybeTlsStream::Plain(tcp)).await.unwrap();
        Client::hello(ws, Some(token), None).await
    }

    /// Says hello on an open socket and reads the welcome (and the state unless `since`).
    async fn hello(ws: WebSocketStream<MaybeTlsStream<TcpStream>>, token: Option<&str>, since: Option<u64>) -> Client {
        let mut c =
            Client { ws, welcome: Value::Null, table: Value::Null, v: 0, events: vec![], mirror: None, next_id: 1 };
        let mut hello = json!({"t": "hello", "since": since});
        if let Some(token) = token {
            hello["token"] = json!(token);
        }
        c.send(hello).await;
        let w = c.recv().await;
        assert_eq!(w["t"], "welcome", "{w}");
        c.v = w["v"].as_u64().unwrap();
        c.welcome = w;
        if since.is_none() {
            let s = c.recv().await;
            assert_eq!(s["t"], "state", "{s}");
            c.absorb(&s);
        }
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    /// Sends a text frame, reporting failure instead of panicking (for floods).
    pub async fn ws_send_text(&mut self, t: &str) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        self.ws.send(Message::Text(t.to_string().into())).await
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.unwrap();
    }

    /// The next JSON message (5 s at most).
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(5), self.ws.next())
                .await
                .expect("a message within 5 s")
                .expect("socket open")
                .expect("no socket error");
            if let Message::Text(t) = m {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }

    /// The next message that is not an event or a state (those are applied on the way).
    pub async fn next_answer(&mut self) -> Value {
        loop {
            let m = self.recv().await;
            if m["t"] != "event" && m["t"] != "state" {
                return m;
            }
            self.absorb(&m);
        }
    }

    /// Keeps the table current: a state replaces it, an event is applied to it.
    pub fn absorb(&mut self, m: &Value) {
        if m["t"] != "event" && m["t"] != "state" {
            return;
        }
        let msg: ServerMsg = serde_json::from_value(m.clone()).unwrap_or_else(|e| panic!("{m}: {e}"));
        match msg {
            ServerMsg::State { v, table } => self.mirror = Some(Mirror::new(v, *table).unwrap()),
            ServerMsg::Event { v, event } => {
                let mirror = self.mirror.as_mut().expect("a state before events");
                if v <= mirror.v {
                    return;
                }
                mirror.apply(v, &event).unwrap_or_else(|e| panic!("{m}: {e}"));
                self.events.push(m.clone());
            }
            _ => unreachable!(),
        }
        let mirror = self.mirror.as_ref().expect("a table");
        self.v = mirror.v;
        self.table = serde_json::to_value(&mirror.table).unwrap();
    }

    /// Sends an intent and returns its answer (ack, error or hint), absorbing events meanwhile.
    pub async fn intent(&mut self, mut v: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        v["id"] = json!(id);
        self.send(v).await;
        loop {
            let m = self.recv().await;
            if m["id"] == json!(id) && (m["t"] == "ack" || m["t"] == "error" || m["t"] == "hint") {
                if m["t"] == "ack" {
                    let want = m["v"].as_u64().unwrap();
                    // The event of this ack may come after it: catch up to its version.
                    while self.v < want {
                        let e = self.recv().await;
                        self.absorb(&e);
                    }
                }
                return m;
            }
            self.absorb(&m);
        }
    }

    /// Reads events until `done(table)` holds (10 s at most).
    pub async fn wait_for(&mut self, mut done: impl FnMut(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !done(&self.table) {
            let m = tokio::time::timeout_at(deadline, self.recv()).await.expect("condition within 10 s");
            self.absorb(&m);
        }
        self.table.clone()
    }

    /// Reads until this client has seen version `v`.
    pub async fn catch_up(&mut self, v: u64) {
        while self.v < v {
            let m = self.recv().await;
            self.absorb(&m);
        }
    }

    pub fn seat(&self) -> Option<u64> {
        self.welcome["you"]["seat"].as_u64()
    }

    /// Plays `mv` at the current ply and expects an ack.
    pub async fn play(&mut self, mv: &str) -> Value {
        let ply = plies(&self.table);
        let r = self.intent(json!({"t": "move", "ply": ply, "move": mv})).await;
        assert_eq!(r["t"], "ack", "{mv}: {r}");
        r
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Moves played in the table's current game.
pub fn plies(table: &Value) -> usize {
    table["plies"].as_u64().unwrap_or(0) as usize
}

/// Plays `pick(table)` for whichever of `a` and `b` is to move until the game ends; every
/// client in `watchers` follows each move. Returns the number of moves.
pub async fn play_out(a: &mut Client, b: &mut Client, mut pick: impl FnMut(&Value) -> String) -> usize {
    let mut n = 0;
    while a.table["status"] == "playing" {
        assert!(n < 2000, "game too long");
        let a_moves = my_turn(&a.table, a.seat().unwrap());
        let (mover, other) = if a_moves { (&mut *a, &mut *b) } else { (&mut *b, &mut *a) };
        let mv = pick(&mover.table);
        mover.play(&mv).await;
        let v = mover.v;
        other.catch_up(v).await;
        n += 1;
    }
    n
}

/// The first legal move of the table's position.
pub fn first_legal(t: &Value) -> String {
    match &t["view"]["legal"][0] {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

/// Whichever of `a` and `b` is to move plays its first legal move, twice: both sides have
/// then moved, as a ranked game needs before it is rated.
pub async fn both_move(a: &mut Client, b: &mut Client) {
    for _ in 0..2 {
        let a_moves = my_turn(&a.table, a.seat().unwrap());
        let (mover, other) = if a_moves { (&mut *a, &mut *b) } else { (&mut *b, &mut *a) };
        let mv = first_legal(&mover.table);
        mover.play(&mv).await;
        let v = mover.v;
        other.catch_up(v).await;
    }
}

/// The side to move and whether `seat` is it.
pub fn my_turn(table: &Value, seat: u64) -> bool {
    table["status"] == "playing" && table["seats"][seat as usize]["side"] == table["view"]["turn"]
}

/// The close frame's code of the next close on `ws` (5 s at most), skipping other messages.
pub async fn close_code<S>(ws: &mut S) -> u16
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("closed within 5 s");
        match m {
            Some(Ok(Message::Close(Some(f)))) => return f.code.into(),
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

/// What keeps `body` from being an instance of the protocol schema's definition `def` (an
/// HTTP body's, say `GameRecordView`, or `[GameSummary]` for a list of them): what an outside
/// client validating against `docs/protocol.schema.json` would see.
pub fn schema_errors(def: &str, body: &Value) -> Vec<String> {
    let (name, list) = match def.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(d) => (d, true),
        None => (def, false),
    };
    let mut schema = wire::protocol_schema();
    let root = schema.as_object_mut().expect("the schema is an object");
    root.remove("anyOf");
    let item = json!({"$ref": format!("#/$defs/{name}")});
    if list {
        root.insert("type".into(), "array".into());
        root.insert("items".into(), item);
    } else {
        root.insert("$ref".into(), item["$ref"].clone());
    }
    let v = jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{def}: {e}"));
    v.iter_errors(body).map(|e| format!("{e} at {}", e.instance_path())).collect()
}

/// Panics unless `body` is an instance of `def` ([`schema_errors`]).
pub fn assert_schema(def: &str, body: &Value) {
    let errors = schema_errors(def, body);
    assert!(errors.is_empty(), "not a {def}: {}\n{body}", errors.join("; "));
}
