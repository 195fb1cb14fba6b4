// Issue 19: a visit to a table page (a spectator, a crawler that runs scripts) creates no
// player. Before the fix the page asked for a device token (`POST /api/players`, 201) on
// every first visit; now it watches without one and makes a player only when the visitor sits
// down or opens a game.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, waitState } from './harness.js';

const env = serverAndBrowser();

/** @param {string} path @param {object} body @param {string} [token] */
async function post(path, body, token) {
  const r = await fetch(`${env.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  assert.equal(r.status, 201, `${path}: ${text}`);
  return JSON.parse(text);
}

test('a page view and its watching socket create no player', async () => {
  const host = await post('/api/players', { name: 'Host' });
  for (const body of [{ game: 'musashi', cpu: 'expert' }, { game: 'dots' }]) {
    const { code } = await post('/api/groups', body, host.token);
    const visitor = await newPlayer(env.browser, PHONE);
    /** @type {string[]} */
    const made = [];
    visitor.page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/players') made.push(r.url());
    });
    const socket = visitor.page.waitForEvent('websocket');
    await visitor.page.goto(`${env.server.url}/en/g/${code}`);
    // The page's socket said hello and was answered: the page is live.
    await (await socket).waitForEvent('framereceived');
    await visitor.page.waitForTimeout(500);
    assert.deepEqual(made, [], `${body.game}: the visit asked for a player`);
    const s = await waitState(visitor.page, 's.table.code === ' + JSON.stringify(code));
    assert.equal(s.you?.playerId ?? null, null, `${body.game}: a watcher has no player`);
    const token = await visitor.page.evaluate(() => localStorage.getItem('qdan.token'));
    assert.equal(token, null, `${body.game}: no device token was stored`);
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
  }
});
