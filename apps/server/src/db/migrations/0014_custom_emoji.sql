-- Custom emoji (spec 1 §3, spec 3 §3): a picture with a name, owned by the user who uploaded it,
-- listed to everyone when public. The file is the server's re-encoding of the upload (emoji/service.ts).
CREATE TABLE custom_emojis (
  id           bigserial PRIMARY KEY,
  user_id      bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Letters, digits and underscore, at most 32 (checked by the service); case kept as typed.
  name         text    NOT NULL,
  storage_key  text    NOT NULL UNIQUE,
  content_type text    NOT NULL,
  file_size    bigint  NOT NULL CHECK (file_size >= 0),
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  is_public    boolean NOT NULL DEFAULT false,
  is_nsfw      boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- A name is unique among one owner's emoji in any case ('Emoji name must be unique'), also when two
-- uploads or renames race; led by user_id, it also serves the owner's list and the per-user count.
CREATE UNIQUE INDEX custom_emojis_user_name_key ON custom_emojis (user_id, lower(name));
-- The public list, in the order it is answered (name in any case, with a collation that does not
-- depend on the database's locale).
CREATE INDEX custom_emojis_public_idx ON custom_emojis ((lower(name)) COLLATE "C", id) WHERE is_public;

-- Counted in the owner's storage, and the file queued for removal when the row goes (a delete, or the
-- owner's cascade), as attachments' (0006) and profile pictures' (0011) are. One function for every
-- table of stored files from here on: a row with user_id, file_size and storage_key.
CREATE FUNCTION stored_file_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET storage_used_bytes = storage_used_bytes + NEW.file_size WHERE id = NEW.user_id;
    RETURN NEW;
  END IF;
  UPDATE users SET storage_used_bytes = storage_used_bytes - OLD.file_size WHERE id = OLD.user_id;
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;

CREATE TRIGGER custom_emojis_account AFTER INSERT OR DELETE ON custom_emojis
  FOR EACH ROW EXECUTE FUNCTION stored_file_account();

-- The foreign key 0004 left for this feature: a reaction with a custom emoji goes with the emoji.
-- (No row can have an emoji_id yet: adding one was refused until now.) The partial index makes
-- that cascade, and an emoji's delete, a lookup instead of a scan of every reaction.
ALTER TABLE reactions
  ADD CONSTRAINT reactions_emoji_id_fkey FOREIGN KEY (emoji_id) REFERENCES custom_emojis (id) ON DELETE CASCADE;
CREATE INDEX reactions_emoji_id_idx ON reactions (emoji_id) WHERE emoji_id IS NOT NULL;
