-- Issue 36: a group whose CPU opponent is played on its host's device. The page works out the
-- CPU's moves and sends them (`cpuMove`); the server checks and stores them, and plays for the
-- CPU only when the CPU's turn clock runs out. 0: the server plays the CPU (every older group).
ALTER TABLE groups ADD COLUMN cpu_on_device BIGINT NOT NULL DEFAULT 0;
