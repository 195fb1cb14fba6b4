// Writes the home-screen icons (web/icons/*.png) from the site's icon, web/icon.svg, with
// Debian's Chromium: `node scripts/icons.mjs`. Run it again when the icon changes; the site
// crate's tests check that every icon the manifest lists exists at its size.
//
// - icon-192.png, icon-512.png: the icon as it is, on a transparent ground ("any").
// - maskable-512.png: the board on a full-bleed wooden square with the icon inside the
//   central 80 % safe zone, so a phone may cut it to a circle or a squircle ("maskable").
// - apple-touch-icon.png (180 px): full bleed too, since iOS draws no transparency.

import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'web', 'icons');
mkdirSync(out, { recursive: true });
const icon = readFileSync(join(root, 'web', 'icon.svg'), 'utf8');
const WOOD = '#e2b871';

/** The icon's drawing (without its rounded wooden square), scaled into a full-bleed square. */
function fullBleed() {
  const inner = icon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
  // The drawing spans 8..56 of 64; scaling by 0.8 around the centre keeps it in the safe zone.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${WOOD}"/><g transform="translate(6.4 6.4) scale(0.8)">${inner}</g></svg>`;
}

const jobs = [
  { file: 'icon-192.png', px: 192, svg: icon },
  { file: 'icon-512.png', px: 512, svg: icon },
  { file: 'maskable-512.png', px: 512, svg: fullBleed() },
  { file: 'apple-touch-icon.png', px: 180, svg: fullBleed() },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const job of jobs) {
  const page = await browser.newPage({ viewport: { width: job.px, height: job.px }, deviceScaleFactor: 1 });
  const svg = job.svg.replace('<svg ', `<svg width="${job.px}" height="${job.px}" `);
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: join(out, job.file), omitBackground: true, clip: { x: 0, y: 0, width: job.px, height: job.px } });
  await page.close();
  console.log(`web/icons/${job.file}`);
}
await browser.close();
