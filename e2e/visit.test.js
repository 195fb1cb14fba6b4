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

test('a tap on "Play with a friend", "Play the CPU" or a language before the page is wired is not lost', async () => {
  for (const [choice, lang] of [['friend', 'en'], ['cpu', 'de']]) {
    const visitor = await newPlayer(env.browser, PHONE);
    // Hold the locale's messages back, as a slow connection would: the page's module waits
    // for them before it wires the buttons.
    let release = () => {};
    const messages = new Promise((r) => { release = () => r(undefined); });
    await visitor.page.route('**/l10n/*.ftl*', async (route) => {
      await messages;
      await route.continue();
    });
    await visitor.page.goto(`${env.server.url}/${lang}/games/musashi`, { waitUntil: 'domcontentloaded' });
    if (choice === 'friend') {
      await visitor.page.locator('#play-friend').click();
    } else {
      await visitor.page.locator('#play-cpu input[value="intermediate"]').check();
      await visitor.page.locator('#play-cpu button[type="submit"]').click();
    }
    assert.equal(await visitor.page.locator('body').getAttribute('data-ready'), null, `${choice}: the tap came before the page was wired`);
    assert.equal(new URL(visitor.page.url()).pathname, `/${lang}/games/musashi`, `${choice}: the CPU form did not reload the page`);
    release();
    await visitor.page.waitForURL(new RegExp(`/${lang}/g/[A-Za-z0-9]+$`));
    const s = await waitState(visitor.page, 's.table.code && s.seat !== null');
    const cpu = s.table.seats.map((/** @type {any} */ x) => x?.cpu ?? null).filter(Boolean);
    assert.deepEqual(cpu, choice === 'cpu' ? ['intermediate'] : [], `${choice}: the group has the level picked`);
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
  }
  // The language switcher: a pick made while the messages load is remembered for `/`.
  const visitor = await newPlayer(env.browser, PHONE, 'en-US');
  await visitor.page.route('**/l10n/*.ftl*', () => {});
  await visitor.page.goto(`${env.server.url}/en/games/dots`, { waitUntil: 'domcontentloaded' });
  await visitor.page.locator('.langs summary').click();
  await visitor.page.locator('.langs a[data-lang="tl"]').click();
  await visitor.page.waitForURL(/\/tl\/games\/dots$/, { waitUntil: 'domcontentloaded' });
  await visitor.page.unroute('**/l10n/*.ftl*');
  await visitor.page.goto(`${env.server.url}/`);
  await visitor.page.waitForURL(/\/tl\/$/);
  await visitor.context.close();
});
