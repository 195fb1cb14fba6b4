// What a visitor's browser fetches over three page views (the home page, the Musashi game page,
// the home page again) on a fresh `qdan serve`: responses not served from the browser's cache,
// by status, and their bytes on the wire (Chromium through the CDP, 390x844).
//
//   QDAN_BIN=target/release/qdan node scripts/revisit.mjs

import { launch, startServer } from '../e2e/harness.js';

const srv = await startServer();
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Set<string>} */
  const cached = new Set();
  /** @type {Map<string, number>} request id -> status, for the responses that came over the network */
  const fetched = new Map();
  let bytes = 0;
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const url = new URL(e.response.url);
    if (url.protocol.startsWith('http') && !url.pathname.startsWith('/api/') && !e.response.fromDiskCache && !cached.has(e.requestId)) {
      fetched.set(e.requestId, e.response.status);
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (fetched.has(e.requestId)) bytes += e.encodedDataLength;
  });
  for (const path of ['/en/', '/en/games/musashi', '/en/']) {
    fetched.clear();
    bytes = 0;
    await page.goto(`${srv.url}${path}`);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.waitForTimeout(300);
    /** @type {Record<number, number>} */
    const byStatus = {};
    for (const st of fetched.values()) byStatus[st] = (byStatus[st] ?? 0) + 1;
    console.log(`${path}: ${fetched.size} requests ${JSON.stringify(byStatus)}, ${bytes} bytes`);
  }
} finally {
  await browser.close();
  await srv.stop();
}
