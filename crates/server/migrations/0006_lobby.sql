-- The lobby (issue 35): open challenges and the quick-pairing pools. Both live in the store so
-- that every node of a cluster lists the same challenges and one node decides each pairing.
-- `alive_at` is the last time a node saw a lobby socket of the player open (a heartbeat every
-- second); a row not seen for longer than the away grace is not listed and is swept.

CREATE TABLE challenges (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    player_id   TEXT NOT NULL REFERENCES players(id),
    options     TEXT NOT NULL,
    turn_limit  BIGINT,
    ranked      BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    alive_at    BIGINT NOT NULL,
    -- Set once, by the one accept that wins: the group both players were seated in.
    group_code  TEXT,
    accepted_by TEXT
);
CREATE INDEX challenges_player ON challenges (player_id);
CREATE INDEX challenges_alive ON challenges (alive_at);

CREATE TABLE pool_entries (
    player_id   TEXT PRIMARY KEY REFERENCES players(id),
    pool        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    -- When the player joined the pool: the wait widens the rating gap they accept, and a
    -- player whose partner did not come back keeps this place (the front of the pool).
    entered_at  BIGINT NOT NULL,
    alive_at    BIGINT NOT NULL,
    group_code  TEXT,
    paired_at   BIGINT
);
CREATE INDEX pool_entries_pool ON pool_entries (pool);

-- A group made by the lobby: its first game starts only once both players are at the table,
-- and if one of them is not there by `meet_by` the group is dissolved with no game recorded.
ALTER TABLE groups ADD COLUMN meet_by BIGINT;
-- The pool a paired group came from (its players go back to it when the other does not come).
ALTER TABLE groups ADD COLUMN pool TEXT;

-- How many players each node holds a lobby socket of (the lobby shows the sum as "online").
CREATE TABLE lobby_nodes (
    node        TEXT PRIMARY KEY,
    online      BIGINT NOT NULL,
    seen_at     BIGINT NOT NULL
);
