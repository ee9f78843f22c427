-- Mail and account management (spec 3 §2 My Account and Safety, §5, §7): verified email addresses,
-- codes and reset links sent by mail, new-device login alerts, the mail outbox, and account deletion.

-- Addresses were never checked for uniqueness before: any duplicate (none was ever verified) stays
-- with the oldest account and is cleared on the others, so the index below can exist.
UPDATE users u SET email = NULL
 WHERE email IS NOT NULL
   AND EXISTS (SELECT 1 FROM users o WHERE lower(o.email) = lower(u.email) AND o.id < u.id);
-- One account per address, in any case ('This email is already in use'); also what forgot-password
-- looks an address up by.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email IS NOT NULL;

ALTER TABLE users
  ADD COLUMN email_verified       boolean NOT NULL DEFAULT false,
  -- Privacy & Safety: mail an alert when the account signs in from a device not seen before.
  ADD COLUMN login_alerts_enabled boolean NOT NULL DEFAULT false;

-- The author of the channel messages of deleted accounts (DELETED_USER_NAME). A system account like
-- Guardian: no password, so it can never sign in, and every list, friend request, DM and call already
-- leaves system accounts out. Its username has a space, which no account can take.
INSERT INTO users (username, role) VALUES ('Deleted User', 'SYSTEM');

-- A code sent by mail: the email verification code, or the password-reset code mailed to an address
-- that is not verified yet. One pending code per user and purpose; only a hash of it is kept.
-- `email` is the address it was sent to: it proves that address only while it is still the user's.
CREATE TABLE email_codes (
  user_id    bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text    NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  email      text    NOT NULL,
  code_hash  text    NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);

-- Password-reset tokens (the link's, or the one a right reset code is exchanged for): random, stored
-- as a SHA-256 hash, single use (used_at), expiring.
CREATE TABLE password_reset_tokens (
  token_hash text   PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- The devices (a hash of the device's fingerprint, else its user agent, with the address) each user
-- has signed in from: a login from one not listed is a new device, which may send a login alert.
CREATE TABLE login_sightings (
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sighting_hash text   NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, sighting_hash)
);
-- The devices already signed in are not new (account/login-alerts.ts computes the same hash).
INSERT INTO login_sightings (user_id, sighting_hash, first_seen_at, last_seen_at)
SELECT user_id,
       encode(sha256(convert_to('ua:' || coalesce(user_agent, '') || E'\n' || coalesce(ip_address, ''), 'UTF8')), 'hex'),
       min(created_at), max(last_used_at)
  FROM devices GROUP BY 1, 2;

-- Every mail the server sends (admins read the newest with GET /admin/mail/outbox). Without SMTP_URL
-- this is where mail ends up ('logged'); with it, the delivery's outcome, the secrets left out.
CREATE TABLE mail_outbox (
  id         bigserial PRIMARY KEY,
  user_id    bigint REFERENCES users (id) ON DELETE CASCADE,
  to_address text   NOT NULL,
  subject    text   NOT NULL,
  kind       text   NOT NULL,
  summary    text   NOT NULL,
  text_body  text   NOT NULL,
  status     text   NOT NULL CHECK (status IN ('logged', 'sending', 'sent', 'failed')),
  error      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz
);
CREATE INDEX mail_outbox_user_idx ON mail_outbox (user_id) WHERE user_id IS NOT NULL;
