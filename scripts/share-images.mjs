// Draws the pictures that link previews and old browsers need, once, from the site's own
// drawings: web/share/{musashi,dots,bagh-chal,site}.png (1200×630, the Open Graph size) from the board
// diagrams of web/diagrams/ coloured by web/style.css, and web/favicon.ico (16, 32 and 48 px
// PNGs inside an ICO) from web/icon.svg. Chromium (Debian's, through playwright-core) renders
// them; the results are committed, so the server needs no image code. Rerun after changing a
// diagram, the icon or the board colours: `node scripts/share-images.mjs`.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const css = readFileSync(join(web, 'style.css'), 'utf8');
const diagram = (/** @type {string} */ name) => readFileSync(join(web, 'diagrams', name), 'utf8');
const icon = readFileSync(join(web, 'icon.svg'), 'utf8');

/** A 1200×630 card: the boards side by side on the site's background, the brand in a corner. */
function card(/** @type {string[]} */ boards) {
  // One height for all boards, as tall as the widest row of them allows.
  const aspects = boards.map((b) => {
    const [, , w, h] = (/viewBox="([^"]+)"/.exec(b)?.[1] ?? '0 0 1 1').split(' ').map(Number);
    return w / h;
  });
  const height = Math.min(514, Math.floor((1104 - 40 * (boards.length - 1)) / aspects.reduce((a, b) => a + b, 0)));
  const cells = boards.map((b) => `<div class="cell">${b}</div>`).join('');
  return `<!doctype html><html><head><style>${css}
    html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; background: var(--bg); }
    .frame { box-sizing: border-box; width: 1200px; height: 630px; padding: 44px 48px 72px; display: flex; gap: 40px; align-items: center; justify-content: center; }
    .cell { flex: 0 1 auto; height: 100%; display: flex; align-items: center; }
    .cell svg { display: block; height: ${height}px; width: auto; }
    .brand { position: absolute; right: 40px; bottom: 20px; display: flex; gap: 12px; align-items: center; font: 700 34px system-ui, sans-serif; color: var(--ink); }
    .brand svg { width: 44px; height: 44px; }
  </style></head><body><div class="frame">${cells}</div><div class="brand">${icon}<span>qdan</span></div></body></html>`;
}

/** An ICO file holding PNG images (allowed since Windows Vista; every current browser reads it). */
function ico(/** @type {{size: number, png: Buffer}[]} */ images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt8(0, e + 2); // no palette
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--force-color-profile=srgb', '--hide-scrollbars'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  mkdirSync(join(web, 'share'), { recursive: true });
  const cards = {
    'musashi.png': [diagram('musashi-start.svg')],
    'dots.png': [diagram('dots-home.svg')],
    'bagh-chal.png': [diagram('bagh-chal-jump.svg')],
    'site.png': [diagram('musashi-start.svg'), diagram('dots-home.svg'), diagram('bagh-chal-start.svg')],
  };
  for (const [name, boards] of Object.entries(cards)) {
    await page.setContent(card(boards));
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1200, height: 630 } });
    writeFileSync(join(web, 'share', name), png);
    console.log(`wrote web/share/${name} (${png.length} bytes)`);
  }
  /** @type {{size: number, png: Buffer}[]} */
  const images = [];
  for (const size of [16, 32, 48]) {
    const p = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await p.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${icon.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    images.push({ size, png: await p.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }) });
    await p.close();
  }
  const file = ico(images);
  writeFileSync(join(web, 'favicon.ico'), file);
  console.log(`wrote web/favicon.ico (${file.length} bytes)`);
} finally {
  await browser.close();
}
