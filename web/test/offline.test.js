// The upload of games played offline (offline/upload.js, issue 36 part 6) against a scripted
// server: what each answer does to the game kept on the device, and the seed of the CPU's moves
// offline (engine/seed.js). Run by `npm run unit`.

import assert from 'node:assert/strict';
import { beforeEach, mock, test } from 'node:test';
import { fnv1a64, offlineSeed } from '../engine/seed.js';
import { CHANGED, OFFLINE_KEY, offlineGames, saveOffline } from '../offline/store.js';
import { refusedText } from '../offline/rows.js';
import { uploadOffline } from '../offline/upload.js';

/** A localStorage for Node, and the page's events (My games redraws on `CHANGED`). */
const store = new Map();
/** @type {string[]} */
const events = [];
Object.assign(globalThis, {
  dispatchEvent: (/** @type {Event} */ e) => events.push(e.type),
  localStorage: {
    getItem: (/** @type {string} */ k) => store.get(k) ?? null,
    setItem: (/** @type {string} */ k, /** @type {string} */ v) => store.set(k, String(v)),
    removeItem: (/** @type {string} */ k) => store.delete(k),
  },
});

/** @type {{url: string, body: any, auth: string | null}[]} */
let sent = [];

/**
 * Answers each upload by its game's id: a status and a body, or a network failure (null).
 * @param {Record<string, [number, object] | null>} answers
 */
function server(answers) {
  sent = [];
  globalThis.fetch = /** @type {any} */ (async (/** @type {string} */ url, /** @type {any} */ init) => {
    const body = JSON.parse(init.body);
    sent.push({ url, body, auth: init.headers.Authorization ?? null });
    const a = answers[body.id];
    if (!a) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a[1]), { status: a[0] });
  });
}

/** A finished game (the player lost a 3x3 Dots game), or one in play. @param {string} id @param {boolean} [over] */
function game(id, over = true) {
  return /** @type {import('../offline/store.js').OfflineGame} */ ({
    id, game: 'dots', options: { size: '3x3', swapFirst: true }, cpu: 'beginner', moves: ['0', '1'], resigned: over,
    startedAt: 1000, endedAt: over ? 2000 : null, outcome: over ? { winner: 1, reason: 'resignation' } : null, refused: null,
  });
}

beforeEach(() => {
  store.clear();
  events.length = 0;
  store.set('qdan.token', 'tok');
});

test('accepted games are dropped, refused ones kept with the reason and not sent again', async () => {
  for (const id of ['g-accepted-000001', 'g-again-0000000002', 'g-illegal-00000003', 'g-big-000000000004']) saveOffline(game(id));
  saveOffline(game('g-playing-00000005', false));
  server({
    'g-accepted-000001': [201, { code: 'ABC', n: 1, url: '/g/ABC/1' }],
    'g-again-0000000002': [200, { code: 'DEF', n: 1, url: '/g/DEF/1' }],
    'g-illegal-00000003': [400, { code: 'illegal-move', args: { ply: 1 }, message: 'that move is not allowed here' }],
    'g-big-000000000004': [413, {}],
  });
  await uploadOffline();
  assert.deepEqual(events, [CHANGED], 'the page is told once');
  assert.deepEqual(sent.map((s) => s.body.id), ['g-accepted-000001', 'g-again-0000000002', 'g-illegal-00000003', 'g-big-000000000004'],
    'every finished game once, never the one in play');
  assert.equal(sent[0].url, '/api/games/offline');
  assert.equal(sent[0].auth, 'Bearer tok');
  assert.deepEqual(sent[0].body, { id: 'g-accepted-000001', game: 'dots', options: { size: '3x3', swapFirst: true }, cpu: 'beginner',
    moves: ['0', '1'], resigned: true, startedAt: 1000, endedAt: 2000 });
  const kept = Object.fromEntries(offlineGames().map((g) => [g.id, g.refused]));
  assert.deepEqual(kept, { 'g-illegal-00000003': { code: 'illegal-move', ply: 1 }, 'g-big-000000000004': { code: 'too-large' }, 'g-playing-00000005': null });
  // Refused games are never sent again.
  server({});
  await uploadOffline();
  assert.deepEqual(sent, []);
});

test('a network error, 429 or 5xx keeps the game and tries again later', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    for (const [status, body] of [[0, null], [429, { code: 'rate-limited' }], [503, {}]]) {
      store.delete(OFFLINE_KEY);
      saveOffline(game('g-later-0000000001'));
      server({ 'g-later-0000000001': status ? [/** @type {number} */ (status), /** @type {object} */ (body)] : null });
      await uploadOffline();
      assert.equal(sent.length, 1);
      assert.deepEqual(offlineGames().map((g) => [g.id, g.refused]), [['g-later-0000000001', null]], `after ${status}`);
      // A minute later the page tries again by itself, and the server takes it.
      server({ 'g-later-0000000001': [201, { code: 'ABC', n: 1, url: '/g/ABC/1' }] });
      mock.timers.tick(59_000);
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      assert.equal(sent.length, 0, 'not before the minute');
      mock.timers.tick(1_000);
      for (let i = 0; i < 20 && store.has(OFFLINE_KEY); i++) await new Promise((r) => setImmediate(r));
      assert.equal(store.get(OFFLINE_KEY), undefined, `uploaded a minute after ${status}`);
    }
  } finally {
    mock.timers.reset();
  }
});

test('the CPU seed offline is FNV-1a 64 of offline/ID/PLY', () => {
  // The published FNV-1a 64 test vectors.
  assert.equal(fnv1a64(''), BigInt('0xcbf29ce484222325').toString());
  assert.equal(fnv1a64('a'), BigInt('0xaf63dc4c8601ec8c').toString());
  assert.equal(offlineSeed('0f3c6a1e-1c2b-4f7a-9d1e-2a3b4c5d6e7f', 7), fnv1a64('offline/0f3c6a1e-1c2b-4f7a-9d1e-2a3b4c5d6e7f/7'));
});

test('a refusal in words: the move by its number from 1, each known code its own message, any other a general one', () => {
  const t = (/** @type {string} */ id, /** @type {any} */ args) => (args ? `${id} ${JSON.stringify(args)}` : id);
  assert.equal(refusedText(t, { code: 'illegal-move', ply: 0 }), 'offline-refused-illegal-move {"move":1}');
  assert.equal(refusedText(t, { code: 'not-over' }), 'offline-refused-not-over');
  assert.equal(refusedText(t, { code: 'too-large' }), 'offline-refused-too-large');
  assert.equal(refusedText(t, { code: 'bad-field' }), 'offline-refused-bad-field');
  assert.equal(refusedText(t, { code: 'illegal-move' }), 'offline-refused-other', 'no ply: no number to give');
  assert.equal(refusedText(t, { code: 'bad-token' }), 'offline-refused-other');
});
