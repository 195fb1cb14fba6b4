// Walks the table page as players would, in every locale on a 390 px screen, and writes what it
// shows: a full-page screenshot and the panel's text at each stage, under e2e/screenshots/explore/.
// Not a test (nothing is asserted): it is for reading every line and looking at every state
// (waiting, invited, playing, take-back asked, declined and refused, away, end, ranked end,
// rematch asked, settings). Needs a built `target/debug/qdan`.
//
//   node e2e/explore.mjs [lang ...]

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, PHONE, SHOTS, launch, newPlayer, startServer, state, waitState } from './harness.js';

const OUT = join(SHOTS, 'explore');
mkdirSync(OUT, { recursive: true });
const langs = process.argv.length > 2 ? process.argv.slice(2) : LANGS;
const server = await startServer();
const browser = await launch();
/** @type {string[]} */
let log = [];

/** @param {string} name @param {string} token @param {string} lang */
async function player(name, token, lang) {
  const p = await newPlayer(browser, PHONE, lang);
  await p.context.addInitScript((tok) => {
    try {
      localStorage.setItem('qdan.token', tok);
    } catch {
      /* about:blank has no storage */
    }
  }, token);
  return p;
}

/** @param {string} lang @param {string} [name] */
async function apiPlayer(lang, name) {
  const r = await fetch(`${server.url}/api/players`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(name ? { lang, name } : { lang }) });
  return r.json();
}

/** @param {string} token @param {object} body */
async function group(token, body) {
  const r = await fetch(`${server.url}/api/groups`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return (await r.json()).code;
}

/** @param {import('playwright-core').Page} page @param {string} name */
async function snap(page, name) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running')).catch(() => {});
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  const text = await page.locator('main').innerText();
  log.push(`---- ${name}\n${text.replace(/\n{2,}/g, '\n')}`);
}

/** Sends a move through the page's own connection (quicker than taps; the page draws it). @param {import('playwright-core').Page} page @param {string | number} move */
async function send(page, move) {
  const st = await state(page);
  await page.evaluate(([ply, mv]) => /** @type {any} */ (window).qdanConn().send({ t: 'move', ply, move: mv }).catch(() => null), [st.table.plies, move]);
}

/** A move for the side to move: Musashi's Parent takes the most, others pick at random. @param {any} v */
function pick(v) {
  if (v.game === 'musashi' && v.turn === 0 && v.capturePoints.length) {
    const best = [...v.capturePoints].sort((a, b) => b.takes - a.takes)[0].point;
    const m = v.legal.find((/** @type {string} */ x) => x.endsWith(`-${best}`));
    if (m) return m;
  }
  return v.legal[Math.floor(Math.random() * v.legal.length)];
}

/** Plays this seat's moves until the game is over. @param {import('playwright-core').Page} page */
async function playToEnd(page) {
  for (let i = 0; i < 400; i++) {
    const st = await waitState(page, 's.table.status === "over" || s.table.view.turn === s.table.seats[s.seat].side', 30_000);
    if (st.table.status === 'over') return;
    await send(page, pick(st.table.view));
    await waitState(page, `s.table.status === "over" || s.table.plies > ${st.table.plies}`);
  }
}

for (const lang of langs) {
  log = [];
  for (const game of ['musashi', 'dots']) {
    // Against the CPU: first move, hint, take back, play to the end, rematch (CPU first).
    const me = await apiPlayer(lang);
    const p = await player('', me.token, lang);
    const code = await group(me.token, { game, cpu: 'beginner', options: game === 'dots' ? { size: '3x3' } : { target: '6' } });
    await p.page.goto(`${server.url}/${lang}/g/${code}`);
    await waitState(p.page, 's.seat === 0 && s.table.status === "playing"');
    await snap(p.page, `${lang}-${game}-cpu-start`);
    await p.page.locator('#hint').click();
    await p.page.locator('#notice:not(:empty)').waitFor().catch(() => {});
    await snap(p.page, `${lang}-${game}-cpu-hint`);
    await playToEnd(p.page);
    await p.page.locator('#result-title').waitFor();
    await snap(p.page, `${lang}-${game}-cpu-end`);
    await p.page.locator('#end-rematch').click();
    await waitState(p.page, 's.table.gameNo === 2 && s.table.plies >= 1 && s.table.view.turn === s.table.seats[0].side', 30_000);
    await p.page.locator('#settings summary').click();
    await snap(p.page, `${lang}-${game}-cpu-rematch`);
    if (p.errors.length) log.push(`ERRORS ${p.errors.join(' | ')}`);
    await p.context.close();

    // Between two people, ranked: waiting, invited, play, take-back asked/declined/refused, end.
    const a = await apiPlayer(lang, 'Ana');
    const b = await apiPlayer(lang, 'Ana');
    const host = await player('Ana', a.token, lang);
    const guest = await player('Ana', b.token, lang);
    const gcode = await group(a.token, { game, ranked: true, turnLimit: 60, options: game === 'dots' ? { size: '3x3' } : { board: '25' } });
    await host.page.goto(`${server.url}/${lang}/g/${gcode}`);
    await waitState(host.page, 's.seat === 0');
    await host.page.locator('#copy-link').click();
    await snap(host.page, `${lang}-${game}-host-waiting`);
    await guest.page.goto(`${server.url}/${lang}/g/${gcode}`);
    await guest.page.locator('#join').waitFor();
    await snap(guest.page, `${lang}-${game}-guest-invited`);
    await guest.page.locator('#join').click();
    await waitState(host.page, 's.table.status === "playing"');
    await waitState(host.page, 's.table.view.turn === s.table.seats[s.seat].side');
    await send(host.page, pick((await state(host.page)).table.view));
    await waitState(guest.page, 's.table.plies === 1');
    await snap(guest.page, `${lang}-${game}-guest-playing`);
    // The host asks to take back; the guest declines; the host asks again after a reload.
    await host.page.locator('#undo').click();
    await guest.page.locator('#undo-accept').waitFor();
    await snap(guest.page, `${lang}-${game}-guest-undo-asked`);
    await snap(host.page, `${lang}-${game}-host-undo-waiting`);
    await guest.page.locator('#undo-decline').click();
    await host.page.locator('#notice:not(:empty)').waitFor();
    await snap(host.page, `${lang}-${game}-host-undo-declined`);
    await host.page.reload();
    await waitState(host.page, 's.seat === 0 && s.table.status === "playing"');
    await host.page.locator('#undo:not([disabled])').click();
    await host.page.locator('#notice:not(:empty)').waitFor();
    await snap(host.page, `${lang}-${game}-host-undo-wait`);
    // The guest goes away for a moment: the host sees the seat away.
    await guest.page.goto('about:blank');
    await host.page.locator('[data-away]').waitFor({ timeout: 20_000 }).catch(() => {});
    await snap(host.page, `${lang}-${game}-host-guest-away`);
    await guest.page.goto(`${server.url}/${lang}/g/${gcode}`);
    await waitState(guest.page, 's.seat === 1');
    await waitState(host.page, '!s.table.seats[1].away');
    // Play to the end.
    await Promise.all([playToEnd(host.page), playToEnd(guest.page)]);
    await host.page.locator('#result-title').waitFor();
    await guest.page.locator('#result-title').waitFor();
    await snap(host.page, `${lang}-${game}-host-end`);
    await guest.page.locator('#end-rematch').click();
    await host.page.locator('.end-card').filter({ hasText: 'Ana' }).waitFor();
    await snap(host.page, `${lang}-${game}-host-rematch-asked`);
    await snap(guest.page, `${lang}-${game}-guest-rematch-waiting`);
    for (const x of [host, guest]) if (x.errors.length) log.push(`ERRORS ${x.errors.join(' | ')}`);
    await host.context.close();
    await guest.context.close();
  }
  writeFileSync(join(OUT, `${lang}.txt`), `${log.join('\n')}\n`);
  console.log(`${lang}: done`);
}
await browser.close();
await server.stop();
