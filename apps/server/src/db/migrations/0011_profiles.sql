-- Profiles (spec 3 §3): the About Me text, the fifteen social links (keys without the social_ prefix),
-- and the banner's address beside the picture's.
ALTER TABLE users
  ADD COLUMN bio                text,
  ADD COLUMN profile_banner_url text,
  ADD COLUMN social_links       jsonb NOT NULL DEFAULT '{}';

-- The stored picture and banner of each user: one of each at most. They count in the user's storage
-- and their files are queued for removal when the row goes, as attachments' are (0006).
CREATE TABLE profile_images (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text   NOT NULL CHECK (kind IN ('avatar', 'banner')),
  storage_key text   NOT NULL UNIQUE,
  file_size   bigint NOT NULL CHECK (file_size >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

CREATE FUNCTION profile_images_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET storage_used_bytes = storage_used_bytes + NEW.file_size WHERE id = NEW.user_id;
    RETURN NEW;
  END IF;
  UPDATE users SET storage_used_bytes = storage_used_bytes - OLD.file_size WHERE id = OLD.user_id;
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;

CREATE TRIGGER profile_images_account AFTER INSERT OR DELETE ON profile_images
  FOR EACH ROW EXECUTE FUNCTION profile_images_account();
