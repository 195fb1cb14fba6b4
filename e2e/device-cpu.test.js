// The CPU played on the device (issue 36): a game against the CPU made by the page is
// `cpuOnDevice`, the page works out each CPU move in the engine's worker and sends it, and the
// server (which counts the CPU moves and the reviews it works out, `GET /api/stats`) computes
// none: the review at the end is worked out on the device too. A browser without WebAssembly
// gets the server's review instead. A tampered `cpuMove` from the page's own socket is refused
// like an illegal move and changes nothing.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, state, waitState } from './harness.js';

const env = serverAndBrowser();

/** What the server has worked out so far: `{cpuMoves, hints, reviews}`. */
async function serverStats() {
  const r = await fetch(`${env.server.url}/api/stats`);
  return r.json();
}

/** The CPU moves the server has worked out so far. */
async function serverCpuMoves() {
  return (await serverStats()).cpuMoves;
}

/**
 * Plays `page`'s side to the end of the game, one line at a time.
 * @param {import('playwright-core').Page} page
 */
async function playToTheEnd(page) {
  for (;;) {
    const mine = 's.table.view.turn === s.table.seats[s.seat].side';
    const st = await waitState(page, `s.table.status === "over" || ${mine}`, 30_000);
    if (st.table.status === 'over') return;
    await drawALine(page);
  }
}

/**
 * Opens a 3x3 Dots game against the beginner the way the site's pages do (`createGroup`,
 * which asks for the CPU on this device when the engine can run), and goes to it.
 * @param {import('playwright-core').Page} page
 */
async function startDots3x3VsCpu(page) {
  await page.goto(`${env.server.url}/en/games/dots`);
  await page.locator('body[data-ready="true"]').waitFor();
  const url = await page.evaluate(async () => {
    const api = await import('/static/api.js');
    return (await api.createGroup({ game: 'dots', cpu: 'beginner', options: { size: '3x3' } })).url;
  });
  await page.goto(`${env.server.url}/en${url}`);
  await waitState(page, 's.seat === 0 && s.table.status === "playing"');
}

/**
 * Draws the first open line by tapping it; resolves once the move is in the page's table.
 * @param {import('playwright-core').Page} page
 */
async function drawALine(page) {
  const st = await state(page);
  const lines = st.table.view.lines.length;
  await page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
  await waitState(page, `s.table.view.lines.length > ${lines}`);
}

test('a whole game against the CPU worked out on the phone: the server computes no CPU move', async () => {
  const before = await serverCpuMoves();
  const me = await newPlayer(env.browser, PHONE);
  await startDots3x3VsCpu(me.page);
  const first = await state(me.page);
  assert.equal(first.table.cpuOnDevice, true, 'the page asked for the CPU on the device');
  assert.equal(first.table.ranked, false);
  // The sign shows while the page thinks, from the player's line until the CPU's (400 ms at
  // least): an observer sees every change, where a poll after the line may come too late on a
  // loaded machine.
  await me.page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('cpu-thinking'));
    const look = () => {
      if (!el.hidden && !el.classList.contains('idle')) /** @type {any} */ (globalThis).qdanSawThinking = true;
    };
    new MutationObserver(look).observe(el, { attributes: true, attributeFilter: ['class', 'hidden'] });
    look();
  });
  let shotTaken = false;
  for (;;) {
    const mine = 's.table.view.turn === s.table.seats[s.seat].side';
    const st = await waitState(me.page, `s.table.status === "over" || ${mine}`, 30_000);
    if (st.table.status === 'over') break;
    await drawALine(me.page);
    // The CPU's turn (unless the line closed a box): a picture of the sign, if still in time.
    const now = await state(me.page);
    if (!shotTaken && now.table.status === 'playing' && now.table.view.turn !== now.table.seats[0].side) {
      shotTaken = await me.page.locator('#cpu-thinking:not(.idle)').waitFor({ timeout: 2_000 })
        .then(() => shot(me.page, 'device-cpu-thinking-390x844')).then(() => true, () => false);
    }
  }
  const sawThinking = await me.page.evaluate(() => /** @type {any} */ (globalThis).qdanSawThinking === true);
  assert.ok(sawThinking, 'the thinking sign was shown');
  const end = (await state(me.page)).table;
  assert.equal(end.view.outcome.reason, 'boxes');
  assert.equal(end.moves.length, 24);
  await me.page.locator('#result-title').waitFor();
  assert.equal(await serverCpuMoves(), before, 'the server worked out no CPU move');
  // The review: worked out on the phone, the chart and the turning points shown, and the
  // server (which was told review=device) started none.
  const reviewsBefore = (await serverStats()).reviews;
  await me.page.locator('#review #chart svg').waitFor({ timeout: 20_000 });
  await me.page.locator('#review #turning li').first().waitFor();
  await shot(me.page, 'device-review-390x844');
  const code = new URL(me.page.url()).pathname.split('/').pop();
  const rec = await (await fetch(`${env.server.url}/api/games/${code}/1?review=device`)).json();
  assert.equal(rec.review, null, 'the server stored no review');
  assert.equal(rec.reviewState, 'device');
  assert.equal((await serverStats()).reviews, reviewsBefore, 'the server worked out no review');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('a browser without WebAssembly gets its review from the server', async () => {
  const me = await newPlayer(env.browser, PHONE);
  await me.context.addInitScript(() => { delete (/** @type {any} */ (globalThis)).WebAssembly; });
  const before = (await serverStats()).reviews;
  await startDots3x3VsCpu(me.page);
  assert.equal((await state(me.page)).table.cpuOnDevice, false, 'no engine here: the server plays the CPU');
  await playToTheEnd(me.page);
  // The server's review on a busy machine, then the page's next look (it asks less often as
  // it waits): 45 s once, with the other browser tests and builds beside it.
  await me.page.locator('#review #chart svg').waitFor({ timeout: 90_000 });
  assert.equal((await serverStats()).reviews, before + 1, 'the server worked out this review');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test("a tampered cpuMove from the page's socket is refused like an illegal move and changes nothing", async () => {
  const me = await newPlayer(env.browser, PHONE);
  await startDots3x3VsCpu(me.page);
  await drawALine(me.page);
  // Right after our line (the page's own CPU move waits for the engine and the CPU delay):
  // the tampered page plays the line already drawn, for the CPU, and a line at another ply.
  const st = await state(me.page);
  const drawn = st.table.moves[0];
  const answers = await me.page.evaluate(async ({ ply, drawn, open }) => {
    const conn = /** @type {any} */ (window).qdanConn();
    /** @param {object} i */
    const send = (i) => conn.send(i).then(() => 'ack', (/** @type {any} */ e) => e.code);
    return [
      await send({ t: 'cpuMove', ply, move: drawn }),
      await send({ t: 'cpuMove', ply: ply + 1, move: open }),
      await send({ t: 'move', ply, move: drawn }),
    ];
  }, { ply: st.table.plies, drawn, open: st.table.view.legal[0] });
  assert.deepEqual(answers, ['already-drawn', 'stale-ply', 'not-your-turn']);
  // Nothing changed: the page's own CPU move is the next move, then it is our turn again.
  const after = await waitState(me.page, 's.table.plies >= 2 || s.table.status === "over"', 15_000);
  assert.equal(after.table.moves[0], drawn);
  assert.notEqual(after.table.moves[1], drawn);
  const server = await (await fetch(`${env.server.url}/api/groups/${after.table.code}`)).json();
  assert.deepEqual(server.moves, after.table.moves);
  // The same line as a player's move at our turn is refused with the same code.
  await waitState(me.page, 's.table.view.turn === s.table.seats[0].side || s.table.status === "over"');
  const own = await me.page.evaluate(async ({ drawn }) => {
    const conn = /** @type {any} */ (window).qdanConn();
    const ply = /** @type {any} */ (window).qdanState().table.plies;
    return conn.send({ t: 'move', ply, move: drawn }).then(() => 'ack', (/** @type {any} */ e) => e.code);
  }, { drawn });
  assert.equal(own, 'already-drawn');
  // The refusals show as notices of the page's own intents only; nothing went to the console.
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('the hint at such a table is worked out on the device, and it is the hint the server gives', async () => {
  const stats = async () => (await (await fetch(`${env.server.url}/api/stats`)).json()).hints;
  const me = await newPlayer(env.browser, PHONE);
  await startDots3x3VsCpu(me.page);
  await drawALine(me.page);
  await waitState(me.page, 's.table.view.turn === s.table.seats[0].side && s.table.plies >= 2');
  const before = await stats();
  await me.page.locator('#hint').click();
  const mark = me.page.locator('svg.dots-board .hint[data-hint]');
  await mark.waitFor({ state: 'attached' });
  const mine = Number(await mark.getAttribute('data-hint'));
  assert.equal(await stats(), before, 'the server worked out no hint');
  // The server's own hint for the same position (the same seed): the same line.
  const served = await me.page.evaluate(() => /** @type {any} */ (window).qdanConn().send({ t: 'hint' }));
  assert.equal(Number(served.move), mine);
  assert.equal(await stats(), before + 1);
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test("after a take-back the CPU answers the player's new move, not the one taken back", async () => {
  const me = await newPlayer(env.browser, PHONE);
  await startDots3x3VsCpu(me.page);
  await drawALine(me.page);
  const answered = await waitState(me.page, 's.table.plies >= 2 && s.table.view.turn === s.table.seats[0].side');
  const cpuLine = answered.table.moves[1];
  await me.page.locator('#undo').click();
  const back = await waitState(me.page, 's.table.plies === 0');
  // The player now draws the line the CPU drew before: the page must work out an answer for
  // this position, not send the old one again (refused: already drawn) and wait for ever.
  assert.ok(back.table.view.legal.includes(Number(cpuLine)));
  await me.page.locator(`svg.dots-board .edge-hit[data-edge="${cpuLine}"]`).click();
  const after = await waitState(me.page, 's.table.plies >= 2');
  assert.equal(after.table.moves[0], cpuLine);
  assert.notEqual(after.table.moves[1], cpuLine);
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test("an engine that does not load is said in the page's language, and the CPU moves once it does", async () => {
  const me = await newPlayer(env.browser, PHONE, 'de-DE');
  let blocked = true;
  await me.context.route('**/engine/qdan_engine.wasm*', (r) => (blocked ? r.abort() : r.fallback()));
  await me.page.goto(`${env.server.url}/de/games/dots`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  const url = await me.page.evaluate(async () => {
    const api = await import('/static/api.js');
    return (await api.createGroup({ game: 'dots', cpu: 'beginner', options: { size: '3x3' } })).url;
  });
  await me.page.goto(`${env.server.url}/de${url}`);
  await waitState(me.page, 's.seat === 0 && s.table.status === "playing"');
  const serverMoves = await serverCpuMoves();
  await drawALine(me.page);
  const sign = me.page.locator('#cpu-thinking.failed');
  await sign.filter({ hasText: 'Die CPU konnte ihren Zug auf diesem Gerät nicht berechnen.' }).waitFor();
  await shot(me.page, 'device-cpu-engine-failed-de-390x844');
  // Said to screen readers too, and this tab's next CPU games are the server's to play.
  await me.page.locator('#live').filter({ hasText: 'nicht berechnen' }).waitFor();
  const available = () => me.page.evaluate(async () => (await import('/static/engine/engine.js')).engineAvailable());
  assert.equal(await available(), false);
  blocked = false;
  await me.page.locator('#cpu-retry').filter({ hasText: 'Noch einmal versuchen' }).click();
  await waitState(me.page, 's.table.plies >= 2');
  await me.page.locator('#cpu-thinking.failed').waitFor({ state: 'detached' });
  // The move came from the page, not from the server's fallback after its wait.
  assert.equal(await serverCpuMoves(), serverMoves);
  assert.equal(await available(), true);
  // The failure was reported once, on the console; nothing else went wrong.
  assert.deepEqual(me.errors.filter((e) => !e.includes('the CPU move on this device failed')), []);
  await me.context.close();
});
