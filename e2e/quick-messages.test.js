// Quick messages between the players (issue 35, part 5): a phrase chosen in English shows in
// Russian on the other player's phone, beside the sender's name and in the live region; mute
// hides the other player's phrases at that table for the tab's session; a game against the
// CPU has no quick messages.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, sitDown, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * The page's player says `phrase` from the quick-message menu.
 * @param {import('playwright-core').Page} page @param {string} phrase
 */
async function say(page, phrase) {
  if (!(await page.locator('#quick-menu').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) {
    await page.locator('#quick-menu summary').click();
  }
  await page.locator(`#quick-menu [data-phrase="${phrase}"]`).click();
}

/** The bubble of a seat's last phrase. @param {import('playwright-core').Page} page @param {number} seat */
const bubble = (page, seat) => page.locator(`#seats .seat[data-seat="${seat}"] .quick-said`);

test('a quick message appears in the other player\'s language, and mute hides it', async () => {
  const host = await newPlayer(env.browser, PHONE);
  const guest = await newPlayer(env.browser, PHONE, 'ru-RU');
  await host.page.goto(`${env.server.url}/en/games/dots`);
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.locator('#play-friend').click();
  await host.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(host.page, 's.seat === 0');
  // Alone at the table: nobody to say anything to.
  assert.equal(await host.page.locator('#quick').isHidden(), true);
  // The guest opens the same table in Russian.
  const invite = await host.page.locator('#invite-link').inputValue();
  await guest.page.goto(invite.replace('/en/g/', '/ru/g/'));
  await sitDown(guest.page);
  await waitState(guest.page, 's.seat === 1 && s.table.status === "playing"');
  await host.page.locator('#quick').waitFor();

  // "Good luck" chosen in English is "Удачи!" on the Russian phone, under the host's name, and
  // read out with the name.
  await say(host.page, 'good-luck');
  await bubble(guest.page, 0).filter({ hasText: 'Удачи!' }).waitFor();
  await bubble(host.page, 0).filter({ hasText: 'Good luck!' }).waitFor();
  await guest.page.locator('#live').filter({ hasText: /: Удачи!$/ }).waitFor();
  assert.equal(await guest.page.locator('#quick-menu summary').innerText(), 'Быстрые сообщения');
  await shot(guest.page, 'quick-ru-390x844');
  await guest.page.locator('#quick-menu summary').click();
  await guest.page.locator('#quick-mute').scrollIntoViewIfNeeded();
  await shot(guest.page, 'quick-ru-menu-390x844');
  // And back: "Спасибо!" said in Russian reads "Thanks!" in English.
  await say(guest.page, 'thanks');
  await bubble(host.page, 1).filter({ hasText: 'Thanks!' }).waitFor();
  await host.page.locator('#quick-menu summary').click();
  await shot(host.page, 'quick-en-390x844');
  await host.page.locator('#quick-menu summary').click();

  // Mute: the host's phrases are hidden on the guest's page (the one showing goes at once),
  // the guest's own still show.
  await guest.page.locator('#quick-mute').click();
  assert.equal(await guest.page.locator('#quick-mute').getAttribute('aria-pressed'), 'true');
  await bubble(guest.page, 0).waitFor({ state: 'detached' });
  await say(host.page, 'well-played');
  await bubble(host.page, 0).filter({ hasText: 'Well played!' }).waitFor();
  await say(guest.page, 'oops');
  await bubble(guest.page, 1).filter({ hasText: 'Ой!' }).waitFor();
  await bubble(host.page, 1).filter({ hasText: 'Oops!' }).waitFor();
  assert.equal(await bubble(guest.page, 0).count(), 0, 'a muted phrase does not show');
  assert.doesNotMatch(await guest.page.locator('#live').innerText(), /Хорошо сыграно/, 'nor is it read out');
  // It did arrive: unmuted, the phrase still showing comes back.
  await guest.page.locator('#quick-mute').click();
  await bubble(guest.page, 0).filter({ hasText: 'Хорошо сыграно!' }).waitFor();
  // The mute is kept for the tab's session, also after a reload.
  await guest.page.locator('#quick-mute').click();
  await guest.page.reload();
  await waitState(guest.page, 's.seat === 1');
  await guest.page.locator('#quick').waitFor();
  assert.equal(await guest.page.locator('#quick-mute').getAttribute('aria-pressed'), 'true');
  await say(host.page, 'hello');
  await bubble(host.page, 0).filter({ hasText: 'Hello!' }).waitFor();
  await guest.page.waitForTimeout(500);
  assert.equal(await bubble(guest.page, 0).count(), 0);
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context.close();
  await guest.context.close();
});

test('no quick messages against the CPU', async () => {
  const me = await newPlayer(env.browser, PHONE, 'de-DE');
  await me.page.goto(`${env.server.url}/de/games/dots`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#play-cpu input[value="beginner"]').check();
  await me.page.locator('#play-cpu button[type="submit"]').click();
  await me.page.waitForURL(/\/de\/g\/[A-Za-z0-9]+$/);
  await waitState(me.page, 's.seat === 0 && s.table.status === "playing"');
  await me.page.locator('.seat[data-seat="1"] .seat-name').waitFor();
  assert.equal(await me.page.locator('#quick').isHidden(), true);
  assert.deepEqual(me.errors, []);
  await me.context.close();
});
