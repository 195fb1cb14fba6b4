// Lighthouse (mobile, the pinned version in bench/lighthouse/) over every page type of a local
// `qdan serve`, each on its first load: home, a game, rules, lesson, a live table of each game,
// the leaderboard, the analysis board of each game, a finished game's table (its live review)
// and replay, a player's page, this device's games and both 404 pages (the finished game is
// played first over the WebSocket protocol), in two locales. Prints one line per page with the
// median performance score, LCP, CLS, FCP, TBT and bytes over the runs, with the load average
// beside them (Lighthouse simulates a slow phone and network, but a busy machine still skews
// the figures). Run it through `scripts/lighthouse`, which builds the release binary and
// installs Lighthouse first.
//
// With --check (one run, English, unless told otherwise) it exits non-zero when a page's
// median performance is below 95 or its CLS 0.05 or more (a page below the bar after one run is
// run twice more, once the load has fallen (up to 60 s): the median of three decides).
//
//   node --experimental-websocket scripts/lighthouse.mjs --bin target/release/qdan [--runs 3]
//        [--langs en,hi] [--pages home,game,...] [--out DIR] [--check]

import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { finishedGame } from '../e2e/finished-game.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'bench', 'lighthouse', 'node_modules');
const { default: lighthouse } = await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')).href);
const chromeLauncher = await import(pathToFileURL(join(modules, 'chrome-launcher', 'dist', 'index.js')).href);

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const bin = resolve(arg('bin', join(root, 'target', 'release', 'qdan')));
const check = process.argv.includes('--check');
const runs = Number(arg('runs', check ? '1' : '3'));
const langs = arg('langs', check ? 'en' : 'en,hi').split(',');
const pages = arg('pages', 'home,game,rules,learn,dots,musashi,leaderboard,analysis,analysis-dots,review,replay,player,my-games,'
  + 'not-found,group-missing,game-missing,player-missing').split(',');
/** The thresholds of --check: the least performance score, and the CLS a page must stay under. */
const PERF = 95;
const CLS = 0.05;
const started = Date.now();
const out = resolve(arg('out', join(tmpdir(), 'qdan-lighthouse')));
mkdirSync(out, { recursive: true });

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => ok(port));
    });
  });
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
/** The longest wait for a quiet machine before a page below the bar is measured again. */
const QUIET_WAIT_S = 60;
/** Waits until the 1-minute load average is under 1.5 (or QUIET_WAIT_S passed). */
async function quiet() {
  const until = Date.now() + QUIET_WAIT_S * 1000;
  while (loadavg()[0] >= 1.5 && Date.now() < until) await new Promise((r) => setTimeout(r, 2000));
}

const dir = await mkdtemp(join(tmpdir(), 'qdan-lh-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// No tablebase build in the background, no CPU standing in for the table's absent host while
// Lighthouse watches, and no rate limit for the runs' many requests.
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${dir}/qdan.db`, '--tables', 'off',
  '--away-grace', '86400', '--http-rate', '10000'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, RUST_LOG: 'warn' } });
/** @type {{port: number, kill: () => void} | null} */
let chrome = null;
const stop = async () => {
  chrome?.kill();
  server.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
};
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => stop().then(() => process.exit(130)));

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/en/`)).ok) break;
    } catch { /* not up yet */ }
    if (i > 300) throw new Error('qdan serve did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }

  /** @param {string} path @param {unknown} body @param {string} [token] */
  const post = async (path, body, token) => {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const { token, playerId } = await post('/api/players', { name: 'Host' });
  /** A live table against the CPU whose host never comes: it stays at its start position. */
  const table = async (/** @type {string} */ game) => (await post('/api/groups', { game, cpu: 'beginner' }, token)).code;
  const codes = { dots: await table('dots'), musashi: await table('musashi') };
  if (typeof WebSocket === 'undefined') throw new Error('no WebSocket in this Node: run it with --experimental-websocket (Node 20) or Node 22+');
  const finished = await finishedGame({ base, host: token });

  /** @type {Record<string, (l: string) => string>} */
  const urls = {
    home: (l) => `/${l}/`,
    game: (l) => `/${l}/games/dots`,
    rules: (l) => `/${l}/games/musashi/rules`,
    learn: (l) => `/${l}/games/musashi/learn`,
    dots: (l) => `/${l}/g/${codes.dots}`,
    musashi: (l) => `/${l}/g/${codes.musashi}`,
    leaderboard: (l) => `/${l}/leaderboard`,
    analysis: (l) => `/${l}/games/musashi/analysis`,
    'analysis-dots': (l) => `/${l}/games/dots/analysis`,
    review: (l) => `/${l}/g/${finished}`,
    replay: (l) => `/${l}/g/${finished}/1`,
    player: (l) => `/${l}/players/${playerId}`,
    'my-games': (l) => `/${l}/my-games`,
    'not-found': (l) => `/${l}/games/chess`,
    'group-missing': (l) => `/${l}/g/ZZZZZZZZZZZZ`,
    'game-missing': (l) => `/${l}/g/${finished}/99`,
    'player-missing': (l) => `/${l}/players/p_nobody`,
  };
  const names = {
    home: 'home', game: 'game (Dots)', rules: 'rules (Musashi)', learn: 'lesson (Musashi)', dots: 'table (Dots)',
    musashi: 'table (Musashi)', leaderboard: 'leaderboard', analysis: 'analysis (Musashi)', 'analysis-dots': 'analysis (Dots)',
    review: 'table, game over: live review (Dots)', replay: 'replay (Dots)', player: 'player', 'my-games': 'my games',
    'not-found': '404', 'group-missing': '404: no such group', 'game-missing': '404: no such game',
    'player-missing': '404: no such player',
  };
  /** Pages answered with a 404 status, which Lighthouse otherwise refuses to measure. */
  const missing = new Set(['not-found', 'group-missing', 'game-missing', 'player-missing']);
  const unknown = pages.filter((p) => !(p in urls));
  if (unknown.length) throw new Error(`unknown pages: ${unknown.join(', ')} (known: ${Object.keys(urls).join(', ')})`);

  const median = (/** @type {number[]} */ xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };

  // One browser for every run (a run still loads its page cold: Lighthouse clears the cache and
  // storage first), which saves starting Chromium and Lighthouse again each time.
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  /** @type {{page: string, lang: string, perf: number, cls: number}[]} */
  const results = [];
  console.log(`lighthouse ${JSON.parse(readFileSync(join(root, 'bench', 'lighthouse', 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}, `
    + `${execFileSync(process.env.CHROME_PATH || '/usr/bin/chromium', ['--version']).toString().trim()}, ${runs} runs each, medians`);
  console.log('| page | lang | perf | LCP s | CLS | FCP s | TBT ms | KiB | load before/after |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const page of pages) {
    for (const l of langs) {
      const before = load();
      /** @type {Record<string, number[]>} */
      const m = { perf: [], lcp: [], cls: [], fcp: [], tbt: [], bytes: [], seo: [] };
      // The check measures each page once; a page below the bar is measured twice more and
      // judged by the median, so that a moment of load on the machine does not fail it.
      let planned = runs;
      for (let r = 0; r < planned; r++) {
        const file = join(out, `${page}-${l}-${r}.json`);
        const done = await lighthouse(`${base}${urls[page](l)}`, {
          port: chrome.port, output: 'json', logLevel: 'error', disableFullPageScreenshot: true,
          // The check needs only the performance score: no SEO audits, no filmstrip.
          onlyCategories: check ? ['performance'] : ['performance', 'seo'],
          ...(check ? { skipAudits: ['screenshot-thumbnails', 'final-screenshot'] } : {}),
          ignoreStatusCode: missing.has(page),
        });
        if (!done) throw new Error(`lighthouse gave no result for ${page}`);
        writeFileSync(file, String(done.report));
        const j = done.lhr;
        if (j.runtimeError) throw new Error(`${page} ${l}: ${j.runtimeError.code} ${j.runtimeError.message}`);
        const a = j.audits;
        m.perf.push(Math.round(j.categories.performance.score * 100));
        if (j.categories.seo) m.seo.push(Math.round(j.categories.seo.score * 100));
        m.lcp.push(a['largest-contentful-paint'].numericValue / 1000);
        m.cls.push(a['cumulative-layout-shift'].numericValue);
        m.fcp.push(a['first-contentful-paint'].numericValue / 1000);
        m.tbt.push(a['total-blocking-time'].numericValue);
        m.bytes.push(a['total-byte-weight'].numericValue / 1024);
        if (check && r === 0 && planned < 3 && (m.perf[0] < PERF || m.cls[0] >= CLS)) {
          planned = 3;
          // Measured again only once the machine has calmed down (at most QUIET_WAIT_S): in a
          // CI run the check follows a release build, and the table pages, at 94-96 on a quiet
          // machine, fell to 94 under load 5 and failed a run they pass at load 1.
          await quiet();
        }
      }
      const row = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, median(v)]));
      results.push({ page, lang: l, ...row, runs: m, load: [before, load()] });
      console.log(`| ${names[/** @type {keyof typeof names} */ (page)]} | ${l} | ${row.perf} | ${row.lcp.toFixed(1)} | ${row.cls.toFixed(3)} `
        + `| ${row.fcp.toFixed(1)} | ${Math.round(row.tbt)} | ${Math.round(row.bytes)} | ${before} / ${load()} |`);
    }
  }
  writeFileSync(join(out, 'summary.json'), JSON.stringify(results, null, 1));
  console.log(`reports: ${out}; ${Math.round((Date.now() - started) / 1000)} s`);
  if (check) {
    const low = results.filter((r) => r.perf < PERF || r.cls >= CLS);
    for (const r of low) console.error(`below the bar (performance >= ${PERF}, CLS < ${CLS}): ${r.page} ${r.lang}: ${r.perf}, CLS ${r.cls.toFixed(3)}`);
    if (low.length) process.exitCode = 1;
  }
} finally {
  await stop();
}
