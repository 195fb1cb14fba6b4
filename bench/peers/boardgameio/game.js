// Dots and Boxes for boardgame.io, written for `qdan bench load --peer boardgameio`.
// Edge numbers as in qdan (docs/design.md §3.2, Dots edge numbering): horizontal (row r from the top, column c) is
// r*W + c; vertical (row r, column c from the left) is (H+1)*W + r*(W+1) + c. Drawing the
// 4th side of a box (or of two) claims it and the same player moves again.
const { INVALID_MOVE } = require('boardgame.io/core');

function boxEdges(w, h, r, c) {
  const v = (h + 1) * w;
  return [r * w + c, (r + 1) * w + c, v + r * (w + 1) + c, v + r * (w + 1) + c + 1];
}

const Dots = {
  name: 'dots',
  minPlayers: 2,
  maxPlayers: 2,
  setup: (_ctx, setupData) => {
    const [w, h] = ((setupData && setupData.size) || '5x4').split('x').map(Number);
    const edges = (h + 1) * w + h * (w + 1);
    return { w, h, drawn: Array(edges).fill(null), boxes: Array(w * h).fill(null), count: 0 };
  },
  moves: {
    draw: {
      // Only the server plays a move: the client sees it when the server's update comes.
      client: false,
      move: ({ G, ctx, events }, edge) => {
        if (!Number.isInteger(edge) || edge < 0 || edge >= G.drawn.length || G.drawn[edge] !== null) {
          return INVALID_MOVE;
        }
        G.drawn[edge] = ctx.currentPlayer;
        G.count += 1;
        let claimed = false;
        for (let r = 0; r < G.h; r++) {
          for (let c = 0; c < G.w; c++) {
            const b = r * G.w + c;
            if (G.boxes[b] === null && boxEdges(G.w, G.h, r, c).every((e) => G.drawn[e] !== null)) {
              G.boxes[b] = ctx.currentPlayer;
              claimed = true;
            }
          }
        }
        if (!claimed) events.endTurn();
      },
    },
  },
  endIf: ({ G }) => {
    if (G.boxes.some((b) => b === null)) return undefined;
    const a = G.boxes.filter((b) => b === '0').length;
    const b = G.boxes.length - a;
    return a === b ? { draw: true } : { winner: a > b ? '0' : '1' };
  },
};

module.exports = { Dots };
