// The WebSocket client of docs/protocol.md. It says hello with the device token (none: only
// watch) and the last version seen, reconnects with backoff (at once when the server says it
// is going away), passes on each event once and in order, asks `sync` when a version is
// missing, and answers each intent's promise from its ack or error. It never touches the DOM:
// the page hands it callbacks.

/** @typedef {import('./types.js').ServerMessage} ServerMessage */
/** @typedef {import('./types.js').Intent} Intent */

/** Close codes of the server (crates/server/src/ws.rs). */
export const CLOSE = {
  /** The device token is unknown. */
  BAD_TOKEN: 4001,
  /** The player moved to another device: this one forgets the token, as for an unknown one. */
  MOVED: 4003,
  /** The server is going away (a restart, a drain): come back at once. */
  GOING_AWAY: 4010,
  /** Ours: we close to connect again at once (with a new token, or for a full state). */
  AGAIN: 4000,
};

/** An intent the server refused (`code`, with `error` as sent), or one that could not be sent. */
export class IntentError extends Error {
  /** @param {string} code @param {import('./types.js').ErrorMessage} [error] */
  constructor(code, error) {
    super(code);
    this.code = code;
    this.error = error;
  }
}

/**
 * @typedef {object} ConnectionHandlers
 * @property {(msg: import('./types.js').WelcomeMessage) => void} onWelcome
 * @property {(msg: import('./types.js').StateMessage) => void} onState
 * @property {(msg: import('./types.js').EventMessage) => void} onEvent  Each version once, in order.
 * @property {(msg: import('./types.js').QuickMessage) => void} [onQuick]  A player's quick message.
 * @property {(connected: boolean) => void} onStatus
 * @property {() => void} onBadToken  The server does not know the token: forget it (we come back without).
 * @property {(code: string) => void} onFatal  The server refused us for good (no such group).
 * @property {(e: import('./types.js').WireError) => void} onRefused  The server refused this
 *   connection for now (`too-many-sockets`); the socket closes and is tried again later.
 */

/**
 * An intent sent and not yet answered. `again`: the server said `table-moved` (nothing changed
 * there), so it is sent again after the next welcome whatever its kind.
 * @typedef {{msg: import('./types.js').IntentMessage, resolve: (m: ServerMessage) => void, reject: (e: IntentError) => void, again?: boolean}} Pending
 */

export class Connection {
  /**
   * @param {string} url  The socket URL (`wss://host/ws/CODE`).
   * @param {() => string | null} token  This device's token, if it has one.
   * @param {ConnectionHandlers} handlers
   */
  constructor(url, token, handlers) {
    this.url = url;
    this.token = token;
    this.h = handlers;
    /** The last version passed on; `since` in the next hello. @type {number | null} */
    this.v = null;
    /** A `sync` was asked and not answered yet. */
    this.syncing = false;
    /** Nothing came yet after the last welcome (its state may start another numbering). */
    this.justWelcomed = false;
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    /** @type {WebSocket | null} */
    this.ws = null;
    this.ready = false;
    this.closed = false;
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** Resolved by the next welcome (see `reconnect`). @type {(() => void)[]} */
    this.welcomed = [];
    /** The page closed the socket to open it again at once (`reconnect`): not a lost connection. */
    this.quiet = false;
    this.wake = () => {
      if (!this.closed && !this.ws) this.connect();
    };
  }

  start() {
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.connect();
  }

  close() {
    this.closed = true;
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    this.clearTimer();
    this.ws?.close(1000);
  }

  clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  connect() {
    this.clearTimer();
    if (this.closed || this.ws) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      /** @type {import('./types.js').HelloMessage} */
      const hello = { t: 'hello' };
      const token = this.token();
      if (token) hello.token = token;
      if (this.v !== null) hello.since = this.v;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      /** @type {ServerMessage} */
      let msg;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const was = this.ready;
      this.ready = false;
      this.syncing = false;
      // A reconnect the page asked for (a new token after joining) is not news, unless the
      // socket is not back within two seconds.
      if (was && this.quiet) setTimeout(() => this.ready || this.closed || this.h.onStatus(false), 2000);
      else if (was) this.h.onStatus(false);
      this.quiet = false;
      // Intents other than moves may have been applied or not: tell the page they failed.
      // Moves are kept and sent again after the next welcome (the server acks a replay).
      for (const [id, p] of this.pending) {
        if (p.msg.t !== 'move' && !p.again) {
          this.pending.delete(id);
          p.reject(new IntentError('disconnected'));
        }
      }
      if (this.closed) return;
      if (e.code === CLOSE.BAD_TOKEN || e.code === CLOSE.MOVED) {
        this.h.onBadToken();
        this.connect();
      } else if (e.code === CLOSE.GOING_AWAY || e.code === CLOSE.AGAIN) {
        // Another node (or this one, restarted) takes over in a moment: come back at once,
        // spread out so a whole server's clients do not arrive in the same millisecond.
        this.attempt = 0;
        this.later(50 + Math.random() * 250);
      } else {
        this.retry();
      }
    };
  }

  /** @param {number} ms */
  later(ms) {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, ms);
  }

  retry() {
    if (this.closed || this.timer) return;
    const base = Math.min(10000, 400 * 2 ** this.attempt);
    this.attempt++;
    this.later(base / 2 + Math.random() * (base / 2));
  }

  /**
   * Connects again with the token the device has now (after it made one to sit down), or,
   * with `fresh`, without `since`, for a full state (the page lost track of the table).
   * Resolves at the next welcome.
   * @param {{fresh?: boolean}} [opts]
   * @returns {Promise<void>}
   */
  reconnect(opts = {}) {
    if (opts.fresh) this.v = null;
    const done = new Promise((resolve) => this.welcomed.push(() => resolve(undefined)));
    this.quiet = !!this.ws;
    if (this.ws) this.ws.close(CLOSE.AGAIN);
    else this.connect();
    return done;
  }

  /** Asks for the events after the last version seen (or a state). */
  sync() {
    if (this.syncing || !this.ready || !this.ws || this.v === null) return;
    this.syncing = true;
    this.ws.send(JSON.stringify({ t: 'sync', since: this.v }));
  }

  /** @param {ServerMessage} msg */
  receive(msg) {
    switch (msg.t) {
      case 'welcome': {
        this.ready = true;
        this.justWelcomed = true;
        this.attempt = 0;
        this.h.onStatus(true);
        this.h.onWelcome(msg);
        for (const p of this.pending.values()) this.ws?.send(JSON.stringify(p.msg));
        for (const f of this.welcomed.splice(0)) f();
        break;
      }
      case 'state':
        // On one socket versions only grow, so a later state older than the events already
        // applied (taken before the server wrote them) would step the table back: keep the
        // newer. The state right after a welcome may be older: another numbering after a
        // restart or on another node.
        if (!this.justWelcomed && this.v !== null && msg.v < this.v) {
          this.syncing = false;
          break;
        }
        this.justWelcomed = false;
        this.v = msg.v;
        this.syncing = false;
        this.h.onState(msg);
        break;
      case 'event':
        this.justWelcomed = false;
        if (this.v === null || msg.v <= this.v) return;
        if (msg.v > this.v + 1) {
          // Missed some: the answer to `sync` brings them (later events are dropped until then).
          this.sync();
          return;
        }
        this.v = msg.v;
        this.syncing = false;
        this.h.onEvent(msg);
        break;
      case 'ack':
      case 'hint': {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          p.resolve(msg);
        }
        break;
      }
      case 'error': {
        const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
        if (p && msg.code === 'table-moved') {
          // Another server has the table now and nothing changed here: the intent stays
          // pending and goes again after the welcome of a new socket (4010 closes this one).
          p.again = true;
          this.reconnect();
        } else if (p && msg.id !== undefined) {
          this.pending.delete(msg.id);
          p.reject(new IntentError(msg.code, msg));
        } else if (msg.code === 'not-found') {
          this.closed = true;
          this.ws?.close(1000);
          this.h.onFatal(msg.code);
        } else if (msg.code === 'too-many-sockets') {
          // Close code 4029 follows; `onclose` retries with the usual back-off.
          this.h.onRefused(msg);
        }
        // `bad-token` is followed by close code 4001, handled in `onclose`.
        break;
      }
      case 'quick':
        this.h.onQuick?.(msg);
        break;
      default:
        break;
    }
  }

  /**
   * Sends an intent; resolves with its ack (or hint), rejects with an IntentError.
   * @param {Intent} intent
   * @returns {Promise<ServerMessage>}
   */
  send(intent) {
    const id = this.nextId++;
    /** @type {import('./types.js').IntentMessage} */
    const msg = { ...intent, id };
    return new Promise((resolve, reject) => {
      if (!this.ready || !this.ws) {
        if (intent.t !== 'move') {
          reject(new IntentError('disconnected'));
          return;
        }
      } else {
        this.ws.send(JSON.stringify(msg));
      }
      this.pending.set(id, { msg, resolve, reject });
    });
  }
}
