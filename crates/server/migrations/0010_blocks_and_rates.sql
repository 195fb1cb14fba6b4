-- Issue 35, part 7 (abuse).
--
-- A player blocks another: the lobby never pairs the two and neither sees the other's open
-- challenges nor can accept them, whichever of them blocked the other.
CREATE TABLE blocks (
    player_id   TEXT NOT NULL REFERENCES players(id),
    blocked_id  TEXT NOT NULL REFERENCES players(id),
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (player_id, blocked_id)
);
-- The other direction: who blocked this player.
CREATE INDEX blocks_blocked ON blocks (blocked_id);

-- Token buckets in the store, so that a bound holds across the nodes of a cluster however
-- the balancer spreads one player's or one address's requests (new challenges and pool
-- entries, per player and per address). `bucket` names the bound and whom it counts
-- (`challenge:p:ID`, `pool:ip:ADDRESS`); `tokens` were left at `at` (Unix ms). One
-- upsert on the key takes a token; a bucket untouched for a minute is full again and swept.
CREATE TABLE rate_buckets (
    bucket  TEXT PRIMARY KEY,
    tokens  DOUBLE PRECISION NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX rate_buckets_at ON rate_buckets (at);
