// Names are text, never markup: a guest who calls themselves `<img src=x onerror=...>` shows
// up literally in the seats on both pages, and no element or script is made from it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, sitDown, waitState } from './harness.js';

const env = serverAndBrowser();

const EVIL = '<img src=x onerror=f()>';

test('a hostile display name is shown as text everywhere', async () => {
  const host = await newPlayer(env.browser, PHONE);
  const guest = await newPlayer(env.browser, PHONE);
  await host.page.goto(`${env.server.url}/en/games/dots`);
  // The page's module is imported after the load event: wait until it is wired.
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.locator('#play-friend').click();
  await host.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(host.page, 's.seat === 0');
  const invite = await host.page.locator('#invite-link').inputValue();

  await guest.page.goto(invite);
  await sitDown(guest.page);
  await waitState(guest.page, 's.seat === 1');
  // The guest types the name into the page's own name form, as a person would.
  await guest.page.locator('#my-name').fill(EVIL);
  await guest.page.locator('#name-form button[type=submit]').click();
  await waitState(host.page, `s.table.seats[1] && s.table.seats[1].name === ${JSON.stringify(EVIL)}`);

  const seat = host.page.locator('.seat-name').filter({ hasText: EVIL });
  await seat.first().waitFor();
  assert.equal(await seat.first().textContent(), EVIL);
  // No element was made from it on either page, and no script ran.
  for (const p of [host.page, guest.page]) {
    assert.equal(await p.locator('img[src="x"]').count(), 0);
    assert.equal(await p.evaluate(() => typeof (/** @type {any} */ (window)).f), 'undefined');
  }
  assert.deepEqual(host.errors.filter((e) => !/WebSocket/.test(e)), []);
  await host.context.close();
  await guest.context.close();
});
