-- Link previews: set when the author removes a message's previews, so a later edit does not fetch
-- them again (as Discord keeps a message's embeds suppressed).
ALTER TABLE messages ADD COLUMN embeds_removed boolean NOT NULL DEFAULT false;
