// Continue on another device (issue 35, part 4): the transfer link moves a player to a fresh
// context. Phone A (Russian) has a game in progress against the CPU and makes the link on
// "My games"; phone B (German, a fresh context) opens the link's plain `/t/CODE`, is asked
// "Als Ana auf diesem Gerät weiterspielen?", confirms, and finds A's game in its "My games".
// A's open table page loses the seat (its socket closed with 4003) and A's "My games" says
// the player moved: A is a new guest. The link does not work a second time.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/** @param {string} path @param {unknown} body @param {string} [token] */
async function post(path, body, token) {
  const r = await fetch(`${env.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) assert.fail(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

test('the transfer link moves a player to a fresh context', async () => {
  const { token } = await post('/api/players', { name: 'Ana' });
  const { code } = await post('/api/groups', { game: 'musashi', cpu: 'beginner' }, token);
  const a = await newPlayer(env.browser, PHONE, 'ru-RU');
  await a.context.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('qdan.token', t);
    }
  }, token);
  // A's table, open in its own tab: its socket must close when the player moves.
  const table = await a.context.newPage();
  await table.goto(`${env.server.url}/ru/g/${code}`);
  await waitState(table, 's.seat === 0 && s.table.status === "playing"');

  await a.page.goto(`${env.server.url}/ru/my-games`);
  await a.page.locator('#playing .playing-item').first().waitFor();
  await a.page.locator('#transfer-make').click();
  const url = await a.page.locator('#transfer-url').inputValue();
  assert.match(url, /\/ru\/t\/[A-Za-z0-9_-]{43}$/);
  assert.match(await a.page.locator('#transfer-valid').innerText(), /10 минут/);
  await a.page.locator('#transfer-qr').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
  assert.ok(await a.page.locator('#transfer-qr').evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth >= 200));
  await a.page.locator('#transfer').scrollIntoViewIfNeeded();
  await shot(a.page, 'transfer-link-ru-390x844');

  // B: a fresh browser in German opens the plain /t/CODE (the visitor's own locale).
  const b = await newPlayer(env.browser, PHONE, 'de-DE');
  const plain = `${env.server.url}/t/${url.split('/').pop()}`;
  await b.page.goto(plain);
  await b.page.locator('#transfer-confirm').waitFor();
  assert.match(b.page.url(), /\/de\/my-games$/, 'the code leaves the address bar');
  assert.equal(await b.page.locator('#transfer-claim h2').innerText(), 'Als Ana auf diesem Gerät weiterspielen?');
  await shot(b.page, 'transfer-confirm-de-390x844');
  await b.page.locator('#transfer-confirm').click();
  // After the claim the page shows A's game in progress, in B's "My games".
  const item = b.page.locator(`#playing .playing-item[data-code="${code}"]`);
  await item.waitFor();
  await shot(b.page, 'transfer-claimed-de-390x844');
  assert.equal(await b.page.evaluate(() => localStorage.getItem('qdan.token') !== null), true);

  // A: the table page's socket was closed (4003): it watches now, without the seat.
  await waitState(table, 's.seat === null');
  // A's "My games" notices within its next look and starts again as a new guest's page: no
  // player on the device, no games, and a word on why.
  await a.page.locator('#transfer-moved').waitFor();
  await a.page.locator('#games tbody tr td').first().waitFor();
  assert.equal(await a.page.evaluate(() => localStorage.getItem('qdan.token')), null);
  assert.equal(await a.page.locator('#playing .playing-item').count(), 0, 'a new guest has no games');
  assert.equal(await a.page.locator('#transfer-make').count(), 0, 'and no player to move');
  await a.page.evaluate(() => scrollTo(0, 0));
  await shot(a.page, 'transfer-moved-ru-390x844');
  await a.page.reload();
  await a.page.locator('#games tbody tr td').first().waitFor();
  assert.equal(await a.page.locator('#transfer').count(), 0, 'the word on why is said once');

  // The link worked once: a third browser is told so, in its language.
  const c = await newPlayer(env.browser, PHONE, 'en-US');
  await c.page.goto(plain.replace('/t/', '/en/t/'));
  await c.page.locator('#transfer-claim .error').waitFor();
  assert.match(await c.page.locator('#transfer-claim .error').innerText(), /unknown, already used or expired/);
  for (const p of [a, b, c]) assert.deepEqual(p.errors.filter((e) => !/401|404/.test(e)), []);
  await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
});
