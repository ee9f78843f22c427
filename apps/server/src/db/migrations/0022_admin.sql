-- The admin panel and the session lifecycle (spec 3 §2 Admin panel, §4). A suspended user's tokens
-- stop working at once on every node because authentication reads is_suspended with the user's row;
-- signing in is refused with suspend_reason until an admin lifts it. The last sign-in is kept for the
-- User Activity dialog.
ALTER TABLE users ADD COLUMN is_suspended boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN suspend_reason text;
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN last_login_at timestamptz;
ALTER TABLE users ADD COLUMN last_login_ip text;
ALTER TABLE users ADD COLUMN last_login_device text;
-- An address an admin set and the user has not verified while signed in: it gets no password-reset
-- mail, or an admin could set their own address on someone's account and reset its password.
ALTER TABLE users ADD COLUMN email_set_by_admin boolean NOT NULL DEFAULT false;

-- Every admin action: who, what, on whom, when. The names are copied so an entry still reads right
-- after either account is deleted (the ids then become NULL).
CREATE TABLE admin_audit (
  id              bigserial PRIMARY KEY,
  admin_id        bigint REFERENCES users (id) ON DELETE SET NULL,
  admin_username  text NOT NULL,
  action          text NOT NULL,
  target_user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  target_username text,
  details         jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_created_idx ON admin_audit (id DESC);
