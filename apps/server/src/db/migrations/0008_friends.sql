-- Friendships: one row per pair of users whichever of them asked, pending until the addressee
-- accepts. Declining, cancelling and removing delete the row.
CREATE TABLE friendships (
  id           bigserial PRIMARY KEY,
  requester_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  addressee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status       text   NOT NULL CHECK (status IN ('pending', 'accepted')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  accepted_at  timestamptz,
  CHECK (requester_id <> addressee_id)
);
-- One relationship per pair: a request the other way is never a second row.
CREATE UNIQUE INDEX friendships_pair_key
  ON friendships (LEAST(requester_id, addressee_id), GREATEST(requester_id, addressee_id));
CREATE INDEX friendships_requester_idx ON friendships (requester_id, status);
CREATE INDEX friendships_addressee_idx ON friendships (addressee_id, status);

-- Who blocked whom. Blocking removes the pair's friendship or request (in the same transaction).
CREATE TABLE blocks (
  blocker_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_id_idx ON blocks (blocked_id);

-- The last time a user declined another's request: with the decliner's cooldown on, the same
-- requester waits 7 days before asking again.
CREATE TABLE friend_declines (
  decliner_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requester_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  declined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (decliner_id, requester_id)
);

-- Privacy settings (spec 3 §3): who may send a request, whether a decline starts the cooldown, and
-- the data-collection consent.
ALTER TABLE users
  ADD COLUMN friend_request_privacy text NOT NULL DEFAULT 'anyone'
    CHECK (friend_request_privacy IN ('anyone', 'friends_of_friends', 'none')),
  ADD COLUMN friend_request_cooldown_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN data_collection_enabled boolean NOT NULL DEFAULT true;
