// A finished game for what looks at the pages after a game (e2e/layout.test.js,
// scripts/lighthouse.mjs): a ranked 3x3 Dots game between a host and a guest, played over the
// HTTP API and the WebSocket protocol (docs/protocol.md), each side drawing the lowest open
// line (the game of e2e/review.test.js: two turning points), and waited for until the server
// has made its review, so that no page still polls for it. Ranked, so that it shows on the
// host's player page too.
//
// The function uses nothing but `fetch` and `WebSocket`, so it runs in Node (22, or 20 with
// --experimental-websocket) and, through Playwright's page.evaluate, in a page of the site.

/**
 * Plays the game and returns the group's code (its game 1 is the finished game).
 * @param {{base: string, host: string}} a  base: the site's URL (`http://127.0.0.1:8080`);
 *   host: the host's device token.
 * @returns {Promise<string>}
 */
export async function finishedGame({ base, host }) {
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
  const { code } = await post('/api/groups', { game: 'dots', options: { size: '3x3' }, ranked: true }, host);
  const guest = (await post('/api/players', { name: 'Guest' })).token;

  /** A socket whose messages are waited for one at a time, by what they match. @param {string} token */
  const open = async (token) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/${code}`);
    /** @type {any[]} */
    const inbox = [];
    ws.addEventListener('message', (e) => inbox.push(JSON.parse(String(e.data))));
    await new Promise((ok, fail) => {
      ws.addEventListener('open', ok);
      ws.addEventListener('error', fail);
    });
    /** @param {(m: any) => boolean} match */
    const next = async (match) => {
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 10))) {
        const i = inbox.findIndex(match);
        if (i >= 0) return inbox.splice(i, 1)[0];
      }
      throw new Error(`no answer on ${code}: ${JSON.stringify(inbox.slice(-3))}`);
    };
    let id = 0;
    /** Sends an intent and waits for its ack. @param {object} msg */
    const intent = async (msg) => {
      const mine = ++id;
      ws.send(JSON.stringify({ ...msg, id: mine }));
      const a = await next((m) => (m.t === 'ack' || m.t === 'error') && m.id === mine);
      if (a.t === 'error') throw new Error(`${JSON.stringify(msg)}: ${a.code} ${a.message}`);
    };
    /** The table as it is now. */
    const table = async () => {
      inbox.length = 0;
      ws.send(JSON.stringify({ t: 'sync' }));
      return (await next((m) => m.t === 'state')).table;
    };
    ws.send(JSON.stringify({ t: 'hello', token }));
    await next((m) => m.t === 'welcome');
    return { ws, intent, table };
  };

  const h = await open(host);
  const g = await open(guest);
  await g.intent({ t: 'sit' });
  for (;;) {
    const tb = await h.table();
    if (tb.status === 'over') break;
    const mover = tb.seats[0].side === tb.view.turn ? h : g;
    await mover.intent({ t: 'move', ply: tb.plies, move: Math.min(...tb.view.legal) });
  }
  h.ws.close();
  g.ws.close();
  for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if ((await (await fetch(`${base}/api/games/${code}/1`)).json()).review) return code;
    if (Date.now() > until) throw new Error(`no review of ${code}/1 after a minute`);
  }
}
