-- Rated games between two players are counted per day (ratings::PAIR_GAMES_PER_DAY).
CREATE INDEX rating_changes_player ON rating_changes (player_id);
