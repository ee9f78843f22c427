-- Accounts, devices and refresh tokens; the Guardian system account exists from the start.
CREATE TABLE users (
  id                   bigserial PRIMARY KEY,
  username             text NOT NULL,
  password_hash        text,
  email                text,
  role                 text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'MODERATOR', 'ADMIN', 'SYSTEM')),
  nickname             text,
  pronouns             text,
  pronouns_bg_color    text,
  pronouns_text_color  text,
  profile_image_url    text,
  profile_blur_enabled boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));

-- password_hash NULL: the account can never log in.
INSERT INTO users (username, role) VALUES ('Guardian', 'SYSTEM');

CREATE TABLE devices (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_name  text NOT NULL,
  user_agent   text,
  ip_address   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);
CREATE INDEX devices_user_id_idx ON devices (user_id);

-- Only a hash of each refresh token is kept; used_at marks a rotated token, whose reuse revokes the device.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  device_id  bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_device_id_idx ON refresh_tokens (device_id);

CREATE TABLE instance_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);
