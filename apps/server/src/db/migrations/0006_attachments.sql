-- Uploaded files. An upload belongs to its uploader and to no message until it is sent with one
-- (message_id set in the same transaction as the message); unsent uploads expire (uploads/housekeeping.ts).
CREATE TABLE attachments (
  id                bigserial PRIMARY KEY,
  user_id           bigint   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id        bigint   REFERENCES messages (id) ON DELETE CASCADE,
  -- Where order matters: attachment_ids' order as sent.
  position          smallint NOT NULL DEFAULT 0,
  storage_key       text     NOT NULL UNIQUE,
  preview_key       text     UNIQUE,
  -- Detected from the bytes; application/octet-stream when not recognised.
  content_type      text     NOT NULL,
  attachment_type   text     NOT NULL CHECK (attachment_type IN ('image', 'video', 'audio', 'other')),
  original_filename text     NOT NULL,
  file_size         bigint   NOT NULL CHECK (file_size >= 0),
  width             integer,
  height            integer,
  is_sensitive      boolean  NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
-- A history page's attachments (message_id = ANY(...)), and the cascade when a message is deleted.
CREATE INDEX attachments_message_id_idx ON attachments (message_id, position) WHERE message_id IS NOT NULL;
-- An uploader's unsent uploads, and the sweep of expired ones.
CREATE INDEX attachments_unsent_idx ON attachments (created_at) WHERE message_id IS NULL;
CREATE INDEX attachments_user_id_idx ON attachments (user_id);

-- Bytes of files each user has stored: kept exact by the trigger below, whichever way a row goes
-- (a delete, a message's or a user's cascade), so a later storage limit reads one column.
ALTER TABLE users ADD COLUMN storage_used_bytes bigint NOT NULL DEFAULT 0;

-- Files whose row is gone, waiting to be removed from storage. A row's deletion queues its files in
-- the same transaction, so no path that deletes rows (including cascades) can leak a file, and a
-- crash between the commit and the removal only delays it.
CREATE TABLE file_deletions (
  storage_key text PRIMARY KEY,
  queued_at   timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION attachments_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET storage_used_bytes = storage_used_bytes + NEW.file_size WHERE id = NEW.user_id;
    RETURN NEW;
  END IF;
  UPDATE users SET storage_used_bytes = storage_used_bytes - OLD.file_size WHERE id = OLD.user_id;
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  IF OLD.preview_key IS NOT NULL THEN
    INSERT INTO file_deletions (storage_key) VALUES (OLD.preview_key) ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER attachments_account AFTER INSERT OR DELETE ON attachments
  FOR EACH ROW EXECUTE FUNCTION attachments_account();
