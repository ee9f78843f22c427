-- Link previews: the previews fetched for a message's links are stored with it, as a list (at most 3),
-- so a page of history carries them without a join. A constant default needs no table rewrite.
ALTER TABLE messages ADD COLUMN embeds jsonb NOT NULL DEFAULT '[]'::jsonb;
