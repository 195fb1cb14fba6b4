-- Reviews of finished games (the value after every ply, the turning points), worked out in
-- the background after a game ends. `engine` is the review code's version: a review made by
-- an older one is made again. `state` is 'ready', or 'failed' (the stored moves did not
-- replay; kept so the game is not tried again and again).

CREATE TABLE reviews (
    game_id      TEXT PRIMARY KEY REFERENCES games(id),
    engine       BIGINT NOT NULL,
    state        TEXT NOT NULL,
    body         TEXT NOT NULL,
    busy_ms      BIGINT NOT NULL,
    reviewed_at  BIGINT NOT NULL
);

-- A player's games (their seats), newest finished first.
CREATE INDEX seats_player ON seats (player_id);
CREATE INDEX games_ended ON games (status, ended_at);
