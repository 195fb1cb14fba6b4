// Load client for the boardgame.io peer: N games, two boardgame.io clients (one socket.io
// WebSocket each) per game, playing random legal lines at RATE moves per second per game.
// Prints one JSON line per step ({"event":"step",...}) and {"event":"window"} when a
// step's measuring window starts, for `qdan bench load --peer boardgameio`.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Dots } = require('./game');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const server = args.server || 'http://127.0.0.1:8000';
const steps = (args.games || '100').split(',').map(Number);
const rate = Number(args.rate || 1);
const duration = Number(args.duration || 20);
const warmup = Number(args.warmup || 5);
const size = args.size || '5x4';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let latencies = [];
let errors = 0;
let sent = 0;
let acked = 0;
let stopping = false;
const games = [];

function out(o) {
  process.stdout.write(JSON.stringify(o) + '\n');
}

async function post(path, body) {
  const r = await fetch(server + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

async function newMatch(game) {
  const { matchID } = await post('/games/dots/create', { numPlayers: 2, setupData: { size } });
  const clients = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/dots/${matchID}/join`, { playerID, playerName: 'p' + playerID });
    const c = Client({
      game: Dots,
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
      multiplayer: SocketIO({ server, socketOpts: { forceNew: true, transports: ['websocket'] } }),
    });
    const index = clients.length;
    c.subscribe((s) => onState(game, index, s));
    c.start();
    clients.push(c);
  }
  game.clients = clients;
  game.state = null;
  game.pending = null;
  // Wait for both clients' first state.
  for (let i = 0; i < 600 && !(clients.every((c) => c.getState())); i++) await sleep(50);
  if (!clients.every((c) => c.getState())) throw new Error('no state from the server');
}

function onState(game, index, s) {
  if (!s || !s.G) return;
  if (!game.state || s._stateID > game.state._stateID) game.state = s;
  // The mover's own client seeing its move is the round trip (like an ack in qdan).
  const p = game.pending;
  if (p && p.client === index && s.G.count >= p.count) {
    latencies.push(Number(process.hrtime.bigint() - p.at) / 1e6);
    acked += 1;
    game.pending = null;
  }
}

function tick(game) {
  if (game.renewing) return;
  if (game.pending) {
    if (Number(process.hrtime.bigint() - game.pending.at) > 10e9) {
      errors += 1;
      game.pending = null;
    }
    return;
  }
  if (stopping) return;
  const s = game.state;
  if (!s) return;
  if (s.ctx.gameover) {
    game.renewing = true;
    stopAll(game);
    newMatch(game)
      .catch(() => (errors += 1))
      .finally(() => (game.renewing = false));
    return;
  }
  const legal = [];
  s.G.drawn.forEach((d, e) => d === null && legal.push(e));
  if (!legal.length) return;
  const index = Number(s.ctx.currentPlayer);
  const mover = game.clients[index];
  // Its client must have seen the newest state, or the server refuses the move as stale.
  const own = mover.getState();
  if (!own || own._stateID !== s._stateID) return;
  game.pending = { at: process.hrtime.bigint(), count: s.G.count + 1, client: index };
  sent += 1;
  mover.moves.draw(legal[Math.floor(Math.random() * legal.length)]);
}

function stopAll(game) {
  for (const c of game.clients) {
    try {
      c.stop();
    } catch (e) {
      // A client whose socket never opened.
    }
  }
}

async function addGame() {
  const game = { clients: [], state: null, pending: null, renewing: false };
  await newMatch(game);
  const period = 1000 / rate;
  setTimeout(() => {
    game.timer = setInterval(() => tick(game), period);
  }, Math.random() * period);
  games.push(game);
}

function pct(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(sorted.length * p))) - 1];
}

async function main() {
  for (const n of steps) {
    const t0 = Date.now();
    const todo = [];
    for (let i = games.length; i < n; i++) todo.push(i);
    // 32 set-ups at a time.
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (todo.length) {
          todo.pop();
          try {
            await addGame();
          } catch (e) {
            if (!errors) console.error('set-up: ' + e);
            errors += 1;
          }
        }
      }),
    );
    const setupS = (Date.now() - t0) / 1000;
    await sleep(warmup * 1000);
    latencies = [];
    const errors0 = errors;
    out({ event: 'window', games: n });
    const w0 = Date.now();
    await sleep(duration * 1000);
    const lat = latencies.sort((a, b) => a - b);
    latencies = [];
    const wall = (Date.now() - w0) / 1000;
    out({
      event: 'step',
      games: n,
      setupS,
      moves: lat.length,
      movesPerS: lat.length / wall,
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
      p999: pct(lat, 0.999),
      max: pct(lat, 1),
      errors: errors - errors0,
    });
  }
  stopping = true;
  for (let i = 0; i < 100 && games.some((g) => g.pending); i++) await sleep(100);
  out({ event: 'done', sent, acked, errors });
  for (const g of games) {
    clearInterval(g.timer);
    stopAll(g);
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
