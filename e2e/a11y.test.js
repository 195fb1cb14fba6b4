// Accessibility rough edges found in an audit (December 2026; axe-core and by hand, on a phone
// and a desktop, light and dark, in five locales); each test below failed on the site as it was
// before its fix: a question that let the Tab key wander off before it was answered.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, newPlayer, seatTwoAtDots3x3, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/** The id of the focused element. @param {import('playwright-core').Page} page */
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? '');

test('the resign and block questions keep the Tab key until they are answered', async () => {
  const host = await newPlayer(env.browser, DESKTOP);
  const guest = await newPlayer(env.browser, PHONE);
  await seatTwoAtDots3x3(env.server.url, host, guest);
  const { page } = host;
  // Resign, from the keyboard: the question opens on "Cancel"; Tab and Shift+Tab go round its
  // two answers, and Escape goes back to the button.
  await page.locator('#resign').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'resign-no');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'resign-yes', 'Tab from the last answer goes to the first');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'resign-no');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'resign-no', 'Shift+Tab from the first answer goes to the last');
  await shot(page, 'resign-keeps-tab-1280x800');
  await page.keyboard.press('Escape');
  assert.equal(await focused(page), 'resign');
  assert.equal(await page.locator('#resign-q').isHidden(), true);

  // Block, the same way.
  await page.locator('#block-open').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'block-cancel');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'block-yes');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'block-cancel');
  await page.keyboard.press('Escape');
  assert.equal(await focused(page), 'block-open');
  assert.equal((await waitState(page, 's.table.status === "playing"')).table.status, 'playing');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});
