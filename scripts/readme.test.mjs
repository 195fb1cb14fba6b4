// The README's commands, run as a newcomer would type them (scripts/test runs this file).
//
// 1. The first code block's serve command (`cargo run --release -- serve`) runs in a fresh copy
//    of the repository's tracked files: the site must answer on its page. The copy shares the
//    build's target dir (CARGO_TARGET_DIR), so cargo only builds what is not built yet; the
//    command gets a port and a database file of its own through QDAN_ADDR and QDAN_DB.
// 2. Every command of the "tools in the binary" block carries a note after `#`:
//      `tested, prints first: "TEXT"` — the test runs it (in the fresh copy, with the release
//                         binary on PATH) and checks that the first line it prints on standard
//                         output starts with TEXT (timings in the rest of a line vary);
//      `tested: --help` — it takes hours (or needs what only hours make): the test checks that
//                         its subcommand answers `--help`.
//    A command without either note fails the test, so a new command gets one.
//
// The commands are read from README.md each time: change the README and this test follows.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, mkdirSync, writeFileSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Every fenced code block of the README, in order, as arrays of lines. */
function codeBlocks(text) {
  const blocks = [];
  let current = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      if (current) { blocks.push(current); current = null; } else { current = []; }
    } else if (current) {
      current.push(line);
    }
  }
  return blocks;
}

/** A code line split into the command and its comment. */
function parseLine(line) {
  const hash = line.indexOf(' #');
  const command = (hash < 0 ? line : line.slice(0, hash)).trim();
  const note = hash < 0 ? '' : line.slice(hash + 2).trim();
  return { command, note };
}

/** The block that follows a heading, found by the heading's words. */
function blockAfter(heading) {
  const at = readme.indexOf(heading);
  assert.ok(at >= 0, `README has no heading "${heading}"`);
  return codeBlocks(readme.slice(at))[0];
}

const targetDir = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps', '--locked'],
  { cwd: root, encoding: 'utf8' })).target_directory;

/** A copy of the tracked files only, as a fresh clone would have them (with uncommitted edits). */
function freshCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'qdan-readme-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0').filter(Boolean);
  for (const f of files) {
    let body;
    try { body = readFileSync(join(root, f)); } catch { continue; } // deleted in the work tree
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), body);
    // The files' times as in the work tree, so that cargo reuses what the shared target dir
    // already built from the same sources instead of building the workspace again.
    const { atime, mtime } = statSync(join(root, f));
    utimesSync(join(dir, f), atime, mtime);
  }
  execFileSync('chmod', ['-R', 'u+rwX', dir]);
  // Keep the executable bits scripts need.
  for (const f of files.filter((f) => f.startsWith('scripts/') || f.endsWith('.sh'))) {
    try { execFileSync('chmod', ['+x', join(dir, f)]); } catch { /* gone */ }
  }
  return dir;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => ok(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const copy = freshCopy();
after(() => rmSync(copy, { recursive: true, force: true }));

test('the first command of the README serves the site from a fresh copy', { timeout: 15 * 60_000 }, async () => {
  const first = codeBlocks(readme)[0].map(parseLine).filter((l) => l.command);
  const serve = first.find((l) => / serve\b/.test(l.command));
  assert.ok(serve, 'the README\'s first code block has no serve command');
  assert.equal(first[0], serve, 'the serve command is the README\'s first command');
  const port = await freePort();
  const db = join(copy, 'readme-test.db');
  const proc = spawn('bash', ['-c', `exec ${serve.command}`], {
    cwd: copy,
    detached: true, // its own process group: `cargo run` and the server it starts stop together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CARGO_TARGET_DIR: targetDir, QDAN_ADDR: `127.0.0.1:${port}`, QDAN_DB: `sqlite://${db}` },
  });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  let exited = null;
  proc.on('exit', (code) => { exited = code; });
  try {
    let page = null;
    const deadline = Date.now() + 14 * 60_000;
    while (Date.now() < deadline && exited === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        page = { status: res.status, body: await res.text() };
        break;
      } catch { await new Promise((r) => setTimeout(r, 500)); }
    }
    assert.ok(page, `"${serve.command}" did not serve (exit ${exited}):\n${out.slice(-3000)}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /<html[^>]*lang="en"/, 'the home page in English');
    assert.match(page.body, /qdan/);
  } finally {
    if (exited === null) {
      try { process.kill(-proc.pid, 'SIGTERM'); } catch { /* gone */ }
      await new Promise((r) => { if (exited !== null) r(null); else proc.on('exit', r); });
    }
  }
});

test('every tool of the README prints what its note says', { timeout: 5 * 60_000 }, () => {
  const tools = blockAfter('## The tools in the binary').map(parseLine).filter((l) => l.command);
  assert.ok(tools.length >= 5, 'the tools block lists the tools');
  const bin = join(targetDir, 'release');
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
  for (const { command, note } of tools) {
    assert.match(command, /^qdan /, `"${command}": the tools block runs the qdan binary`);
    const expect = note.match(/tested, prints first: "([^"]*)"/);
    const helpOnly = /tested: --help/.test(note);
    assert.ok(expect || helpOnly, `"${command}": its note says neither 'tested, prints first: "..."' nor 'tested: --help'`);
    if (expect) {
      const started = Date.now();
      const stdout = execFileSync('bash', ['-c', command], { cwd: copy, env, encoding: 'utf8', timeout: 60_000 });
      const firstLine = stdout.split('\n')[0];
      assert.ok(firstLine.startsWith(expect[1]), `"${command}" printed "${firstLine}" first, not "${expect[1]}..."`);
      const secs = (Date.now() - started) / 1000;
      assert.ok(secs < 60, `"${command}" took ${secs} s: a tested command finishes in under a minute`);
    } else {
      // The subcommand path: the words before the first option or board argument.
      const words = command.split(/\s+/);
      const sub = [];
      for (const w of words.slice(1)) { if (w.startsWith('-') || /\d/.test(w)) break; sub.push(w); }
      const help = execFileSync(join(bin, 'qdan'), [...sub, '--help'], { cwd: copy, encoding: 'utf8', timeout: 30_000 });
      assert.match(help, /Usage:/, `"qdan ${sub.join(' ')} --help" prints its usage`);
      for (const opt of words.filter((w) => w.startsWith('--'))) {
        assert.ok(help.includes(opt), `"${command}": "qdan ${sub.join(' ')} --help" does not list ${opt}`);
      }
    }
  }
});

test('the repository stands on its own', () => {
  // Tracked files cite only what is in the repository and name no development machine's paths.
  const grep = (pattern) => {
    try {
      return execFileSync('git', ['grep', '-nIE', pattern, '--', '.', ':!scripts/readme.test.mjs'],
        { cwd: root, encoding: 'utf8' }).trim();
    } catch { return ''; } // git grep exits 1 when nothing matches
  };
  assert.equal(grep('(^|[^A-Za-z0-9_.])/(work|farm)/'), '', 'paths of a development machine');
  assert.equal(grep('DESIGN\\.md|\\.\\./shared/|(^|[ (`])shared/(DESIGN|STYLE|seeds)'), '', 'citations of files outside the repository');
  const benchLines = readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8').split('\n').length;
  assert.ok(benchLines < 600, `docs/benchmarks.md has ${benchLines} lines: a reference of current figures stays under 600`);
});
