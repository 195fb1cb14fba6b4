// A game against the CPU while waiting in a quick-pairing pool (issue 35, part 2): after a
// while in a quiet pool the lobby offers one (the server's --lobby-cpu-offer-after, 2 s here
// instead of 30 s); kept, the place stays while the player plays the CPU, and a second player
// joining the pool pairs them: the CPU game ends unrated and the first page moves to the new
// table. Not kept, the player leaves the pool.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, launch, newPlayer, shot, startServer, waitState } from './harness.js';

/** @type {{server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser}} */
const env = /** @type {any} */ ({});
before(async () => {
  env.server = await startServer({ env: { QDAN_LOBBY_CPU_OFFER_AFTER: '2' } });
  env.browser = await launch();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** @param {import('playwright-core').Page} page @param {string} lang */
async function waitInDotsPool(page, lang) {
  await page.goto(`${env.server.url}/${lang}/games/dots`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#lobby-pools button[data-pool="dots-untimed"]').click();
  await page.locator('#lobby-waiting:not([hidden])').waitFor();
}

/** @param {string} code */
async function group(code) {
  const r = await fetch(`${env.server.url}/api/groups/${code}`);
  return r.json();
}

const codeOf = (/** @type {import('playwright-core').Page} */ page) => new URL(page.url()).pathname.split('/').pop();

test('the CPU while waiting keeps the place, and a pairing ends it and moves the page', async () => {
  const ada = await newPlayer(env.browser, PHONE);
  await waitInDotsPool(ada.page, 'en');
  // No offer at once; after the 2 s wait, the offer with its level and the kept place.
  assert.equal(await ada.page.locator('#lobby-cpu-offer').isHidden(), true);
  await ada.page.locator('#lobby-cpu-offer:not([hidden])').waitFor({ timeout: 6_000 });
  assert.equal(await ada.page.locator('#lobby-cpu-keep').isChecked(), true);
  await ada.page.locator('#lobby-cpu-level').selectOption('intermediate');
  await ada.page.locator('#lobby-cpu-offer').scrollIntoViewIfNeeded();
  await shot(ada.page, 'pool-cpu-offer-en-390x844');
  await ada.page.locator('#lobby-cpu-play').click();
  await ada.page.waitForURL(/\/en\/g\/[A-Z0-9]+$/);
  const cpuCode = codeOf(ada.page);
  const s = await waitState(ada.page, 's.table.status === "playing" && s.seat !== null');
  const cpu = s.table.seats.find((/** @type {any} */ x) => x && x.cpu);
  assert.equal(cpu?.cpu, 'intermediate');
  assert.equal(s.table.ranked, false);
  assert.equal(s.table.options.size, '5x4', 'the pool\'s board');
  await ada.page.locator('#pool-wait:not([hidden])').waitFor();
  await shot(ada.page, 'pool-cpu-playing-en-390x844');

  // Ben, in German, sees Ada still waiting in the pool; he joins it and they are paired.
  const ben = await newPlayer(env.browser, PHONE, 'de-DE');
  await ben.page.goto(`${env.server.url}/de/games/dots`);
  await ben.page.locator('#lobby-pools button[data-pool="dots-untimed"]', { hasText: '1' }).waitFor({ timeout: 5_000 });
  await ben.page.locator('#lobby-pools button[data-pool="dots-untimed"]').click();
  await Promise.all([
    ada.page.waitForURL((u) => /\/en\/g\/[A-Z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(cpuCode), { timeout: 10_000 }),
    ben.page.waitForURL(/\/de\/g\/[A-Z0-9]+$/, { timeout: 10_000 }),
  ]);
  assert.equal(codeOf(ada.page), codeOf(ben.page));
  const a = await waitState(ada.page, 's.table.status === "playing" && s.seat !== null');
  await waitState(ben.page, 's.table.status === "playing" && s.seat !== null');
  assert.equal(a.table.ranked, true);
  // The CPU game ended, unranked: Ada resigned it, no rating moved.
  const g = await group(cpuCode);
  assert.equal(g.status, 'over');
  assert.equal(g.result.reason, 'resignation');
  assert.deepEqual(g.result.ratings, []);
  // The new table's page holds no pool place.
  assert.equal(await ada.page.locator('#pool-wait').count(), 0);
  await shot(ada.page, 'pool-cpu-paired-en-390x844');
  assert.deepEqual([...ada.errors, ...ben.errors], []);
  await ada.context.close();
  await ben.context.close();
});

test('the CPU while waiting without keeping the place leaves the pool', async () => {
  const cy = await newPlayer(env.browser, PHONE, 'de-DE');
  await waitInDotsPool(cy.page, 'de');
  await cy.page.locator('#lobby-cpu-offer:not([hidden])').waitFor({ timeout: 6_000 });
  await cy.page.locator('#lobby-cpu-offer').scrollIntoViewIfNeeded();
  await shot(cy.page, 'pool-cpu-offer-de-390x844');
  await cy.page.locator('#lobby-cpu-keep').uncheck();
  await cy.page.locator('#lobby-cpu-play').click();
  await cy.page.waitForURL(/\/de\/g\/[A-Z0-9]+$/);
  await waitState(cy.page, 's.table.status === "playing" && s.seat !== null');
  assert.equal(await cy.page.locator('#pool-wait').count(), 0);
  // Nobody waits in the pool any more.
  const watcher = await newPlayer(env.browser, PHONE, 'de-DE');
  await watcher.page.goto(`${env.server.url}/de/games/dots`);
  await watcher.page.locator('#lobby-pools button[data-pool="dots-untimed"]').waitFor();
  await watcher.page.waitForTimeout(1_500);
  assert.match(await watcher.page.locator('#lobby-pools button[data-pool="dots-untimed"]').innerText(), /niemand/);
  assert.deepEqual([...cy.errors, ...watcher.errors], []);
  await cy.context.close();
  await watcher.context.close();
});
