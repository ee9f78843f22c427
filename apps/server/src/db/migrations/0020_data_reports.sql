-- Data collection reports (spec 3 §3), sent by the client after sign-in when the user's
-- data_collection_enabled is on. username is kept as it was when the report was made so the admin
-- list (issue 13) needs no join; device_id is the device of the access token, used to accept a
-- report from a device the user has not reported from before. Deleting the user deletes them.
CREATE TABLE data_reports (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  username text NOT NULL,
  device_id bigint REFERENCES devices(id) ON DELETE SET NULL,
  device_info jsonb NOT NULL,
  user_agent text NOT NULL,
  ip_address text NOT NULL,
  timezone text NOT NULL,
  language text NOT NULL,
  collected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_reports_user_idx ON data_reports (user_id, collected_at DESC);
CREATE INDEX data_reports_collected_idx ON data_reports (collected_at DESC);
