// The boardgame.io 0.50.2 server with the Dots game, on PORT (default 8000). Storage is
// boardgame.io's default (in memory).
const { Server, Origins } = require('boardgame.io/server');
const { Dots } = require('./game');

const server = Server({ games: [Dots], origins: [Origins.LOCALHOST] });
server.run(Number(process.env.PORT || 8000));
