-- Muted channels and groups, one row per muted target (no row: not muted). A muted channel or
-- group neither pops up nor plays a sound for mentions, and shows no unread mark; the rows go
-- with the channel, group or user.
CREATE TABLE channel_mutes (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  muted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, channel_id)
);
CREATE INDEX channel_mutes_channel_id_idx ON channel_mutes (channel_id);

CREATE TABLE group_mutes (
  user_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  muted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX group_mutes_group_id_idx ON group_mutes (group_id);

-- The account-wide switch of the Notifications settings tab.
ALTER TABLE users ADD COLUMN message_notifications_enabled boolean NOT NULL DEFAULT true;
