// Blocking a player (issue 35, part 7): from the table, with a confirmation, on a German
// phone; the blocked player's open challenge is then missing from the blocker's lobby while a
// third player sees it; "Your games" lists the block, and unblocking brings the challenge back.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, sitDown, waitState } from './harness.js';

const env = serverAndBrowser();

/** @param {import('playwright-core').Page} page @param {string} lang */
async function openLobby(page, lang) {
  await page.goto(`${env.server.url}/${lang}/games/dots`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#lobby-pools button.pool').first().waitFor();
}

test('a player blocks the other from the table; the lobby hides that player\'s challenge', async () => {
  const ada = await newPlayer(env.browser, PHONE);
  const ben = await newPlayer(env.browser, PHONE, 'de-DE');
  const cy = await newPlayer(env.browser, PHONE);
  await ada.page.goto(`${env.server.url}/en/games/dots`);
  await ada.page.locator('body[data-ready="true"]').waitFor();
  await ada.page.locator('#play-friend').click();
  await ada.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(ada.page, 's.seat === 0');
  // Alone at the table: nobody to block.
  assert.equal(await ada.page.locator('#block').isHidden(), true);
  const invite = await ada.page.locator('#invite-link').inputValue();
  await ben.page.goto(invite.replace('/en/g/', '/de/g/'));
  await sitDown(ben.page);
  await waitState(ben.page, 's.seat === 1 && s.table.status === "playing"');

  // Ada's side in English: the button names Ben; she thinks better of it.
  await ada.page.locator('#block-open').click();
  await ada.page.locator('#block-ask').scrollIntoViewIfNeeded();
  await shot(ada.page, 'block-confirm-en-390x844');
  assert.match(await ada.page.locator('#block-ask').innerText(), /Quick pairing will never pair you two/);
  await ada.page.locator('#block-cancel').click();
  await ada.page.locator('#block-open').waitFor();

  // Ben, in German, blocks Ada: a confirmation first, then "blocked" and a way back.
  await ben.page.locator('#block-open', { hasText: 'blockieren' }).click();
  await ben.page.locator('#block-ask').scrollIntoViewIfNeeded();
  await shot(ben.page, 'block-confirm-de-390x844');
  await ben.page.locator('#block-yes').click();
  await ben.page.locator('#unblock').waitFor();
  // Ada's default name as this German page shows it ("Gast 4821").
  const adaName = (await ben.page.locator('.block-done').innerText()).replace(/ ist blockiert\.$/, '');
  assert.match(adaName, /^Gast \d+$/);
  await shot(ben.page, 'block-done-de-390x844');
  // The game goes on.
  assert.equal((await waitState(ben.page, 's.table.status === "playing"')).table.status, 'playing');
  // The page asks the server: after a reload it still says blocked.
  await ben.page.reload();
  await ben.page.locator('#unblock').waitFor();

  // Ada opens a challenge: Cy sees it, Ben does not.
  await openLobby(ada.page, 'en');
  await openLobby(ben.page, 'de');
  await openLobby(cy.page, 'en');
  await ada.page.locator('#lobby-new button[type="submit"]').click();
  await ada.page.locator('#lobby-challenges li.challenge.mine').waitFor();
  await cy.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor({ timeout: 3_000 });
  await ben.page.waitForTimeout(2_500);
  assert.equal(await ben.page.locator('#lobby-challenges li.challenge').count(), 0, 'hidden from the blocker');

  // "Your games" lists Ada; unblocking brings her challenge back to Ben's lobby.
  await ben.page.goto(`${env.server.url}/de/my-games`);
  const row = ben.page.locator('#blocked li', { hasText: adaName });
  await row.waitFor();
  assert.equal(await ben.page.locator('#blocked-heading').innerText(), 'Blockierte Spieler');
  await ben.page.locator('#blocked').scrollIntoViewIfNeeded();
  await shot(ben.page, 'blocked-list-de-390x844');
  await row.locator('button').click();
  await row.waitFor({ state: 'detached' });
  await ben.page.locator('#blocked', { hasText: 'Du hast niemanden blockiert.' }).waitFor();
  await openLobby(ben.page, 'de');
  await ben.page.locator('#lobby-challenges li.challenge [data-accept]').waitFor({ timeout: 3_000 });
  assert.deepEqual([...ada.errors, ...ben.errors, ...cy.errors], []);
});
