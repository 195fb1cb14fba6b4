-- Issue 35, part 4: continue on another device. A transfer code moves a player (a device
-- token) to another browser once. Only the code's SHA-256 is kept, as for device tokens; one
-- code per player at a time (a new one replaces the old), valid until `expires_at` (Unix ms).
CREATE TABLE transfers (
    player_id  TEXT PRIMARY KEY REFERENCES players(id),
    code_hash  TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL
);
CREATE INDEX transfers_expiry ON transfers (expires_at);
