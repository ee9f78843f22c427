CREATE TABLE groups (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  icon       text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id         bigserial PRIMARY KEY,
  group_id   bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  name       text NOT NULL,
  position   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_group_id_idx ON categories (group_id);

CREATE TABLE channels (
  id               bigserial PRIMARY KEY,
  group_id         bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  category_id      bigint REFERENCES categories (id) ON DELETE SET NULL,
  name             text NOT NULL,
  description      text,
  channel_type     text NOT NULL DEFAULT 'text' CHECK (channel_type IN ('text', 'voice')),
  max_participants integer NOT NULL DEFAULT 10 CHECK (max_participants BETWEEN 1 AND 50),
  bitrate          integer NOT NULL DEFAULT 64000 CHECK (bitrate IN (32000, 64000, 96000, 128000)),
  position         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channels_group_id_idx ON channels (group_id);
CREATE INDEX channels_category_id_idx ON channels (category_id);

-- A missing row means the defaults: everyone may view, post and upload.
CREATE TABLE group_permissions (
  group_id   bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  can_view   boolean NOT NULL,
  can_post   boolean NOT NULL,
  can_upload boolean NOT NULL,
  PRIMARY KEY (group_id, user_id),
  CHECK (can_view OR (NOT can_post AND NOT can_upload))
);
CREATE INDEX group_permissions_user_id_idx ON group_permissions (user_id);

CREATE TABLE messages (
  id               bigserial PRIMARY KEY,
  channel_id       bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content          text NOT NULL,
  message_type     text NOT NULL DEFAULT 'text',
  nonce            text,
  removed_by_admin boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  edited_at        timestamptz
);
-- Serves the newest page (ORDER BY id DESC) and paging before/after an id within a channel.
CREATE INDEX messages_channel_id_id_idx ON messages (channel_id, id);
-- A retried send with the same nonce is stored once.
CREATE UNIQUE INDEX messages_user_nonce_key ON messages (user_id, nonce) WHERE nonce IS NOT NULL;

-- A new instance lands every user somewhere.
WITH g AS (INSERT INTO groups (name) VALUES ('Hearth') RETURNING id)
INSERT INTO channels (group_id, name, description) SELECT id, 'general', 'Say hello' FROM g;
