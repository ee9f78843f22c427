-- Presence (spec 2 §3, §4): the status the user chose or the client set automatically, whether they
-- chose to be invisible, whether the status was their own choice, and when they were last seen.
ALTER TABLE users
  ADD COLUMN presence_status text NOT NULL DEFAULT 'online'
    CHECK (presence_status IN ('online', 'away', 'busy', 'offline')),
  ADD COLUMN is_invisible boolean NOT NULL DEFAULT false,
  ADD COLUMN presence_manually_set boolean NOT NULL DEFAULT false,
  ADD COLUMN last_seen timestamptz;

-- Who is connected, across every node of a cluster. Each server process is a node with a random id
-- that beats every few seconds; a user is connected while a row of theirs belongs to a node that beat
-- recently. PostgreSQL is shared by every node in any setup, so one node and a cluster work alike,
-- and a node that dies stops beating: the others sweep its rows and announce its users offline.
CREATE UNLOGGED TABLE live_nodes (
  node_id text PRIMARY KEY,
  beat_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNLOGGED TABLE live_users (
  node_id text   NOT NULL REFERENCES live_nodes (node_id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, node_id)
);
CREATE INDEX live_users_node_id_idx ON live_users (node_id);
