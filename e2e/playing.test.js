// Games in progress (issue 35, part 3): a player with unfinished games sees them on the home
// page, the tab title and icon mark the game waiting for them, and a tap reopens their seat;
// on that game's own page the mark is gone (it counts only the other games); "Your games"
// lists them as well.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, sitDown, waitState } from './harness.js';

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

/** A browser whose device is the player of `token`. @param {string} token */
async function device(token) {
  const p = await newPlayer(env.browser, PHONE);
  await p.context.addInitScript((t) => localStorage.setItem('qdan.token', t), token);
  return p;
}

test('the home page lists the games in progress, the title marks a turn, a tap reopens the seat', async () => {
  const ana = (await post('/api/players', { name: 'Ana' })).token;
  const ben = (await post('/api/players', { name: 'Ben' })).token;
  // Ana's turn: she is the Parent against the CPU, and the Parent moves first.
  const { code: mine } = await post('/api/groups', { game: 'musashi', cpu: 'beginner' }, ana);
  // Ben's turn: he hosts a Dots game (seat 0 moves first) and Ana sits down in it. His page
  // stays open, so nobody is away and nothing moves for him.
  const { code: theirs } = await post('/api/groups', { game: 'dots', options: { size: '3x3' } }, ben);
  const b = await device(ben);
  await b.page.goto(`${env.server.url}/en/g/${theirs}`);
  await waitState(b.page, 's.seat === 0');
  const a = await device(ana);
  // A game starts when its table first opens: Ana opens hers once.
  await a.page.goto(`${env.server.url}/en/g/${mine}`);
  await waitState(a.page, 's.seat === 0 && s.table.status === "playing"');
  await a.page.goto(`${env.server.url}/en/g/${theirs}`);
  await sitDown(a.page);
  await waitState(a.page, 's.seat === 1 && s.table.status === "playing"');

  await a.page.goto(`${env.server.url}/en/`);
  const items = a.page.locator('#playing .playing-item');
  await items.nth(1).waitFor();
  assert.equal(await items.count(), 2);
  // Her turn first, then the game waiting for Ben.
  assert.equal(await items.nth(0).getAttribute('data-code'), mine);
  assert.equal(await items.nth(0).getAttribute('data-my-turn'), 'true');
  assert.match(await items.nth(0).innerText(), /Juroku Musashi[\s\S]*against CPU \(Beginner\)[\s\S]*Your turn/);
  assert.match(await items.nth(1).innerText(), /Dots and Boxes[\s\S]*against Ben[\s\S]*Ben to move/);
  assert.match(await a.page.title(), /^\(1\) qdan/);
  const icon = a.page.locator('link[rel="icon"][type="image/svg+xml"]');
  await a.page.waitForFunction(() => document.querySelector('link[rel="icon"][type="image/svg+xml"]')?.getAttribute('href')?.startsWith('data:'));
  assert.match(String(await icon.getAttribute('href')), /^data:image\/svg\+xml,.*circle/);
  await shot(a.page, 'playing-home-390x844');

  await items.nth(0).locator('a').click();
  await a.page.waitForURL(`${env.server.url}/en/g/${mine}`);
  await waitState(a.page, 's.seat === 0 && s.table.status === "playing" && s.table.view.turn === 0');
  await a.page.locator('.seat.mine .tag.you').waitFor();
  // The game on screen is not counted: no other game waits for her.
  await a.page.locator('html[data-turns="0"]').waitFor({ state: 'attached' });
  assert.doesNotMatch(await a.page.title(), /^\(\d+\)/);
  assert.doesNotMatch(String(await icon.getAttribute('href')), /^data:/);

  // "Your games" lists them too, above the finished games, and its title is marked.
  await a.page.goto(`${env.server.url}/en/my-games`);
  await a.page.locator('#playing .playing-item').nth(1).waitFor();
  await a.page.waitForFunction(() => document.title.startsWith('(1) '));
  await shot(a.page, 'playing-my-games-390x844');

  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await a.context.close();
  await b.context.close();
});
