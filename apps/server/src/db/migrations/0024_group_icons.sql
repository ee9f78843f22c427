-- Group icons (spec 2 §2, §5): the stored file of each group's uploaded icon, one at most. groups.icon
-- keeps its address, so every place that sends a group sends the icon with it. The file counts in the
-- storage of the admin who uploaded it (charged under the storage limit, 0023) and is queued for removal
-- when the row goes: replaced, removed, or its group deleted (the cascade). An uploader's account
-- deletion keeps the group's icon, uncounted (user_id becomes null; nobody is left to charge).
CREATE TABLE group_icons (
  group_id    bigint PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  storage_key text   NOT NULL UNIQUE,
  file_size   bigint NOT NULL CHECK (file_size >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_icons_user_id ON group_icons (user_id);

CREATE TRIGGER group_icons_account AFTER INSERT OR DELETE ON group_icons
  FOR EACH ROW EXECUTE FUNCTION stored_file_account();
