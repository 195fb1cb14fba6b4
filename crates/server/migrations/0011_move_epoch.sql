-- Issue 39, part 3: each move keeps the epoch of the table lease it was written under (the
-- fence its transaction checked), so `qdan-bench check` can prove after the fact that no
-- move was stored under a lease that was not current. NULL for a move written without a
-- lease (a single node, which holds no leases) and for the moves stored before this column.
-- Additive: nodes of the previous version keep inserting without it.
ALTER TABLE moves ADD COLUMN epoch BIGINT;
