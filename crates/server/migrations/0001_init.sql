-- One schema for SQLite and PostgreSQL: plain types both accept, ids made by the server,
-- booleans as 0/1 integers, times as Unix milliseconds.

CREATE TABLE players (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

CREATE TABLE groups (
    code        TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    host_id     TEXT NOT NULL REFERENCES players(id),
    options     TEXT NOT NULL,
    turn_limit  BIGINT,
    ranked      BIGINT NOT NULL,
    cpu         TEXT,
    created_at  BIGINT NOT NULL
);

CREATE TABLE seats (
    group_code  TEXT NOT NULL REFERENCES groups(code),
    seat        BIGINT NOT NULL,
    player_id   TEXT NOT NULL REFERENCES players(id),
    PRIMARY KEY (group_code, seat)
);

CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    group_code      TEXT NOT NULL REFERENCES groups(code),
    game_no         BIGINT NOT NULL,
    options         TEXT NOT NULL,
    seat0_side      BIGINT NOT NULL,
    ranked          BIGINT NOT NULL,
    turn_limit      BIGINT,
    status          TEXT NOT NULL,
    winner_seat     BIGINT,
    reason          TEXT,
    clock_deadline  BIGINT,
    started_at      BIGINT NOT NULL,
    ended_at        BIGINT,
    UNIQUE (group_code, game_no)
);

CREATE INDEX games_status ON games (status);

CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games(id),
    ply         BIGINT NOT NULL,
    mv          TEXT NOT NULL,
    side        BIGINT NOT NULL,
    by_kind     TEXT NOT NULL,
    player_id   TEXT,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE ratings (
    player_id   TEXT NOT NULL REFERENCES players(id),
    game        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    PRIMARY KEY (player_id, game)
);

CREATE TABLE rating_changes (
    game_id     TEXT NOT NULL REFERENCES games(id),
    player_id   TEXT NOT NULL REFERENCES players(id),
    seat        BIGINT NOT NULL,
    before      DOUBLE PRECISION NOT NULL,
    after       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
