// The socket client against a scripted server (a fake WebSocket): hello with and without a
// token, `sync` on a version gap, close codes 4001 and 4010, moves sent again after a
// reconnect, and a fresh state on request. Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLOSE, Connection } from '../ws.js';

/** A WebSocket that records what the client sends and lets the test answer. */
class FakeSocket {
  /** @type {FakeSocket[]} */
  static all = [];
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    /** @type {any[]} */
    this.sent = [];
    /** @type {(() => void) | null} */ this.onopen = null;
    /** @type {((e: {data: string}) => void) | null} */ this.onmessage = null;
    /** @type {((e: {code: number}) => void) | null} */ this.onclose = null;
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }

  /** @param {string} text */
  send(text) {
    this.sent.push(JSON.parse(text));
  }

  /** The client closes: the server echoes its code. @param {number} [code] */
  close(code = 1005) {
    queueMicrotask(() => this.onclose?.({ code }));
  }

  /** @param {object} msg */
  server(msg) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

// The page's `online` and `visibilitychange` signals.
/** @type {any} */ (globalThis).window = new EventTarget();
/** @type {any} */ (globalThis).document = new EventTarget();

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A connection over fake sockets, with what it passed on. @param {string | null} token */
function connect(token) {
  FakeSocket.all = [];
  /** @type {any} */ (globalThis).WebSocket = FakeSocket;
  const got = { events: /** @type {number[]} */ ([]), states: 0, welcomes: 0, badToken: 0, quick: /** @type {string[]} */ ([]) };
  let tok = token;
  const conn = new Connection('ws://x/ws/CODE', () => tok, {
    onWelcome: () => got.welcomes++,
    onState: () => got.states++,
    onEvent: (m) => got.events.push(m.v),
    onQuick: (m) => got.quick.push(`${m.seat}:${m.phrase}`),
    onStatus: () => {},
    onBadToken: () => {
      got.badToken++;
      tok = null;
    },
    onFatal: () => {},
  });
  conn.start();
  const last = () => /** @type {FakeSocket} */ (FakeSocket.all.at(-1));
  return { conn, got, last };
}

const welcome = { t: 'welcome', v: 3, you: { playerId: null, seat: null, host: false } };
const ev = (/** @type {number} */ v) => ({ t: 'event', v, kind: 'spectators', count: v });

test('a device without a token says hello without one; with one, it sends it', async () => {
  const a = connect(null);
  await tick();
  assert.deepEqual(a.last().sent, [{ t: 'hello' }]);
  a.conn.close();
  const b = connect('tok');
  await tick();
  assert.deepEqual(b.last().sent, [{ t: 'hello', token: 'tok' }]);
  b.conn.close();
});

test('events pass once and in order; a gap asks sync once and waits for its answer', async () => {
  const { conn, got, last } = connect('tok');
  await tick();
  const ws = last();
  ws.server(welcome);
  ws.server({ t: 'state', v: 3, table: {} });
  ws.server(ev(4));
  ws.server(ev(4));
  ws.server(ev(6));
  ws.server(ev(7));
  assert.deepEqual(got.events, [4]);
  assert.deepEqual(ws.sent.slice(1), [{ t: 'sync', since: 4 }], 'one sync for the gap');
  // The answer: the missed events, then the table goes on.
  for (const v of [5, 6, 7, 8]) ws.server(ev(v));
  assert.deepEqual(got.events, [4, 5, 6, 7, 8]);
  conn.close();
});

test('a state older than the events already applied is dropped; a newer one is taken', async () => {
  const { conn, got, last } = connect('tok');
  await tick();
  const ws = last();
  ws.server(welcome);
  ws.server({ t: 'state', v: 3, table: {} });
  for (const v of [4, 5, 6]) ws.server(ev(v));
  ws.server({ t: 'state', v: 5, table: {} });
  assert.equal(got.states, 1, 'the state of v 5 came after the event of v 6');
  ws.server(ev(7));
  assert.deepEqual(got.events, [4, 5, 6, 7]);
  ws.server({ t: 'state', v: 9, table: {} });
  ws.server(ev(10));
  assert.equal(got.states, 2);
  assert.deepEqual(got.events, [4, 5, 6, 7, 10]);
  // Right after a welcome a state starts the table's numbering, even an older one (a restart
  // on a node whose clock is behind).
  ws.server({ t: 'welcome', v: 2, you: welcome.you });
  ws.server({ t: 'state', v: 2, table: {} });
  ws.server(ev(3));
  assert.equal(got.states, 3);
  assert.deepEqual(got.events, [4, 5, 6, 7, 10, 3]);
  conn.close();
});

test('close 4001 forgets the token and comes back as a watcher, with since', async () => {
  const { conn, got, last } = connect('stale');
  await tick();
  const first = last();
  first.server(welcome);
  first.server({ t: 'state', v: 3, table: {} });
  first.server({ t: 'error', code: 'bad-token', message: 'unknown device token' });
  first.onclose?.({ code: CLOSE.BAD_TOKEN });
  await tick();
  assert.equal(got.badToken, 1);
  assert.notEqual(last(), first);
  assert.deepEqual(last().sent, [{ t: 'hello', since: 3 }]);
  conn.close();
});

test('close 4010 reconnects at once and resends a pending move after welcome', async () => {
  const { conn, last } = connect('tok');
  await tick();
  const first = last();
  first.server(welcome);
  first.server({ t: 'state', v: 3, table: {} });
  const move = conn.send({ t: 'move', ply: 0, move: 'c3-c4' });
  const refused = conn.send({ t: 'undo' });
  // As after earlier failures, when the backoff would wait seconds.
  conn.attempt = 5;
  first.onclose?.({ code: CLOSE.GOING_AWAY });
  await assert.rejects(refused, (e) => /** @type {any} */ (e).code === 'disconnected');
  await tick(350);
  const second = last();
  assert.notEqual(second, first, 'back within 300 ms');
  assert.deepEqual(second.sent, [{ t: 'hello', token: 'tok', since: 3 }]);
  second.server(welcome);
  assert.deepEqual(second.sent[1], { t: 'move', ply: 0, move: 'c3-c4', id: 1 });
  second.server({ t: 'ack', id: 1, v: 4 });
  assert.deepEqual(await move, { t: 'ack', id: 1, v: 4 });
  conn.close();
});

test('table-moved: the client reconnects at once and sends the intent again, which is not lost', async () => {
  const { conn, last } = connect('tok');
  await tick();
  const first = last();
  first.server(welcome);
  first.server({ t: 'state', v: 3, table: {} });
  const move = conn.send({ t: 'move', ply: 0, move: 'c3-c4' });
  const resign = conn.send({ t: 'resign' });
  conn.attempt = 5;
  first.server({ t: 'error', id: 1, code: 'table-moved', message: 'moved' });
  first.server({ t: 'error', id: 2, code: 'table-moved', message: 'moved' });
  await tick(350);
  const second = last();
  assert.notEqual(second, first, 'a new socket at once');
  second.server(welcome);
  assert.deepEqual(second.sent.slice(1), [
    { t: 'move', ply: 0, move: 'c3-c4', id: 1 },
    { t: 'resign', id: 2 },
  ]);
  second.server({ t: 'ack', id: 1, v: 4 });
  second.server({ t: 'ack', id: 2, v: 5 });
  assert.deepEqual(await move, { t: 'ack', id: 1, v: 4 });
  assert.deepEqual(await resign, { t: 'ack', id: 2, v: 5 });
  conn.close();
});

test('reconnect({fresh}) drops since, so the server sends a full state', async () => {
  const { conn, last } = connect('tok');
  await tick();
  last().server(welcome);
  last().server({ t: 'state', v: 3, table: {} });
  const back = conn.reconnect({ fresh: true });
  await tick(350);
  assert.deepEqual(last().sent, [{ t: 'hello', token: 'tok' }]);
  last().server(welcome);
  await back;
  conn.close();
});

test('a quick message passes to onQuick and leaves the version alone (it has none)', async () => {
  const a = connect('tok');
  await tick();
  a.last().server(welcome);
  a.last().server({ t: 'state', v: 3, table: {} });
  a.last().server({ t: 'quick', seat: 1, phrase: 'good-luck' });
  a.last().server(ev(4));
  assert.deepEqual(a.got.quick, ['1:good-luck']);
  assert.deepEqual(a.got.events, [4], 'the next event is not taken for a gap');
  assert.equal(a.last().sent.filter((m) => m.t === 'sync').length, 0);
  a.conn.close();
});
