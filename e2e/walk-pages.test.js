// Rough edges found in a walk through the site (December 2026) on a phone (390 px) and a
// desktop in five locales; each test below failed on the site as it was before its fix:
// a game number or a player that does not exist, a guest's default name in the creator's
// language, the phone layout (the host's tag, the analysis board's rule choices, the lesson's
// last step), and a hint with no sign of work while the CPU thinks.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGS, PHONE, newPlayer, serverAndBrowser, shot, sitDown, waitState } from './harness.js';

const env = serverAndBrowser();

/** Opens a group over HTTP with a fresh player; returns its code. @param {string} game */
async function openGroup(game) {
  const p = await (await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
  })).json();
  const g = await (await fetch(`${env.server.url}/api/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${p.token}` },
    body: JSON.stringify({ game }),
  })).json();
  return /** @type {string} */ (g.code);
}

test('a game number the group never had, and a player who does not exist, are localized 404 pages with a way back', async () => {
  const code = await openGroup('dots');
  for (const [lang, title] of [['en', 'There is no such game in this group'], ['de', 'Diese Partie gibt es in der Gruppe nicht']]) {
    const r = await fetch(`${env.server.url}/${lang}/g/${code}/99`);
    assert.equal(r.status, 404, `${lang} game 99`);
    const html = await r.text();
    assert.match(html, new RegExp(`<html lang="${lang}">`));
    assert.ok(html.includes(title), `${lang}: ${title}`);
    assert.ok(html.includes(`href="/${lang}/g/${code}"`), `${lang}: a link back to the group`);
    assert.ok(html.includes(`href="/${lang}/"`), `${lang}: a link home`);
    assert.ok(html.includes('class="top"') || html.includes('<header'), `${lang}: the site's layout`);
  }
  for (const [lang, title] of [['en', 'There is no such player'], ['ru', 'Такого игрока нет']]) {
    const r = await fetch(`${env.server.url}/${lang}/players/BAD`);
    assert.equal(r.status, 404, `${lang} player BAD`);
    const html = await r.text();
    assert.ok(html.includes(title), `${lang}: ${title}`);
    assert.ok(html.includes(`href="/${lang}/leaderboard"`) && html.includes(`href="/${lang}/"`), lang);
  }
  // A player who exists still has a page.
  const p = await (await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Ana"}',
  })).json();
  assert.equal((await fetch(`${env.server.url}/en/players/${p.playerId}`)).status, 200);
  // In a browser: the page is drawn in the site's frame, and its link leads back to the group.
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/g/${code}/99`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('h1').filter({ hasText: 'There is no such game in this group' }).waitFor();
  await shot(page, 'game-missing-en-390x844');
  await page.locator(`a[href="/en/g/${code}"]`).filter({ hasText: 'Open the group' }).click();
  await page.waitForURL(new RegExp(`/en/g/${code}$`));
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});

test('a guest made on a German page is "Player NNNN" to an English visitor', async () => {
  const de = await newPlayer(env.browser, PHONE, 'de-DE');
  await de.page.goto(`${env.server.url}/de/games/dots`);
  await de.page.locator('body[data-ready="true"]').waitFor();
  await de.page.locator('#play-friend').click();
  await de.page.waitForURL(/\/de\/g\/[0-9A-Z]+$/);
  await waitState(de.page, 's.seat === 0');
  // The German host sees their own name in German.
  await de.page.locator('.seat.mine .seat-name').filter({ hasText: /^Gast \d{4}$/ }).waitFor();
  const number = /** @type {string} */ (await de.page.locator('.seat.mine .seat-name').textContent()).match(/\d{4}/)?.[0];
  const code = de.page.url().split('/').pop();

  const en = await newPlayer(env.browser, PHONE);
  await en.page.goto(`${env.server.url}/en/g/${code}`);
  await sitDown(en.page);
  await waitState(en.page, 's.seat === 1');
  await en.page.locator('.seat[data-seat="0"] .seat-name').filter({ hasText: `Player ${number}` }).waitFor();
  assert.equal(await en.page.locator('.seat-name').filter({ hasText: 'Gast' }).count(), 0);
  // And the German page says the English visitor's default name in German.
  await de.page.locator('.seat[data-seat="1"] .seat-name').filter({ hasText: /^Gast \d{4}$/ }).waitFor();
  await de.context.close();
  await en.context.close();
});

test('phone layout in every locale: the host tag on one line, the rule choices readable, a small gap above the lesson\'s Back', async () => {
  for (const lang of LANGS) {
    const { context, page } = await newPlayer(env.browser, PHONE);
    // The seat card: the host's tag keeps to one line.
    await page.goto(`${env.server.url}/${lang}/games/musashi`);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.locator('#play-friend').click();
    await page.waitForURL(new RegExp(`/${lang}/g/[0-9A-Z]+$`));
    await waitState(page, 's.seat === 0');
    const tags = page.locator('.seat .tag');
    await tags.first().waitFor();
    for (const tag of await tags.all()) {
      const { height, oneLine, text } = await tag.evaluate((el) => {
        const probe = /** @type {HTMLElement} */ (el.cloneNode(true));
        probe.style.cssText = 'position:absolute;left:0;top:0;white-space:nowrap;visibility:hidden';
        el.parentElement?.append(probe);
        const oneLine = probe.getBoundingClientRect().height;
        probe.remove();
        return { height: el.getBoundingClientRect().height, oneLine, text: el.textContent };
      });
      assert.ok(height <= oneLine + 1, `${lang}: the tag "${text}" is ${height} px high, one line is ${oneLine}`);
    }
    await shot(page, `walk-seat-${lang}-390x844`);

    // The analysis board: every rule choice fits its select.
    await page.goto(`${env.server.url}/${lang}/games/musashi/analysis`);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.locator('.analysis-rules select').first().waitFor();
    const cut = await page.evaluate(() => {
      const out = [];
      for (const sel of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll('.analysis-rules select'))) {
        for (const opt of sel.options) {
          // The width a select needs to show this option whole: a copy holding only it, sized by it.
          const probe = /** @type {HTMLSelectElement} */ (sel.cloneNode(false));
          probe.append(opt.cloneNode(true));
          probe.style.cssText = 'position:absolute;left:0;top:0;width:auto;max-width:none;visibility:hidden';
          sel.parentElement?.append(probe);
          const need = probe.getBoundingClientRect().width;
          probe.remove();
          const have = sel.getBoundingClientRect().width;
          if (need > have + 0.5) out.push(`${opt.textContent}: needs ${Math.ceil(need)} px, has ${Math.floor(have)}`);
        }
      }
      return out;
    });
    await shot(page, `walk-analysis-${lang}-390x844`);
    assert.deepEqual(cut, [], `${lang}: rule choices cut off`);

    // The lesson's last step: Back (to the step before) follows the play buttons closely.
    await page.goto(`${env.server.url}/${lang}/games/musashi/learn`);
    await page.locator('body[data-ready="true"]').waitFor();
    while ((await page.locator('.lesson').getAttribute('data-step-id')) !== 'play') await page.locator('#lesson-next').click();
    const gap = await page.evaluate(() => {
      const finish = /** @type {HTMLElement} */ (document.querySelector('.lesson .finish'));
      const back = /** @type {HTMLElement} */ (document.getElementById('lesson-prev'));
      return back.getBoundingClientRect().top - finish.getBoundingClientRect().bottom;
    });
    await page.locator('.lesson').scrollIntoViewIfNeeded();
    await shot(page, `walk-lesson-end-${lang}-390x844`);
    assert.ok(gap <= 24, `${lang}: ${gap} px above Back on the lesson's last step`);
    await context.close();
  }
});

test('a hint shows that the CPU is thinking until it arrives', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/games/musashi`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#play-cpu input[value="expert"]').check();
  await page.locator('#play-cpu button[type="submit"]').click();
  await page.waitForURL(/\/en\/g\/[0-9A-Z]+$/);
  await waitState(page, 's.seat === 0 && s.table.status === "playing" && s.table.view.turn === s.table.seats[s.seat].side');
  const hint = page.locator('#hint');
  await hint.waitFor();
  assert.equal(await hint.getAttribute('aria-busy'), 'false');
  // Every state the button passes through, in order, and when the hint's notice appeared.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.hintStates = [];
    const el = /** @type {HTMLElement} */ (document.getElementById('hint'));
    const seen = () => {
      const busy = el.getAttribute('aria-busy');
      const noticed = /Suggested move|No suggestion/.test(document.body.innerText);
      w.hintStates.push({ busy, text: el.textContent, spinner: getComputedStyle(el, '::before').content !== 'none', noticed });
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await hint.click();
  await page.getByText(/Suggested move/).first().waitFor();
  const states = /** @type {{busy: string, text: string, spinner: boolean, noticed: boolean}[]} */ (
    await page.evaluate(() => /** @type {any} */ (window).hintStates));
  const busy = states.findIndex((s) => s.busy === 'true');
  assert.ok(busy >= 0, `the button never said it was busy: ${JSON.stringify(states.slice(0, 5))}`);
  assert.equal(states[busy].text, 'Thinking…');
  assert.ok(states[busy].spinner, 'a turning ring shows');
  assert.ok(!states[busy].noticed, 'busy before the hint arrived');
  await shot(page, 'walk-hint-after-390x844');
  assert.equal(await hint.getAttribute('aria-busy'), 'false');
  assert.equal(await hint.textContent(), 'Hint');
  assert.deepEqual(errors, []);
  await context.close();
});
