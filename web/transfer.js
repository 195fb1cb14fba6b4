// Continue on another device (docs/protocol.md): on "My games", this device makes a one-time
// link with its QR code (10 minutes, one use) that moves its player to another browser; the
// browser that opens the link (`/LANG/t/CODE` lands here with `#transfer=CODE`) asks before it
// takes the player. This page then notices that its player left and carries on as a new guest.

import { ApiError, TOKEN_KEY, forgetToken, request, storedToken } from './api.js';
import { h } from './dom.js';
import { shownName } from './names.js';

/** @typedef {import('./types.js').Translate} Translate */

/** How often the page with a link open asks whether its player has moved (ms). */
const WATCH_EVERY = 2000;
/** Set for the reload after the player moved away, so that the new guest's page says why. */
const MOVED_KEY = 'qdan.moved';

/** @param {Translate} t @param {unknown} e */
const failure = (t, e) =>
  t(e instanceof ApiError && e.status === 404 ? 'transfer-gone'
    : e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network');

/**
 * The question on the device that opened a link: continue as that player here?
 * @param {HTMLElement} main @param {Translate} t @param {string} code
 */
async function confirm(main, t, code) {
  const box = h('section', { class: 'card transfer-claim', id: 'transfer-claim', 'aria-labelledby': 'transfer-claim-h', style: 'margin: 16px 0' });
  main.prepend(box);
  // The code leaves the address bar: a reload or a shared screenshot does not carry it.
  history.replaceState(null, '', location.pathname + location.search);
  /** @param {string} text */
  const fail = (text) => box.replaceChildren(h('h2', { id: 'transfer-claim-h' }, t('transfer-heading')),
    h('p', { class: 'error', role: 'alert' }, text));
  let who;
  try {
    who = await request(`/api/transfer/${encodeURIComponent(code)}`);
  } catch (e) {
    fail(failure(t, e));
    return;
  }
  const yes = h('button', { type: 'button', class: 'btn primary', id: 'transfer-confirm' }, t('transfer-confirm'));
  const no = h('button', { type: 'button', class: 'btn', id: 'transfer-cancel' }, t('transfer-cancel'));
  box.replaceChildren(
    h('h2', { id: 'transfer-claim-h' }, t('transfer-question', { name: shownName(t, who.name) })),
    h('p', {}, t(storedToken() ? 'transfer-replaces' : 'transfer-claim-text')),
    h('div', { class: 'row' }, yes, no));
  no.addEventListener('click', () => box.remove());
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    no.disabled = true;
    try {
      const r = await request(`/api/transfer/${encodeURIComponent(code)}/claim`, { method: 'POST' });
      localStorage.setItem(TOKEN_KEY, r.token);
      // The lists of this page are this player's now.
      location.reload();
    } catch (e) {
      fail(failure(t, e));
    }
  });
}

/**
 * The link and its QR code on the device that holds the player.
 * @param {HTMLElement} section @param {Translate} t @param {string} lang
 * @param {() => void} onMoved  Called once the player has moved away from this device.
 */
function offer(section, t, lang, onMoved) {
  const make = h('button', { type: 'button', class: 'btn', id: 'transfer-make' }, t('transfer-make'));
  const out = h('div', { class: 'transfer-link' });
  section.append(h('h2', { id: 'transfer-h' }, t('transfer-heading')), h('p', {}, t('transfer-text')), make, out);
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let watch;
  make.addEventListener('click', async () => {
    const token = storedToken();
    if (!token) return;
    make.disabled = true;
    try {
      const r = await request('/api/transfer', { method: 'POST', json: { lang }, token });
      const input = h('input', { type: 'text', readonly: true, value: r.url, id: 'transfer-url', 'aria-labelledby': 'transfer-h' });
      const copy = h('button', { type: 'button', class: 'btn', id: 'transfer-copy' }, t('play-invite-copy'));
      const copied = h('span', { class: 'copied', role: 'status' });
      copy.addEventListener('click', async () => {
        try {
          await navigator.clipboard.writeText(r.url);
        } catch {
          input.select();
          document.execCommand('copy');
        }
        copied.textContent = t('play-invite-copied');
      });
      input.addEventListener('focus', () => input.select());
      const qr = h('img', { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(r.qr)}`, width: 200, height: 200,
        alt: t('transfer-qr-alt'), id: 'transfer-qr' });
      out.replaceChildren(h('div', { class: 'row link-row' }, input, copy), copied, qr,
        h('p', { class: 'muted', id: 'transfer-valid' }, t('transfer-valid', { minutes: Math.round((r.expiresAt - Date.now()) / 60000) })));
      make.textContent = t('transfer-again');
    } catch (e) {
      out.replaceChildren(h('p', { class: 'error', role: 'alert' }, failure(t, e)));
    }
    make.disabled = false;
    // While a link is out, the page looks whether it was used, to stop showing this player.
    clearInterval(watch);
    watch = setInterval(async () => {
      try {
        await request('/api/me', { token });
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) return;
        clearInterval(watch);
        if (storedToken() === token) forgetToken();
        onMoved();
      }
    }, WATCH_EVERY);
  });
}

/**
 * Starts both sides on "My games".
 * @param {import('./types.js').PageData} data @param {Translate} t
 */
export function startTransfer(data, t) {
  const main = /** @type {HTMLElement} */ (document.querySelector('main') || document.body);
  const code = new URLSearchParams(location.hash.slice(1)).get('transfer');
  if (code) confirm(main, t, code);
  const section = h('section', { class: 'card transfer', id: 'transfer', 'aria-labelledby': 'transfer-h', style: 'margin: 16px 0' });
  if (sessionStorage.getItem(MOVED_KEY)) {
    sessionStorage.removeItem(MOVED_KEY);
    main.prepend(section);
    section.append(h('h2', { id: 'transfer-h' }, t('transfer-heading')),
      h('p', { role: 'status', id: 'transfer-moved' }, t('transfer-moved')));
    return;
  }
  // Only a device with a player has one to move.
  if (!storedToken()) return;
  main.append(section);
  // The player left: the page starts again as a new guest's (no games), saying why.
  offer(section, t, data.lang, () => {
    sessionStorage.setItem(MOVED_KEY, '1');
    location.reload();
  });
}
