-- Mentions as the message shows them: the users named (id and username as written, so a history
-- page reads them with the message, no query of its own) and whether an admin's @everyone pinged.
ALTER TABLE messages
  ADD COLUMN mentioned_users   jsonb   NOT NULL DEFAULT '[]',
  ADD COLUMN mentions_everyone boolean NOT NULL DEFAULT false;

-- One row per (mentioned user, message), author excluded: what the unread-mention count walks. Led by
-- the user and channel, so a user's mentions after their last read message in a channel are one
-- index range. The channel is copied from the message (a message never changes channel); the
-- message's foreign key removes the rows with it.
CREATE TABLE message_mentions (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id bigint NOT NULL,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, channel_id, message_id)
);
-- An edit replaces a message's rows, and a deleted message cascades, by message.
CREATE INDEX message_mentions_message_id_idx ON message_mentions (message_id);

-- @everyone messages of a channel after a given id: small, as only admins can ping everyone.
CREATE INDEX messages_everyone_idx ON messages (channel_id, id) WHERE mentions_everyone;

-- Where each user stands in each channel: the last message they read. Unread state is derived from
-- it and the messages after it, so a new message writes nothing per reader. No row: nothing read.
-- last_read_message_id has no foreign key: it is a position in the channel, still meaningful after
-- that message is deleted.
CREATE TABLE channel_reads (
  user_id              bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id           bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  last_read_message_id bigint,
  last_read_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, channel_id)
);
-- Deleting a channel removes its rows.
CREATE INDEX channel_reads_channel_id_idx ON channel_reads (channel_id);

-- Mention suggestions match the start of a username or nickname in any case (LIKE 'prefix%').
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
CREATE INDEX users_nickname_prefix_idx ON users (lower(nickname) text_pattern_ops) WHERE nickname IS NOT NULL;
