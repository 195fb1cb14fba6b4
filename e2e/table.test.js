// Issue 16, phase 2: the table page. Each test failed on the page as it was before the fix it
// checks: action buttons enabled only when their action is possible (a take-back after a
// rematch where the CPU moves first), the danger legend that explains only what is drawn, the
// invite card and "Link copied." that go away, no "Game 0", the invitation to join, both
// players' rating changes at the end of a ranked game with namesake tags on the seats, and the
// move sound wired to the page.
//
// Players are made over HTTP and their device token put in the browser before the page loads,
// so a test opens a table without walking through the game page first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, PLIES, musashiMove, newPlayer, serverAndBrowser, shot, sitDown, state, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * A player made over HTTP, with a browser context that already holds its device token.
 * @param {string} [name]
 * @param {string} [locale]
 */
async function player(name, locale = 'en-US') {
  const r = await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(name ? { name } : {}),
  });
  assert.equal(r.status, 201);
  const me = await r.json();
  const p = await newPlayer(env.browser, PHONE, locale);
  await p.context.addInitScript((token) => localStorage.setItem('qdan.token', token), me.token);
  return { ...p, token: /** @type {string} */ (me.token), playerId: /** @type {string} */ (me.playerId) };
}

/**
 * Opens a group as `host` (who takes the first seat) and returns its code.
 * @param {{token: string}} host
 * @param {object} body  `game`, and `options`, `ranked`, `cpu` as the API takes them.
 */
async function openGroup(host, body) {
  const r = await fetch(`${env.server.url}/api/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}` },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 201);
  return /** @type {string} */ ((await r.json()).code);
}

/** @param {import('playwright-core').Page} page @param {string} sel */
const disabled = (page, sel) => page.locator(sel).isDisabled();

test('defect 2: after a rematch where the CPU moves first, take back waits for a move of one\'s own', async () => {
  const me = await player();
  for (const game of ['musashi', 'dots']) {
    const code = await openGroup(me, { game, cpu: 'beginner', ...(game === 'dots' ? { options: { size: '3x3' } } : {}) });
    await me.page.goto(`${env.server.url}/en/g/${code}`);
    await waitState(me.page, 's.seat === 0 && s.table.status === "playing" && s.table.view.turn === s.table.seats[0].side');
    // Game 1: this player moves first. Nothing to take back yet; the hint and resign work.
    await me.page.locator('#undo').waitFor();
    assert.equal(await disabled(me.page, '#undo'), true, `${game}: no move to take back at the start`);
    assert.equal(await disabled(me.page, '#hint'), false, `${game}: a hint in one's own turn`);
    assert.equal(await disabled(me.page, '#resign'), false, `${game}: resign during a game`);
    // By the keyboard: the question opens on Cancel, Escape closes it back onto Resign; the
    // answer "yes" gives way to the end card, which takes the focus, and the result is said.
    const focused = () => me.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
    await me.page.locator('#resign').focus();
    await me.page.keyboard.press('Enter');
    assert.equal(await focused(), 'resign-no', `${game}: the question opens on its harmless answer`);
    await me.page.keyboard.press('Escape');
    assert.equal(await me.page.locator('#resign-yes').isVisible(), false, `${game}: Escape closes the question`);
    assert.equal(await focused(), 'resign', `${game}: and gives the focus back`);
    await me.page.keyboard.press('Enter');
    await me.page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'resign-yes');
    await me.page.keyboard.press('Enter');
    await me.page.locator('#end-rematch').waitFor();
    await me.page.waitForFunction(() => document.getElementById('live')?.textContent?.includes('You lost'), null, { timeout: 5000 });
    await me.page.waitForFunction(() => document.activeElement?.id === 'end-rematch', null, { timeout: 5000 });
    assert.equal(await disabled(me.page, '#end-rematch'), false);
    await me.page.locator('#end-rematch').click();

    // Game 2: sides swapped, the CPU moves first.
    await waitState(me.page, `s.table.gameNo === 2 && s.table.status === "playing" && ${PLIES} >= 1 && s.table.view.turn === s.table.seats[0].side`, 30_000);
    assert.equal(await disabled(me.page, '#undo'), true, `${game}: the CPU's move is not this player's to take back`);
    assert.equal(await disabled(me.page, '#hint'), false);
    const cpuMoves = (await state(me.page)).table.plies;
    await shot(me.page, `undo-disabled-${game}-en-390x844`);
    const legal = (await state(me.page)).table.view.legal[0];
    if (game === 'musashi') await musashiMove(me.page, legal);
    else await me.page.locator(`svg.dots-board .edge-hit[data-edge="${legal}"]`).click();
    // Once the CPU has answered, the take-back goes back to before this player's move.
    await waitState(me.page, `s.table.status === "playing" && s.table.plies > ${cpuMoves + 1} && s.table.view.turn === s.table.seats[0].side`, 30_000);
    assert.equal(await disabled(me.page, '#undo'), false, `${game}: a move of one's own can be taken back`);
    // By the keyboard: the button, disabled once used, hands the focus to the board.
    await me.page.locator('#undo').focus();
    await me.page.keyboard.press('Enter');
    await waitState(me.page, `s.table.plies === ${cpuMoves}`);
    assert.equal(await disabled(me.page, '#undo'), true, `${game}: taken back to the CPU's first move`);
    await me.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'application', null, { timeout: 5000 });
  }
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('defect 6: the legend explains the rings on the Children\'s turn and the numbers only when drawn', async () => {
  const host = await player('Ana');
  const guest = await player('Ben');
  const code = await openGroup(host, { game: 'musashi', options: { board: '25' } });
  await host.page.goto(`${env.server.url}/en/g/${code}`);
  await guest.page.goto(`${env.server.url}/en/g/${code}`);
  await sitDown(guest.page);
  await waitState(host.page, 's.table.status === "playing"');
  // The Parent steps to c2: on the Children's turn, a3, c1 and e3 are in danger; no numbers.
  await musashiMove(host.page, 'c3-c2');
  for (const p of [host.page, guest.page]) {
    await waitState(p, `${PLIES} === 1`);
    await p.locator('#musashi-legend-rings').waitFor();
    // The board redraws on the next animation frame, after the state says the move is in: the
    // Parent's numbers of the move before may still be drawn for a moment.
    await waitCount(p.locator('[data-capture]'), 0);
    await waitCount(p.locator('#musashi-legend-counts'), 0);
    assert.doesNotMatch(await p.locator('#info').innerText(), /Numbers/);
  }
  await shot(guest.page, 'legend-children-turn-en-390x844');
  // After a1-b2 it is the Parent's turn: the numbers are drawn and explained.
  await musashiMove(guest.page, 'a1-b2');
  await waitState(host.page, `${PLIES} === 2`);
  await host.page.locator('[data-capture]').first().waitFor();
  await host.page.locator('#musashi-legend-counts').waitFor();
  await host.page.locator('#musashi-legend-rings').waitFor();
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});

test('defect 8 and the join button: the invite goes once both sit, "Link copied." goes, no "Game 0"', async () => {
  const host = await player('Ana');
  const code = await openGroup(host, { game: 'dots' });
  await host.page.goto(`${env.server.url}/en/g/${code}`);
  await waitState(host.page, 's.seat === 0 && s.table.status === "waiting"');
  await host.page.locator('#turn').filter({ hasText: 'Waiting for a second player' }).waitFor();
  assert.equal(await host.page.locator('#turn').getAttribute('data-meta'), null, 'no game number before a game');
  await host.page.locator('#copy-link').click();
  const copied = host.page.locator('#invite .copied');
  await copied.filter({ hasText: 'Link copied.' }).waitFor();
  await host.page.waitForFunction(() => document.querySelector('#invite .copied')?.textContent === '', null, { timeout: 6000 });

  // The friend opens the link: they are invited to join this game, not shown the invite card.
  const guest = await newPlayer(env.browser, PHONE);
  await guest.page.goto(`${env.server.url}/en/g/${code}`);
  await guest.page.locator('#join').filter({ hasText: 'Join the game' }).waitFor();
  await guest.page.locator('#turn').filter({ hasText: 'Ana invites you to a game.' }).waitFor();
  assert.equal(await guest.page.locator('#invite').isHidden(), true);
  await shot(guest.page, 'join-invited-en-390x844');
  // Joining opens the socket again with the new token: that is no lost connection to report.
  await guest.page.evaluate(() => {
    const conn = /** @type {HTMLElement} */ (document.getElementById('conn'));
    new MutationObserver(() => {
      if (!conn.hidden) document.body.dataset.connShown = conn.textContent ?? '';
    }).observe(conn, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  await guest.page.locator('#join').click();
  await waitState(host.page, 's.table.status === "playing"');
  await waitState(guest.page, 's.seat === 1');
  assert.equal(await guest.page.evaluate(() => document.body.dataset.connShown), undefined, 'no "connection lost" on joining');
  await host.page.locator('#invite').waitFor({ state: 'hidden' });
  assert.equal(await host.page.locator('#turn').getAttribute('data-meta'), 'Game 1');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});

test('a ranked game resigned before both sides moved is not rated, and the end card says why', async () => {
  const host = await player('Ana');
  const guest = await player('Ben', 'de-DE');
  const code = await openGroup(host, { game: 'dots', ranked: true, options: { size: '3x3' } });
  await host.page.goto(`${env.server.url}/en/g/${code}`);
  await guest.page.goto(`${env.server.url}/de/g/${code}`);
  await sitDown(guest.page);
  await waitState(host.page, 's.table.status === "playing" && s.table.ranked');
  await guest.page.locator('#resign').click();
  await guest.page.locator('#resign-yes').click();
  await host.page.locator('#result-unrated').filter({ hasText: 'Not rated: a ranked game counts once both players have made a move' }).waitFor();
  await guest.page.locator('#result-unrated').filter({ hasText: 'Nicht gewertet' }).waitFor();
  assert.equal(await host.page.locator('#result-ratings').count(), 0);
  await shot(host.page, 'end-unrated-en-390x844');
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test('defect 10: the end of a ranked game shows both players\' rating changes; namesakes carry tags', async () => {
  const host = await player('Ana');
  const guest = await player('Ana', 'de-DE');
  const code = await openGroup(host, { game: 'dots', ranked: true, options: { size: '3x3' } });
  await host.page.goto(`${env.server.url}/en/g/${code}`);
  await guest.page.goto(`${env.server.url}/de/g/${code}`);
  await sitDown(guest.page);
  await waitState(host.page, 's.table.status === "playing" && s.table.ranked');
  // Two Anas: each seat shows the tag the leaderboard would show.
  const tags = host.page.locator('.seat .player-tag');
  await tags.nth(1).waitFor();
  const [t0, t1] = await tags.allInnerTexts();
  assert.match(t0, /^#[0-9A-HJKMNP-TV-Z]{4}$/);
  assert.notEqual(t0, t1);
  await host.page.locator('#turn').filter({ hasText: 'Your move' }).waitFor();
  await guest.page.locator('#turn').filter({ hasText: `Ana ${t0} ist am Zug` }).waitFor();
  await shot(host.page, 'namesakes-en-390x844');

  // Each draws a line first: a ranked game in which a side never moved is not rated.
  for (const [p, plies] of /** @type {const} */ ([[host.page, 1], [guest.page, 2]])) {
    const legal = (await state(p)).table.view.legal[0];
    await p.locator(`svg.dots-board .edge-hit[data-edge="${legal}"]`).click();
    for (const q of [host.page, guest.page]) await waitState(q, `${PLIES} === ${plies}`);
  }
  await guest.page.locator('#resign').click();
  await guest.page.locator('#resign-yes').click();
  for (const [p, lang] of [[host.page, 'en'], [guest.page, 'de']]) {
    const lines = p.locator('#result-ratings li');
    await lines.nth(1).waitFor();
    const text = await lines.allInnerTexts();
    // This device's line first, then the other's: "Ana #K3J9: 1500 → 1662 (+162)".
    const mine = lang === 'en' ? t0 : t1;
    const theirs = lang === 'en' ? t1 : t0;
    assert.match(text[0], new RegExp(`^Ana ${mine}: 1500 → \\d+ \\([+\u2212]\\d+\\)$`), lang);
    assert.match(text[1], new RegExp(`^Ana ${theirs}: 1500 → \\d+ \\([+\u2212]\\d+\\)$`), lang);
  }
  await host.page.locator('#result-ratings li').first().filter({ hasText: '(+' }).waitFor();
  await host.page.locator('#result-ratings').filter({ hasText: 'Ranked game: new ratings' }).waitFor();
  await shot(host.page, 'end-ranked-en-390x844');
  await shot(guest.page, 'end-ranked-de-390x844');
  // The tags are the server's: the leaderboard lists both Anas with the same ones.
  const board = await (await fetch(`${env.server.url}/api/leaderboard/dots`)).json();
  const tagOf = (/** @type {string} */ id) => `#${board.find((/** @type {any} */ r) => r.playerId === id)?.tag}`;
  assert.deepEqual([tagOf(host.playerId), tagOf(guest.playerId)], [t0, t1]);
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});

test('the move sound is off by default, plays once turned on, and the choice is remembered', async () => {
  const me = await player();
  // Count the tones the page makes (Chromium runs muted here, but the calls are real).
  await me.context.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function oscillator() {
      w.tones++;
      return make.call(this);
    };
  });
  const code = await openGroup(me, { game: 'dots', cpu: 'beginner', options: { size: '3x3' } });
  await me.page.goto(`${env.server.url}/en/g/${code}`);
  /** Draws a line and waits for the CPU's answer. */
  const drawLine = async () => {
    const st = await waitState(me.page, 's.table.view.turn === s.table.seats[0].side');
    const lines = st.table.view.lines.length;
    await me.page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
    await waitState(me.page, `s.table.view.lines.length > ${lines + 1} && s.table.view.turn === s.table.seats[0].side`, 30_000);
  };
  const toggle = me.page.locator('#panel #sound-toggle');
  await toggle.filter({ hasText: 'Move sound' }).waitFor();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await drawLine();
  assert.equal(await me.page.evaluate(() => /** @type {any} */ (window).tones), 0, 'silent while off');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await drawLine();
  assert.ok(await me.page.evaluate(() => /** @type {any} */ (window).tones) >= 1, 'a tone once on');
  await me.page.reload();
  await waitState(me.page, 's.seat === 0');
  await me.page.locator('#panel #sound-toggle[aria-pressed="true"]').waitFor();
  assert.deepEqual(me.errors, []);
  await me.context.close();
});
