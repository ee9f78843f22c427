-- Gaps in the shared event log that a node owes (docs/decisions/faults.md): a row is written when a
-- node first fails to publish an event to Redis, and removed once a LOG_GAP marks it in the log. Kept
-- here, not in the node's memory, so that a node stopped before Redis came back (a rolling restart, a
-- crash) does not take the marker with it: whichever node reaches Redis next writes it.
CREATE TABLE event_log_gaps_owed (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owed_since timestamptz NOT NULL DEFAULT now()
);
