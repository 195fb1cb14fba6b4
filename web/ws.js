// The WebSocket client of docs/protocol.md. It says hello with the token and the last version
// seen, reconnects with backoff, drops events it has already seen, and answers each intent's
// promise from its ack or error. It never touches the DOM: the page hands it callbacks.

/** @typedef {import('./types.js').ServerMessage} ServerMessage */

/** An intent the server refused, or one that could not be sent. */
export class IntentError extends Error {
  /** @param {string} code @param {ServerMessage} [msg] */
  constructor(code, msg) {
    super(code);
    this.code = code;
    this.msg = msg;
  }
}

/**
 * @typedef {object} ConnectionHandlers
 * @property {(msg: ServerMessage) => void} onWelcome
 * @property {(msg: ServerMessage) => void} onTable  A `state` or a new `event`; both carry the table.
 * @property {(connected: boolean) => void} onStatus
 * @property {(code: string) => void} [onFatal]  The server refused us for good (bad token, no such group).
 */

export class Connection {
  /**
   * @param {string} url  The socket URL (`wss://host/ws/CODE`).
   * @param {() => Promise<string>} token  Gives the device token (may create one).
   * @param {ConnectionHandlers} handlers
   */
  constructor(url, token, handlers) {
    this.url = url;
    this.token = token;
    this.h = handlers;
    /** The last version seen; `since` in the next hello. */
    this.v = /** @type {number | null} */ (null);
    this.nextId = 1;
    /** @type {Map<number, {msg: Record<string, unknown>, resolve: (m: ServerMessage) => void, reject: (e: IntentError) => void}>} */
    this.pending = new Map();
    /** @type {WebSocket | null} */
    this.ws = null;
    this.ready = false;
    this.closed = false;
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
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
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  async connect() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    let token;
    try {
      token = await this.token();
    } catch {
      this.retry();
      return;
    }
    if (this.closed || this.ws) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      /** @type {Record<string, unknown>} */
      const hello = { t: 'hello', token };
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
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const was = this.ready;
      this.ready = false;
      if (was) this.h.onStatus(false);
      // Intents other than moves may have been applied or not: tell the page they failed.
      // Moves are kept and sent again after the next welcome (the server acks a replay).
      for (const [id, p] of this.pending) {
        if (p.msg.t !== 'move') {
          this.pending.delete(id);
          p.reject(new IntentError('disconnected'));
        }
      }
      if (!this.closed) this.retry();
    };
  }

  retry() {
    if (this.closed || this.timer) return;
    const base = Math.min(10000, 400 * 2 ** this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, base / 2 + Math.random() * (base / 2));
  }

  /** @param {ServerMessage} msg */
  receive(msg) {
    switch (msg.t) {
      case 'welcome':
        this.ready = true;
        this.attempt = 0;
        this.h.onStatus(true);
        this.h.onWelcome(msg);
        for (const p of this.pending.values()) this.ws?.send(JSON.stringify(p.msg));
        break;
      case 'state':
        if (typeof msg.v === 'number') this.v = msg.v;
        this.h.onTable(msg);
        break;
      case 'event':
        if (typeof msg.v === 'number') {
          if (this.v !== null && msg.v <= this.v) return;
          this.v = msg.v;
        }
        this.h.onTable(msg);
        break;
      case 'ack':
      case 'hint': {
        const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
        if (p && msg.id !== undefined) {
          this.pending.delete(msg.id);
          p.resolve(msg);
        }
        break;
      }
      case 'error': {
        const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
        if (p && msg.id !== undefined) {
          this.pending.delete(msg.id);
          p.reject(new IntentError(msg.code || 'internal', msg));
        } else if (msg.code === 'bad-token' || msg.code === 'not-found') {
          this.closed = true;
          this.ws?.close();
          this.h.onFatal?.(msg.code);
        }
        break;
      }
      default:
        break;
    }
  }

  /**
   * Sends an intent; resolves with its ack, rejects with an IntentError.
   * @param {string} t
   * @param {Record<string, unknown>} [fields]
   * @returns {Promise<ServerMessage>}
   */
  send(t, fields = {}) {
    const id = this.nextId++;
    const msg = { t, id, ...fields };
    return new Promise((resolve, reject) => {
      if (!this.ready || !this.ws) {
        if (t !== 'move') {
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
