// Every page in every locale: the right `lang`, a title, no message id shown instead of text,
// no message missing in the client; the switcher remembers the choice; the lessons run.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, LANGS, PHONE, englishIds, newPlayer, serverAndBrowser, shot, sitDown, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

/** Opens a group over HTTP, as a device of its own, and returns its code. @param {string} game */
async function openGroup(game) {
  const p = await (await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Ana' }),
  })).json();
  const g = await (await fetch(`${env.server.url}/api/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${p.token}` },
    body: JSON.stringify({ game }),
  })).json();
  assert.match(g.code, /^[A-Za-z0-9]+$/);
  return g.code;
}

test('every page renders in every locale with every message', async () => {
  const ids = await englishIds(env.server.url);
  assert.ok(ids.length > 100);
  const codes = { musashi: await openGroup('musashi'), dots: await openGroup('dots') };
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  for (const lang of LANGS) {
    const paths = ['/', '/games/musashi', '/games/dots', '/games/musashi/learn', '/games/dots/learn', '/leaderboard',
      `/g/${codes.musashi}`, `/g/${codes.dots}`];
    for (const path of paths) {
      await page.goto(`${env.server.url}/${lang}${path}`);
      await page.locator('body[data-ready="true"]').waitFor();
      if (path.startsWith('/g/')) {
        // The visitor sits down in the free seat and the game starts.
        await sitDown(page);
        await waitState(page, 's.table.status === "playing" && s.seat === 1');
        await page.locator('.seat.mine').waitFor();
      }
      if (path.endsWith('/learn')) {
        const steps = Number(await page.locator('.lesson').getAttribute('data-steps'));
        for (let i = 0; i < steps; i++) await page.locator('#lesson-next').click();
        await page.locator('#lesson-prev').click();
      }
      if (path === '/leaderboard') await page.locator('table[data-game] tbody td').first().waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), lang, path);
      const title = await page.title();
      assert.ok(title.includes('qdan') && title.length > 6, `${lang}${path}: ${title}`);
      const missing = await page.evaluate(() => /** @type {any} */ (window).__qdanMissing);
      assert.deepEqual(missing, [], `${lang}${path}: missing messages`);
      const text = await page.evaluate(() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' '));
      for (const id of ids) {
        if (id === 'site-name') continue;
        assert.ok(!new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text), `${lang}${path} shows the id ${id}`);
      }
      // Issue 16: no English word where the locale has its own. A Latin word on the page must be
      // one the locale's own messages use (CPU, Glicko-2, loanwords) or a name; on an English
      // page, anything goes.
      if (lang !== 'en') {
        const own = await page.evaluate(async () => {
          const data = JSON.parse(document.getElementById('qdan-data')?.textContent ?? '{}');
          // The locale's messages are a file of their own (issue 19), cached after the page's load.
          const ftl = data.messages ? await fetch(data.messages).then((r) => r.text()) : '';
          const langs = document.querySelector('.langs');
          const shown = [...document.querySelectorAll('body *')].filter((e) => !langs?.contains(e) && !['SCRIPT', 'STYLE'].includes(e.tagName))
            .flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent ?? ''));
          const aria = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? '');
          return { ftl, text: [...shown, ...aria].join(' ') };
        });
        const words = (/** @type {string} */ t) => t.split(/[^\p{L}]+/u).filter((w) => w.length >= 2 && /^[A-Za-z]+$/.test(w));
        const mine = new Set(words(own.ftl.replace(/^#.*$/gm, '')).map((w) => w.toLowerCase()));
        const names = new Set(['ana', 'qdan', 'cpu']);
        const english = words(own.text).filter((w) => !mine.has(w.toLowerCase()) && !names.has(w.toLowerCase()));
        assert.deepEqual(english, [], `${lang}${path} shows English words`);
      }
      // Nothing wider than the phone's screen.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= PHONE.width, `${lang}${path} is ${wide}px wide`);
    }
    await shot(page, `group-dots-${lang}-390x844`);
    await page.goto(`${env.server.url}/${lang}/g/${codes.musashi}`);
    await waitState(page, 's.table.status === "playing"');
    await shot(page, `group-musashi-${lang}-390x844`);
    await page.goto(`${env.server.url}/${lang}/games/musashi`);
    await shot(page, `game-musashi-${lang}-390x844`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the language switcher remembers the choice', async () => {
  const { context, page } = await newPlayer(env.browser, PHONE, 'en-US');
  await page.goto(`${env.server.url}/`);
  await page.waitForURL(/\/en\/$/);
  await page.locator('.langs summary').click();
  await page.locator('.langs a[data-lang="hi"]').click();
  await page.waitForURL(/\/hi\/$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'hi');
  await page.goto(`${env.server.url}/`);
  await page.waitForURL(/\/hi\/$/);
  await context.close();
});

test('the lessons judge moves on the board', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/games/musashi/learn`);
  await page.locator('svg.musashi-board [data-point="c3"]').click();
  await page.locator('svg.musashi-board [data-target="d3"]').click();
  await page.locator('#lesson-feedback.good').waitFor();
  await page.locator('#lesson-next').click();
  // Taking a pair: b3 takes b2 and b4; c4 takes nothing.
  await page.locator('svg.musashi-board [data-point="c3"]').click();
  await page.locator('svg.musashi-board [data-target="c4"]').click();
  await page.locator('#lesson-feedback.bad').waitFor();
  await page.locator('svg.musashi-board [data-point="c3"]').click();
  await page.locator('svg.musashi-board [data-target="b3"]').click();
  await page.locator('#lesson-feedback.good').waitFor();
  await waitCount(page.locator('svg.musashi-board [data-taken]'), 2);
  await shot(page, 'learn-musashi-390x844');

  // Keyboard play (issue 16, defect 4): focus puts the cursor on the Parent at once and says it
  // can move, the first Enter chooses it, an arrow moves the cursor to a point it can reach
  // (announced as such), Enter moves there.
  await page.goto(`${env.server.url}/en/games/musashi/learn`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('svg.musashi-board').focus();
  await page.locator('#live').filter({ hasText: 'c3, Parent: you can move it' }).waitFor();
  await page.locator('svg.musashi-board .cursor').waitFor();
  await page.keyboard.press('Enter');
  await page.locator('#live').filter({ hasText: 'c3 chosen' }).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.locator('#live').filter({ hasText: 'd3, empty: you can move here' }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('#lesson-feedback.good').waitFor();
  await page.locator('svg.musashi-board [data-piece="parent"][data-point="d3"]').waitFor();

  await page.goto(`${env.server.url}/en/games/dots/learn`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('svg.dots-board').focus();
  // The cursor is on the first open line as soon as the board has focus.
  await page.locator('#live').filter({ hasText: 'Line across, row 1, from dot 1' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator('#lesson-feedback.good').waitFor();
  await waitCount(page.locator('svg.dots-board .drawn'), 1);
  await page.locator('#lesson-next').click();
  // With a mouse, hovering between two dots previews the line.
  const desk = await newPlayer(env.browser, DESKTOP);
  await desk.page.goto(`${env.server.url}/en/games/dots/learn`);
  await desk.page.locator('svg.dots-board .edge-hit[data-edge="18"]').hover();
  await desk.page.waitForFunction(() => {
    const el = document.querySelector('svg.dots-board .edge-hit[data-edge="18"] .preview');
    return !!el && Number(getComputedStyle(el).opacity) > 0.3;
  });
  await desk.context.close();
  // Closing a box: edge 18 is the fourth side of the middle box.
  await page.locator('svg.dots-board [data-edge="18"]').click();
  await page.locator('#lesson-feedback.good').waitFor();
  // The board redraws on the next animation frame, which may come after the feedback text.
  await page.locator('svg.dots-board .box.owner-0').waitFor();
  await waitCount(page.locator('svg.dots-board .box.owner-0'), 1);
  assert.deepEqual(errors, []);
  await context.close();
});
