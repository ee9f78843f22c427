-- Push notifications (spec 3 §2 Notifications, §7). One row per registration: a browser's Web Push
-- subscription (token = its endpoint, keys = its p256dh and auth) or the Android app's FCM token. It
-- belongs to the device (sign-in) that registered it: a push goes only to registrations whose device
-- is still signed in, so a browser that signed out, or was revoked, is never told anything.
CREATE TABLE push_registrations (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id    bigint REFERENCES devices (id) ON DELETE CASCADE,
  platform     text NOT NULL CHECK (platform IN ('web', 'android')),
  token        text NOT NULL UNIQUE,
  keys         jsonb,
  client_platform text,
  app_version  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_registrations_user_idx ON push_registrations (user_id, created_at);

-- Keys the server makes for itself on first start and every node shares (the VAPID key pair).
CREATE TABLE server_keys (
  name       text PRIMARY KEY,
  value      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
