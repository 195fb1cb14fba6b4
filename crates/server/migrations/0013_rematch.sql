-- A finished game's requests for the next one, acknowledged to the people who made them: a
-- bit per seat (1: seat 0, 2: seat 1), so a table loaded again (a restart, another node)
-- still knows who asked. NULL: nobody asked (every game stored before this column).
-- Additive: nodes of the previous version neither write nor read it.
ALTER TABLE games ADD COLUMN rematch BIGINT;
