-- Table leases (several nodes on one PostgreSQL): each live table is owned by one node; every
-- write for the table checks, in its own transaction, that the writer still holds the lease
-- at the epoch it was granted (fencing). Times are Unix milliseconds of the database's clock.

CREATE TABLE table_leases (
    code        TEXT PRIMARY KEY,
    node        TEXT NOT NULL,
    epoch       BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE INDEX table_leases_node ON table_leases (node);
