-- When a voice seat's holder was last seen with a live connection (on any node), kept up to date by
-- every node's seat sweep (voice/seat-sweep.ts). A seat whose holder has had none for
-- VOICE_SEAT_TIMEOUT_MS (a seat taken over REST alone, or left by connections that are gone) is freed.
ALTER TABLE voice_participants ADD COLUMN attended_at timestamptz NOT NULL DEFAULT now();
