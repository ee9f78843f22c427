-- Backups taken by `npm run backup` (docs/decisions/backups.md): one row per archive written, so the
-- admin panel's System tab can say when the last one was taken. taken_at is the moment the archive's
-- data is from (its database snapshot), not when the file was finished.
CREATE TABLE backups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  taken_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  archive_bytes bigint NOT NULL,
  file_count integer NOT NULL
);
CREATE INDEX backups_taken_at_idx ON backups (taken_at DESC);
