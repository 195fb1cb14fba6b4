// The service worker's code. `/sw.js` is this file after one line that crates/site writes
// (service_worker.rs): `const RELEASE = {version, precache, messages, pages}`, the release's
// version, the versioned URLs of the client's files (modules, style, icons, the engine module
// and its worker), each locale's versioned client messages, and the pages the installed app
// needs offline in each language it is used in (under `/{lang}/`: the home page, each game's
// page, where a game against the CPU starts offline, and "My games").
//
// By URL:
// - `/static/...?v=` and `/l10n/...?v=` (a file under its content hash, the same bytes forever):
//   from the cache, else from the network and kept.
// - pages (`/{lang}/...`) and plain `/static/` or `/l10n/` URLs: from the network, else (offline)
//   from the cache: the page as it was last seen, a plain file as this release's version of it.
// - anything else (`/api/`, the WebSocket, `/favicon.ico`, other origins): not touched.
//
// Updates: the browser installs a new worker when `/sw.js` changes, which it does with any file
// of the client. The new worker fills its own cache (named by its version), then takes over the
// open pages at once and deletes the other versions' caches; docs/architecture.md ("Offline and
// updates") says why that is safe.

/* global RELEASE */
/** @type {any} */
const sw = self;

const PREFIX = 'qdan-';
const CACHE = PREFIX + RELEASE.version;
/** The most pages a new release fetches again at install (those open, then the latest kept
 * before): few, since pages count against the server's per-address rate (burst 40). */
const CARRY = 10;

/** This release's versioned URL of each plain file URL (`/static/app.js` -> `/static/app.js?v=...`). */
const VERSIONED = new Map(
  [...RELEASE.precache, ...Object.values(RELEASE.messages)].map((u) => [u.split('?')[0], u]),
);

/** @param {URL} url */
function isPage(url) {
  return Object.hasOwn(RELEASE.messages, url.pathname.split('/')[1]);
}

sw.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // All or nothing: a failed fetch fails the install, and the browser tries again later.
      await cache.addAll(RELEASE.precache);
      // The pages to keep: those open now (the first install comes after a page that loaded
      // without the worker) and those an earlier release kept, each fetched anew, as this
      // release renders it, with its locale's messages. Best effort: a page that fails is left out.
      const pages = new Set();
      for (const c of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        const url = new URL(c.url);
        if (url.origin === sw.location.origin && isPage(url)) pages.add(url.origin + url.pathname + url.search);
      }
      for (const name of await caches.keys()) {
        if (name === CACHE || !name.startsWith(PREFIX)) continue;
        for (const req of (await (await caches.open(name)).keys()).reverse()) {
          if (isPage(new URL(req.url))) pages.add(req.url);
        }
      }
      const carried = [...pages].slice(0, CARRY);
      const langs = new Set(carried.map((u) => new URL(u).pathname.split('/')[1]));
      const messages = [...langs].map((l) => RELEASE.messages[l]);
      // In each language in use, the pages a game against the CPU needs offline (a few: they
      // count against the same rate), even if never opened: the installed app starts there.
      const needed = [...langs].flatMap((l) => RELEASE.pages.map((/** @type {string} */ p) => `${sw.location.origin}/${l}/${p}`));
      const fetched = new Set(carried);
      for (const u of [...carried, ...needed.filter((u) => !fetched.has(u)), ...messages]) await cache.add(u).catch(() => {});
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (/** @type {any} */ event) => {
  /** @type {Request} */
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== sw.location.origin) return;
  const dir = url.pathname.split('/')[1];
  const file = dir === 'static' || dir === 'l10n';
  if (file && url.searchParams.has('v')) event.respondWith(cacheFirst(req));
  else if (file || isPage(url)) event.respondWith(networkFirst(req, url, !file));
});

/** @param {Request} req */
async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  // The encoding the file came in is undone before it is stored: any request may have it.
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  // Only a URL's current version is immutable: the server answers an outdated `?v=` (a page of
  // an older release) with today's bytes and `no-cache`, which must not be kept under it.
  if (res.ok && (res.headers.get('cache-control') || '').includes('immutable')) {
    cache.put(req, res.clone()).catch(() => {});
  }
  return res;
}

/**
 * @param {Request} req
 * @param {URL} url
 * @param {boolean} keep whether to keep the answer (a page; a plain file's bytes are kept under
 *   its versioned URL already)
 */
async function networkFirst(req, url, keep) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (keep && res.ok && res.type === 'basic') cache.put(req, res.clone()).catch(() => {});
    return res;
  } catch (err) {
    const versioned = VERSIONED.get(url.pathname);
    const hit =
      (await cache.match(req, { ignoreVary: true })) ||
      (versioned && (await cache.match(versioned, { ignoreVary: true })));
    if (hit) return hit;
    throw err;
  }
}
