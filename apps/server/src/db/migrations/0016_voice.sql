-- Voice (spec 2 §3, §4): who is in which voice channel, and DM calls. Both live in the database, not
-- in a node's memory, so every node of a cluster answers the same and a node's crash loses nothing
-- but its connections (whose users the presence sweep then takes out of voice).

-- One row per user in voice: a user is in at most one voice channel (joining another moves the row).
CREATE TABLE voice_participants (
  user_id     bigint  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  channel_id  bigint  NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  session_id  uuid    NOT NULL UNIQUE,
  peer_id     text    NOT NULL,
  is_muted    boolean NOT NULL DEFAULT false,
  is_deafened boolean NOT NULL DEFAULT false,
  joined_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voice_participants_channel_idx ON voice_participants (channel_id, joined_at);

-- DM calls, kept with their outcome and duration (spec 2 §3 DM call).
CREATE TABLE dm_calls (
  id                 uuid    PRIMARY KEY,
  caller_id          bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_id       bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status             text    NOT NULL CHECK (status IN ('ringing', 'answered', 'declined', 'ended', 'missed')),
  end_reason         text    CHECK (end_reason IN ('declined', 'ended', 'no_answer', 'disconnected')),
  started_at         timestamptz NOT NULL DEFAULT now(),
  answered_at        timestamptz,
  ended_at           timestamptz,
  duration_seconds   integer CHECK (duration_seconds >= 0),
  caller_muted       boolean NOT NULL DEFAULT false,
  caller_deafened    boolean NOT NULL DEFAULT false,
  recipient_muted    boolean NOT NULL DEFAULT false,
  recipient_deafened boolean NOT NULL DEFAULT false,
  CHECK (caller_id <> recipient_id)
);
-- Active calls by either participant (a user is in at most one), and unanswered ones by age (the sweep).
CREATE INDEX dm_calls_caller_active_idx ON dm_calls (caller_id) WHERE status IN ('ringing', 'answered');
CREATE INDEX dm_calls_recipient_active_idx ON dm_calls (recipient_id) WHERE status IN ('ringing', 'answered');
CREATE INDEX dm_calls_ringing_idx ON dm_calls (started_at) WHERE status = 'ringing';
