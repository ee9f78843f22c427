-- One row per user, message and emoji. A reaction is a Unicode emoji (emoji_unicode, stored fully
-- qualified) or a custom emoji (emoji_id). Custom emoji do not exist yet: their feature adds the
-- foreign key on emoji_id along with the emoji table.
CREATE TABLE reactions (
  id            bigserial PRIMARY KEY,
  message_id    bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  emoji_id      bigint,
  emoji_unicode text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((emoji_id IS NULL) <> (emoji_unicode IS NULL))
);
-- The same emoji twice from one user is refused (409). NULLS NOT DISTINCT (PostgreSQL 15+) makes the
-- one empty column count, so one index covers both kinds; led by message_id, it also serves a
-- history page's reactions (message_id = ANY(...)) and the cascade when a message is deleted.
CREATE UNIQUE INDEX reactions_message_user_emoji_key
  ON reactions (message_id, user_id, emoji_unicode, emoji_id) NULLS NOT DISTINCT;
-- Deleting a user removes their reactions.
CREATE INDEX reactions_user_id_idx ON reactions (user_id);
