-- The member panel pages through a channel's members by display name (nickname, else username, any
-- case) then id: a keyset walk of this index, whatever the page.
CREATE INDEX users_display_name_idx ON users (lower(COALESCE(nickname, username)), id);
