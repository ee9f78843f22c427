-- The storage limit, enforced where use grows: a new row of a stored file charges its bytes to its
-- owner, and a charge past the limit fails the insert (SQLSTATE HS413, answered 413). Checked here,
-- under the row lock the charge takes, two uploads at once cannot both slip under the limit.
-- Only new files are charged: a deletion always succeeds, and a recount records what is stored even
-- when that is over the limit (a limit lowered later, or use from before this check).

-- The same for everyone; packages/protocol's STORAGE_LIMIT_BYTES says it to the client, and a test
-- holds the two equal.
CREATE FUNCTION storage_limit_bytes() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT 1073741824::bigint $$;

CREATE FUNCTION charge_storage(owner_id bigint, bytes bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  UPDATE users SET storage_used_bytes = storage_used_bytes + bytes WHERE id = owner_id
    RETURNING storage_used_bytes INTO total;
  IF total > storage_limit_bytes() THEN
    RAISE EXCEPTION 'storage limit reached' USING ERRCODE = 'HS413';
  END IF;
END $$;

CREATE OR REPLACE FUNCTION attachments_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM charge_storage(NEW.user_id, NEW.file_size);
    RETURN NEW;
  END IF;
  UPDATE users SET storage_used_bytes = storage_used_bytes - OLD.file_size WHERE id = OLD.user_id;
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  IF OLD.preview_key IS NOT NULL THEN
    INSERT INTO file_deletions (storage_key) VALUES (OLD.preview_key) ON CONFLICT DO NOTHING;
  END IF;
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION stored_file_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM charge_storage(NEW.user_id, NEW.file_size);
    RETURN NEW;
  END IF;
  UPDATE users SET storage_used_bytes = storage_used_bytes - OLD.file_size WHERE id = OLD.user_id;
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;

-- Profile pictures' function (0011) was this one's twin: the table now uses this one.
DROP TRIGGER profile_images_account ON profile_images;
CREATE TRIGGER profile_images_account AFTER INSERT OR DELETE ON profile_images
  FOR EACH ROW EXECUTE FUNCTION stored_file_account();
DROP FUNCTION profile_images_account();
