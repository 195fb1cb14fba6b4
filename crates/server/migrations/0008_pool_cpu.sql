-- Issue 35: a player waiting in a quick-pairing pool may play the CPU meanwhile and keep their
-- place. `cpu_group` is that CPU game's group: when a wave pairs the player, its game ends (the
-- player resigns it: a CPU game is never ranked, so no rating moves) and the pairing stands.
ALTER TABLE pool_entries ADD COLUMN cpu_group TEXT;
