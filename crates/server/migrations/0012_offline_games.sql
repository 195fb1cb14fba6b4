-- Issue 36, part 6: games played offline against the CPU on the device and uploaded when the
-- network returned (`POST /api/games/offline`). Each upload is a group of its own (the player
-- in seat 0, the CPU in seat 1) with one finished, unranked game; a row here marks that group
-- as played offline, and its key makes the upload idempotent: the page names each offline
-- game (`upload_id`), and a second upload of the same name by the same player finds this row
-- and stores nothing. Additive: nodes of the previous version never read it.
CREATE TABLE offline_games (
    player_id    TEXT NOT NULL REFERENCES players(id),
    upload_id    TEXT NOT NULL,
    group_code   TEXT NOT NULL REFERENCES groups(code),
    uploaded_at  BIGINT NOT NULL,
    PRIMARY KEY (player_id, upload_id)
);
CREATE INDEX offline_games_group ON offline_games (group_code);
