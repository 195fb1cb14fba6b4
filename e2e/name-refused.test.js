// A name the server refuses for its characters (a bidi override, only blanks) is caught by the
// name form, which says why in the page's language instead of a generic "not valid"; the seat
// keeps its name. The page also logs no error (its Permissions-Policy header included).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, waitState } from './harness.js';

const env = serverAndBrowser();

test('the name form explains a name with a text-direction override or nothing that shows', async () => {
  const host = await newPlayer(env.browser, PHONE);
  await host.page.goto(`${env.server.url}/de/games/dots`);
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.locator('#play-friend').click();
  await host.page.waitForURL(/\/de\/g\/[A-Za-z0-9]+$/);
  const before = (await waitState(host.page, 's.seat === 0')).table.seats[0].name;
  for (const name of ['\u202Eevil', '\u3164\u3164']) {
    await host.page.locator('#my-name').fill(name);
    await host.page.locator('#name-form button[type=submit]').click();
    const message = await host.page.locator('#my-name').evaluate((el) => /** @type {HTMLInputElement} */ (el).validationMessage);
    assert.match(message, /^Dieser Name geht nicht/);
  }
  // Nothing was sent: the seat keeps its name.
  await waitState(host.page, `s.table.seats[0].name === ${JSON.stringify(before)}`);
  // Typing again clears the message, and a good name is saved.
  await host.page.locator('#my-name').fill('Ana');
  assert.equal(await host.page.locator('#my-name').evaluate((el) => /** @type {HTMLInputElement} */ (el).validationMessage), '');
  await host.page.locator('#name-form button[type=submit]').click();
  await waitState(host.page, 's.table.seats[0] && s.table.seats[0].name === "Ana"');
  assert.deepEqual(host.errors.filter((e) => !/WebSocket/.test(e)), []);
  await host.context.close();
});
