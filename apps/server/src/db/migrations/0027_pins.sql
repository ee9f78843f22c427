-- Pins: a pinned message records when and by whom on its own row, so a page of history knows which of
-- its messages are pinned without a join, and search can filter `pinned:true` with one predicate.
-- Adding nullable columns without a default rewrites nothing, so this is instant on a large table.
-- The partial indexes hold only pinned rows (at most 50 per conversation) and serve the pins list,
-- newest pinned first, and the count checked before a new pin.
ALTER TABLE messages
  ADD COLUMN pinned_at timestamptz,
  ADD COLUMN pinned_by bigint REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX messages_channel_pins_idx ON messages (channel_id, pinned_at DESC) WHERE pinned_at IS NOT NULL;
CREATE INDEX messages_conversation_pins_idx ON messages (conversation_id, pinned_at DESC)
  WHERE pinned_at IS NOT NULL;
