-- Issue 19: a player's groups are counted when they open another (at most so many unplayed),
-- and unplayed groups are swept by age.
CREATE INDEX groups_host ON groups (host_id);
CREATE INDEX groups_created ON groups (created_at);
