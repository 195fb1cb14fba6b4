// The lobby on a game's page (issue 35): two fresh browsers tap the same quick-pairing pool and
// meet at one table; a third browser sees a challenge appear and go live; two browsers accept
// one challenge at once and exactly one is seated.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, newPlayer, serverAndBrowser, shot, state, waitState } from './harness.js';

const env = serverAndBrowser();

/** @param {import('playwright-core').Page} page @param {string} lang @param {string} game */
async function openLobby(page, lang, game) {
  await page.goto(`${env.server.url}/${lang}/games/${game}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#lobby-pools button.pool').first().waitFor();
}

/** A picture of the lobby part of the page. @param {import('playwright-core').Page} page @param {string} name */
async function lobbyShot(page, name) {
  await page.locator('#lobby').scrollIntoViewIfNeeded();
  await shot(page, name);
}

test('two strangers tap quick pairing and meet at one table', async () => {
  const ada = await newPlayer(env.browser, PHONE);
  const ben = await newPlayer(env.browser, PHONE, 'de-DE');
  await openLobby(ada.page, 'en', 'dots');
  await openLobby(ben.page, 'de', 'dots');
  // The page's choices lead to the lobby.
  await ada.page.locator('#play-someone').click();
  await ada.page.waitForURL(/#lobby$/);
  await ada.page.locator('#lobby-pools button[data-pool="dots-untimed"]').click();
  await ada.page.locator('#lobby-waiting:not([hidden])').waitFor();
  // Said once on entering the pool; the clock ticking each second is not spoken.
  await ada.page.waitForFunction(() => document.getElementById('live')?.textContent?.startsWith('Looking for an opponent'));
  assert.equal(await ada.page.locator('#lobby-waiting span').first().getAttribute('aria-live'), 'off');
  // Ben's page shows someone waiting in that pool.
  await ben.page.locator('#lobby-pools button[data-pool="dots-untimed"]', { hasText: '1' }).waitFor({ timeout: 5_000 });
  await lobbyShot(ada.page, 'lobby-waiting-en-390x844');
  const tapped = Date.now();
  await ben.page.locator('#lobby-pools button[data-pool="dots-untimed"]').click();
  await Promise.all([ada.page.waitForURL(/\/en\/g\/[A-Z0-9]+$/, { timeout: 8_000 }), ben.page.waitForURL(/\/de\/g\/[A-Z0-9]+$/, { timeout: 8_000 })]);
  assert.equal(new URL(ada.page.url()).pathname.split('/').pop(), new URL(ben.page.url()).pathname.split('/').pop());
  await waitState(ada.page, 's.table.status === "playing" && s.seat !== null');
  await waitState(ben.page, 's.table.status === "playing" && s.seat !== null');
  const seconds = (Date.now() - tapped) / 1000;
  assert.ok(seconds < 8, `paired and playing after ${seconds} s`);
  const [a, b] = [await state(ada.page), await state(ben.page)];
  assert.notEqual(a.seat, b.seat);
  assert.equal(a.table.ranked, true);
  await shot(ben.page, 'lobby-paired-table-de-390x844');
  assert.deepEqual([...ada.errors, ...ben.errors], []);
  await ada.context.close();
  await ben.context.close();
});

test('a challenge appears and goes live, and of two accepts exactly one is seated', async () => {
  const cy = await newPlayer(env.browser, DESKTOP);
  const watcher = await newPlayer(env.browser, PHONE, 'ru-RU');
  const dee = await newPlayer(env.browser, PHONE);
  const eve = await newPlayer(env.browser, PHONE, 'hi-IN');
  await openLobby(cy.page, 'en', 'musashi');
  await openLobby(watcher.page, 'ru', 'musashi');
  await openLobby(dee.page, 'en', 'musashi');
  await openLobby(eve.page, 'hi', 'musashi');

  // Cy opens a 30-second casual challenge; the others see it within 2 s.
  await cy.page.locator('#lobby-limit').selectOption('30');
  await cy.page.locator('#lobby-ranked').uncheck();
  await cy.page.locator('#lobby-new button[type="submit"]').click();
  await cy.page.locator('#lobby-challenges li.challenge.mine').waitFor();
  const seen = Date.now();
  await watcher.page.locator('#lobby-challenges li.challenge').waitFor({ timeout: 3_000 });
  assert.ok(Date.now() - seen < 2_500, `seen after ${Date.now() - seen} ms`);
  await dee.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor();
  await eve.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor();
  await lobbyShot(watcher.page, 'lobby-challenge-ru-390x844');
  await lobbyShot(cy.page, 'lobby-challenge-mine-en-1280x800');

  // Withdrawn: it goes from every lobby, then comes back.
  await cy.page.locator('#lobby-challenges [data-cancel]').click();
  await watcher.page.locator('#lobby-challenges li.challenge').waitFor({ state: 'detached', timeout: 3_000 });
  await cy.page.locator('#lobby-new button[type="submit"]').click();
  await dee.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor();
  await eve.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor();

  // Dee and Eve accept at the same moment: one is seated, the other is told it is gone. Both
  // buttons are taken first and then clicked together: two locator clicks one after the other
  // let the first accept's lobby message take the second button away before it is pressed.
  const buttons = await Promise.all([dee, eve].map((p) => p.page.locator('#lobby-challenges [data-accept]').elementHandle()));
  await Promise.all(buttons.map((b) => b?.evaluate((el) => /** @type {HTMLElement} */ (el).click())));
  await cy.page.waitForURL(/\/en\/g\/[A-Z0-9]+$/, { timeout: 8_000 });
  const moved = async (/** @type {import('playwright-core').Page} */ p) => {
    try {
      await p.waitForURL(/\/g\/[A-Z0-9]+$/, { timeout: 4_000 });
      return true;
    } catch {
      return false;
    }
  };
  const [deeIn, eveIn] = await Promise.all([moved(dee.page), moved(eve.page)]);
  assert.equal(Number(deeIn) + Number(eveIn), 1, `exactly one seated (Dee ${deeIn}, Eve ${eveIn})`);
  const [winner, loser] = deeIn ? [dee, eve] : [eve, dee];
  await loser.page.locator('#lobby-error:not([hidden])').waitFor();
  await waitState(cy.page, 's.table.status === "playing" && s.seat !== null');
  await waitState(winner.page, 's.table.status === "playing" && s.seat !== null');
  assert.equal((await state(cy.page)).table.turnLimit, 30);
  await lobbyShot(loser.page, `lobby-gone-${loser === eve ? 'hi' : 'en'}-390x844`);
  // The watcher's lobby no longer lists it.
  await watcher.page.locator('#lobby-challenges li.challenge').waitFor({ state: 'detached', timeout: 3_000 });
  // The one refused accept is a 409 the browser logs; nothing else went wrong.
  const others = loser.errors.filter((e) => !/status of 409/.test(e));
  assert.deepEqual([...cy.errors, ...watcher.errors, ...winner.errors, ...others], []);
  for (const p of [cy, watcher, dee, eve]) await p.context.close();
});
