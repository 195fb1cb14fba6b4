// The client's entry: reads the page data, loads the locale's messages, builds the
// translator, remembers the language the visitor picks in the switcher, and starts the page's
// module.

import { pageData, translator } from './i18n.js';
import { followPlaying } from './playing.js';

const data = /** @type {import('./types.js').PageData & {messages: string}} */ (pageData());

// The switcher remembers the choice for `/` (the server reads the cookie). Wired before
// the messages are awaited, so that a pick made while they load is remembered too.
for (const a of document.querySelectorAll('.langs a[data-lang]')) {
  a.addEventListener('click', () => {
    const lang = /** @type {HTMLElement} */ (a).dataset.lang;
    document.cookie = `qdan_lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  });
}

// A tap on "Play with a friend" or "Play the CPU" before the page's module is wired would be
// lost: the button has no handler yet and the CPU form would reload the page. Hold the last
// one and replay it once the module has started (see `start()`).
/** @type {HTMLButtonElement | HTMLFormElement | null} */
let held = null;
/** @param {Event} e */
const hold = (e) => {
  const el = e.target instanceof Element ? e.target : null;
  const target = e.type === 'submit' ? el?.closest('#play-cpu') : el?.closest('#play-friend');
  if (!target) return;
  e.preventDefault();
  e.stopPropagation();
  held = /** @type {HTMLButtonElement | HTMLFormElement} */ (target);
  document.body.setAttribute('aria-busy', 'true');
};
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);

// The service worker (`/sw.js`, crates/site/src/service_worker.rs) keeps the client's files
// and the pages seen for offline use. Registered two seconds after the load, when the page is
// idle: its install fetches and stores every file a game needs offline, and on a throttled
// phone that work, begun at the load, held a game page's table back by 0.15-0.2 s.
if ('serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => {});
  const idle = window.requestIdleCallback ?? ((/** @type {() => void} */ f) => setTimeout(f, 0));
  const later = () => setTimeout(() => idle(register, { timeout: 3000 }), 2000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

// Games played offline against the CPU (web/offline/) are uploaded when the network is there:
// at this load if online, and when it comes back. The key is web/offline/store.js's
// OFFLINE_KEY; a device that never played offline loads nothing more.
const uploadOffline = () => {
  let kept = null;
  try {
    kept = localStorage.getItem('qdan.offline');
  } catch {
    /* storage off: nothing kept */
  }
  if (kept && navigator.onLine) import('./offline/upload.js').then((m) => m.uploadOffline()).catch(() => {});
};
uploadOffline();
addEventListener('online', uploadOffline);
// The language menu is a <details>: Escape closes it, as it would a menu, and leaves focus on it.
document.addEventListener('keydown', (e) => {
  const open = e.key === 'Escape' ? document.querySelector('details.langs[open]') : null;
  if (!(open instanceof HTMLDetailsElement)) return;
  open.open = false;
  open.querySelector('summary')?.focus();
});

// A versioned file, the same for every page of the locale: cached once, preloaded by the page.
const source = await fetch(data.messages).then((r) => (r.ok ? r.text() : ''), () => '');
const t = translator(data.lang, source);
// Every page: the tab title and icon mark a turn waiting in another game; lists them where shown.
followPlaying(data, t);

/** @param {string} text */
export function announce(text) {
  const live = document.getElementById('live');
  if (!live) return;
  // Clear first so the same text twice is spoken twice.
  live.textContent = '';
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}

/** Stops holding taps and replays the one held, now that its handler is in place. */
function replayHeld() {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  const el = held;
  held = null;
  if (!el) return;
  document.body.removeAttribute('aria-busy');
  if (el instanceof HTMLFormElement) el.requestSubmit();
  else el.click();
}

async function start() {
  switch (data.page) {
    case 'home':
    case 'game':
    case 'not-found': {
      const m = await import('./home.js');
      await m.start(data, t);
      break;
    }
    case 'group': {
      const m = await import('./play.js');
      m.start(data, t, announce);
      (await import('./play/pool-wait.js')).startPoolWait(data, t);
      break;
    }
    case 'learn': {
      const m = await import('./learn.js');
      await m.start(data, t, announce);
      break;
    }
    case 'rules': {
      const m = await import('./rules.js');
      m.start(data, t);
      break;
    }
    case 'replay': {
      const m = await import('./replay.js');
      await m.start(data, t, announce);
      break;
    }
    case 'my-games':
    case 'player': {
      const m = await import('./games.js');
      await (data.page === 'player' ? m.startPlayer(data, t) : m.startMine(data, t));
      // Continue on another device: the link to move this player, or the question on the device that opened one.
      if (data.page === 'my-games') (await import('./transfer.js')).startTransfer(data, t);
      break;
    }
    case 'analysis': {
      const m = await import('./analysis.js');
      await m.start(data, t, announce);
      break;
    }
    case 'leaderboard': {
      const m = await import('./leaderboard.js');
      m.start(t);
      break;
    }
    default:
      break;
  }
  replayHeld();
  document.body.dataset.ready = 'true';
}

start();
