import type { AuthAnswer, DeviceRevokeReason, LoginBody, RegisterBody, TokenPair } from '@hearth/protocol';
import { ACCOUNT_TEXT, ADMIN_TEXT, RESERVED_USERNAMES, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import { conflict, forbidden, unauthorized } from '../http/errors.js';
import { toSelfUser, type UserRow } from '../users/user-row.js';
import { deviceNameFromUserAgent } from './device-name.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { hashRefreshToken, newRefreshToken } from './tokens.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** The client's X-Device-Fingerprint, when it sent a well-formed one (see fingerprintOf). */
  fingerprint?: string | null;
}

export async function register(ctx: AppContext, body: RegisterBody, client: ClientInfo): Promise<AuthAnswer> {
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx.db, async (tx) => {
    // Serialise registrations so exactly one first account becomes ADMIN.
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [body.username]);
    if (taken.rowCount || RESERVED_USERNAMES.includes(body.username.toLowerCase())) throw conflict(TEXT.usernameTaken);
    if (body.email) {
      const used = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [body.email]);
      if (used.rowCount) throw conflict(ACCOUNT_TEXT.emailInUse);
    }
    const { rows: humans } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE role <> 'SYSTEM'`,
    );
    const role = humans[0]!.n === 0 ? 'ADMIN' : 'USER';
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users (username, password_hash, email, role) VALUES ($1, $2, $3, $4) RETURNING *`,
      [body.username, passwordHash, body.email ?? null, role],
    );
    const user = rows[0]!;
    return { ...(await startSession(ctx, tx, user.id, client)), user: toSelfUser(user) };
  });
}

export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<AuthAnswer> {
  const { rows } = await ctx.db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [
    body.username,
  ]);
  const user = rows[0];
  // The system account has no password and can never log in; it fails like a wrong password.
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash));
  if (!user || !user.password_hash || !ok) throw unauthorized(TEXT.invalidCredentials);
  const tokens = await inTransaction(ctx.db, (tx) => startSession(ctx, tx, user.id, client));
  return { ...tokens, user: toSelfUser(user) };
}

/**
 * A new device record with its first refresh token, and the sign-in kept for the admin's User
 * Activity. A suspended account is refused (403 with the reason) here, after the password check, so
 * only someone who knows the password learns of the suspension. The UPDATE takes the user row's
 * lock, which suspension takes too: a sign-in racing a suspension either commits first (and its
 * device is then signed out by it) or sees it.
 */
async function startSession(ctx: AppContext, tx: Queryable, userId: number, client: ClientInfo): Promise<TokenPair> {
  const deviceName = deviceNameFromUserAgent(client.userAgent);
  const { rows: users } = await tx.query<{ is_suspended: boolean; suspend_reason: string | null }>(
    `UPDATE users SET last_login_at = now(), last_login_ip = $2, last_login_device = $3 WHERE id = $1
     RETURNING is_suspended, suspend_reason`,
    [userId, client.ip, deviceName],
  );
  if (users[0]?.is_suspended) throw forbidden(ADMIN_TEXT.loginSuspended(users[0].suspend_reason ?? ''));
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO devices (user_id, device_name, user_agent, ip_address, device_fingerprint)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, deviceName, client.userAgent?.slice(0, 512) ?? null, client.ip, client.fingerprint ?? null],
  );
  return issueTokens(ctx, tx, userId, rows[0]!.id);
}

export async function issueTokens(
  ctx: AppContext,
  tx: Queryable,
  userId: number,
  deviceId: number,
): Promise<TokenPair> {
  const refresh = newRefreshToken();
  await tx.query(
    `INSERT INTO refresh_tokens (token_hash, device_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashRefreshToken(refresh), deviceId, ctx.config.refreshTokenTtlDays],
  );
  return {
    access_token: await ctx.tokens.sign({ userId, deviceId }),
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ctx.tokens.ttlSec,
  };
}

export async function logout(ctx: AppContext, deviceId: number): Promise<void> {
  await revokeDevice(ctx.db, deviceId, 'logout');
  // The device's own request (its access or refresh token): its other tabs are told it logged out.
  await announceDeviceRevoked(ctx, deviceId, 'logout', deviceId);
}

/** The device id a refresh token belongs to, for logging out with only a refresh token. */
export async function deviceOfRefreshToken(ctx: AppContext, token: string) {
  const { rows } = await ctx.db.query<{ device_id: number; user_id: number }>(
    `SELECT rt.device_id, d.user_id FROM refresh_tokens rt JOIN devices d ON d.id = rt.device_id WHERE rt.token_hash = $1`,
    [hashRefreshToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * Signs a device out for good: its access tokens are refused from the next request on (authenticate
 * checks revoked_at) and its refresh tokens are gone. `reason` is kept in devices.revoke_reason
 * (migration 0018); the first revocation's stays.
 */
export async function revokeDevice(db: Queryable, deviceId: number, reason: DeviceRevokeReason): Promise<void> {
  await db.query(
    `UPDATE devices SET revoke_reason = CASE WHEN revoked_at IS NULL THEN $2 ELSE revoke_reason END,
                        revoked_at = coalesce(revoked_at, now())
      WHERE id = $1`,
    [deviceId, reason],
  );
  await db.query('DELETE FROM refresh_tokens WHERE device_id = $1', [deviceId]);
}

/**
 * Live connections of a revoked device are told (why, and whether the request came from that device:
 * `byDeviceId` is the device that asked, null when none did) and closed; the user's other devices are
 * not concerned.
 */
export function announceDeviceRevoked(
  ctx: AppContext,
  deviceId: number,
  reason: DeviceRevokeReason,
  byDeviceId: number | null,
) {
  return ctx.events.publish(
    'device_revoked',
    { device_id: deviceId, reason, by_this_device: deviceId === byDeviceId },
    { kind: 'device', deviceId },
  );
}
